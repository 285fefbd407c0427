/* Waiting policy and the optional progress thread (progress.h).
 *
 * DART_PROGRESS=thread: MPI does not promise asynchronous progress, so an
 * atomic or RMA operation that needs its target's help (MPICH and Open MPI
 * on the MPI path: fetch-and-op, accumulate, lock hand-offs through active
 * messages) waits while the target computes without calling MPI. A thread
 * per unit calls MPI_Test on a request of its own communicator every few
 * microseconds: each call runs MPI's progress engine, which serves
 * whatever operations target the unit. It sleeps between polls, so that
 * on a crowded node it takes little CPU from the units' own work. It needs
 * MPI_THREAD_MULTIPLE (requested by dart_init; dart_init fails if MPI was
 * initialized with less). dart_exit stops it with a message to its request. */
#include <pthread.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>
#include "progress.h"
#include "state.h"

int dart__wait_blocking;
int dart__crowded;

/* Time between two polls of the progress thread. */
#define PROGRESS_INTERVAL_NS 20000

static struct {
  int running;
  pthread_t thread;
  MPI_Comm comm; /* private: the stop message cannot meet anything else */
  MPI_Request stop;
  char stop_buf;
} progress;

static void *progress_loop(void *arg) {
  (void)arg;
  /* Sleep about as long as asked (the default slack adds 50 us). */
  prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
  const struct timespec pause = {0, PROGRESS_INTERVAL_NS};
  for (;;) {
    int done = 0;
    if (MPI_Test(&progress.stop, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS || done) break;
    nanosleep(&pause, NULL);
  }
  return NULL;
}

static dart_ret_t thread_start(MPI_Comm world) {
  int level = MPI_THREAD_SINGLE;
  MPI_Query_thread(&level);
  if (level != MPI_THREAD_MULTIPLE)
    return dart__error(DART_ERR_INVAL,
                       "dart_init: DART_PROGRESS=thread needs MPI_THREAD_MULTIPLE (MPI was initialized "
                       "with less)");
  DART_MPI(MPI_Comm_dup(world, &progress.comm), "MPI_Comm_dup");
  DART_MPI(MPI_Irecv(&progress.stop_buf, 1, MPI_CHAR, MPI_ANY_SOURCE, 0, progress.comm, &progress.stop),
           "MPI_Irecv");
  if (pthread_create(&progress.thread, NULL, progress_loop, NULL) != 0) {
    MPI_Cancel(&progress.stop);
    MPI_Wait(&progress.stop, MPI_STATUS_IGNORE);
    MPI_Comm_free(&progress.comm);
    return dart__error(DART_ERR_OTHER, "dart_init: cannot start the progress thread");
  }
  progress.running = 1;
  return DART_OK;
}

dart_ret_t dart__progress_init(MPI_Comm world) {
  /* Units on my real node (host) against its CPUs; the most crowded node
   * decides for all. */
  int me = dart__state.myid, host = dart__state.host_of_node[dart__state.node_of[me]], mine = 0;
  for (int i = 0; i < dart__state.size; i++) mine += dart__state.host_of_node[dart__state.node_of[i]] == host;
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  /* At DART_THREAD_MULTIPLE the polling stays: a thread waiting in a
   * collective must not hold MPI's lock for as long as the collective lasts
   * (MPI libraries with a global lock release it only between polls). */
  int flags[2] = {mine > (cpus > 0 ? cpus : 1), dart__state.threads}, any[2] = {0, 0};
  DART_MPI(MPI_Allreduce(flags, any, 2, MPI_INT, MPI_MAX, world), "MPI_Allreduce");
  dart__crowded = any[0];
  dart__wait_blocking = !any[0] && !any[1];
  dart_ret_t r = DART_OK;
  int failed, anyfailed = 0;
  if (dart__state.config.progress_thread) r = thread_start(world);
  failed = r != DART_OK;
  DART_MPI(MPI_Allreduce(&failed, &anyfailed, 1, MPI_INT, MPI_MAX, world), "MPI_Allreduce");
  if (anyfailed) {
    dart__progress_fini();
    return r != DART_OK
               ? r
               : dart__error(DART_ERR_INVAL, "dart_init: the progress thread failed on another unit");
  }
  return DART_OK;
}

void dart__progress_fini(void) {
  if (!progress.running) return;
  int me;
  MPI_Comm_rank(progress.comm, &me);
  char c = 0;
  MPI_Send(&c, 1, MPI_CHAR, me, 0, progress.comm);
  pthread_join(progress.thread, NULL);
  MPI_Comm_free(&progress.comm);
  progress.running = 0;
}
