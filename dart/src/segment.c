/* Segments: non-collective allocation from each unit's pool, team-collective
 * allocation from team chunks, and registration of user memory. */
#include <stdlib.h>
#include <string.h>
#include "segment.h"
#include "debug.h"
#include "fast.h"
#include "pool.h"
#include "progress.h"
#include "stats.h"

static dart_chunk_t *local_pool; /* segment 0 of DART_TEAM_ALL */
static pthread_mutex_t local_pool_mutex = PTHREAD_MUTEX_INITIALIZER;

/* ---- Segment handles (segment.h) ---- */

dart_segment_t *dart__segs[DART_SEG_INDICES];
/* Under handles_mutex (at DART_THREAD_MULTIPLE): the highest handle
 * counter this unit has seen; the indices in use (live segments and
 * handles being agreed; not index 0, the pool's, which no handle takes);
 * the live segments from oldest to newest handle; and what each index held
 * last before its free, so that a collective free of a freed pointer still
 * finds its team. */
static pthread_mutex_t handles_mutex = PTHREAD_MUTEX_INITIALIZER;
static uint64_t handle_counter;
static uint64_t index_used[DART_SEG_INDICES / 64];
static dart_segment_t *oldest, *newest;
static struct {
  uint32_t handle;
  dart_team_t team;
} freed[DART_SEG_INDICES];

#define NO_COLLISION INT64_MAX

static int index_is_used(const uint64_t *used, uint32_t i) { return used[i / 64] >> (i % 64) & 1; }
static void index_set(uint32_t i) { index_used[i / 64] |= (uint64_t)1 << (i % 64); }
static void index_clear(uint32_t i) { index_used[i / 64] &= ~((uint64_t)1 << (i % 64)); }

/* The first counter value above handle_counter whose index is in use here
 * (NO_COLLISION if none): a new handle below it is free on this unit. O(1)
 * while every live handle is less than one turn of the index space old
 * (the oldest's index comes round first), else a scan of the bitmap. */
static int64_t next_collision(void) {
  if (!oldest) return NO_COLLISION;
  if (oldest->counter + DART_SEG_INDICES > handle_counter)
    return (int64_t)(oldest->counter + DART_SEG_INDICES);
  uint64_t x = handle_counter + 1;
  for (uint32_t k = 0; k < DART_SEG_INDICES;) {
    uint32_t i = (uint16_t)(x + k);
    uint64_t w = index_used[i / 64] >> (i % 64);
    if (w) return (int64_t)(x + k + (uint32_t)__builtin_ctzll(w));
    k += 64 - i % 64;
  }
  return NO_COLLISION;
}

void dart__segment_counter_advance(uint64_t n) {
  dart__lock(&handles_mutex);
  handle_counter += n;
  dart__unlock(&handles_mutex);
}

/* The caller's values that every member must match, checked in the
 * allreduce that agrees on a handle: (x, ~x) pairs are equal everywhere
 * exactly when their MAXes are each other's complement. */
enum { CHECK_SIZE, CHECK_NOT_SIZE, CHECK_BAD_ARGS, CHECK_FREES, CHECK_NOT_FREES, NCHECK };

/* Agrees on the handle of a new segment of team t in the one allreduce
 * that also checks the caller's arguments (v, MAXed as int64 into
 * agreed): the first counter value c above every member's counter,
 * skipping index 0. Each member also sends its next_collision: if c is
 * below all of them, c's index is free on every member. Otherwise (a
 * member holds a segment from a turn of the index space ago, and c has
 * come round to its index) a second allreduce ORs the members' bitmaps and
 * c moves to the next index free on all. At DART_THREAD_MULTIPLE another
 * thread may take c's index meanwhile (an allocation on another team):
 * there the members confirm c with one more allreduce, and retry. */
static dart_ret_t handle_agree(dart_team_data_t *t, const int64_t v[NCHECK], int64_t agreed[NCHECK],
                               uint64_t *counter) {
  uint64_t floor = 0;
  for (;;) {
    int64_t mine[NCHECK + 2], all[NCHECK + 2];
    memcpy(mine, v, NCHECK * sizeof *v);
    dart__lock(&handles_mutex);
    if (handle_counter < floor) handle_counter = floor;
    mine[NCHECK] = (int64_t)handle_counter;
    mine[NCHECK + 1] = -next_collision();
    dart__unlock(&handles_mutex);
    DART_MPI(dart__allreduce(mine, all, NCHECK + 2, MPI_INT64_T, MPI_MAX, t->comm), "MPI_Allreduce");
    memcpy(agreed, all, NCHECK * sizeof *agreed);
    uint64_t c = (uint64_t)all[NCHECK] + 1;
    if ((uint16_t)c == 0) c++;
    if (c >= (uint64_t)-all[NCHECK + 1]) {
      uint64_t *used = malloc(2 * sizeof index_used);
      if (!used) return dart__error(DART_ERR_NOMEM, "team memory: out of memory");
      dart__lock(&handles_mutex);
      memcpy(used, index_used, sizeof index_used);
      dart__unlock(&handles_mutex);
      uint64_t *union_used = used + DART_SEG_INDICES / 64;
      int ret = dart__allreduce(used, union_used, DART_SEG_INDICES / 64, MPI_UINT64_T, MPI_BOR, t->comm);
      uint32_t tries = 0;
      while (ret == MPI_SUCCESS && ((uint16_t)c == 0 || index_is_used(union_used, (uint16_t)c)) &&
             tries++ < DART_SEG_INDICES)
        c++;
      free(used);
      if (ret != MPI_SUCCESS) return dart__mpi_error(ret, "MPI_Allreduce");
      if (tries > DART_SEG_INDICES)
        return dart__error(DART_ERR_NOMEM, "team memory: %u segments alive on a unit, no free segment handle",
                           DART_SEG_INDICES - 1);
    }
    uint32_t i = (uint16_t)c;
    dart__lock(&handles_mutex);
    int ok = !index_is_used(index_used, i);
    if (ok) {
      index_set(i);
      if (c > handle_counter) handle_counter = c;
    }
    dart__unlock(&handles_mutex);
    if (dart__state.threads) {
      int all_ok;
      DART_MPI(dart__allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, t->comm), "MPI_Allreduce");
      if (!all_ok) {
        if (ok) {
          dart__lock(&handles_mutex);
          index_clear(i);
          dart__unlock(&handles_mutex);
        }
        floor = c;
        continue;
      }
    }
    *counter = c;
    return DART_OK;
  }
}

/* ---- One-word agreement: the common case of allocation and deregistration ----
 *
 * An MPI_Allreduce of one 64-bit word costs about an MPI_Barrier, of two
 * or more words about 1.5x as much (MPICH 4.0.2, 2 ranks, one node: 450,
 * 490 and 690 ns). So allocation and deregistration first try to agree in one word:
 * each unit sends same_word(x) = x | ~x << 32 for a 32-bit x, or DIFFER
 * when it knows the common case does not hold; the bitwise OR of all is
 * all_same exactly when every unit sent the same x (a bit where two units
 * differ is 1 in both halves). Otherwise every unit alike runs the full
 * protocol below (handle_agree, or the five-word check of a deregistration), which
 * finds the exact error or the agreement. */
#define DIFFER UINT64_MAX

static uint64_t same_word(uint32_t x) { return (uint64_t)x | (uint64_t)(uint32_t)~x << 32; }

/* The bitwise OR of every member's w. Up to OR_BY_ALLGATHER members it is
 * an allgather and a local OR: MPICH 4.0.2's 8-byte MPI_Allgather takes
 * 0.6x its MPI_Allreduce at 2 units here (415 vs 702 ns); larger teams
 * reduce. Every member chooses alike (by the team size). */
#define OR_BY_ALLGATHER 8
static int or_all(dart_team_data_t *t, uint64_t w, uint64_t *ored) {
  if (t->size > OR_BY_ALLGATHER) return dart__allreduce(&w, ored, 1, MPI_UINT64_T, MPI_BOR, t->comm);
  uint64_t all[OR_BY_ALLGATHER];
  int ret = dart__allgather(&w, 1, MPI_UINT64_T, all, t->comm);
  *ored = 0;
  for (int i = 0; i < t->size; i++) *ored |= all[i];
  return ret;
}

static int all_same(uint64_t ored) { return (uint32_t)ored == (uint32_t) ~(ored >> 32); }

/* A bijection on 32 bits (MurmurHash3's finalizer). */
static uint32_t mix32(uint32_t x) {
  x ^= x >> 16;
  x *= 0x85ebca6bu;
  x ^= x >> 13;
  x *= 0xc2b2ae35u;
  return x ^ x >> 16;
}

/* The size in 32 bits: one-to-one below 4 GiB. */
static uint32_t size_tag(size_t n) { return mix32((uint32_t)n ^ mix32((uint32_t)((uint64_t)n >> 32))); }

/* The fast path of an allocation: every unit proposes its next counter
 * value c, reserving c's index here first (so that no other thread takes
 * it meanwhile), and sends c's handle mixed with the size and the tag of
 * the team's frees since its last allocation. They agree when all sent the
 * same word: the handles are equal (the size and free tags being equal),
 * unless the counters, sizes or frees differ in a way that cancels (a wrong
 * program, about one chance in 2^32); with equal sizes and frees the
 * agreement is exact. *agreed = 0: run handle_agree on every unit. */
static dart_ret_t handle_agree_fast(dart_team_data_t *t, size_t nbytes, int bad_args, uint64_t *counter,
                                    int *agreed) {
  dart__lock(&handles_mutex);
  uint64_t c = handle_counter + 1;
  if ((uint16_t)c == 0) c++;
  int reserved = !bad_args && !index_is_used(index_used, (uint16_t)c);
  if (reserved) index_set((uint16_t)c);
  dart__unlock(&handles_mutex);
  uint64_t w = reserved ? same_word((uint32_t)c ^ size_tag(nbytes) ^ t->dying_tag) : DIFFER, ored = DIFFER;
  int ret = or_all(t, w, &ored);
  *agreed = ret == MPI_SUCCESS && all_same(ored);
  dart__lock(&handles_mutex);
  if (*agreed && c > handle_counter) handle_counter = c;
  if (!*agreed && reserved) index_clear((uint16_t)c);
  dart__unlock(&handles_mutex);
  if (ret != MPI_SUCCESS) return dart__mpi_error(ret, "MPI_Allreduce");
  *counter = c;
  return DART_OK;
}

/* Gives up an agreed handle that no segment took (the allocation failed). */
static void handle_drop(uint64_t h) {
  dart__lock(&handles_mutex);
  index_clear((uint16_t)h);
  dart__unlock(&handles_mutex);
}

/* A segment's fields, with the copies of its chunk's and team's (segment.h). */
static dart_segment_t segment_make(dart_team_data_t *t, dart_chunk_t *c, uint64_t disp, size_t size,
                                   int registered, uint32_t handle, uint64_t counter) {
  return (dart_segment_t){.handle = handle,
                          .win = c->win,
                          .rank_first = t->stride == 1 ? t->first : 0,
                          .rank_count = t->stride == 1 && !c->sizes ? (uint32_t)t->size : 0,
                          .node_first = c->node_first,
                          .node_count = (uint32_t)c->node_count,
                          .base = c->base,
                          .sizes = c->sizes,
                          .disp = disp,
                          .size = size,
                          .chunk = c,
                          .registered = registered,
                          .team = t,
                          .counter = counter};
}

/* Makes a segment with handle h live (its index is already in use). */
static dart_ret_t segment_add(dart_team_data_t *t, dart_chunk_t *c, uint64_t disp, size_t size,
                              int registered, uint64_t counter) {
  dart_segment_t *s = malloc(sizeof *s);
  if (!s) return dart__error(DART_ERR_NOMEM, "team memory: out of memory");
  uint32_t h = (uint32_t)counter;
  *s = segment_make(t, c, disp, size, registered, h, counter);
  s->prev = t->seg_last;
  if (t->seg_last)
    t->seg_last->next = s;
  else
    t->seg_first = s;
  t->seg_last = s;
  c->nsegs++;
  DART_STATS_ADD(allocs, 1);
  dart__lock(&handles_mutex);
  /* Concurrent allocations at DART_THREAD_MULTIPLE may insert out of
   * order: the age list stays sorted. */
  dart_segment_t *after = newest;
  while (after && after->counter > s->counter) after = after->older;
  s->older = after;
  s->newer = after ? after->newer : oldest;
  if (s->older)
    s->older->newer = s;
  else
    oldest = s;
  if (s->newer)
    s->newer->older = s;
  else
    newest = s;
  __atomic_store_n(&dart__segs[(uint16_t)h], s, __ATOMIC_RELEASE);
  dart__unlock(&handles_mutex);
  return DART_OK;
}

/* Takes a segment out of the table, the age list and its team's list (a
 * later use of a pointer into it is an error). */
static void segment_unlink(dart_segment_t *s) {
  uint32_t i = (uint16_t)s->handle;
  dart__lock(&handles_mutex);
  __atomic_store_n(&dart__segs[i], NULL, __ATOMIC_RELEASE);
  index_clear(i);
  freed[i].handle = s->handle;
  freed[i].team = s->team->id;
  if (s->older)
    s->older->newer = s->newer;
  else
    oldest = s->newer;
  if (s->newer)
    s->newer->older = s->older;
  else
    newest = s->older;
  dart__unlock(&handles_mutex);
  dart__fast_forget_all(); /* a record may name this segment */
  dart_team_data_t *t = s->team;
  if (s->prev)
    s->prev->next = s->next;
  else
    t->seg_first = s->next;
  if (s->next)
    s->next->prev = s->prev;
  else
    t->seg_last = s->prev;
}

/* Unlinks and frees a segment (its memory is the caller's to give back). */
static void segment_remove(dart_segment_t *s) {
  segment_unlink(s);
  free(s);
}

/* ---- Deferred release of freed segments ----
 *
 * dart_team_memfree does not communicate: it unlinks the segment at once
 * and queues it on its team (t->dying), folding its handle into
 * t->dying_tag. The team's next collective allocation, registration or
 * deregistration checks in the allreduce it makes anyway that every member
 * has the same tag, i.e. freed the same segments in the same order, and
 * only then gives their memory back to the team's chunks. So a segment's
 * memory is reused only after every member has passed its free, and a
 * mismatched free fails on every unit at that call (the memory of the
 * frees in question stays reserved: the members disagree on what is
 * free). dart_team_destroy and dart_exit check the last frees. */

/* The tag after freeing handle h: order-sensitive, 0 for no frees. */
static uint32_t dying_tag_add(uint32_t tag, uint32_t h) { return mix32(tag + 0x9e3779b9u) ^ h; }

/* Gives a segment's range back to its chunk, and an empty chunk (but the
 * first) back to the system: collective, in the same order on every member. */
static void chunk_give_back(dart_team_data_t *t, dart_chunk_t *c, uint64_t disp) {
  dart__alloc_put(&c->alloc, disp);
  /* Except the first: a team that allocates and frees in a loop keeps
   * reusing it without creating windows. */
  if (--c->nsegs == 0 && c != t->chunks[0]) {
    int i = 0;
    while (t->chunks[i] != c) i++;
    memmove(t->chunks + i, t->chunks + i + 1, sizeof *t->chunks * (size_t)(t->nchunks - i - 1));
    t->nchunks--;
    dart__chunk_destroy(c);
  }
}

/* Ends the team's queue of freed segments: their memory goes back if the
 * members' tags matched (oldest free first), else stays reserved. */
static void dying_settle(dart_team_data_t *t, int matched) {
  dart_segment_t *list = NULL;
  while (t->dying) { /* reverse: oldest first */
    dart_segment_t *s = t->dying;
    t->dying = s->next;
    s->next = list;
    list = s;
  }
  while (list) {
    dart_segment_t *s = list;
    list = s->next;
    if (matched) chunk_give_back(t, s->chunk, s->disp);
    free(s);
  }
  t->dying_tag = 0;
}

static dart_ret_t dying_mismatch(const char *fn) {
  return dart__error(DART_ERR_INVAL,
                     "%s: units freed different segments of the team (dart_team_memfree) since its last "
                     "collective allocation; their memory stays reserved",
                     fn);
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
  DART_MPI(dart__barrier(all->comm), "MPI_Barrier");
  memset(dart__segs, 0, sizeof dart__segs);
  memset(index_used, 0, sizeof index_used);
  memset(freed, 0, sizeof freed);
  handle_counter = 0;
  oldest = newest = NULL;
  dart_segment_t *s = malloc(sizeof *s);
  if (!s) return dart__error(DART_ERR_NOMEM, "dart_init: out of memory");
  *s = segment_make(all, local_pool, 0, local_pool->size, 0, DART_POOL_HANDLE, 0);
  dart__pool_checked = dart__check;
  if (dart__pool_checked) s->rank_count = 0; /* the common cases decline it (dart__target_of) */
  dart__segs[0] = s;
  return DART_OK;
}

int dart__pool_checked;

dart_ret_t dart__pool_check(dart_gptr_t g, size_t span, const char *fn) {
  if (g.segid != 0 || g.unitid != dart__state.myid) return DART_OK; /* other units' tables are theirs */
  dart__lock(&local_pool_mutex);
  int live = dart__alloc_covers(&local_pool->alloc, g.offset, span ? span : 1);
  dart__unlock(&local_pool_mutex);
  if (live) return DART_OK;
  return dart__error(
      DART_ERR_INVAL,
      "%s: %zu bytes at offset %llu of unit %d's local pool are not inside a live dart_memalloc "
      "allocation (freed already? DART_CHECK=1)",
      fn, span, (unsigned long long)g.offset, (int)g.unitid);
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
  *gptr = (dart_gptr_t){dart__state.myid, 0, DART_POOL_FLAGS, {off}};
  DART_STATS_ADD(allocs, 1);
  DART_DEBUG(ALLOC, "dart_memalloc: %zu bytes at local pool offset %llu", nbytes, (unsigned long long)off);
  return DART_OK;
}

dart_ret_t dart_memfree(dart_gptr_t gptr) {
  DART_CHECK_INIT("dart_memfree");
  if (gptr.flags != DART_POOL_FLAGS || gptr.segid != 0)
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
  DART_STATS_ADD(frees, 1);
  return DART_OK;
}

/* ---- Team-collective ---- */

dart_ret_t dart_team_memalloc_aligned(dart_team_t team, size_t nbytes, dart_gptr_t *gptr) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart_team_memalloc_aligned", &t);
  if (r != DART_OK) return r;
  /* One allreduce of one word checks that all units passed the same size
   * and valid arguments and agrees on the handle: it is the only
   * communication of an allocation that fits (handle_agree_fast); if it
   * fails, the full agreement finds out why. */
  uint64_t h;
  int fast;
  if ((r = handle_agree_fast(t, nbytes, gptr == NULL, &h, &fast)) != DART_OK) return r;
  int64_t v[NCHECK] = {(int64_t)nbytes, ~(int64_t)nbytes, gptr == NULL, t->dying_tag, ~(int64_t)t->dying_tag},
          agreed[NCHECK] = {0, -1, 0, 0, -1};
  if (!fast && (r = handle_agree(t, v, agreed, &h)) != DART_OK) return r;
  int frees_match = agreed[CHECK_FREES] == ~agreed[CHECK_NOT_FREES];
  dying_settle(t, frees_match);
  if (!frees_match || agreed[CHECK_BAD_ARGS] || agreed[CHECK_SIZE] != ~agreed[CHECK_NOT_SIZE]) {
    handle_drop(h);
    if (!frees_match) return dying_mismatch("dart_team_memalloc_aligned");
    if (agreed[CHECK_BAD_ARGS])
      return dart__error(DART_ERR_INVAL, "dart_team_memalloc_aligned: gptr is NULL on some unit");
    return dart__error(DART_ERR_INVAL, "dart_team_memalloc_aligned: units passed different sizes");
  }
  dart_chunk_t *c = NULL;
  uint64_t disp = 0;
  for (int i = 0; i < t->nchunks && !c; i++)
    if (dart__alloc_get(&t->chunks[i]->alloc, nbytes, &disp) == 0) c = t->chunks[i];
  if (!c) {
    /* Grow in large steps: a new chunk holds at least DART_TEAM_POOL bytes. */
    size_t step = dart__state.config.team_pool_bytes;
    if (nbytes > SIZE_MAX - 2 * DART_ALLOC_ALIGN - 4096) {
      handle_drop(h);
      return dart__error(DART_ERR_NOMEM, "dart_team_memalloc_aligned: %zu bytes is too large", nbytes);
    }
    size_t size = (nbytes + DART_ALLOC_ALIGN + 4095) / 4096 * 4096;
    if (size < step) size = step;
    if (t->nchunks == t->chunks_cap) {
      int cap = t->chunks_cap ? t->chunks_cap * 2 : 4;
      dart_chunk_t **v2 = realloc(t->chunks, sizeof *v2 * (size_t)cap);
      if (!v2) {
        handle_drop(h);
        return dart__error(DART_ERR_NOMEM, "dart_team_memalloc_aligned: out of memory");
      }
      t->chunks = v2;
      t->chunks_cap = cap;
    }
    if ((r = dart__chunk_create(t, size, &c)) != DART_OK) {
      handle_drop(h);
      return r;
    }
    t->chunks[t->nchunks++] = c;
    dart__alloc_get(&c->alloc, nbytes, &disp);
  }
  dart__chunk_touch(c, disp, nbytes);
  if ((r = segment_add(t, c, disp, nbytes, 0, h)) != DART_OK) {
    handle_drop(h);
    dart__alloc_put(&c->alloc, disp);
    return r;
  }
  *gptr = (dart_gptr_t){dart__team_abs(t, 0), (int16_t)(uint16_t)h, (uint16_t)(h >> 16), {0}};
  DART_DEBUG(ALLOC, "team %lld segment %d: %zu bytes per unit at chunk offset %llu (handle 0x%08x)",
             (long long)t->id, (int)(int16_t)(uint16_t)h, nbytes, (unsigned long long)disp,
             (unsigned)(uint32_t)h);
  return DART_OK;
}

/* The team of a pointer passed to a collective free: *seg is its live
 * segment, or NULL when the pointer names a freed segment of a live team
 * (what its index held last) or a segment of the other kind (registered or
 * not). Fails when it names no live team: the unit cannot know which
 * collective to join. */
static dart_ret_t segment_for_free(dart_gptr_t gptr, int registered, const char *fn, dart_segment_t **seg,
                                   dart_team_data_t **team) {
  DART_CHECK_INIT(fn);
  uint32_t h = dart__gptr_handle(gptr), i = (uint16_t)gptr.segid;
  dart_segment_t *s = gptr.segid != 0 ? dart__segs[i] : NULL;
  *seg = NULL;
  *team = NULL;
  if (s && s->handle == h) {
    *team = s->team;
    if (s->registered == registered) *seg = s;
    return DART_OK;
  }
  dart__lock(&handles_mutex);
  dart_team_t id = gptr.segid != 0 && freed[i].handle == h ? freed[i].team : DART_TEAM_NULL;
  dart__unlock(&handles_mutex);
  if (id != DART_TEAM_NULL && (*team = dart__team_get(id)) != NULL) return DART_OK;
  return dart__error(gptr.segid == 0 ? DART_ERR_INVAL : DART_ERR_NOTFOUND,
                     "%s: segment %d (flags 0x%x) is not a live segment of a live team", fn, (int)gptr.segid,
                     (unsigned)gptr.flags);
}

/* Local: see "Deferred release" above. */
dart_ret_t dart_team_memfree(dart_gptr_t gptr) {
  dart_segment_t *s;
  dart_team_data_t *t;
  dart_ret_t r = segment_for_free(gptr, 0, "dart_team_memfree", &s, &t);
  if (r != DART_OK) return r;
  if (!s)
    return dart__error(DART_ERR_NOTFOUND,
                       "dart_team_memfree: segment %d (flags 0x%x) is not a live collective segment "
                       "(freed twice, or registered: dart_team_memderegister)",
                       (int)gptr.segid, (unsigned)gptr.flags);
  DART_DEBUG(ALLOC, "team %lld segment handle 0x%08x freed", (long long)t->id, (unsigned)s->handle);
  DART_STATS_ADD(frees, 1);
  segment_unlink(s);
  s->next = t->dying;
  t->dying = s;
  t->dying_tag = dying_tag_add(t->dying_tag, s->handle);
  return DART_OK;
}

dart_ret_t dart_team_memregister(dart_team_t team, size_t nbytes, void *addr, dart_gptr_t *gptr) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart_team_memregister", &t);
  if (r != DART_OK) return r;
  /* The handle is agreed first (one allreduce; registration is rare), so
   * that a failure after the collective registration fails everywhere. */
  int64_t v[NCHECK] = {0, 0, 0, t->dying_tag, ~(int64_t)t->dying_tag}, agreed[NCHECK];
  uint64_t h;
  if ((r = handle_agree(t, v, agreed, &h)) != DART_OK) return r;
  int frees_match = agreed[CHECK_FREES] == ~agreed[CHECK_NOT_FREES];
  dying_settle(t, frees_match);
  if (!frees_match) {
    handle_drop(h);
    return dying_mismatch("dart_team_memregister");
  }
  dart_chunk_t *c;
  if ((r = dart__chunk_register(t, gptr ? addr : NULL, gptr ? nbytes : 1, &c)) != DART_OK) {
    handle_drop(h);
    return r;
  }
  if ((r = segment_add(t, c, 0, nbytes, 1, h)) != DART_OK) {
    handle_drop(h);
    dart__chunk_destroy(c);
    return r;
  }
  *gptr = (dart_gptr_t){dart__state.myid, (int16_t)(uint16_t)h, (uint16_t)(h >> 16), {0}};
  return DART_OK;
}

/* Checks, with one allreduce of one word (two allreduces if not), that
 * every unit deregisters the same live segment and made the same frees
 * before. A unit whose pointer names a freed segment of a live team still
 * takes part, so that every unit gets DART_ERR_NOTFOUND instead of the
 * others waiting for it. */
dart_ret_t dart_team_memderegister(dart_gptr_t gptr) {
  const char *fn = "dart_team_memderegister";
  dart_segment_t *s;
  dart_team_data_t *t;
  dart_ret_t r = segment_for_free(gptr, 1, fn, &s, &t);
  if (r != DART_OK) return r;
  uint32_t h = dart__gptr_handle(gptr);
  /* The common case in one word (see same_word); else all units check
   * again in five, which names the error. */
  uint64_t w = s ? same_word(h ^ t->dying_tag) : DIFFER, ored;
  DART_MPI(or_all(t, w, &ored), "MPI_Allgather/MPI_Allreduce");
  if (!all_same(ored)) {
    uint64_t v[5] = {h, ~(uint64_t)h, !s, t->dying_tag, ~(uint64_t)t->dying_tag}, agreed[5];
    DART_MPI(dart__allreduce(v, agreed, 5, MPI_UINT64_T, MPI_MAX, t->comm), "MPI_Allreduce");
    int frees_match = agreed[3] == ~agreed[4];
    dying_settle(t, frees_match);
    if (!frees_match) return dying_mismatch(fn);
    if (agreed[2])
      return dart__error(DART_ERR_NOTFOUND, "%s: the segment is not a live registered segment on some unit",
                         fn);
    if (agreed[0] != ~agreed[1])
      return dart__error(DART_ERR_INVAL, "%s: units passed pointers to different segments", fn);
  }
  dying_settle(t, 1);
  dart_chunk_t *c = s->chunk;
  DART_STATS_ADD(frees, 1);
  segment_remove(s);
  return dart__chunk_destroy(c);
}

dart_ret_t dart__segment_team_fini(dart_team_data_t *t) {
  dart__fast_forget_all();
  /* The frees since the last collective allocation: checked (one
   * allreduce), their memory goes with the chunks below. */
  uint64_t w = same_word(t->dying_tag), ored = DIFFER;
  int ret = or_all(t, w, &ored);
  dying_settle(t, 0);
  /* Registered chunks in allocation order (the same on every member), then
   * pool chunks in creation order, then the local pool. */
  while (t->seg_first) {
    dart_segment_t *s = t->seg_first;
    dart_chunk_t *c = s->registered ? s->chunk : NULL;
    segment_remove(s);
    if (c) dart__chunk_destroy(c);
  }
  for (int i = 0; i < t->nchunks; i++) dart__chunk_destroy(t->chunks[i]);
  t->nchunks = 0;
  if (t == dart__state.all && local_pool) {
    free(dart__segs[0]);
    dart__segs[0] = NULL;
    dart__chunk_destroy(local_pool);
    local_pool = NULL;
  }
  if (ret != MPI_SUCCESS) return dart__mpi_error(ret, "MPI_Allgather/MPI_Allreduce");
  return all_same(ored) ? DART_OK : dying_mismatch(t == dart__state.all ? "dart_exit" : "dart_team_destroy");
}
