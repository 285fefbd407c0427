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
#include <dart/dart.h>

/* Whether waits may block in MPI (dart__progress_init, the same on every
 * unit): no real node runs more units than it has CPUs, and DART runs at
 * DART_THREAD_SINGLE. Then a blocking
 * MPI_Barrier (MPICH: about half an Ibarrier polled here) serves RMA
 * aimed at the waiting unit as well, and nobody needs the waiter's CPU;
 * else dart_barrier polls and yields (dart__wait). Blocking and
 * nonblocking collectives do not match each other in MPI, so every unit
 * must choose alike. */
extern int dart__wait_blocking;

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
 * the first DART_WAIT_SPIN, then it yields the CPU. Waits that poll memory
 * instead of a request (team locks) use it too. */
static inline void dart__wait_pause(unsigned i) {
  if (i >= DART_WAIT_SPIN) sched_yield();
}

static inline int dart__wait(MPI_Request *req, MPI_Status *status) {
  for (unsigned i = 0;; i++) {
    int done = 0, ret = MPI_Test(req, &done, status);
    if (ret != MPI_SUCCESS || done) return ret;
    dart__wait_pause(i);
  }
}

/* Runs the MPI collective BLOCKING(args) as dart_barrier waits: blocking
 * where no node is crowded; else its nonblocking form START(args, &req)
 * polled with yields, where a blocking one spins away the CPU of the units
 * it waits for (4 units on 2 cores: MPI_Barrier 8 ms, an Ibarrier polled
 * here 50-75 us; bench/run). Every unit chooses alike (see above). Sets ret. */
#define DART_COLL(ret, BLOCKING, START, ...)                                        \
  do {                                                                              \
    if (dart__wait_blocking) {                                                      \
      (ret) = BLOCKING(__VA_ARGS__);                                                \
    } else {                                                                        \
      MPI_Request dart__req_;                                                       \
      (ret) = START(__VA_ARGS__, &dart__req_);                                      \
      if ((ret) == MPI_SUCCESS) (ret) = dart__wait(&dart__req_, MPI_STATUS_IGNORE); \
    }                                                                               \
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
