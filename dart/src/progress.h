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

#endif
