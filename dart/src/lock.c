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
 * (DART_ERR_INVAL) instead of being dereferenced. */
#include <stdlib.h>
#include <string.h>
#include "amo.h"
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

enum { IDLE = 0, HELD = 1 };

typedef struct {
  uint32_t gen;
  uint32_t idx; /* in recs */
  int live;
  lock_ctx_t *ctx;
  int slot;
  int state;
  int32_t me; /* 1 + team-relative id */
  dart_gptr_t tail;
  char *addr; /* resolved tail: CPU path when win == MPI_WIN_NULL */
  MPI_Win win;
  int rank;
  MPI_Aint disp;
} lock_rec_t;

static lock_rec_t **recs;
static uint32_t nrecs, recs_cap;
static uint32_t *free_idx;
static uint32_t nfree_idx;
static lock_ctx_t *ctx_list;
static lock_ctx_t *ctx_of_slot[DART_TEAM_MAX_SLOTS];

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
  if (idx >= nrecs || !recs[idx]->live || recs[idx]->gen != gen) return NULL;
  return recs[idx];
}

static dart_ret_t rec_new(uint32_t *idx) {
  if (nfree_idx) {
    *idx = free_idx[--nfree_idx];
    return DART_OK;
  }
  if (nrecs == recs_cap) {
    uint32_t cap = recs_cap ? recs_cap * 2 : 64;
    lock_rec_t **v = realloc(recs, sizeof *v * cap);
    if (!v) return DART_ERR_NOMEM;
    recs = v;
    uint32_t *f = realloc(free_idx, sizeof *f * cap);
    if (!f) return DART_ERR_NOMEM;
    free_idx = f;
    recs_cap = cap;
  }
  lock_rec_t *r = calloc(1, sizeof *r);
  if (!r) return DART_ERR_NOMEM;
  r->idx = nrecs;
  recs[nrecs] = r;
  *idx = nrecs++;
  return DART_OK;
}

static void rec_release(lock_rec_t *r) {
  r->live = 0;
  r->gen++;
  if (r->ctx) r->ctx->nlocks--;
  r->ctx = NULL;
  free_idx[nfree_idx++] = r->idx;
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
  c->next = ctx_list;
  ctx_list = c;
  ctx_of_slot[t->slot] = c;
  dart__fini_register();
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
  DART_MPI(MPI_Barrier(c->comm), "MPI_Barrier");
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
  g.unitid = t->rel2abs[i % (size_t)c->size];
  g.offset = (uint64_t)(i / (size_t)c->size) * SLOT_BYTES;
  dart_target_t tg;
  if ((r = dart__resolve(g, sizeof(int32_t), fn, &tg)) != DART_OK) {
    free_idx[nfree_idx++] = idx;
    c->freel[c->nfree++] = slot;
    return r;
  }
  rec->live = 1;
  rec->ctx = c;
  rec->slot = slot;
  rec->state = IDLE;
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
  if (rec->state == HELD)
    return dart__error(DART_ERR_BUSY, "%s: the calling unit holds the lock; release it, then destroy it", fn);
  int ret = MPI_Ibarrier(c->comm, &c->preq[c->npend]);
  if (ret != MPI_SUCCESS) return dart__mpi_error(ret, "MPI_Ibarrier");
  c->pslot[c->npend++] = rec->slot;
  rec_release(rec);
  *lock = DART_LOCK_NULL;
  return DART_OK;
}

dart_ret_t dart_lock_acquire(dart_lock_t lock) {
  static const char fn[] = "dart_lock_acquire";
  lock_rec_t *r;
  dart_ret_t ret = lock_get(lock, fn, &r);
  if (ret != DART_OK) return ret;
  if (r->state == HELD) return dart__error(DART_ERR_INVAL, "%s: the calling unit already holds the lock", fn);
  int32_t pred;
  if ((ret = tail_swap(r, r->me, &pred)) != DART_OK) return ret;
  if (pred != 0) { /* queued behind pred: tell it, then wait for its hand-off */
    MPI_Comm comm = r->ctx->comm;
    MPI_Request go;
    DART_MPI(MPI_Irecv(NULL, 0, MPI_BYTE, pred - 1, TAG_GO(r->slot), comm, &go), "MPI_Irecv");
    DART_MPI(MPI_Send(NULL, 0, MPI_BYTE, pred - 1, TAG_NEXT(r->slot), comm), "MPI_Send");
    DART_MPI(dart__wait(&go, MPI_STATUS_IGNORE), "MPI_Test (lock hand-off)");
  }
  __atomic_thread_fence(SEQ);
  r->state = HELD;
  return DART_OK;
}

dart_ret_t dart_lock_try_acquire(dart_lock_t lock, int32_t *acquired) {
  static const char fn[] = "dart_lock_try_acquire";
  lock_rec_t *r;
  dart_ret_t ret = lock_get(lock, fn, &r);
  if (ret != DART_OK) return ret;
  if (!acquired) return dart__error(DART_ERR_INVAL, "%s: acquired is NULL", fn);
  *acquired = 0;
  if (r->state == HELD) return dart__error(DART_ERR_INVAL, "%s: the calling unit already holds the lock", fn);
  int32_t old;
  if ((ret = tail_cas(r, 0, r->me, &old)) != DART_OK) return ret;
  if (old == 0) {
    r->state = HELD;
    *acquired = 1;
  }
  return DART_OK;
}

dart_ret_t dart_lock_release(dart_lock_t lock) {
  static const char fn[] = "dart_lock_release";
  lock_rec_t *r;
  dart_ret_t ret = lock_get(lock, fn, &r);
  if (ret != DART_OK) return ret;
  if (r->state != HELD) return dart__error(DART_ERR_INVAL, "%s: the calling unit does not hold the lock", fn);
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
  r->state = IDLE;
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
  for (uint32_t i = 0; i < nrecs; i++) free(recs[i]);
  free(recs);
  free(free_idx);
  recs = NULL;
  free_idx = NULL;
  nrecs = recs_cap = nfree_idx = 0;
  memset(ctx_of_slot, 0, sizeof ctx_of_slot);
}
