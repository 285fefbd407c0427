/* DART_TIMEOUT=S (seconds; 0, the default: off): a watchdog thread per
 * unit. A unit whose watched MPI wait (watchdog.h) has lasted S seconds
 * prints
 *
 *   [dart unit 1] MPI_Barrier has waited 10 s on dhost1 (DART_TIMEOUT=10): a unit or the network to another host is gone; ending this unit
 *
 * and ends with status 1 (_exit: MPI cannot be trusted to return, and the
 * launcher ends the job's other processes when one fails). Why: MPI has no
 * timeout of its own, and over TCP a host whose network went down stalls
 * the others' flushes and barriers for good (MPICH 4.0.2 with UCX 1.13:
 * no error within 60 s, also with UCX's keepalive settings shortened;
 * docs/cluster.md). S must exceed the longest legitimate wait of the
 * program (a barrier while another unit computes), so it is off by
 * default. MPI_Finalize is watched too: a unit stuck there has done its
 * work, so it says so and ends with status 0 (docs/cluster.md: MPICH's
 * finalize between hosts over TCP), after S s if it spins, 3 S if it
 * sleeps (below); when the program, not dart_exit,
 * finalizes MPI, the thread outlives dart_exit and an attribute of
 * MPI_COMM_SELF, deleted first thing in MPI_Finalize, marks the wait. The
 * thread samples every S/4 (at most every second) and calls nothing in
 * MPI. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "watchdog.h"

const char *dart__watch_call;
unsigned long dart__watch_count;

static struct {
  int running;
  pthread_t thread;
  pthread_mutex_t mutex;
  pthread_cond_t cond;
  int stop;
  int unit;
  size_t limit_s;
  clockid_t main_clock;
  char host[64];
} dog = {.mutex = PTHREAD_MUTEX_INITIALIZER, .cond = PTHREAD_COND_INITIALIZER};

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* CPU time of the thread that started DART (the one waiting in MPI). */
static double cpu_s(void) {
  struct timespec t;
  if (clock_gettime(dog.main_clock, &t) != 0) return 0;
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void *watch_loop(void *arg) {
  (void)arg;
  const double limit = (double)dog.limit_s;
  const double period = limit / 4 < 1 ? limit / 4 : 1;
  const char *seen_call = NULL;
  unsigned long seen_count = 0;
  double since = 0, cpu_since = 0;
  pthread_mutex_lock(&dog.mutex);
  while (!dog.stop) {
    struct timespec wake;
    clock_gettime(CLOCK_REALTIME, &wake); /* pthread_cond_timedwait's clock */
    double t = (double)wake.tv_sec + 1e-9 * (double)wake.tv_nsec + period;
    wake.tv_sec = (time_t)t;
    wake.tv_nsec = (long)((t - (double)wake.tv_sec) * 1e9);
    int r = pthread_cond_timedwait(&dog.cond, &dog.mutex, &wake);
    if (dog.stop) break;
    if (r != ETIMEDOUT && r != 0) continue;
    const char *call = __atomic_load_n(&dart__watch_call, __ATOMIC_ACQUIRE);
    unsigned long count = __atomic_load_n(&dart__watch_count, __ATOMIC_RELAXED);
    double tnow = now_s(), cpu = cpu_s();
    if (!call || call != seen_call || count != seen_count) {
      seen_call = call; /* a new wait (or none): the clock starts again */
      seen_count = count;
      since = tnow;
      cpu_since = cpu;
      continue;
    }
    if (tnow - since < limit) continue;
    int finalizing = strcmp(call, "MPI_Finalize") == 0;
    /* In MPICH's finalize hang one unit spins in UCX (CPU time) for a peer
     * that sleeps in the launcher's barrier (none): the spinner leaves at
     * S; a sleeper, whose barrier then never completes, at 3 S. A sleeper
     * that left first freed the spinner, whose barrier the launcher then
     * failed to answer to the sleeper gone (hydra: status 255). */
    if (finalizing && cpu - cpu_since < 0.02 * (tnow - since) && tnow - since < 3 * limit) continue;
    fprintf(stderr, "[dart unit %d] %s has waited %.0f s on %s (DART_TIMEOUT=%zu): %s\n", dog.unit, call,
            tnow - since, dog.host, dog.limit_s,
            finalizing ? "its work is done; ending this unit without MPI's clean-up"
                       : "a unit or the network to another host is gone; ending this unit");
    fflush(NULL);
    _exit(finalizing ? 0 : 1);
  }
  pthread_mutex_unlock(&dog.mutex);
  return NULL;
}

dart_ret_t dart__watchdog_init(MPI_Comm world) {
  (void)world;
  dart__watchdog_stop(); /* one left running by an earlier dart_exit */
  if (!dart__state.config.timeout_s) return DART_OK;
  if (gethostname(dog.host, sizeof dog.host - 1) != 0) strcpy(dog.host, "?");
  dog.unit = dart__state.myid;
  dog.limit_s = dart__state.config.timeout_s;
  if (pthread_getcpuclockid(pthread_self(), &dog.main_clock) != 0) dog.main_clock = CLOCK_PROCESS_CPUTIME_ID;
  dog.stop = 0;
  if (pthread_create(&dog.thread, NULL, watch_loop, NULL) != 0)
    return dart__error(DART_ERR_OTHER, "dart_init: cannot start the DART_TIMEOUT watchdog thread");
  dog.running = 1;
  return DART_OK;
}

static int finalize_begins(MPI_Comm comm, int key, void *value, void *extra) {
  (void)comm, (void)key, (void)value, (void)extra;
  dart__watch_begin("MPI_Finalize");
  return MPI_SUCCESS;
}

void dart__watchdog_exit(void) {
  static int keyval = MPI_KEYVAL_INVALID;
  if (!dog.running) return;
  if (keyval == MPI_KEYVAL_INVALID) { /* once a process: the attribute stays until MPI_Finalize */
    if (MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, finalize_begins, &keyval, NULL) != MPI_SUCCESS ||
        MPI_Comm_set_attr(MPI_COMM_SELF, keyval, NULL) != MPI_SUCCESS)
      keyval = MPI_KEYVAL_INVALID;
  }
}

void dart__watchdog_stop(void) {
  if (!dog.running) return;
  pthread_mutex_lock(&dog.mutex);
  dog.stop = 1;
  pthread_cond_signal(&dog.cond);
  pthread_mutex_unlock(&dog.mutex);
  pthread_join(dog.thread, NULL);
  dog.running = 0;
}
