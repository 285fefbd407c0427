/* Segments: what a global pointer's segment id refers to (internal). */
#ifndef DART_SRC_SEGMENT_H
#define DART_SRC_SEGMENT_H

#include "team.h"

/* One allocation: a range [disp, disp + size) at the same displacement in
 * every member's part of a chunk. */
struct dart_segment {
  dart_chunk_t *chunk;
  uint64_t disp;
  size_t size;    /* bytes per member (per-member sizes in chunk->sizes) */
  int registered; /* the chunk is user memory owned by this segment */
};

/* Creates the non-collective pool (segment 0 of DART_TEAM_ALL): its first
 * head_bytes (rounded up to DART_ALLOC_ALIGN) hold a copy of `head` on every
 * unit, at offset 0, readable by every unit (dart_get) when this returns;
 * the DART_LOCAL_POOL bytes after them serve dart_memalloc. Collective. */
dart_ret_t dart__segment_local_pool_init(const void *head, size_t head_bytes);

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
  return seg->chunk->sizes ? seg->chunk->sizes[rel] : seg->size;
}

/* Frees the recycled transfer handles of rma.c (dart_exit). */
void dart__rma_fini(void);

/* The team of a global pointer, or DART_ERR_INVAL (null pointer, or its
 * team was destroyed). */
static inline dart_ret_t dart__lookup_team(dart_gptr_t g, const char *fn, dart_team_data_t **team) {
  dart_team_data_t *tm = dart__team_slots[g.flags & DART_TEAM_SLOT_MASK];
  if (__builtin_expect(!tm || tm->gptr_flags != g.flags, 0))
    return dart__error(DART_ERR_INVAL, "%s: not a valid global pointer (null, or its team was destroyed)",
                       fn);
  *team = tm;
  return DART_OK;
}

/* The checks of a global pointer that do not depend on an access: team,
 * segment and unit. Sets *seg and *rel (the unit's rank in the team). */
static inline dart_ret_t dart__lookup(dart_gptr_t g, const char *fn, dart_team_data_t **team,
                                      dart_segment_t **seg, int *rel) {
  dart_team_data_t *tm;
  dart_ret_t ret = dart__lookup_team(g, fn, &tm);
  if (__builtin_expect(ret != DART_OK, 0)) return ret;
  /* Atomic loads (plain loads on x86): another thread may be growing the
   * table (segment.c keeps the old one readable). An id at or above the old
   * capacity was handed out after the growth, so its user sees the new
   * table: the capacity needs no ordering of its own. */
  int cap = __atomic_load_n(&tm->segs_cap, __ATOMIC_RELAXED);
  dart_segment_t **segs = __atomic_load_n(&tm->segs, __ATOMIC_ACQUIRE);
  if (__builtin_expect(g.segid < 0 || g.segid >= cap || !segs[g.segid], 0))
    return dart__error(DART_ERR_NOTFOUND, "%s: segment %d does not exist (freed?)", fn, (int)g.segid);
  if (__builtin_expect((uint32_t)g.unitid >= (uint32_t)dart__state.size, 0))
    return dart__error(DART_ERR_INVAL, "%s: unit %d out of range [0, %d)", fn, (int)g.unitid,
                       dart__state.size);
  int r = tm->abs2rel ? tm->abs2rel[g.unitid] : g.unitid;
  if (__builtin_expect(r < 0, 0))
    return dart__error(DART_ERR_INVAL, "%s: unit %d is not a member of the segment's team", fn,
                       (int)g.unitid);
  *team = tm;
  *seg = segs[g.segid];
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
  dart_chunk_t *c = seg->chunk;
  t->addr = c->base[rel] ? c->base[rel] + seg->disp + g.offset : NULL;
  t->win = c->win;
  t->rank = rel;
  t->disp = (MPI_Aint)(seg->disp + g.offset);
  t->size = size;
  t->team = team;
  t->seg = seg;
  return DART_OK;
}

#endif
