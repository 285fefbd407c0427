/* Segments: non-collective allocation from each unit's pool, team-collective
 * allocation from team chunks, and registration of user memory. */
#include <stdlib.h>
#include <string.h>
#include "segment.h"
#include "debug.h"
#include "fast.h"

static dart_chunk_t *local_pool; /* segment 0 of DART_TEAM_ALL */
static pthread_mutex_t local_pool_mutex = PTHREAD_MUTEX_INITIALIZER;

/* ---- Segment ids: fresh ids first, then the oldest freed one ---- */

static int segid_take(dart_team_data_t *t) {
  int id;
  if (t->next_segid == 0) t->next_segid = 1; /* 0 is the non-collective pool */
  if (t->next_segid <= DART_MAX_SEGID) {
    id = t->next_segid++;
  } else if (t->free_count > 0) {
    id = t->free_ids[t->free_head];
    t->free_head = (t->free_head + 1) % (DART_MAX_SEGID + 1);
    t->free_count--;
  } else {
    return -1;
  }
  if (id >= t->segs_cap) {
    int cap = t->segs_cap ? t->segs_cap : 64;
    while (cap <= id) cap *= 2;
    if (cap > DART_MAX_SEGID + 1) cap = DART_MAX_SEGID + 1;
    /* Other threads may be resolving pointers of this team right now: the
     * old table stays valid (retired, freed with the team), and the new
     * one is published before its capacity. */
    if (t->nretired == DART_SEGS_RETIRED_MAX) return -1;
    dart_segment_t **s = calloc((size_t)cap, sizeof *s);
    if (!s) return -1;
    if (t->segs_cap) memcpy(s, t->segs, sizeof *s * (size_t)t->segs_cap);
    if (t->segs) t->retired[t->nretired++] = t->segs;
    __atomic_store_n(&t->segs, s, __ATOMIC_RELEASE);
    __atomic_store_n(&t->segs_cap, cap, __ATOMIC_RELEASE);
  }
  return id;
}

static void segid_release(dart_team_data_t *t, int id) {
  t->segs[id] = NULL;
  dart__fast_forget_all(); /* a record may name this segment */
  if (!t->free_ids && !(t->free_ids = malloc(sizeof *t->free_ids * (DART_MAX_SEGID + 1)))) return;
  t->free_ids[(t->free_head + t->free_count) % (DART_MAX_SEGID + 1)] = (int16_t)id;
  t->free_count++;
}

static dart_ret_t segment_add(dart_team_data_t *t, dart_chunk_t *c, uint64_t disp, size_t size,
                              int registered, int *segid) {
  dart_segment_t *s = malloc(sizeof *s);
  int id = s ? segid_take(t) : -1;
  if (id < 0) {
    free(s);
    return dart__error(DART_ERR_NOMEM, "team memory: %d segments alive on the team, no free segment id",
                       DART_MAX_SEGID);
  }
  *s = (dart_segment_t){c, disp, size, registered};
  t->segs[id] = s;
  c->nsegs++;
  *segid = id;
  return DART_OK;
}

/* ---- Non-collective ---- */

dart_ret_t dart__segment_local_pool_init(const void *head, size_t head_bytes) {
  dart_team_data_t *all = dart__state.all;
  /* The head takes the pool's first allocation, so it is at offset 0 on
   * every unit (the allocator is deterministic), and dart_memalloc keeps
   * all DART_LOCAL_POOL bytes. */
  size_t reserved = (head_bytes + DART_ALLOC_ALIGN - 1) / DART_ALLOC_ALIGN * DART_ALLOC_ALIGN;
  dart_ret_t r = dart__chunk_create(all, dart__state.config.local_pool_bytes + reserved, &local_pool);
  if (r != DART_OK) return r;
  uint64_t off = 0;
  if (reserved && (dart__alloc_get(&local_pool->alloc, reserved, &off) != 0 || off != 0))
    return dart__error(DART_ERR_OTHER, "dart_init: no room for the unit's record in the local pool");
  dart__chunk_touch(local_pool, 0, reserved);
  memcpy(local_pool->mine, head, head_bytes);
  /* Visible to the MPI path (the window's passive epoch is open) and, after
   * the barrier, to every unit. */
  if (local_pool->win != MPI_WIN_NULL) DART_MPI(MPI_Win_sync(local_pool->win), "MPI_Win_sync");
  DART_MPI(MPI_Barrier(all->comm), "MPI_Barrier");
  all->segs = calloc(64, sizeof *all->segs);
  if (!all->segs) return dart__error(DART_ERR_NOMEM, "dart_init: out of memory");
  all->segs_cap = 64;
  all->next_segid = 1;
  dart_segment_t *s = malloc(sizeof *s);
  if (!s) return dart__error(DART_ERR_NOMEM, "dart_init: out of memory");
  *s = (dart_segment_t){local_pool, 0, local_pool->size, 0};
  all->segs[0] = s;
  return DART_OK;
}

dart_ret_t dart_memalloc(size_t nbytes, dart_gptr_t *gptr) {
  DART_CHECK_INIT("dart_memalloc");
  if (!gptr || nbytes == 0) return dart__error(DART_ERR_INVAL, "dart_memalloc: gptr is NULL or nbytes is 0");
  uint64_t off;
  dart__lock(&local_pool_mutex);
  int full = dart__alloc_get(&local_pool->alloc, nbytes, &off);
  if (!full) dart__chunk_touch(local_pool, off, nbytes);
  dart__unlock(&local_pool_mutex);
  if (full)
    return dart__error(DART_ERR_NOMEM,
                       "dart_memalloc: %zu bytes do not fit in the free part of the local pool "
                       "(DART_LOCAL_POOL=%zu)",
                       nbytes, local_pool->size);
  *gptr = (dart_gptr_t){dart__state.myid, 0, dart__state.all->gptr_flags, {off}};
  DART_DEBUG(ALLOC, "dart_memalloc: %zu bytes at local pool offset %llu", nbytes, (unsigned long long)off);
  return DART_OK;
}

dart_ret_t dart_memfree(dart_gptr_t gptr) {
  DART_CHECK_INIT("dart_memfree");
  if (gptr.flags != dart__state.all->gptr_flags || gptr.segid != 0)
    return dart__error(DART_ERR_INVAL, "dart_memfree: not a pointer from dart_memalloc");
  if (gptr.unitid != dart__state.myid)
    return dart__error(DART_ERR_INVAL, "dart_memfree: unit %d cannot free memory of unit %d",
                       (int)dart__state.myid, (int)gptr.unitid);
  dart__lock(&local_pool_mutex);
  int bad = dart__alloc_put(&local_pool->alloc, gptr.offset);
  dart__unlock(&local_pool_mutex);
  if (bad)
    return dart__error(DART_ERR_INVAL, "dart_memfree: offset %llu is not a live allocation (freed twice?)",
                       (unsigned long long)gptr.offset);
  return DART_OK;
}

/* ---- Team-collective ---- */

dart_ret_t dart_team_memalloc_aligned(dart_team_t team, size_t nbytes, dart_gptr_t *gptr) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart_team_memalloc_aligned", &t);
  if (r != DART_OK) return r;
  /* One allreduce checks that all units passed the same size and valid
   * arguments: it is the only communication of an allocation that fits. */
  uint64_t v[3] = {nbytes, UINT64_MAX - nbytes, gptr == NULL}, agreed[3];
  DART_MPI(MPI_Allreduce(v, agreed, 3, MPI_UINT64_T, MPI_MAX, t->comm), "MPI_Allreduce");
  if (agreed[2]) return dart__error(DART_ERR_INVAL, "dart_team_memalloc_aligned: gptr is NULL on some unit");
  if (agreed[0] != UINT64_MAX - agreed[1])
    return dart__error(DART_ERR_INVAL,
                       "dart_team_memalloc_aligned: units passed different sizes (from %llu to %llu bytes)",
                       (unsigned long long)(UINT64_MAX - agreed[1]), (unsigned long long)agreed[0]);
  dart_chunk_t *c = NULL;
  uint64_t disp = 0;
  for (int i = 0; i < t->nchunks && !c; i++)
    if (dart__alloc_get(&t->chunks[i]->alloc, nbytes, &disp) == 0) c = t->chunks[i];
  if (!c) {
    /* Grow in large steps: a new chunk holds at least DART_TEAM_POOL bytes. */
    size_t step = dart__state.config.team_pool_bytes;
    if (nbytes > SIZE_MAX - 2 * DART_ALLOC_ALIGN - 4096)
      return dart__error(DART_ERR_NOMEM, "dart_team_memalloc_aligned: %zu bytes is too large", nbytes);
    size_t size = (nbytes + DART_ALLOC_ALIGN + 4095) / 4096 * 4096;
    if (size < step) size = step;
    if (t->nchunks == t->chunks_cap) {
      int cap = t->chunks_cap ? t->chunks_cap * 2 : 4;
      dart_chunk_t **v2 = realloc(t->chunks, sizeof *v2 * (size_t)cap);
      if (!v2) return dart__error(DART_ERR_NOMEM, "dart_team_memalloc_aligned: out of memory");
      t->chunks = v2;
      t->chunks_cap = cap;
    }
    if ((r = dart__chunk_create(t, size, &c)) != DART_OK) return r;
    t->chunks[t->nchunks++] = c;
    dart__alloc_get(&c->alloc, nbytes, &disp);
  }
  dart__chunk_touch(c, disp, nbytes);
  int segid;
  if ((r = segment_add(t, c, disp, nbytes, 0, &segid)) != DART_OK) {
    dart__alloc_put(&c->alloc, disp);
    return r;
  }
  *gptr = (dart_gptr_t){t->rel2abs[0], (int16_t)segid, t->gptr_flags, {0}};
  DART_DEBUG(ALLOC, "team %lld segment %d: %zu bytes per unit at chunk offset %llu", (long long)t->id, segid,
             nbytes, (unsigned long long)disp);
  return DART_OK;
}

/* Looks up the segment of gptr for a collective free and checks, with one
 * allreduce, that every unit frees the same one. */
static dart_ret_t segment_for_free(dart_gptr_t gptr, int registered, const char *fn, dart_team_data_t **team,
                                   int *segid) {
  DART_CHECK_INIT(fn);
  dart_team_data_t *t = dart__team_slots[gptr.flags & DART_TEAM_SLOT_MASK];
  if (!t || t->gptr_flags != gptr.flags)
    return dart__error(DART_ERR_INVAL, "%s: not a valid global pointer", fn);
  int id = gptr.segid;
  if (id <= 0 || id >= t->segs_cap || !t->segs[id] || t->segs[id]->registered != registered)
    return dart__error(DART_ERR_NOTFOUND, "%s: segment %d is not a live %s segment (freed twice?)", fn, id,
                       registered ? "registered" : "collective");
  int64_t v[2] = {id, -id}, agreed[2];
  DART_MPI(MPI_Allreduce(v, agreed, 2, MPI_INT64_T, MPI_MAX, t->comm), "MPI_Allreduce");
  if (agreed[0] != -agreed[1])
    return dart__error(DART_ERR_INVAL, "%s: units passed pointers to different segments", fn);
  *team = t;
  *segid = id;
  return DART_OK;
}

dart_ret_t dart_team_memfree(dart_gptr_t gptr) {
  dart_team_data_t *t;
  int id;
  dart_ret_t r = segment_for_free(gptr, 0, "dart_team_memfree", &t, &id);
  if (r != DART_OK) return r;
  dart_segment_t *s = t->segs[id];
  dart_chunk_t *c = s->chunk;
  DART_DEBUG(ALLOC, "team %lld segment %d freed", (long long)t->id, id);
  dart__alloc_put(&c->alloc, s->disp);
  segid_release(t, id);
  free(s);
  /* Give empty chunks back, except the first: a team that allocates and
   * frees in a loop keeps reusing it without creating windows. */
  if (--c->nsegs == 0 && c != t->chunks[0]) {
    int i = 0;
    while (t->chunks[i] != c) i++;
    memmove(t->chunks + i, t->chunks + i + 1, sizeof *t->chunks * (size_t)(t->nchunks - i - 1));
    t->nchunks--;
    dart__chunk_destroy(c);
  }
  return DART_OK;
}

dart_ret_t dart_team_memregister(dart_team_t team, size_t nbytes, void *addr, dart_gptr_t *gptr) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart_team_memregister", &t);
  if (r != DART_OK) return r;
  dart_chunk_t *c;
  if ((r = dart__chunk_register(t, gptr ? addr : NULL, gptr ? nbytes : 1, &c)) != DART_OK) return r;
  int segid;
  if ((r = segment_add(t, c, 0, nbytes, 1, &segid)) != DART_OK) {
    dart__chunk_destroy(c);
    return r;
  }
  *gptr = (dart_gptr_t){dart__state.myid, (int16_t)segid, t->gptr_flags, {0}};
  return DART_OK;
}

dart_ret_t dart_team_memderegister(dart_gptr_t gptr) {
  dart_team_data_t *t;
  int id;
  dart_ret_t r = segment_for_free(gptr, 1, "dart_team_memderegister", &t, &id);
  if (r != DART_OK) return r;
  dart_segment_t *s = t->segs[id];
  segid_release(t, id);
  dart__chunk_destroy(s->chunk);
  free(s);
  return DART_OK;
}

dart_ret_t dart__segment_team_fini(dart_team_data_t *t) {
  dart__fast_forget_all();
  /* Registered chunks in segment-id order (the same on every member),
   * then pool chunks in creation order, then the local pool. */
  for (int id = 1; id < t->segs_cap; id++) {
    dart_segment_t *s = t->segs[id];
    if (!s) continue;
    if (s->registered) dart__chunk_destroy(s->chunk);
    free(s);
    t->segs[id] = NULL;
  }
  for (int i = 0; i < t->nchunks; i++) dart__chunk_destroy(t->chunks[i]);
  t->nchunks = 0;
  if (t == dart__state.all && local_pool) {
    free(t->segs[0]);
    t->segs[0] = NULL;
    dart__chunk_destroy(local_pool);
    local_pool = NULL;
  }
  return DART_OK;
}
