/* Units that end abnormally: a unit that leaves the program (returns from
 * main, calls exit) while DART is still running and the other units do not
 * follow, or that dies on a fatal signal, says so on stderr in one line
 * naming the unit, so that a job does not end silently with the other
 * units cut off mid-work:
 *
 *   [dart unit 1] exiting without dart_exit (returned from main or called exit) on node1 while other units still run; aborting the job
 *   [dart unit 2] fatal signal 11 (SIGSEGV) on node1
 *
 * (the host name: across hosts, the launcher's own report may name only
 * the host or only the rank)
 *
 * The exit check runs in an atexit handler (init.c's). It waits up to EXIT_WAIT_S seconds
 * for every unit to leave the program too (a non-blocking barrier on a
 * communicator of its own, so that no collective of the program matches
 * it): if all do, as in a DASH program that returns from main without
 * dash::finalize, they finalize the runtime there (dart_exit) and unit 0
 * prints one warning line; otherwise the unit reports and aborts the job
 * (MPI_Abort, or _exit(1) once MPI is finalized), so the exit status is
 * non-zero. The
 * signal report comes from a handler that writes with write(2) only and,
 * unless another handler was installed before DART's (MPI's transport
 * often has one that prints its own backtrace; AddressSanitizer's report
 * is more precise), a glibc backtrace; then the previous action (that
 * handler or the default: the unit dies on the signal) takes over.
 * DART_CRASH_REPORT=0 turns both off (config.c). */
#include <execinfo.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "state.h"

static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
static const char *const fatal_names[] = {"SIGSEGV", "SIGBUS", "SIGFPE", "SIGILL", "SIGABRT"};
#define NFATAL ((int)(sizeof fatal_signals / sizeof fatal_signals[0]))

static struct sigaction previous[NFATAL];
static int handlers_installed;
static pid_t dart_pid; /* a forked child (e.g. a death test) reports nothing */
static volatile sig_atomic_t crash_unit = -1;
static volatile sig_atomic_t aborting; /* dart__abort_job: the exit check stays quiet */
static char crash_host[64];            /* gethostname at dart_init: the handler only reads it */

/* Async-signal-safe: appends s to buf at *len. */
static void put_str(char *buf, size_t cap, size_t *len, const char *s) {
  while (*s && *len + 1 < cap) buf[(*len)++] = *s++;
}
static void put_int(char *buf, size_t cap, size_t *len, long v) {
  char digits[24];
  int n = 0;
  unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
  do digits[n++] = (char)('0' + u % 10);
  while ((u /= 10) && n < (int)sizeof digits);
  if (v < 0 && *len + 1 < cap) buf[(*len)++] = '-';
  while (n > 0 && *len + 1 < cap) buf[(*len)++] = digits[--n];
}
static void write_all(const char *buf, size_t len) {
  while (len > 0) {
    ssize_t w = write(STDERR_FILENO, buf, len);
    if (w <= 0) return;
    buf += w;
    len -= (size_t)w;
  }
}

static void on_fatal_signal(int sig, siginfo_t *info, void *ctx) {
  (void)ctx;
  int k = 0;
  while (k < NFATAL && fatal_signals[k] != sig) k++;
  if (k == NFATAL) return;
  int others_report = previous[k].sa_handler != SIG_DFL && previous[k].sa_handler != SIG_IGN;
  if (getpid() == dart_pid) {
    char line[160];
    size_t len = 0;
    put_str(line, sizeof line, &len, "[dart unit ");
    put_int(line, sizeof line, &len, crash_unit);
    put_str(line, sizeof line, &len, "] fatal signal ");
    put_int(line, sizeof line, &len, sig);
    put_str(line, sizeof line, &len, " (");
    put_str(line, sizeof line, &len, fatal_names[k]);
    put_str(line, sizeof line, &len, ") on ");
    put_str(line, sizeof line, &len, crash_host);
    put_str(line, sizeof line, &len, others_report ? "\n" : ", backtrace:\n");
    write_all(line, len);
    if (!others_report) {
      void *frames[64];
      int n = backtrace(frames, 64);
      backtrace_symbols_fd(frames, n, STDERR_FILENO);
    }
  }
  /* Hand over to the previous action: a fault re-executes and reaches it;
   * a signal that was sent (raise, kill, abort) is sent again. */
  sigaction(sig, &previous[k], NULL);
  if (info && info->si_code <= 0) raise(sig);
}

/* How long a unit that leaves without dart_exit waits for the others to
 * leave too: longer than units of one program usually lie apart at their
 * end (one printing its results), short enough for a job whose other units
 * wait for the one that left. */
enum { EXIT_WAIT_S = 10 };
static MPI_Comm exit_comm = MPI_COMM_NULL;

/* 1 if every unit reached its exit check within EXIT_WAIT_S. */
static int all_units_exit(void) {
  MPI_Request req;
  int fini = 0;
  MPI_Finalized(&fini); /* the program finalized MPI itself: nothing to wait with */
  if (fini || exit_comm == MPI_COMM_NULL || MPI_Ibarrier(exit_comm, &req) != MPI_SUCCESS) return 0;
  struct timespec start, now, pause = {0, 1000 * 1000};
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (;;) {
    int done = 0;
    if (MPI_Test(&req, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS) return 0;
    if (done) return 1;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec - start.tv_sec >= EXIT_WAIT_S) return 0; /* the request dies with the job */
    nanosleep(&pause, NULL);
  }
}

int dart__crash_exit_check(void) {
  if (aborting || !dart__initialized || !dart__state.config.crash_report || getpid() != dart_pid) return 0;
  if (all_units_exit()) {
    if (dart__state.myid == 0)
      fputs(
          "[dart unit 0] warning: every unit left the program without dart_exit (or dash::finalize); "
          "finalizing at exit\n",
          stderr);
    return 1;
  }
  char line[200];
  size_t len = 0;
  put_str(line, sizeof line, &len, "[dart unit ");
  put_int(line, sizeof line, &len, dart__state.myid);
  put_str(line, sizeof line, &len, "] exiting without dart_exit (returned from main or called exit) on ");
  put_str(line, sizeof line, &len, crash_host);
  put_str(line, sizeof line, &len, " while other units still run; aborting the job\n");
  write_all(line, len);
  dart__abort_job(1);
}

void dart__abort_job(int code) {
  aborting = 1;
  fflush(NULL);
  int init = 0, fini = 0;
  MPI_Initialized(&init);
  MPI_Finalized(&fini);
  if (init && !fini && !dart__mpi_foreign) {
    struct timespec pause = {0, 100 * 1000 * 1000};
    nanosleep(&pause, NULL);
    MPI_Abort(MPI_COMM_WORLD, code);
  }
  _exit(code);
}

void dart__crash_report_fini(void) {
  if (exit_comm != MPI_COMM_NULL) MPI_Comm_free(&exit_comm);
}

void dart__crash_report_init(MPI_Comm world) {
  if (!dart__state.config.crash_report) return;
  if (MPI_Comm_dup(world, &exit_comm) != MPI_SUCCESS) exit_comm = MPI_COMM_NULL;
  dart_pid = getpid();
  crash_unit = dart__state.myid;
  if (gethostname(crash_host, sizeof crash_host - 1) != 0) strcpy(crash_host, "?");
  if (handlers_installed) return;
  /* backtrace() loads libgcc on its first call, which is not safe inside a
   * signal handler: make that call here. */
  void *frame[1];
  (void)backtrace(frame, 1);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_fatal_signal;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  for (int k = 0; k < NFATAL; k++) sigaction(fatal_signals[k], &sa, &previous[k]);
  handlers_installed = 1;
}
