/* Team locks: MCS queue locks in team memory, O(1) per member.
 *
 * State. Every lock has, on every member of its team, one CELL of 64 bytes
 * (a cache line) of team memory, three 32-bit words of it used:
 *   TAIL  0 when the lock is free, else 1 + the team-relative id of the
 *         last unit in the queue; used only in the cell of the lock's home
 *   NEXT  1 + the team-relative id of my successor in the queue, else 0
 *   GO    1 once my predecessor has handed the lock to me, else 0
 * Cells come in slabs of SLAB_LOCKS per member (4 KiB), allocated
 * collectively with dart_team_memalloc_aligned when a team's locks need
 * one (the first at its first lock). Lock slot s uses cell s % SLAB_LOCKS
 * of slab s / SLAB_LOCKS on every member and has its home on team unit
 * s % size: slots are handed out in creation order, so the tails of a
 * team's locks are spread over its units. A member keeps 64 B of team
 * memory per lock slot, whatever the team size; the queue needs neither
 * message tags nor a communicator of its own (an earlier version sent the
 * hand-offs as messages on a duplicate communicator, two tags per slot,
 * with 256 slots per member and per-slot arrays: 3 KiB per member, and no
 * lock at all on teams above TAG_UB / 512 units). Per-process state (lock
 * records, the slab list, free and pending slots) grows with the number of
 * live locks only.
 *
 * Why this design: a waiting unit polls only its own memory (no network
 * traffic while it waits, FIFO), and the state per member is one cell per
 * lock. A test-and-set word at the home would make every waiter poll
 * remotely and starve some; ARMCI-MPI's mutexes keep a byte per process
 * and lock at the home (O(team) per lock) and read them all per acquire.
 *
 * At rest (no queue passes through me) my NEXT and GO are 0: a unit resets
 * its word when it takes the value from it, so an uncontended acquire +
 * release costs the two tail operations and nothing else, as the
 * message-based version did.
 *
 * Acquire: swap the tail with me. If there was a predecessor p, write me
 * into p's NEXT, wait until my GO is 1 and reset it. Release:
 * compare-and-swap the tail from me to 0. If that fails, a successor has
 * swapped itself in: wait until my NEXT names it (its write may still be
 * on the way), reset NEXT and set the successor's GO. On the MPI path a
 * wait polls with REPLACE 0, which reads and resets at once. FIFO: units
 * get the lock in the order their swaps reached the tail. A waiting unit
 * polls its own cell only. (The home's NEXT and GO share a line with the
 * tail, so the home, while it waits, rereads its line after each tail
 * update: one cache miss each, not worth a second line per lock.)
 *
 * Path rule (as atomic.c): a team within one node (its slabs have no MPI
 * window) uses CPU atomics on the shared memory; a team spanning nodes
 * uses MPI atomics only, on the unit's own cell too (MPI_Fetch_and_op
 * with MPI_REPLACE, then MPI_Win_flush), and keeps within MPI's default
 * accumulate_ops = same_op_no_op: TAIL sees only compare-and-swap (the
 * swap is a compare-and-swap loop), NEXT and GO only REPLACE (besides the
 * tests' NO_OP reads). Waiting (progress.h): the MPI path polls with MPI
 * calls, which run MPI's progress engine; the CPU path polls memory and,
 * once past the spin polls, runs the progress engine (MPI_Iprobe) before
 * each yield, so that operations of other segments aimed at the waiting
 * unit complete (the holder may be waiting for one).
 *
 * Collectives. dart_team_lock_init communicates only when a slab must be
 * allocated (once per SLAB_LOCKS locks alive at once: an allocation, a
 * zeroing and a barrier). dart_team_lock_destroy starts a nonblocking
 * barrier on the team's communicator and returns; the slot is reused only
 * after that barrier completes (every unit has destroyed the lock: the
 * cells are at rest again), which every unit waits for at the same point
 * (when fresh slots run out), so slot numbers stay identical on all units.
 * A unit that holds the lock gets DART_ERR_BUSY and must release it and
 * call destroy again before its next collective on the team: the other
 * units' destroy has completed locally and their barrier matches its
 * later call.
 *
 * Handles. A dart_lock_t encodes (generation << 32 | index + 1) into a
 * table of lock records, so a stale, forged or foreign handle is detected
 * (DART_ERR_INVAL) instead of being dereferenced.
 *
 * Threads. A unit takes part in a lock's queue once: at
 * DART_THREAD_MULTIPLE a per-record mutex (the gate, allocated only then)
 * lets one thread of the unit at a time into acquire .. release, so a
 * second thread waits for the first one's release before it queues, and
 * the lock excludes threads as well as units. The record's owner is the
 * holding thread. The record table is read without a lock (handle
 * lookups); it grows by copying, and outgrown copies are kept until
 * dart_exit. */
#include <stdlib.h>
#include <string.h>
#include "debug.h"
#include "lock.h"
#include "progress.h"
#include "segment.h"

_Static_assert(sizeof(uintptr_t) >= 8, "lock handles need 64-bit pointers");

#define CELL_BYTES 64
#define SLAB_LOCKS 64 /* cells per member per slab: 4 KiB */
#define SLAB_BYTES (SLAB_LOCKS * CELL_BYTES)

/* The words of a cell (int32 index). */
enum { TAIL = 0, NEXT = 1, GO = 2 };

typedef struct lock_ctx {
  dart_team_t team;
  int slot_of_team; /* the team's slot in the team table */
  MPI_Comm comm;    /* the team's own (not owned here); MPI_COMM_NULL once the team is gone */
  int size, myid;
  dart_gptr_t *slabs; /* pointing to team unit 0, offset 0; read without a lock */
  int nslabs, slabs_cap;
  dart_gptr_t *slabs_retired[32]; /* outgrown lists, still readable (doubling: 32 suffice) */
  int nslabs_retired;
  int nslots;     /* SLAB_LOCKS * nslabs; the arrays below have nslots entries */
  int next_fresh; /* next slot never used */
  int *freel;     /* reclaimed slots, used LIFO */
  int nfree;
  MPI_Request *preq; /* nonblocking barriers of destroyed locks ... */
  int *pslot;        /* ... and their slots */
  int npend;
  int nlocks; /* live lock records */
  struct lock_ctx *next;
} lock_ctx_t;

/* One live lock of this unit. One cache line: acquire and release touch
 * the record and the cell, one line each, and a process holding many locks
 * (DASH makes one per mutex) pays 64 B of heap for each besides its cell. */
typedef struct {
  uint32_t gen;          /* handle generation: bumped when the record is freed */
  int32_t me;            /* 1 + team-relative id */
  int32_t home;          /* team-relative id of the unit holding the tail */
  int32_t slot;          /* in ctx */
  int32_t mpi;           /* the MPI path (the team spans nodes) */
  int32_t guess;         /* MPI path: the tail my next swap expects (tail_swap) */
  lock_ctx_t *ctx;       /* NULL while the record is free */
  const void *owner;     /* the holding thread (its thread_token), NULL if free here */
  pthread_mutex_t *gate; /* one thread of the unit in the queue (DART_THREAD_MULTIPLE only) */
  union {
    struct { /* CPU path: my cell, the home's cell */
      int32_t *mine, *home_cell;
    } cpu;
    struct { /* MPI path: every member's cell is at disp in the window */
      MPI_Win win;
      MPI_Aint disp;
    } mpi;
  } at;
} lock_rec_t;
_Static_assert(sizeof(lock_rec_t) <= 64, "a lock record fits one cache line");

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

/* ---- Handles ---- */

static dart_lock_t handle_of(uint32_t idx) {
  return (dart_lock_t)(uintptr_t)(((uint64_t)recs[idx]->gen << 32) | (uint64_t)(idx + 1));
}

static uint32_t idx_of(dart_lock_t lock) { return (uint32_t)(uintptr_t)lock - 1; }

/* The record of a live handle, or NULL. */
static lock_rec_t *rec_of(dart_lock_t lock) {
  uint64_t h = (uint64_t)(uintptr_t)lock;
  uint32_t idx = (uint32_t)h - 1, gen = (uint32_t)(h >> 32);
  /* Acquire loads: another thread may be growing the table (lock_init on
   * another team); the outgrown one stays readable. */
  uint32_t n = __atomic_load_n(&nrecs, __ATOMIC_ACQUIRE);
  lock_rec_t **table = __atomic_load_n(&recs, __ATOMIC_ACQUIRE);
  if (idx >= n || !table[idx]->ctx || table[idx]->gen != gen) return NULL;
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
  lock_rec_t *r = aligned_alloc(64, 64);
  pthread_mutex_t *gate = dart__state.threads ? malloc(sizeof *gate) : NULL;
  if (!r || (dart__state.threads && !gate)) {
    free(r);
    free(gate);
    return DART_ERR_NOMEM;
  }
  memset(r, 0, sizeof *r);
  if (gate) pthread_mutex_init(gate, NULL);
  r->gate = gate;
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

static void rec_release(lock_rec_t *r, uint32_t idx) {
  r->gen++;
  r->ctx->nlocks--;
  r->ctx = NULL;
  rec_free_idx(idx);
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

static void gate_enter(lock_rec_t *r) {
  if (r->gate) pthread_mutex_lock(r->gate);
}
static void gate_exit(lock_rec_t *r) {
  if (r->gate) pthread_mutex_unlock(r->gate);
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
  c->comm = t->comm;
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

/* Completes the pending destroy barriers (polled: progress.h). */
static int ctx_wait_pending(lock_ctx_t *c) {
  int ret = MPI_SUCCESS;
  for (int i = 0; i < c->npend && ret == MPI_SUCCESS; i++)
    ret = DART_WATCH("MPI_Ibarrier", dart__wait(&c->preq[i], MPI_STATUS_IGNORE));
  return ret;
}

/* Completes the destroy barriers and makes their slots reusable. */
static dart_ret_t ctx_reclaim(lock_ctx_t *c) {
  if (!c->npend) return DART_OK;
  DART_MPI(ctx_wait_pending(c), "MPI_Test (lock destroy barriers)");
  /* Reverse, so that the LIFO free list hands out the oldest first. */
  for (int i = c->npend - 1; i >= 0; i--) c->freel[c->nfree++] = c->pslot[i];
  c->npend = 0;
  return DART_OK;
}

/* The team is going: its communicator and memory go with it. */
static void ctx_release(lock_ctx_t *c) {
  if (c->comm != MPI_COMM_NULL) {
    ctx_wait_pending(c);
    c->npend = 0;
    c->comm = MPI_COMM_NULL;
  }
  if (ctx_of_slot[c->slot_of_team] == c) ctx_of_slot[c->slot_of_team] = NULL;
}

/* Adds a slab of SLAB_LOCKS cells on every member, all at rest (0).
 * Collective. */
static dart_ret_t ctx_grow(lock_ctx_t *c, dart_team_data_t *t, const char *fn) {
  int n = c->nslots + SLAB_LOCKS;
  /* Other threads of this unit read the slab list in acquire and release
   * (cell_gptr) while one creates a lock: it grows by copying, and the
   * outgrown list stays readable until the team's lock state is freed. */
  dart_gptr_t *s = NULL;
  if (c->nslabs == c->slabs_cap) {
    int cap = c->slabs_cap ? c->slabs_cap * 2 : 4;
    if (c->nslabs_retired < (int)(sizeof c->slabs_retired / sizeof *c->slabs_retired))
      s = malloc(sizeof *s * (size_t)cap);
    if (s && c->slabs) {
      memcpy(s, c->slabs, sizeof *s * (size_t)c->nslabs);
      c->slabs_retired[c->nslabs_retired++] = c->slabs;
    }
    if (s) {
      __atomic_store_n(&c->slabs, s, __ATOMIC_RELEASE);
      c->slabs_cap = cap;
    }
  } else {
    s = c->slabs;
  }
  int *fl = realloc(c->freel, sizeof *fl * (size_t)n);
  if (fl) c->freel = fl;
  MPI_Request *pr = realloc(c->preq, sizeof *pr * (size_t)n);
  if (pr) c->preq = pr;
  int *ps = realloc(c->pslot, sizeof *ps * (size_t)n);
  if (ps) c->pslot = ps;
  if (!s || !fl || !pr || !ps) return dart__error(DART_ERR_NOMEM, "%s: out of memory", fn);
  dart_gptr_t g;
  dart_ret_t r = dart_team_memalloc_aligned(t->id, SLAB_BYTES, &g);
  if (r != DART_OK) return r;
  dart_gptr_t mine = g;
  mine.unitid = dart__state.myid;
  dart_target_t tg;
  if ((r = dart__resolve(mine, SLAB_BYTES, fn, &tg)) != DART_OK) return r;
  memset(tg.addr, 0, SLAB_BYTES);
  __atomic_thread_fence(SEQ);
  if (tg.win != MPI_WIN_NULL) MPI_Win_sync(tg.win);
  /* Nobody queues on a cell before its owner has zeroed it. */
  DART_MPI(dart__barrier(t->comm), "MPI_Barrier");
  c->slabs[c->nslabs++] = g;
  c->nslots = n;
  DART_DEBUG(ALLOC, "lock slab %d of team %lld: %d lock cells of %d B per member", c->nslabs - 1,
             (long long)t->id, SLAB_LOCKS, CELL_BYTES);
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

/* The global pointer of team unit rel's cell of a slot. */
static dart_gptr_t cell_gptr(const lock_ctx_t *c, const dart_team_data_t *t, int slot, int rel) {
  dart_gptr_t g = __atomic_load_n(&c->slabs, __ATOMIC_ACQUIRE)[slot / SLAB_LOCKS];
  g.unitid = dart__team_abs(t, rel);
  g.offset += (uint64_t)(slot % SLAB_LOCKS) * CELL_BYTES;
  return g;
}

/* ---- Cell words ---- */

/* A member's cell: its words on the CPU path, its rank on the MPI path. */
typedef struct {
  int32_t *w;
  int rank;
} cell_t;

/* Team unit rel's cell (rel = my id or a neighbour's in the queue). */
static dart_ret_t cell_of(const lock_rec_t *r, int rel, cell_t *cell) {
  cell->rank = rel;
  cell->w = NULL;
  if (r->mpi) return DART_OK;
  if (rel == r->me - 1) {
    cell->w = r->at.cpu.mine;
    return DART_OK;
  }
  /* Another member's part of the slab: O(1), array loads. */
  const dart_team_data_t *t = dart__team_get(r->ctx->team);
  dart_target_t tg;
  dart_ret_t ret = dart__resolve(cell_gptr(r->ctx, t, r->slot, rel), CELL_BYTES, "dart_lock", &tg);
  if (ret == DART_OK) cell->w = (int32_t *)tg.addr;
  return ret;
}

/* MPI path: *old = word, word = word op value, complete on return. */
static dart_ret_t mpi_fop(const lock_rec_t *r, int rank, int word, MPI_Op op, int32_t value, int32_t *old) {
  int32_t res;
  MPI_Aint disp = r->at.mpi.disp + (MPI_Aint)(word * sizeof(int32_t));
  if (!dart__wait_blocking) { /* a crowded node: a polled wait (progress.h) */
    DART_MPI(dart__fetch_op_polled(&value, &res, MPI_INT32_T, rank, disp, op, r->at.mpi.win),
             "MPI_Rget_accumulate (polled)");
  } else {
    DART_MPI(MPI_Fetch_and_op(&value, &res, MPI_INT32_T, rank, disp, op, r->at.mpi.win), "MPI_Fetch_and_op");
    DART_MPI(MPI_Win_flush(rank, r->at.mpi.win), "MPI_Win_flush");
  }
  if (old) *old = res;
  return DART_OK;
}

/* word = value (release: the critical section's stores before it). */
static dart_ret_t word_set(const lock_rec_t *r, cell_t c, int word, int32_t value) {
  if (!r->mpi) {
    __atomic_store_n(&c.w[word], value, __ATOMIC_RELEASE);
    return DART_OK;
  }
  return mpi_fop(r, c.rank, word, MPI_REPLACE, value, NULL);
}

/* Waits until my word is non-zero, returns it in *v and resets it to 0 (at
 * rest: only one writer sets it, once per queue passage). Polls my own
 * cell only. The MPI path polls with REPLACE 0, which reads and resets in
 * one operation (0 over 0 changes nothing); the CPU path reads, so that
 * the line stays in its cache until the writer's store. */
static dart_ret_t word_take(const lock_rec_t *r, int word, int32_t *v) {
  if (!r->mpi) {
    int32_t *w = &r->at.cpu.mine[word];
    for (unsigned i = 0; !(*v = __atomic_load_n(w, __ATOMIC_ACQUIRE)); i++) {
      if (i >= DART_WAIT_SPIN) { /* serve MPI operations aimed at me, then yield */
        int flag;
        DART_MPI(MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, r->ctx->comm, &flag, MPI_STATUS_IGNORE),
                 "MPI_Iprobe");
      }
      dart__wait_pause(i);
    }
    __atomic_store_n(w, 0, __ATOMIC_RELAXED); /* ordered before my next tail swap by its barrier */
    return DART_OK;
  }
  for (unsigned i = 0;; i++) {
    dart_ret_t ret = mpi_fop(r, r->me - 1, word, MPI_REPLACE, 0, v);
    if (ret != DART_OK || *v) return ret;
    dart__wait_pause(i);
  }
}

/* The tail: atomically, if tail == compare then tail = value; *old = tail before. */
static dart_ret_t tail_cas(const lock_rec_t *r, int32_t compare, int32_t value, int32_t *old) {
  if (!r->mpi) {
    __atomic_compare_exchange_n(&r->at.cpu.home_cell[TAIL], &compare, value, 0, SEQ, SEQ);
    *old = compare;
    return DART_OK;
  }
  if (!dart__wait_blocking) { /* a crowded node: a polled wait (progress.h) */
    DART_MPI(dart__cas_polled(&value, &compare, old, MPI_INT32_T, r->home, r->at.mpi.disp, r->at.mpi.win),
             "MPI_Compare_and_swap (polled)");
    return DART_OK;
  }
  DART_MPI(MPI_Compare_and_swap(&value, &compare, old, MPI_INT32_T, r->home, r->at.mpi.disp, r->at.mpi.win),
           "MPI_Compare_and_swap");
  DART_MPI(MPI_Win_flush(r->home, r->at.mpi.win), "MPI_Win_flush");
  return DART_OK;
}

/* Atomically: *old = tail; tail = value. */
static dart_ret_t tail_swap(const lock_rec_t *r, int32_t value, int32_t *old) {
  if (!r->mpi) {
    *old = __atomic_exchange_n(&r->at.cpu.home_cell[TAIL], value, SEQ);
    return DART_OK;
  }
  /* Compare-and-swap only (same_op_no_op), from a guess: 0 if my last
   * release found no successor, else the queue's end it saw, which under
   * contention usually still is (one remote operation instead of two). */
  int32_t guess = r->guess, seen;
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
  int home = slot % c->size;
  dart_target_t mine, tail;
  if ((r = dart__resolve(cell_gptr(c, t, slot, t->myid), CELL_BYTES, fn, &mine)) != DART_OK ||
      (r = dart__resolve(cell_gptr(c, t, slot, home), CELL_BYTES, fn, &tail)) != DART_OK) {
    rec_free_idx(idx);
    c->freel[c->nfree++] = slot;
    return r;
  }
  rec->me = t->myid + 1;
  rec->home = home;
  rec->slot = slot;
  rec->owner = NULL;
  rec->guess = 0;
  rec->mpi = mine.win != MPI_WIN_NULL;
  if (rec->mpi) {
    rec->at.mpi.win = mine.win;
    rec->at.mpi.disp = mine.disp; /* the same on every member */
  } else {
    rec->at.cpu.mine = (int32_t *)mine.addr;
    rec->at.cpu.home_cell = (int32_t *)tail.addr;
  }
  rec->ctx = c;
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
    rec_release(rec, idx_of(*lock));
    *lock = DART_LOCK_NULL;
    return DART_OK;
  }
  if (__atomic_load_n(&rec->owner, __ATOMIC_RELAXED))
    return dart__error(DART_ERR_BUSY,
                       "%s: a thread of the calling unit holds the lock; release it, then destroy it", fn);
  int ret = MPI_Ibarrier(c->comm, &c->preq[c->npend]);
  if (ret != MPI_SUCCESS) return dart__mpi_error(ret, "MPI_Ibarrier");
  c->pslot[c->npend++] = rec->slot;
  rec_release(rec, idx_of(*lock));
  *lock = DART_LOCK_NULL;
  return DART_OK;
}

/* The MCS acquire: queue on the tail, wait for the predecessor's GO. */
static dart_ret_t queue_enter(lock_rec_t *r) {
  int32_t pred, go;
  cell_t p;
  dart_ret_t ret = tail_swap(r, r->me, &pred);
  if (ret != DART_OK || pred == 0) return ret;
  /* Queued behind pred: tell it, then wait for its hand-off. */
  if ((ret = cell_of(r, pred - 1, &p)) != DART_OK || (ret = word_set(r, p, NEXT, r->me)) != DART_OK)
    return ret;
  return word_take(r, GO, &go);
}

dart_ret_t dart_lock_acquire(dart_lock_t lock) {
  static const char fn[] = "dart_lock_acquire";
  lock_rec_t *r;
  dart_ret_t ret = lock_get(lock, fn, &r);
  if (ret != DART_OK) return ret;
  if (__atomic_load_n(&r->owner, __ATOMIC_RELAXED) == &thread_token)
    return dart__error(DART_ERR_INVAL, "%s: the calling thread already holds the lock", fn);
  gate_enter(r); /* another thread of this unit may hold it: wait for its release */
  if ((ret = queue_enter(r)) != DART_OK) {
    gate_exit(r);
    return ret;
  }
  /* MPI path: order the critical section after the hand-off (the CPU
   * path's atomics do). */
  if (r->mpi) __atomic_thread_fence(SEQ);
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
  if (r->gate && pthread_mutex_trylock(r->gate) != 0) return DART_OK; /* another thread has it */
  int32_t old;
  if ((ret = tail_cas(r, 0, r->me, &old)) != DART_OK || old != 0) {
    gate_exit(r);
    return ret;
  }
  if (r->mpi) __atomic_thread_fence(SEQ);
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
  if (r->mpi) __atomic_thread_fence(SEQ);
  int32_t old;
  if ((ret = tail_cas(r, r->me, 0, &old)) != DART_OK) return ret;
  r->guess = old == r->me ? 0 : old;
  if (old != r->me) { /* a successor swapped itself in: wait for its NEXT, hand over */
    int32_t next;
    cell_t succ;
    if ((ret = word_take(r, NEXT, &next)) != DART_OK || (ret = cell_of(r, next - 1, &succ)) != DART_OK ||
        (ret = word_set(r, succ, GO, 1)) != DART_OK)
      return ret;
  }
  __atomic_store_n(&r->owner, NULL, __ATOMIC_RELAXED);
  gate_exit(r);
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
  *gptr = cell_gptr(r->ctx, dart__team_get(r->ctx->team), r->slot, r->home);
  return DART_OK;
}

/* Test hook: the team memory that the calling member holds for team's
 * locks (every slab), and the lock slots it serves (the most locks alive
 * at once, rounded up to a slab); 0 and 0 before the team's first lock. */
dart_ret_t dart__lock_member_bytes(dart_team_t team, size_t *bytes, size_t *slots);
dart_ret_t dart__lock_member_bytes(dart_team_t team, size_t *bytes, size_t *slots) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart__lock_member_bytes", &t);
  if (r != DART_OK) return r;
  lock_ctx_t *c = ctx_of_slot[t->slot];
  int have = c && c->team == t->id;
  *bytes = have ? (size_t)c->nslabs * SLAB_BYTES : 0;
  *slots = have ? (size_t)c->nslots : 0;
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
    for (int i = 0; i < c->nslabs_retired; i++) free(c->slabs_retired[i]);
    free(c->freel);
    free(c->preq);
    free(c->pslot);
    free(c);
  }
  for (uint32_t i = 0; i < nrecs; i++) {
    if (recs[i]->gate) {
      pthread_mutex_destroy(recs[i]->gate);
      free(recs[i]->gate);
    }
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
