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

static inline int dart__wait(MPI_Request *req, MPI_Status *status) {
  for (unsigned i = 0;; i++) {
    int done = 0, ret = MPI_Test(req, &done, status);
    if (ret != MPI_SUCCESS || done) return ret;
    if (i >= DART_WAIT_SPIN) sched_yield();
  }
}

/* An allreduce that waits as dart_barrier does: blocking, or polled with
 * yields on crowded nodes (where a blocking one costs several times more). */
static inline int dart__allreduce(const void *in, void *out, int n, MPI_Datatype type, MPI_Op op,
                                  MPI_Comm comm) {
  if (dart__wait_blocking) return MPI_Allreduce(in, out, n, type, op, comm);
  MPI_Request req;
  int ret = MPI_Iallreduce(in, out, n, type, op, comm, &req);
  return ret == MPI_SUCCESS ? dart__wait(&req, MPI_STATUS_IGNORE) : ret;
}

#endif
