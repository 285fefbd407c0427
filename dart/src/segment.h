/* Segments: what a global pointer's handle (flags, segid) refers to (internal). */
#ifndef DART_SRC_SEGMENT_H
#define DART_SRC_SEGMENT_H

#include <string.h>
#include "team.h"

/* A global pointer names its segment by a 32-bit handle, (flags << 16) |
 * (uint16_t)segid, drawn from a counter that only grows (max + 1 over the
 * members of the team at each allocation): a handle comes back only after
 * 2^32 allocations, whatever teams are created and destroyed in between,
 * so a pointer into a freed segment or a destroyed team stays an error.
 * The low 16 bits (segid) index dart__segs, one table for all teams of the
 * unit: a lookup is one array load and a compare of the handle. Index 0 is
 * the non-collective pool (DART_POOL_HANDLE); a new handle skips indices
 * that are live on any member, so each index holds one segment. */
#define DART_SEG_INDEX_BITS 16
#define DART_SEG_INDICES (1u << DART_SEG_INDEX_BITS)
#define DART_POOL_FLAGS 0x8000u
#define DART_POOL_HANDLE ((uint32_t)DART_POOL_FLAGS << 16)

static inline uint32_t dart__gptr_handle(dart_gptr_t g) {
  return (uint32_t)g.flags << 16 | (uint16_t)g.segid;
}

/* One allocation: a range [disp, disp + size) at the same displacement in
 * every member's part of a chunk. Its first fields are what a transfer
 * needs, copied from the chunk and the team when the segment is made (they
 * do not change while it lives): one cache line and no pointer chase from
 * the handle to the MPI call (dart__target_of). */
struct dart_segment {
  uint32_t handle;
  MPI_Win win; /* chunk->win: MPI_WIN_NULL when the team is within one node */
  /* Team-relative id of a unit: unit - rank_first if below rank_count (a
   * team of consecutive units, parts of equal size); rank_count 0 sends
   * every access to the general path (other teams, registered memory). */
  int32_t rank_first;
  uint32_t rank_count;
  /* Members reached with loads and stores: team ranks node_first + l for
   * l < node_count, at base[l] (chunk->node_first, ->node_count, ->base). */
  int32_t node_first;
  uint32_t node_count;
  char *const *base;
  const size_t *sizes; /* chunk->sizes: per-member sizes of registered memory, else NULL */
  uint64_t disp;
  size_t size; /* bytes per member (per-member sizes in sizes) */
  dart_chunk_t *chunk;
  int registered; /* the chunk is user memory owned by this segment */
  dart_team_data_t *team;
  dart_segment_t *prev, *next;   /* the team's segments in allocation order */
  uint64_t counter;              /* the full handle counter (handle: its low 32 bits) */
  dart_segment_t *older, *newer; /* the unit's live segments by counter */
};

/* Live segments by handle index (NULL: free). Written by the allocating
 * and freeing thread, read by any (atomic loads). */
extern dart_segment_t *dart__segs[DART_SEG_INDICES] DART_HIDDEN;

/* Creates the non-collective pool (segment 0 of DART_TEAM_ALL): its first
 * head_bytes (rounded up to DART_ALLOC_ALIGN) hold a copy of `head` on every
 * unit, at offset 0, readable by every unit (dart_get) when this returns;
 * the DART_LOCAL_POOL bytes after them serve dart_memalloc. Collective. */
dart_ret_t dart__segment_local_pool_init(const void *head, size_t head_bytes);

/* DART_CHECK=1 at dart_init: the calling unit's accesses to its own
 * non-collective pool are checked against its live dart_memalloc
 * allocations (a put into freed memory is an error, not a silent write).
 * The pool's record then sends every access to the general paths
 * (dart__target_of declines it), which call dart__pool_check and record
 * no inline target for the pool. */
extern int dart__pool_checked DART_HIDDEN;
dart_ret_t dart__pool_check(dart_gptr_t g, size_t span, const char *fn);

/* Frees every segment and chunk of a team. Collective over the team. */
dart_ret_t dart__segment_team_fini(dart_team_data_t *team);

/* Where one transfer goes: a local address on the shared-memory path, or
 * (addr == NULL) window, rank and displacement on the MPI path. */
typedef struct {
  char *addr;
  MPI_Win win;
  int rank;
  MPI_Aint disp;
  size_t size; /* bytes of the unit's part of the segment */
  dart_team_data_t *team;
  dart_segment_t *seg;
} dart_target_t;

/* Size of member rel's part of a segment. */
static inline size_t dart__segment_size(const dart_segment_t *seg, int rel) {
  return seg->sizes ? seg->sizes[rel] : seg->size;
}

/* The checks and lookups of dart__resolve without its error messages, for
 * the callers' common cases (rma.c, atomic.c): 1 if g names a live segment,
 * a member unit and span bytes inside that unit's part; then t is set (all
 * but t->team and t->seg). 0 for anything else: the caller then takes its
 * general path, which reports the error (and serves teams of other
 * units than consecutive ones, and registered memory: rank_count 0). Array
 * loads only, from the segment's first cache line; no call, so that the
 * caller saves no register before it knows its case. */
static inline __attribute__((always_inline)) int dart__target_of(dart_gptr_t g, size_t span,
                                                                 dart_target_t *t) {
  uint32_t h = dart__gptr_handle(g);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  uint64_t k; /* the same value from the high half of the first word: a shift, not two */
  memcpy(&k, &g, sizeof k);
  h = (uint32_t)(k >> 32);
#endif
  const dart_segment_t *s = __atomic_load_n(&dart__segs[(uint16_t)h], __ATOMIC_ACQUIRE);
  if (__builtin_expect(!s || s->handle != h, 0)) return 0;
  uint32_t r = (uint32_t)g.unitid - (uint32_t)s->rank_first;
  if (__builtin_expect(r >= s->rank_count, 0)) return 0;
  size_t size = s->size;
  if (__builtin_expect(g.offset > size || span > size - g.offset, 0)) return 0;
  uint32_t l = r - (uint32_t)s->node_first;
  t->addr = l < s->node_count ? s->base[l] + s->disp + g.offset : NULL;
  t->win = s->win;
  t->rank = (int)r;
  t->disp = (MPI_Aint)(s->disp + g.offset);
  t->size = size;
  return 1;
}

/* The checks of a global pointer that do not depend on an access: segment
 * (and its team) and unit. Sets *seg and *rel (the unit's rank in the
 * team). DART_ERR_INVAL for the null pointer, DART_ERR_NOTFOUND for a
 * handle that is not live (freed segment, destroyed team, never allocated). */
static inline dart_ret_t dart__lookup(dart_gptr_t g, const char *fn, dart_team_data_t **team,
                                      dart_segment_t **seg, int *rel) {
  dart_segment_t *s = __atomic_load_n(&dart__segs[(uint16_t)g.segid], __ATOMIC_ACQUIRE);
  if (__builtin_expect(!s || s->handle != dart__gptr_handle(g), 0)) {
    if (g.segid == 0) return dart__error(DART_ERR_INVAL, "%s: not a valid global pointer (null?)", fn);
    return dart__error(DART_ERR_NOTFOUND,
                       "%s: segment %d (flags 0x%x) does not exist (freed, or its team destroyed?)", fn,
                       (int)g.segid, (unsigned)g.flags);
  }
  dart_team_data_t *tm = s->team;
  int r = (int)((uint32_t)g.unitid - (uint32_t)s->rank_first);
  if (__builtin_expect((uint32_t)r >= s->rank_count, 0)) {
    if ((uint32_t)g.unitid >= (uint32_t)dart__state.size)
      return dart__error(DART_ERR_INVAL, "%s: unit %d out of range [0, %d)", fn, (int)g.unitid,
                         dart__state.size);
    r = dart__team_rel(tm, g.unitid);
    if (r < 0)
      return dart__error(DART_ERR_INVAL, "%s: unit %d is not a member of the segment's team", fn,
                         (int)g.unitid);
  }
  *team = tm;
  *seg = s;
  *rel = r;
  return DART_OK;
}

/* Resolves gptr for an access of span bytes: O(1), array lookups only.
 * Every check a bad pointer can fail is here, so that nothing is ever
 * written outside the target segment. */
static inline dart_ret_t dart__resolve(dart_gptr_t g, size_t span, const char *fn, dart_target_t *t) {
  dart_team_data_t *team;
  dart_segment_t *seg;
  int rel;
  dart_ret_t ret = dart__lookup(g, fn, &team, &seg, &rel);
  if (__builtin_expect(ret != DART_OK, 0)) return ret;
  size_t size = dart__segment_size(seg, rel);
  if (__builtin_expect(g.offset > size || span > size - g.offset, 0))
    return dart__error(DART_ERR_INVAL,
                       "%s: access of %zu bytes at offset %llu is past the end of the segment "
                       "(%zu bytes on unit %d)",
                       fn, span, (unsigned long long)g.offset, size, (int)g.unitid);
  uint32_t l = (uint32_t)rel - (uint32_t)seg->node_first;
  t->addr = l < seg->node_count ? seg->base[l] + seg->disp + g.offset : NULL;
  t->win = seg->win;
  t->rank = rel;
  t->disp = (MPI_Aint)(seg->disp + g.offset);
  t->size = size;
  t->team = team;
  t->seg = seg;
  return DART_OK;
}

#endif
