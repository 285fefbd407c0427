/* Waiting with progress (internal).
 *
 * MPI does not promise asynchronous progress for passive-target RMA: with
 * MPICH's and Open MPI's default builds, an RMA or atomic operation that
 * needs its target's participation completes only while the target is
 * inside an MPI call. So no wait in DART may sit outside MPI: every wait is
 * either a blocking MPI call (MPI_Win_flush, MPI_Wait*, MPI_Recv, which run
 * the progress engine while they wait) or this loop, which polls one
 * request with MPI_Test (each call runs the progress engine, serving
 * operations that target the waiting unit) and yields the CPU between
 * polls, so that on an oversubscribed node the unit being waited for gets
 * to run. A unit computing outside the runtime only delays the operations
 * that target it until its next DART call; it never makes them hang. */
#ifndef DART_SRC_PROGRESS_H
#define DART_SRC_PROGRESS_H

#include <mpi.h>
#include <sched.h>
#include <time.h>
#include <dart/dart.h>
#include "watchdog.h"

/* Whether waits may block in MPI (dart__progress_init, the same on every
 * unit): no real node runs more units than it has CPUs, and DART runs at
 * DART_THREAD_SINGLE. Then a blocking
 * MPI_Barrier (MPICH: about half an Ibarrier polled here) serves RMA
 * aimed at the waiting unit as well, and nobody needs the waiter's CPU;
 * else dart_barrier polls and yields (dart__wait). Blocking and
 * nonblocking collectives do not match each other in MPI, so every unit
 * must choose alike. */
extern int dart__wait_blocking;

/* Whether some node runs more units than it has CPUs (the same on every
 * unit): then a wait that has polled for a while sleeps (below). */
extern int dart__crowded;

/* Decides dart__wait_blocking and, with DART_PROGRESS=thread, starts the
 * progress thread (collective over world; MPI must provide
 * MPI_THREAD_MULTIPLE for the thread). */
dart_ret_t dart__progress_init(MPI_Comm world);

/* Stops the progress thread, if any (dart_exit, before MPI goes). */
void dart__progress_fini(void);

/* Polls before the first yield: a hand-off that is already under way
 * completes without a system call. */
#define DART_WAIT_SPIN 1000

/* What a polling wait does after its i-th unsuccessful poll: nothing for
 * the first DART_WAIT_SPIN, then it gives the CPU away. Waits that poll
 * memory instead of a request (team locks) use it too.
 * Where no node is crowded, a yield: the unit waited for has a CPU of its
 * own, and the waiter polls again at once. On a crowded node a short
 * sleep (a microsecond asked, the timer slack's 50 us given): a yielding
 * unit stays runnable and hands its CPU only to whatever shares its run
 * queue (another job's compiler gets a whole time slice), while a unit
 * that slept is run at once when it wakes, so the unit waited for runs,
 * and the waiter polls again soon after (fetch-adds spread by 4 units
 * over each other across virtual nodes on 2 cores: 18.5x the rate of
 * MPI_Fetch_and_op + MPI_Win_flush; bench/reference/progress). */
static inline void dart__wait_pause(unsigned i) {
  if (i < DART_WAIT_SPIN) return;
  if (dart__crowded) {
    const struct timespec nap = {0, 1000};
    nanosleep(&nap, NULL);
  } else {
    sched_yield();
  }
}

static inline int dart__wait(MPI_Request *req, MPI_Status *status) {
  for (unsigned i = 0;; i++) {
    int done = 0, ret = MPI_Test(req, &done, status);
    if (ret != MPI_SUCCESS || done) return ret;
    dart__wait_pause(i);
  }
}

/* Where a node is crowded, an atomic that must complete before the call
 * returns waits by polling a request with yields instead of inside
 * MPI_Win_flush, which spins away the CPU of the target it waits for (on
 * the MPI path MPICH serves an atomic with the target's help: 4 units on 2
 * cores, one fetch-and-add in 4-8 ms). Both leave the operation complete,
 * as MPI_Fetch_and_op or MPI_Compare_and_swap followed by MPI_Win_flush.
 *
 * The fetch-and-op: MPI_Rget_accumulate of one element, the request
 * polled. */
static inline int dart__fetch_op_polled(const void *origin, void *result, MPI_Datatype type, int rank,
                                        MPI_Aint disp, MPI_Op op, MPI_Win win) {
  MPI_Request req;
  int ret = MPI_Rget_accumulate(origin, 1, type, result, 1, type, rank, disp, 1, type, op, win, &req);
  return ret == MPI_SUCCESS ? dart__wait(&req, MPI_STATUS_IGNORE) : ret;
}

/* The compare-and-swap (no request form in MPI): then a NO_OP read of the
 * same element, polled; MPI's default accumulate ordering applies it after
 * the swap, so once it is done the swap is too, and the flush that makes
 * that formal returns at once. */
static inline int dart__cas_polled(const void *value, const void *compare, void *result, MPI_Datatype type,
                                   int rank, MPI_Aint disp, MPI_Win win) {
  _Alignas(16) unsigned char seen[16]; /* basic types are at most 16 bytes */
  MPI_Request req;
  int ret = MPI_Compare_and_swap(value, compare, result, type, rank, disp, win);
  if (ret == MPI_SUCCESS)
    ret = MPI_Rget_accumulate(NULL, 0, type, seen, 1, type, rank, disp, 1, type, MPI_NO_OP, win, &req);
  if (ret == MPI_SUCCESS) ret = dart__wait(&req, MPI_STATUS_IGNORE);
  return ret == MPI_SUCCESS ? MPI_Win_flush(rank, win) : ret;
}

/* Runs the MPI collective BLOCKING(args) as dart_barrier waits: blocking
 * where no node is crowded; else its nonblocking form START(args, &req)
 * polled with yields, where a blocking one spins away the CPU of the units
 * it waits for (4 units on 2 cores: MPI_Barrier 8 ms, an Ibarrier polled
 * here 50-75 us; bench/run). Every unit chooses alike (see above). Sets ret. */
#define DART_COLL(ret, BLOCKING, START, ...)                                        \
  do {                                                                              \
    dart__watch_begin(#BLOCKING);                                                   \
    if (dart__wait_blocking) {                                                      \
      (ret) = BLOCKING(__VA_ARGS__);                                                \
    } else {                                                                        \
      MPI_Request dart__req_;                                                       \
      (ret) = START(__VA_ARGS__, &dart__req_);                                      \
      if ((ret) == MPI_SUCCESS) (ret) = dart__wait(&dart__req_, MPI_STATUS_IGNORE); \
    }                                                                               \
    dart__watch_end(0);                                                             \
  } while (0)

static inline int dart__allreduce(const void *in, void *out, int n, MPI_Datatype type, MPI_Op op,
                                  MPI_Comm comm) {
  int ret;
  DART_COLL(ret, MPI_Allreduce, MPI_Iallreduce, in, out, n, type, op, comm);
  return ret;
}

static inline int dart__allgather(const void *in, int n, MPI_Datatype type, void *out, MPI_Comm comm) {
  int ret;
  DART_COLL(ret, MPI_Allgather, MPI_Iallgather, in, n, type, out, n, type, comm);
  return ret;
}

static inline int dart__barrier(MPI_Comm comm) {
  int ret;
  DART_COLL(ret, MPI_Barrier, MPI_Ibarrier, comm);
  return ret;
}

#endif
