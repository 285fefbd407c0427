/* Atomic read-modify-write and mutexes.
 *
 * ARMCI_Rmw on an allocation that spans nodes is dart_fetch_and_op (SUM for
 * fetch-and-add, REPLACE for swap: MPI atomics, like the accumulates there);
 * on an allocation within the caller's node it takes the stripe lock the
 * accumulates take (shmacc.c). Complete on return.
 *
 * Mutexes are DART MCS queue locks. ARMCI_Create_mutexes(n) is collective
 * and n may differ per process: max(n) * nproc DART locks are created on the
 * world team; mutex m of process p is lock m * nproc + p, whose queue tail
 * DART places on process p (lock k lives on unit k % size). ARMCI_Unlock
 * first completes every outstanding operation of the caller (Global Arrays
 * releases its mutexes without a fence: data written under the lock must be
 * at its target when the lock passes on). */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "completion.h"
#include "mem.h"
#include "shmacc.h"
#include "sync.h"

int PARMCI_Rmw(int op, void *ploc, void *prem, int value, int proc) {
  static const char fn[] = "ARMCI_Rmw";
  ARMCI_CHECK_INIT(fn);
  if (!ploc) armci__fatal("%s: ploc is NULL", fn);
  int is_long = op == ARMCI_FETCH_AND_ADD_LONG || op == ARMCI_SWAP_LONG;
  if (op < ARMCI_FETCH_AND_ADD || op > ARMCI_SWAP_LONG) armci__fatal("%s: unknown operation %d", fn, op);
  armci_target_t t;
  armci__translate(prem, proc, is_long ? sizeof(long) : sizeof(int), &t, fn);
  armci__complete(proc);   /* after anything outstanding to proc */
  if (!t.a->spans_nodes) { /* the accumulates' stripe locks: atomic with ARMCI_Acc too */
    int swap = op == ARMCI_SWAP || op == ARMCI_SWAP_LONG;
    long v = value;
    int iv = value;
    if (swap) {
      if (is_long)
        memcpy(&v, ploc, sizeof v);
      else
        memcpy(&iv, ploc, sizeof iv);
    }
    armci__shm_rmw(&t, is_long, swap, is_long ? (void *)&v : (void *)&iv, ploc);
    return 0;
  }
  dart_ret_t r;
  switch (op) {
    case ARMCI_FETCH_AND_ADD: {
      int v = value, old;
      r = dart_fetch_and_op(t.g, &v, &old, DART_TYPE_INT, DART_OP_SUM);
      memcpy(ploc, &old, sizeof old);
      break;
    }
    case ARMCI_FETCH_AND_ADD_LONG: {
      long v = value, old;
      r = dart_fetch_and_op(t.g, &v, &old, DART_TYPE_LONG, DART_OP_SUM);
      memcpy(ploc, &old, sizeof old);
      break;
    }
    case ARMCI_SWAP: {
      int v, old;
      memcpy(&v, ploc, sizeof v);
      r = dart_fetch_and_op(t.g, &v, &old, DART_TYPE_INT, DART_OP_REPLACE);
      memcpy(ploc, &old, sizeof old);
      break;
    }
    default: {
      long v, old;
      memcpy(&v, ploc, sizeof v);
      r = dart_fetch_and_op(t.g, &v, &old, DART_TYPE_LONG, DART_OP_REPLACE);
      memcpy(ploc, &old, sizeof old);
      break;
    }
  }
  if (r != DART_OK)
    armci__fatal("%s: dart_fetch_and_op failed: %s (%s)", fn, dart_strerror(r), dart_last_error());
  return 0;
}

/* ---- mutexes ---- */

static dart_lock_t *locks;
static int per_proc; /* mutexes per process (the maximum requested) */
static int *held;    /* [per_proc * np] 1 while the caller holds it */

static dart_lock_t mutex_of(int mutex, int proc, const char *fn) {
  ARMCI_CHECK_INIT(fn);
  if (!locks) armci__fatal("%s: no mutexes (ARMCI_Create_mutexes)", fn);
  if (mutex < 0 || mutex >= per_proc || proc < 0 || proc >= armci__s.np)
    armci__fatal("%s: no mutex %d on process %d", fn, mutex, proc);
  return locks[(size_t)mutex * (size_t)armci__s.np + (size_t)proc];
}

int PARMCI_Create_mutexes(int count) {
  static const char fn[] = "ARMCI_Create_mutexes";
  ARMCI_CHECK_INIT(fn);
  if (locks) armci__fatal("%s: mutexes exist already (ARMCI_Destroy_mutexes first)", fn);
  int mine = count > 0 ? count : 0, max = 0;
  MPI_Allreduce(&mine, &max, 1, MPI_INT, MPI_MAX, armci__s.comm);
  per_proc = max;
  size_t n = (size_t)max * (size_t)armci__s.np;
  locks = calloc(n ? n : 1, sizeof *locks);
  held = calloc(n ? n : 1, sizeof *held);
  if (!locks || !held) armci__fatal("%s: out of memory", fn);
  for (size_t k = 0; k < n; k++) DART_CALL(dart_team_lock_init(DART_TEAM_ALL, &locks[k]));
  return 0;
}

int PARMCI_Destroy_mutexes(void) {
  static const char fn[] = "ARMCI_Destroy_mutexes";
  ARMCI_CHECK_INIT(fn);
  if (!locks) return 0;
  /* Synchronizing, as in ARMCI-MPI (where it frees an MPI window): programs
   * rely on it, e.g. to reuse memory the mutexes protected. */
  armci__complete(-1);
  MPI_Request req;
  MPI_Ibarrier(armci__s.comm, &req);
  armci__wait_req(&req);
  size_t n = (size_t)per_proc * (size_t)armci__s.np;
  for (size_t k = 0; k < n; k++) {
    if (held[k])
      armci__fatal("%s: mutex %zu of process %zu is still held", fn, k / (size_t)armci__s.np,
                   k % (size_t)armci__s.np);
    DART_CALL(dart_team_lock_destroy(&locks[k]));
  }
  free(locks);
  free(held);
  locks = NULL;
  held = NULL;
  per_proc = 0;
  return 0;
}

void PARMCI_Lock(int mutex, int proc) {
  dart_lock_t l = mutex_of(mutex, proc, "ARMCI_Lock");
  DART_CALL(dart_lock_acquire(l));
  held[(size_t)mutex * (size_t)armci__s.np + (size_t)proc] = 1;
  atomic_thread_fence(memory_order_seq_cst);
}

int ARMCI_Trylock(int mutex, int proc) {
  dart_lock_t l = mutex_of(mutex, proc, "ARMCI_Trylock");
  int32_t got = 0;
  DART_CALL(dart_lock_try_acquire(l, &got));
  if (!got) return 1;
  held[(size_t)mutex * (size_t)armci__s.np + (size_t)proc] = 1;
  atomic_thread_fence(memory_order_seq_cst);
  return 0;
}

void PARMCI_Unlock(int mutex, int proc) {
  dart_lock_t l = mutex_of(mutex, proc, "ARMCI_Unlock");
  armci__complete(-1);
  atomic_thread_fence(memory_order_seq_cst);
  held[(size_t)mutex * (size_t)armci__s.np + (size_t)proc] = 0;
  DART_CALL(dart_lock_release(l));
}

void armci__mutex_fini(void) {
  if (locks) { /* collective, as ARMCI_Finalize */
    memset(held, 0, sizeof *held * (size_t)per_proc * (size_t)armci__s.np);
    PARMCI_Destroy_mutexes();
  }
  free(locks);
  free(held);
  locks = NULL;
  held = NULL;
  per_proc = 0;
}

/* The application's names: weak aliases, which a profiling tool may replace (parmci.h). */
ARMCI_WEAK_ALIAS(ARMCI_Rmw, PARMCI_Rmw);
ARMCI_WEAK_ALIAS(ARMCI_Create_mutexes, PARMCI_Create_mutexes);
ARMCI_WEAK_ALIAS(ARMCI_Destroy_mutexes, PARMCI_Destroy_mutexes);
ARMCI_WEAK_ALIAS(ARMCI_Lock, PARMCI_Lock);
ARMCI_WEAK_ALIAS(ARMCI_Unlock, PARMCI_Unlock);
