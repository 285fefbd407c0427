/**
 * @file dart/globmem.h
 * Global memory: global pointer helpers, non-collective and team-collective
 * allocation, registration of user memory, and data types.
 *
 * Limits (docs/design.md): at most 65,535 live segments on a unit over all its
 * teams, at most 2,047 teams alive on a unit at once. A pointer's flags and
 * segid are its segment's 32-bit handle, which comes back only after 2^32
 * allocations: until then a pointer into a freed segment or a destroyed team
 * is DART_ERR_NOTFOUND. segid is reused only with other flags (and may be
 * negative: it is the handle's low 16 bits).
 */
#ifndef DART_GLOBMEM_H
#define DART_GLOBMEM_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Global pointers (all local, O(1)) ---- */

/** Sets *unit to the unit gptr points to. Threads: any. */
dart_ret_t dart_gptr_getunit(dart_gptr_t gptr, dart_unit_t *unit);

/**
 * Makes *gptr point to the same offset in the part of another unit. For a
 * symmetric collective allocation this addresses the same element index on
 * that unit. The unit must be a member of the segment's team. Threads: any.
 */
dart_ret_t dart_gptr_setunit(dart_gptr_t *gptr, dart_unit_t unit);

/** Adds nbytes (may be negative) to the offset of *gptr. Threads: any. */
dart_ret_t dart_gptr_incaddr(dart_gptr_t *gptr, int64_t nbytes);

/** Sets *equal to 1 if a and b address the same byte, else 0. Threads: any. */
dart_ret_t dart_gptr_equal(dart_gptr_t a, dart_gptr_t b, int *equal);

/** Sets *isnull to 1 if gptr is DART_GPTR_NULL. Threads: any. */
dart_ret_t dart_gptr_isnull(dart_gptr_t gptr, int *isnull);

/**
 * Sets *addr to the local address gptr refers to. The target must be the
 * calling unit or (for team memory, which is node shared memory) a unit on the same
 * node; otherwise DART_ERR_INVAL. Fails for freed or invalid pointers. Threads: any.
 */
dart_ret_t dart_gptr_getaddr(dart_gptr_t gptr, void **addr);

/**
 * Sets *gptr to point to addr, which must lie in the calling unit's part of
 * the segment that *gptr already refers to. The inverse of getaddr. Threads: any.
 */
dart_ret_t dart_gptr_setaddr(dart_gptr_t *gptr, void *addr);

/**
 * Sets *team to the team of the segment gptr refers to and *nbytes to the
 * size of the addressed unit's part of it. Threads: any.
 */
dart_ret_t dart_gptr_segment_info(dart_gptr_t gptr, dart_team_t *team, size_t *nbytes);

/* ---- Non-collective allocation ---- */

/**
 * Allocates nbytes (> 0) from the calling unit's part of the global pool
 * reserved at dart_init (DART_LOCAL_POOL bytes per unit). Local: no other
 * unit takes part. *gptr points to the calling unit; every unit can access
 * it. DART_ERR_NOMEM when the pool is exhausted. Aligned to 64 bytes. Threads: any.
 */
dart_ret_t dart_memalloc(size_t nbytes, dart_gptr_t *gptr);

/**
 * Frees memory from dart_memalloc. Only the unit that allocated it may free
 * it. Freeing twice or freeing anything else is DART_ERR_INVAL. Threads: any.
 */
dart_ret_t dart_memfree(dart_gptr_t gptr);

/* ---- Team-collective allocation ---- */

/**
 * Allocates nbytes on every unit of team, symmetric and aligned: the same
 * offset addresses every member's part, so any unit can compute a pointer
 * to any element locally with dart_gptr_setunit. Collective over team; all
 * units must pass the same nbytes (otherwise every unit gets DART_ERR_INVAL
 * and nothing is allocated). *gptr points to team-relative unit 0 at offset
 * 0. Served from memory the team reserves in large chunks, so the cost is
 * about one allreduce (which also agrees on the segment's handle and checks
 * the team's frees since its last allocation: see dart_team_memfree; a second
 * one when a member holds a segment from 2^16 allocations ago whose table
 * index comes round, and one more at DART_THREAD_MULTIPLE). DART_ERR_NOMEM
 * on every unit when a member holds 65,535 live segments. nbytes may be 0
 * (an empty part on every unit). Threads: per team.
 */
dart_ret_t dart_team_memalloc_aligned(dart_team_t team, size_t nbytes, dart_gptr_t *gptr);

/**
 * Frees a collective allocation. Collective over the segment's team (every
 * unit passes a pointer into the same segment, in the same order as the
 * team's other frees) but local: it does not communicate and does not
 * synchronise. Any later use of a pointer into the segment is an error
 * (DART_ERR_NOTFOUND) at once, for the next 2^32 allocations. The memory is
 * reused only after the team's next collective call of this header
 * (allocation, registration, deregistration) or dart_team_destroy, whose
 * one allreduce checks that every unit freed the same segments since the
 * previous one; if not, that call fails with DART_ERR_INVAL on every unit
 * and the memory of those frees stays reserved. A pointer that is not a
 * live collective segment (freed already, registered, null, destroyed
 * team) fails on its unit alone at once (DART_ERR_NOTFOUND, DART_ERR_INVAL
 * for null), and the others learn of it at the next check. Threads: per team.
 */
dart_ret_t dart_team_memfree(dart_gptr_t gptr);

/**
 * Exposes memory the caller already owns (nbytes at addr, sizes may differ
 * between units, 0 allowed) to the team. Collective over team. *gptr points
 * to the calling unit's part at offset 0. Access from other units goes
 * through MPI RMA (user memory is not node shared memory). Threads: per team.
 */
dart_ret_t dart_team_memregister(dart_team_t team, size_t nbytes, void *addr, dart_gptr_t *gptr);

/** Undoes dart_team_memregister. Collective over the team. Threads: per team. */
dart_ret_t dart_team_memderegister(dart_gptr_t gptr);

/* ---- Allocators: many small allocations in one collective segment ---- */

/**
 * A pool of memory on every unit of a team, from which each unit allocates
 * and frees locally (without the other units), and which every unit of the
 * team can access: DASH's dart_allocator.
 */
typedef struct dart_allocator_struct *dart_allocator_t;

/**
 * Creates an allocator with pool_bytes on every unit of team (one
 * collective segment). Collective over team; all units pass the same
 * pool_bytes. Threads: per team.
 */
dart_ret_t dart_allocator_new(size_t pool_bytes, dart_team_t team, dart_allocator_t *allocator);

/**
 * Allocates nbytes (> 0) from the calling unit's pool: *gptr points to it
 * (in the calling unit's part of the segment, aligned to 16 bytes). Local.
 * DART_ERR_NOMEM (and *gptr = DART_GPTR_NULL) when no free range of
 * nbytes is left: a pool of n bytes holds exactly n bytes in allocations
 * of multiples of 16 bytes. Threads: any.
 */
dart_ret_t dart_allocator_alloc(dart_allocator_t allocator, size_t nbytes, dart_gptr_t *gptr);

/**
 * Frees memory from dart_allocator_alloc of the calling unit and sets *gptr
 * to DART_GPTR_NULL. DART_ERR_INVAL for anything else. Local. Threads: any.
 */
dart_ret_t dart_allocator_free(dart_allocator_t allocator, dart_gptr_t *gptr);

/**
 * Destroys the allocator and its segment (with allocations not freed) and
 * sets *allocator to NULL. Collective over its team. Threads: per team.
 */
dart_ret_t dart_allocator_destroy(dart_allocator_t *allocator);

/* ---- Data types ---- */

/** Size in bytes of one element of the basic type underlying type. Threads: any. */
dart_ret_t dart_type_size(dart_datatype_t type, size_t *size);

/**
 * Creates a strided layout: blocks of blocklen elements of basic type base,
 * the start of consecutive blocks stride elements apart (stride >=
 * blocklen). A transfer of nelem elements with this type touches nelem /
 * blocklen blocks; nelem must be a multiple of blocklen. Threads: any.
 */
dart_ret_t dart_type_create_strided(dart_datatype_t base, size_t stride, size_t blocklen,
                                    dart_datatype_t *newtype);

/**
 * Creates an indexed layout of count blocks: block i has blocklen[i]
 * elements starting at element offset[i] (offsets ascending). One
 * instance holds sum(blocklen) elements; a transfer of nelem elements uses
 * nelem / sum(blocklen) consecutive instances, each starting at the
 * furthest end of the previous one's blocks. Blocks may overlap (as in
 * DASH): as a source such a layout reads elements twice, as a destination
 * the later element of the layout's order is the one kept; atomics reject
 * it (DART_ERR_INVAL). Threads: any.
 */
dart_ret_t dart_type_create_indexed(dart_datatype_t base, size_t count, const size_t blocklen[],
                                    const size_t offset[], dart_datatype_t *newtype);

/**
 * Creates an opaque element type of nbytes (> 0) bytes (a struct, say):
 * transfers and collectives move such elements whole; no built-in
 * operation applies to it (reductions take an operation made for it with
 * dart_op_create). Threads: any.
 */
dart_ret_t dart_type_create_custom(size_t nbytes, dart_datatype_t *newtype);

/** Destroys a type made by dart_type_create_* and sets it to DART_TYPE_UNDEFINED. Threads: any. */
dart_ret_t dart_type_destroy(dart_datatype_t *type);

#ifdef __cplusplus
}
#endif

#endif /* DART_GLOBMEM_H */
