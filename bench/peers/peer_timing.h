/* Timing of the peer rows (bench/peers: dart_rows.c, oshmpi_rows.c, dash_rows.cc): the same loop for every
 * library, so that only the library differs. MPI only (every peer runs on
 * MPI and starts it itself). Output on rank 0: "row,ns" lines, ns per call
 * of the best trial: on a shared machine other processes only ever add
 * time (a descheduled target adds a time slice to a call that needs it), so
 * the minimum is the stable figure, as in bench/armci/armci_bench.c;
 * bench/benchlib/peers.py collects them. */
#ifndef PEER_TIMING_H
#define PEER_TIMING_H

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PEER_TRIALS_MAX 64

static int peer_trials = 15;       /* --trials N */
static double peer_trial_s = 2e-3; /* a trial lasts about this long */

static inline double peer_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline int peer_cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static inline void peer_options(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--quick")) {
      peer_trials = 5;
      peer_trial_s = 0.5e-3;
    }
    if (!strcmp(argv[i], "--trials") && i + 1 < argc) peer_trials = atoi(argv[++i]);
  }
  if (peer_trials < 1) peer_trials = 1;
  if (peer_trials > PEER_TRIALS_MAX) peer_trials = PEER_TRIALS_MAX;
}

/* Nanoseconds per call of op, best trial. One-sided rows: rank 0
 * calls, the others wait in `wait` (the library's barrier, which drives
 * their progress); collective rows: every rank calls, the batch size is
 * rank 0's. */
static inline double peer_time(void (*op)(void *), void *ctx, int collective, void (*wait)(void)) {
  int me;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  long iters = 1;
  double best = 0;
  if (me == 0 || collective) {
    for (int w = 0; w < 10; w++) op(ctx); /* warm-up */
    for (;;) {                            /* calibrate: rank 0 decides */
      double t0 = peer_now();
      for (long i = 0; i < iters; i++) op(ctx);
      int more = peer_now() - t0 < peer_trial_s && iters < (1L << 22);
      if (collective) MPI_Bcast(&more, 1, MPI_INT, 0, MPI_COMM_WORLD);
      if (!more) break;
      iters *= 2;
    }
    double t[PEER_TRIALS_MAX];
    for (int k = 0; k < peer_trials; k++) {
      double t0 = peer_now();
      for (long i = 0; i < iters; i++) op(ctx);
      t[k] = (peer_now() - t0) / (double)iters * 1e9;
    }
    qsort(t, (size_t)peer_trials, sizeof t[0], peer_cmp);
    best = t[0];
  }
  if (!collective) wait();
  return best;
}

static inline void peer_row(const char *row, double ns) {
  int me;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  if (me == 0) {
    printf("%s,%.2f\n", row, ns);
    fflush(stdout);
  }
}

#endif
