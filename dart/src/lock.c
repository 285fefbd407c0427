/* Team locks: the MCS queue lock of the DART-MPI paper (section IV.B.6).
 *
 * State. Each lock has one 32-bit TAIL word in team memory: 0 when the lock
 * is free, else 1 + the team-relative id of the last unit in the queue.
 * Tails are spread over the team: the lock in slot s has its tail on team
 * unit s % size (slots are handed out in creation order, so lock k of a
 * team lives on unit k % size), one tail per cache line, in slabs of
 * SLAB_SLOTS slots per unit allocated with dart_team_memalloc_aligned.
 * The queue links are messages on a per-team duplicate of the team
 * communicator (tags 2s and 2s+1 belong to slot s), so no "next" word is
 * needed and waiting never polls remote memory.
 *
 * Acquire: swap TAIL with me (CPU exchange on a single-node team; on a
 * multi-node team a compare-and-swap loop, because the tail only ever sees
 * compare-and-swap, which keeps within MPI's default accumulate_ops =
 * same_op_no_op). If the old tail was a unit p, post a receive for GO
 * from p, send p a NEXT message (p learns its successor) and wait for GO.
 * The wait polls the posted receive with MPI_Test (progress.h): no network
 * traffic, the MPI progress engine runs, so one-sided operations that
 * target the waiting unit complete, and the CPU is yielded between polls.
 *
 * Release: compare-and-swap TAIL from me to 0. If that fails a successor
 * has swapped itself in: receive its NEXT (it may still be on the way: the
 * receive waits for it) and send it GO. FIFO: units get the lock in the
 * order their swaps reached the tail.
 *
 * Path rule (as atomic.c): a team within one node updates tails with CPU
 * atomics, a team spanning nodes with MPI atomics only.
 *
 * Collectives. dart_team_lock_init communicates only when a slab must be
 * allocated (once per SLAB_SLOTS * size locks: an allocation, a zeroing
 * and a barrier) or the team's first lock creates its communicator.
 * dart_team_lock_destroy starts a nonblocking barrier and returns; the slot
 * is reused only after that barrier completes (every unit has destroyed
 * the lock), which every unit waits for at the same point (when fresh
 * slots run out), so slot numbers stay identical on all units. A unit that
 * holds the lock gets DART_ERR_BUSY and must release it and call destroy
 * again (before its next lock call on the team): the other units' destroy
 * has completed locally and their barrier matches its later call.
 *
 * Handles. A dart_lock_t encodes (generation << 32 | index + 1) into a
 * table of lock records, so a stale, forged or foreign handle is detected
 * (DART_ERR_INVAL) instead of being dereferenced.
 *
 * Threads. A unit takes part in a lock's queue once: at
 * DART_THREAD_MULTIPLE a per-record mutex (the gate) lets one thread of
 * the unit at a time into acquire .. release, so a second thread waits
 * for the first one's release before it queues, and the lock excludes
 * threads as well as units. The record's owner is the holding thread.
 * The record table is read without a lock (handle lookups); it grows by
 * copying, and outgrown copies are kept until dart_exit. */
#include <stdlib.h>
#include <string.h>
#include "amo.h"
#include "lock.h"
#include "progress.h"
#include "segment.h"

/* GCC 12 mistakes MPICH's MPI_STATUSES_IGNORE for a zero-sized array. */
#pragma GCC diagnostic ignored "-Wstringop-overflow"

_Static_assert(sizeof(uintptr_t) >= 8, "lock handles need 64-bit pointers");

#define SLOT_BYTES 64
#define SLAB_SLOTS 256 /* slots per unit per slab */

typedef struct lock_ctx {
  dart_team_t team;
  int slot_of_team; /* the team's slot in the team table */
  MPI_Comm comm;    /* duplicate of the team communicator; MPI_COMM_NULL once released */
  int size, myid;
  dart_gptr_t *slabs;
  int nslabs;
  int nslots;     /* slots in all slabs */
  int next_fresh; /* next slot never used */
  int max_slots;  /* tags 2s, 2s+1 must not exceed MPI_TAG_UB */
  int *freel;     /* reclaimed slots, used LIFO */
  int nfree;
  MPI_Request *preq; /* nonblocking barriers of destroyed locks ... */
  int *pslot;        /* ... and their slots */
  int npend;
  int nlocks; /* live lock records */
  struct lock_ctx *next;
} lock_ctx_t;

typedef struct {
  uint32_t gen;
  uint32_t idx; /* in recs */
  int live;
  lock_ctx_t *ctx;
  int slot;
  pthread_mutex_t gate; /* one thread of the unit in the queue (DART_THREAD_MULTIPLE) */
  const void *owner;    /* the holding thread (its thread_token), NULL if free here */
  int32_t me;           /* 1 + team-relative id */
  dart_gptr_t tail;
  char *addr; /* resolved tail: CPU path when win == MPI_WIN_NULL */
  MPI_Win win;
  int rank;
  MPI_Aint disp;
} lock_rec_t;

static lock_rec_t **recs;
static uint32_t nrecs, recs_cap;
static lock_rec_t **recs_retired[32]; /* outgrown tables, still readable */
static int nrecs_retired;
static uint32_t *free_idx;
static uint32_t nfree_idx;
static lock_ctx_t *ctx_list;
static lock_ctx_t *ctx_of_slot[DART_TEAM_MAX_SLOTS];
/* Guards recs (growth), free_idx and ctx_list at DART_THREAD_MULTIPLE. */
static pthread_mutex_t table_mutex = PTHREAD_MUTEX_INITIALIZER;

/* Its address identifies the calling thread (lock owners). */
static _Thread_local char thread_token;

#define SEQ __ATOMIC_SEQ_CST
#define TAG_NEXT(s) (2 * (s))
#define TAG_GO(s) (2 * (s) + 1)

/* ---- Handles ---- */

static dart_lock_t handle_of(uint32_t idx) {
  return (dart_lock_t)(uintptr_t)(((uint64_t)recs[idx]->gen << 32) | (uint64_t)(idx + 1));
}

/* The record of a live handle, or NULL. */
static lock_rec_t *rec_of(dart_lock_t lock) {
  uint64_t h = (uint64_t)(uintptr_t)lock;
  uint32_t idx = (uint32_t)h - 1, gen = (uint32_t)(h >> 32);
  /* Acquire loads: another thread may be growing the table (lock_init on
   * another team); the outgrown one stays readable. */
  uint32_t n = __atomic_load_n(&nrecs, __ATOMIC_ACQUIRE);
  lock_rec_t **table = __atomic_load_n(&recs, __ATOMIC_ACQUIRE);
  if (idx >= n || !table[idx]->live || table[idx]->gen != gen) return NULL;
  return table[idx];
}

/* Called with table_mutex held. */
static dart_ret_t rec_new_locked(uint32_t *idx) {
  if (nfree_idx) {
    *idx = free_idx[--nfree_idx];
    return DART_OK;
  }
  if (nrecs == recs_cap) {
    if (nrecs_retired == (int)(sizeof recs_retired / sizeof *recs_retired)) return DART_ERR_NOMEM;
    uint32_t cap = recs_cap ? recs_cap * 2 : 64;
    lock_rec_t **v = malloc(sizeof *v * cap);
    uint32_t *f = realloc(free_idx, sizeof *f * cap);
    if (f) free_idx = f;
    if (!v || !f) {
      free(v);
      return DART_ERR_NOMEM;
    }
    if (recs) {
      memcpy(v, recs, sizeof *v * recs_cap);
      recs_retired[nrecs_retired++] = recs;
    }
    __atomic_store_n(&recs, v, __ATOMIC_RELEASE);
    recs_cap = cap;
  }
  lock_rec_t *r = calloc(1, sizeof *r);
  if (!r) return DART_ERR_NOMEM;
  pthread_mutex_init(&r->gate, NULL);
  r->idx = nrecs;
  recs[nrecs] = r;
  *idx = nrecs;
  __atomic_store_n(&nrecs, nrecs + 1, __ATOMIC_RELEASE);
  return DART_OK;
}

static dart_ret_t rec_new(uint32_t *idx) {
  dart__lock(&table_mutex);
  dart_ret_t r = rec_new_locked(idx);
  dart__unlock(&table_mutex);
  return r;
}

static void rec_free_idx(uint32_t idx) {
  dart__lock(&table_mutex);
  free_idx[nfree_idx++] = idx;
  dart__unlock(&table_mutex);
}

static void rec_release(lock_rec_t *r) {
  r->live = 0;
  r->gen++;
  if (r->ctx) r->ctx->nlocks--;
  r->ctx = NULL;
  rec_free_idx(r->idx);
}

/* Looks a lock up for an operation: live handle, team still alive. */
static dart_ret_t lock_get(dart_lock_t lock, const char *fn, lock_rec_t **out) {
  DART_CHECK_INIT(fn);
  if (lock == DART_LOCK_NULL) return dart__error(DART_ERR_INVAL, "%s: lock is DART_LOCK_NULL", fn);
  lock_rec_t *r = rec_of(lock);
  if (!r)
    return dart__error(DART_ERR_INVAL, "%s: not a live lock of this unit (destroyed, or not a lock handle)",
                       fn);
  if (!dart__team_get(r->ctx->team) || r->ctx->comm == MPI_COMM_NULL)
    return dart__error(DART_ERR_INVAL, "%s: the lock's team (%lld) was destroyed", fn,
                       (long long)r->ctx->team);
  *out = r;
  return DART_OK;
}

/* ---- Per-team state ---- */

static dart_ret_t ctx_get(dart_team_data_t *t, const char *fn, lock_ctx_t **out) {
  lock_ctx_t *c = ctx_of_slot[t->slot];
  if (c && c->team == t->id) {
    *out = c;
    return DART_OK;
  }
  ctx_of_slot[t->slot] = NULL; /* a destroyed team's state: released at exit */
  c = calloc(1, sizeof *c);
  if (!c) return dart__error(DART_ERR_NOMEM, "%s: out of memory", fn);
  int ret = MPI_Comm_dup(t->comm, &c->comm);
  if (ret != MPI_SUCCESS) {
    free(c);
    return dart__mpi_error(ret, "MPI_Comm_dup");
  }
  int *ub, flag = 0;
  MPI_Comm_get_attr(c->comm, MPI_TAG_UB, &ub, &flag);
  c->max_slots = flag ? (*ub - 1) / 2 + 1 : 16384;
  c->team = t->id;
  c->slot_of_team = t->slot;
  c->size = t->size;
  c->myid = t->myid;
  dart__lock(&table_mutex);
  c->next = ctx_list;
  ctx_list = c;
  dart__unlock(&table_mutex);
  ctx_of_slot[t->slot] = c;
  *out = c;
  return DART_OK;
}

/* Completes the destroy barriers and makes their slots reusable. */
static dart_ret_t ctx_reclaim(lock_ctx_t *c) {
  if (!c->npend) return DART_OK;
  int ret = MPI_Waitall(c->npend, c->preq, MPI_STATUSES_IGNORE);
  if (ret != MPI_SUCCESS) return dart__mpi_error(ret, "MPI_Waitall (lock destroy barriers)");
  /* Reverse, so that the LIFO free list hands out the oldest first. */
  for (int i = c->npend - 1; i >= 0; i--) c->freel[c->nfree++] = c->pslot[i];
  c->npend = 0;
  return DART_OK;
}

static void ctx_release(lock_ctx_t *c) {
  if (c->comm != MPI_COMM_NULL) {
    if (c->npend) MPI_Waitall(c->npend, c->preq, MPI_STATUSES_IGNORE);
    c->npend = 0;
    MPI_Comm_free(&c->comm);
  }
  if (ctx_of_slot[c->slot_of_team] == c) ctx_of_slot[c->slot_of_team] = NULL;
}

/* Adds a slab of SLAB_SLOTS tails on every unit, all free (0). Collective. */
static dart_ret_t ctx_grow(lock_ctx_t *c, dart_team_data_t *t, const char *fn) {
  size_t per = (size_t)SLAB_SLOTS * (size_t)c->size;
  if ((size_t)c->nslots + per > (size_t)c->max_slots)
    return dart__error(DART_ERR_NOMEM, "%s: %d locks alive on the team: no more message tags", fn, c->nslots);
  dart_gptr_t *s = realloc(c->slabs, sizeof *s * (size_t)(c->nslabs + 1));
  int *fl = realloc(c->freel, sizeof *fl * (c->nslots + per));
  if (s) c->slabs = s;
  if (fl) c->freel = fl;
  MPI_Request *pr = realloc(c->preq, sizeof *pr * (c->nslots + per));
  if (pr) c->preq = pr;
  int *ps = realloc(c->pslot, sizeof *ps * (c->nslots + per));
  if (ps) c->pslot = ps;
  if (!s || !fl || !pr || !ps) return dart__error(DART_ERR_NOMEM, "%s: out of memory", fn);
  dart_gptr_t g;
  dart_ret_t r = dart_team_memalloc_aligned(t->id, SLAB_SLOTS * SLOT_BYTES, &g);
  if (r != DART_OK) return r;
  dart_gptr_t mine = g;
  mine.unitid = dart__state.myid;
  dart_target_t tg;
  if ((r = dart__resolve(mine, SLAB_SLOTS * SLOT_BYTES, fn, &tg)) != DART_OK) return r;
  memset(tg.addr, 0, SLAB_SLOTS * SLOT_BYTES);
  __atomic_thread_fence(SEQ);
  if (tg.win != MPI_WIN_NULL) MPI_Win_sync(tg.win);
  DART_MPI(dart__barrier(c->comm), "MPI_Barrier");
  c->slabs[c->nslabs++] = g;
  c->nslots += (int)per;
  return DART_OK;
}

/* The next slot, chosen alike on every unit. */
static dart_ret_t slot_take(lock_ctx_t *c, dart_team_data_t *t, const char *fn, int *slot) {
  dart_ret_t r;
  if (!c->nfree && c->next_fresh == c->nslots && (r = ctx_reclaim(c)) != DART_OK) return r;
  if (c->nfree) {
    *slot = c->freel[--c->nfree];
    return DART_OK;
  }
  if (c->next_fresh == c->nslots && (r = ctx_grow(c, t, fn)) != DART_OK) return r;
  *slot = c->next_fresh++;
  return DART_OK;
}

/* ---- The tail word ---- */

static dart_ret_t tail_cas(lock_rec_t *r, int32_t compare, int32_t value, int32_t *old) {
  if (r->win == MPI_WIN_NULL) {
    __atomic_compare_exchange_n((int32_t *)r->addr, &compare, value, 0, SEQ, SEQ);
    *old = compare;
    return DART_OK;
  }
  DART_MPI(MPI_Compare_and_swap(&value, &compare, old, MPI_INT32_T, r->rank, r->disp, r->win),
           "MPI_Compare_and_swap");
  DART_MPI(MPI_Win_flush(r->rank, r->win), "MPI_Win_flush");
  return DART_OK;
}

/* Atomically: *old = tail; tail = value. */
static dart_ret_t tail_swap(lock_rec_t *r, int32_t value, int32_t *old) {
  if (r->win == MPI_WIN_NULL) {
    *old = __atomic_exchange_n((int32_t *)r->addr, value, SEQ);
    return DART_OK;
  }
  int32_t guess = 0, seen;
  for (;;) {
    dart_ret_t ret = tail_cas(r, guess, value, &seen);
    if (ret != DART_OK) return ret;
    if (seen == guess) break;
    guess = seen;
  }
  *old = guess;
  return DART_OK;
}

/* ---- API ---- */

dart_ret_t dart_team_lock_init(dart_team_t team, dart_lock_t *lock) {
  static const char fn[] = "dart_team_lock_init";
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, fn, &t);
  if (r != DART_OK) return r;
  if (!lock) return dart__error(DART_ERR_INVAL, "%s: lock is NULL", fn);
  *lock = DART_LOCK_NULL;
  lock_ctx_t *c;
  int slot;
  if ((r = ctx_get(t, fn, &c)) != DART_OK || (r = slot_take(c, t, fn, &slot)) != DART_OK) return r;
  uint32_t idx;
  if (rec_new(&idx) != DART_OK) {
    c->freel[c->nfree++] = slot;
    return dart__error(DART_ERR_NOMEM, "%s: out of memory", fn);
  }
  lock_rec_t *rec = recs[idx];
  size_t per = (size_t)SLAB_SLOTS * (size_t)c->size, i = (size_t)slot % per;
  dart_gptr_t g = c->slabs[(size_t)slot / per];
  g.unitid = dart__team_abs(t, i % (size_t)c->size);
  g.offset = (uint64_t)(i / (size_t)c->size) * SLOT_BYTES;
  dart_target_t tg;
  if ((r = dart__resolve(g, sizeof(int32_t), fn, &tg)) != DART_OK) {
    rec_free_idx(idx);
    c->freel[c->nfree++] = slot;
    return r;
  }
  rec->live = 1;
  rec->ctx = c;
  rec->slot = slot;
  rec->owner = NULL;
  rec->me = t->myid + 1;
  rec->tail = g;
  rec->addr = tg.addr;
  rec->win = tg.win;
  rec->rank = tg.rank;
  rec->disp = tg.disp;
  c->nlocks++;
  *lock = handle_of(idx);
  return DART_OK;
}

dart_ret_t dart_team_lock_destroy(dart_lock_t *lock) {
  static const char fn[] = "dart_team_lock_destroy";
  DART_CHECK_INIT(fn);
  if (!lock) return dart__error(DART_ERR_INVAL, "%s: lock is NULL", fn);
  if (*lock == DART_LOCK_NULL) return dart__error(DART_ERR_INVAL, "%s: lock is DART_LOCK_NULL", fn);
  lock_rec_t *rec = rec_of(*lock);
  if (!rec)
    return dart__error(DART_ERR_INVAL, "%s: not a live lock of this unit (destroyed, or not a lock handle)",
                       fn);
  lock_ctx_t *c = rec->ctx;
  if (!dart__team_get(c->team) || c->comm == MPI_COMM_NULL) { /* team gone: just forget the lock */
    rec_release(rec);
    *lock = DART_LOCK_NULL;
    return DART_OK;
  }
  if (__atomic_load_n(&rec->owner, __ATOMIC_RELAXED))
    return dart__error(DART_ERR_BUSY,
                       "%s: a thread of the calling unit holds the lock; release it, then destroy it", fn);
  int ret = MPI_Ibarrier(c->comm, &c->preq[c->npend]);
  if (ret != MPI_SUCCESS) return dart__mpi_error(ret, "MPI_Ibarrier");
  c->pslot[c->npend++] = rec->slot;
  rec_release(rec);
  *lock = DART_LOCK_NULL;
  return DART_OK;
}

/* The MCS acquire: queue on the tail, wait for the predecessor's GO. */
static dart_ret_t queue_enter(lock_rec_t *r) {
  int32_t pred;
  dart_ret_t ret = tail_swap(r, r->me, &pred);
  if (ret != DART_OK || pred == 0) return ret;
  /* Queued behind pred: tell it, then wait for its hand-off. */
  MPI_Comm comm = r->ctx->comm;
  MPI_Request go;
  DART_MPI(MPI_Irecv(NULL, 0, MPI_BYTE, pred - 1, TAG_GO(r->slot), comm, &go), "MPI_Irecv");
  DART_MPI(MPI_Send(NULL, 0, MPI_BYTE, pred - 1, TAG_NEXT(r->slot), comm), "MPI_Send");
  DART_MPI(dart__wait(&go, MPI_STATUS_IGNORE), "MPI_Test (lock hand-off)");
  return DART_OK;
}

dart_ret_t dart_lock_acquire(dart_lock_t lock) {
  static const char fn[] = "dart_lock_acquire";
  lock_rec_t *r;
  dart_ret_t ret = lock_get(lock, fn, &r);
  if (ret != DART_OK) return ret;
  if (__atomic_load_n(&r->owner, __ATOMIC_RELAXED) == &thread_token)
    return dart__error(DART_ERR_INVAL, "%s: the calling thread already holds the lock", fn);
  dart__lock(&r->gate); /* another thread of this unit may hold it: wait for its release */
  if ((ret = queue_enter(r)) != DART_OK) {
    dart__unlock(&r->gate);
    return ret;
  }
  __atomic_thread_fence(SEQ);
  __atomic_store_n(&r->owner, &thread_token, __ATOMIC_RELAXED);
  return DART_OK;
}

dart_ret_t dart_lock_try_acquire(dart_lock_t lock, int32_t *acquired) {
  static const char fn[] = "dart_lock_try_acquire";
  lock_rec_t *r;
  dart_ret_t ret = lock_get(lock, fn, &r);
  if (ret != DART_OK) return ret;
  if (!acquired) return dart__error(DART_ERR_INVAL, "%s: acquired is NULL", fn);
  *acquired = 0;
  if (__atomic_load_n(&r->owner, __ATOMIC_RELAXED) == &thread_token)
    return dart__error(DART_ERR_INVAL, "%s: the calling thread already holds the lock", fn);
  if (dart__state.threads && pthread_mutex_trylock(&r->gate) != 0) return DART_OK; /* another thread has it */
  int32_t old;
  if ((ret = tail_cas(r, 0, r->me, &old)) != DART_OK || old != 0) {
    dart__unlock(&r->gate);
    return ret;
  }
  __atomic_store_n(&r->owner, &thread_token, __ATOMIC_RELAXED);
  *acquired = 1;
  return DART_OK;
}

dart_ret_t dart_lock_release(dart_lock_t lock) {
  static const char fn[] = "dart_lock_release";
  lock_rec_t *r;
  dart_ret_t ret = lock_get(lock, fn, &r);
  if (ret != DART_OK) return ret;
  if (__atomic_load_n(&r->owner, __ATOMIC_RELAXED) != &thread_token)
    return dart__error(DART_ERR_INVAL, "%s: the calling thread does not hold the lock", fn);
  __atomic_thread_fence(SEQ);
  int32_t old;
  if ((ret = tail_cas(r, r->me, 0, &old)) != DART_OK) return ret;
  if (old != r->me) { /* a successor swapped itself in: wait for its NEXT, hand over */
    MPI_Comm comm = r->ctx->comm;
    MPI_Status st;
    MPI_Request next;
    DART_MPI(MPI_Irecv(NULL, 0, MPI_BYTE, MPI_ANY_SOURCE, TAG_NEXT(r->slot), comm, &next), "MPI_Irecv");
    DART_MPI(dart__wait(&next, &st), "MPI_Test (lock successor)");
    DART_MPI(MPI_Send(NULL, 0, MPI_BYTE, st.MPI_SOURCE, TAG_GO(r->slot), comm), "MPI_Send");
  }
  __atomic_store_n(&r->owner, NULL, __ATOMIC_RELAXED);
  dart__unlock(&r->gate);
  return DART_OK;
}

dart_ret_t dart_lock_initialized(dart_lock_t lock, int32_t *initialized) {
  DART_CHECK_INIT("dart_lock_initialized");
  if (!initialized) return dart__error(DART_ERR_INVAL, "dart_lock_initialized: initialized is NULL");
  lock_rec_t *r = lock == DART_LOCK_NULL ? NULL : rec_of(lock);
  *initialized = r && dart__team_get(r->ctx->team) && r->ctx->comm != MPI_COMM_NULL;
  return DART_OK;
}

/* Test hook: the global pointer of a lock's tail word (int32: 0 free, else
 * 1 + team-relative id of the last unit in the queue). */
dart_ret_t dart__lock_tail_gptr(dart_lock_t lock, dart_gptr_t *gptr);
dart_ret_t dart__lock_tail_gptr(dart_lock_t lock, dart_gptr_t *gptr) {
  lock_rec_t *r;
  dart_ret_t ret = lock_get(lock, "dart__lock_tail_gptr", &r);
  if (ret != DART_OK) return ret;
  *gptr = r->tail;
  return DART_OK;
}

/* ---- Teardown ---- */

void dart__lock_team_fini(dart_team_data_t *team) {
  lock_ctx_t *c = ctx_of_slot[team->slot];
  if (c && c->team == team->id) ctx_release(c);
}

void dart__lock_fini(void) {
  while (ctx_list) {
    lock_ctx_t *c = ctx_list;
    ctx_list = c->next;
    ctx_release(c);
    free(c->slabs);
    free(c->freel);
    free(c->preq);
    free(c->pslot);
    free(c);
  }
  for (uint32_t i = 0; i < nrecs; i++) {
    pthread_mutex_destroy(&recs[i]->gate);
    free(recs[i]);
  }
  free(recs);
  for (int i = 0; i < nrecs_retired; i++) free(recs_retired[i]);
  free(free_idx);
  recs = NULL;
  free_idx = NULL;
  nrecs = recs_cap = nfree_idx = 0;
  nrecs_retired = 0;
  memset(ctx_of_slot, 0, sizeof ctx_of_slot);
}
