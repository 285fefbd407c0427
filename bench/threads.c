/* Benchmark 11: threads.
 *
 * rate: aggregate rate (million operations per second, all units) of 8 B
 * dart_put_blocking and of dart_fetch_and_op(SUM) on int64, with T OpenMP
 * threads per unit at DART_THREAD_MULTIPLE (--threads 1,2,4). Unit u works
 * on unit (u + n/2) % n (itself with one unit); each thread on its own
 * page there. bench/run compares T threads at 2 units with 2T
 * single-threaded processes (this program, --threads 1, at 2T ranks): the
 * same number of issuing streams, as threads or as MPI processes (those
 * with MPI and DART at their single-thread level, --level single, as a
 * program without threads would run).
 *
 * fastpath: the single-thread cost of 8 B dart_put_blocking and
 * dart_get_blocking from unit 0 to unit 1 (itself with one unit), with the
 * runtime started at DART_THREAD_SINGLE and at DART_THREAD_MULTIPLE: the
 * runtime is started and stopped once per trial, levels alternating (MPI
 * stays at MPI_THREAD_MULTIPLE), median ns per call.
 *
 * Options: --threads 1,2,4; --no-fastpath; --no-rate; --level single (MPI
 * and DART at their single-thread level: one thread, rate only). */
#include <omp.h>
#include "bench.h"

#define MAX_THREADS 16
#define LINE 4096 /* a page per thread: no false sharing, not even by adjacent-line prefetch */

enum { OP_PUT, OP_FADD, NOPS };
static const char *opname[NOPS] = {"put", "fetch_add"};

/* Runs reps operations of op on each of nthreads threads; returns the wall
 * time from the first unit's start to the last unit's end (all units run on
 * this machine: one CLOCK_MONOTONIC). Not each unit's own time: on
 * oversubscribed cores a unit that is not scheduled would start its clock
 * late and look fast. */
static double rate_trial(dart_gptr_t g, int op, int nthreads, long reps) {
  DCHECK(dart_barrier(DART_TEAM_ALL));
  double t0 = bench_now();
#pragma omp parallel num_threads(nthreads)
  {
    dart_gptr_t mine = g;
    DCHECK(dart_gptr_incaddr(&mine, (int64_t)omp_get_thread_num() * LINE));
    int64_t v = 1, old = 0;
    if (op == OP_PUT)
      for (long r = 0; r < reps; r++)
        DCHECK(dart_put_blocking(mine, &v, 1, DART_TYPE_INT64, DART_TYPE_INT64));
    else
      for (long r = 0; r < reps; r++) DCHECK(dart_fetch_and_op(mine, &v, &old, DART_TYPE_INT64, DART_OP_SUM));
  }
  double t1 = bench_now(), first = 0, last = 0;
  MPI_Allreduce(&t0, &first, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
  MPI_Allreduce(&t1, &last, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return last - first;
}

static void rate(bench_t *b, const size_t *threads, int nt) {
  dart_gptr_t g;
  DCHECK(dart_team_memalloc_aligned(DART_TEAM_ALL, MAX_THREADS * LINE, &g));
  DCHECK(dart_gptr_setunit(&g, (b->me + b->nranks / 2) % b->nranks));
  /* Calls per thread and trial: a trial of one thread lasts about trial_ms
   * (the slowest unit decides, so that all units agree). */
  long reps[NOPS];
  int most = 1;
  for (int i = 0; i < nt; i++) most = (int)threads[i] > most ? (int)threads[i] : most;
#pragma omp parallel num_threads(most) /* the OpenMP runtime starts its threads here, untimed */
  { (void)omp_get_thread_num(); }
  /* A trial of one thread lasts about 5 trial_ms (at most 10 --reps calls
   * per thread), long against the spread of the units' starts. Calibrated
   * on each unit's own clock, the slowest unit deciding. */
  bench_t longer = *b;
  longer.reps = 10 * b->reps;
  longer.trial_s = 5 * b->trial_s;
  for (int op = 0; op < NOPS; op++) {
    dart_gptr_t mine = g;
    int64_t v = 1, old = 0;
    DCHECK(dart_barrier(DART_TEAM_ALL));
    double t0 = bench_now(), per;
    for (int r = 0; r < 1000; r++)
      DCHECK(op == OP_PUT ? dart_put_blocking(mine, &v, 1, DART_TYPE_INT64, DART_TYPE_INT64)
                          : dart_fetch_and_op(mine, &v, &old, DART_TYPE_INT64, DART_OP_SUM));
    per = (bench_now() - t0) / 1000;
    MPI_Allreduce(MPI_IN_PLACE, &per, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    reps[op] = bench_calibrate(&longer, per, 50);
  }
  double mops[NOPS][BENCH_MAX_SIZES][BENCH_MAX_TRIALS];
  for (int trial = 0; trial < b->trials; trial++)
    for (int k = 0; k < nt * NOPS; k++) { /* rotating order: see bench.h */
      int idx = (k + trial) % (nt * NOPS), op = idx % NOPS, ti = idx / NOPS, T = (int)threads[ti];
      double s = rate_trial(g, op, T, reps[op]);
      mops[op][ti][trial] = (double)b->nranks * T * (double)reps[op] / s / 1e6;
    }
  if (b->me == 0) {
    printf("@table threads_rate\nop,threads,ranks,mops,reps\n");
    for (int op = 0; op < NOPS; op++)
      for (int ti = 0; ti < nt; ti++)
        printf("%s,%zu,%d,%.6g,%ld\n", opname[op], threads[ti], b->nranks,
               bench_median(mops[op][ti], b->trials), reps[op]);
  }
  DCHECK(dart_gptr_setunit(&g, 0));
  DCHECK(dart_team_memfree(g));
}

/* ns per call of 8 B put_blocking / get_blocking, unit 0 to unit 1. */
static void fastpath_trial(const bench_t *b, long reps, double ns[2]) {
  dart_gptr_t g;
  DCHECK(dart_team_memalloc_aligned(DART_TEAM_ALL, LINE, &g));
  DCHECK(dart_gptr_setunit(&g, b->nranks > 1 ? 1 : 0));
  int64_t v = 7;
  DCHECK(dart_barrier(DART_TEAM_ALL));
  if (b->me == 0) {
    for (int op = 0; op < 2; op++) {
      for (long r = 0; r < reps / 10; r++) /* warm-up */
        DCHECK(op ? dart_get_blocking(&v, g, 1, DART_TYPE_INT64, DART_TYPE_INT64)
                  : dart_put_blocking(g, &v, 1, DART_TYPE_INT64, DART_TYPE_INT64));
      double t0 = bench_now();
      if (op == 0)
        for (long r = 0; r < reps; r++) DCHECK(dart_put_blocking(g, &v, 1, DART_TYPE_INT64, DART_TYPE_INT64));
      else
        for (long r = 0; r < reps; r++) DCHECK(dart_get_blocking(&v, g, 1, DART_TYPE_INT64, DART_TYPE_INT64));
      ns[op] = (bench_now() - t0) / (double)reps * 1e9;
    }
  }
  DCHECK(dart_barrier(DART_TEAM_ALL));
  DCHECK(dart_gptr_setunit(&g, 0));
  DCHECK(dart_team_memfree(g));
}

static void fastpath(bench_t *b, int *argc, char ***argv) {
  static const dart_thread_support_level_t level[2] = {DART_THREAD_SINGLE, DART_THREAD_MULTIPLE};
  static const char *lname[2] = {"single", "multiple"};
  double ns[2][2][BENCH_MAX_TRIALS]; /* [level][op][trial] */
  long reps = b->reps;
  for (int trial = 0; trial < b->trials; trial++)
    for (int k = 0; k < 2; k++) {
      int l = (k + trial) % 2;
      dart_thread_support_level_t provided;
      DCHECK(dart_init_thread(argc, argv, level[l], &provided));
      if (provided != level[l]) bench_fail("dart_init_thread: level not provided", (int)provided);
      double t[2] = {NAN, NAN};
      fastpath_trial(b, reps, t);
      ns[l][0][trial] = t[0];
      ns[l][1][trial] = t[1];
      DCHECK(dart_exit());
    }
  if (b->me == 0) {
    printf("@table threads_fastpath\nop,level,ns,reps\n");
    for (int op = 0; op < 2; op++)
      for (int l = 0; l < 2; l++)
        printf("%s,%s,%.6g,%ld\n", op ? "get" : "put", lname[l], bench_median(ns[l][op], b->trials), reps);
  }
}

int main(int argc, char **argv) {
  const char *lv = bench_arg(argc, argv, "--level");
  int single = lv && strcmp(lv, "single") == 0, want = single ? MPI_THREAD_SINGLE : MPI_THREAD_MULTIPLE,
      provided;
  MPI_Init_thread(&argc, &argv, want, &provided);
  if (provided < want) {
    fprintf(stderr, "threads: MPI does not provide MPI_THREAD_MULTIPLE\n");
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  bench_t b;
  dart_thread_support_level_t level, dlevel = single ? DART_THREAD_SINGLE : DART_THREAD_MULTIPLE;
  DCHECK(dart_init_thread(&argc, &argv, dlevel, &level));
  if (level != dlevel) bench_fail("dart_init_thread: level not provided", level);
  bench_setup(&argc, &argv, &b, 7, 2, 100000);
  static const size_t dflt_threads[] = {1, 2, 4, 0};
  size_t threads[BENCH_MAX_SIZES];
  int nt = bench_arg_sizes(argc, argv, "--threads", dflt_threads, threads);
  for (int i = 0; i < nt; i++)
    if (threads[i] < 1 || threads[i] > MAX_THREADS || (single && threads[i] > 1))
      bench_fail("--threads: 1 .. 16 threads (1 with --level single)", (int)threads[i]);
  if (!bench_flag(argc, argv, "--no-rate")) rate(&b, threads, nt);
  DCHECK(dart_exit());
  if (!single && !bench_flag(argc, argv, "--no-fastpath")) fastpath(&b, &argc, &argv);
  MPI_Finalize();
  return 0;
}
