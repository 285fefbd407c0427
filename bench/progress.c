/* Benchmark: asynchronous progress (DART_PROGRESS, docs/environment.md).
 *
 * Table progress, one row per run (bench/run runs it at 4 units across
 * virtual nodes, with DART_PROGRESS=none and =thread):
 *   busy_ops_per_s  unit 0 issues dart_fetch_and_op (int64 sum) spread
 *                   round-robin over the other units while they compute
 *                   without calling DART or MPI (arithmetic until their
 *                   counter, read with local atomics, reaches their share,
 *                   or until a time cap); fetch-adds completed per second
 *                   by unit 0, stopping at --progress-max-s seconds
 *   idle_ops_per_s  the same while the targets wait in dart_barrier (in
 *                   MPI): the common case, where the thread should cost
 *                   nothing
 *   spread_ops_per_s      every unit issues --progress-spread fetch-adds,
 *                   round-robin over the other units, all at once: the
 *                   fetch-adds of all units per second (the slowest
 *                   unit's time); each target is itself waiting in a
 *                   fetch-add (the case of a crowded node: the waits, not
 *                   the progress thread, decide it)
 *   spread_mpi_ops_per_s  the same with MPI_Fetch_and_op + MPI_Win_flush
 *                   on an MPI_Win_create window under MPI_Win_lock_all:
 *                   DART's MPI path did exactly this before its waits
 *                   polled on crowded nodes, the baseline
 * The fetched values are checked (unit 0 is the only adder); after the
 * spread phases every counter holds what all units added. */
#include <time.h>
#include "bench.h"

static double now_s(void) { /* no MPI call: the targets use it while they compute */
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Unit 0: up to n fetch-adds spread over units 1.., at most cap seconds;
 * returns how many completed, *secs their time. */
static long drive(dart_gptr_t g, int nranks, long n, double cap, long *expect, double *secs) {
  double t0 = now_s();
  long done = 0;
  for (; done < n && now_s() - t0 < cap; done++) {
    int t = 1 + (int)(done % (nranks - 1));
    dart_gptr_t target = g;
    dart_gptr_setunit(&target, t);
    int64_t one = 1, old = -1;
    DCHECK(dart_fetch_and_op(target, &one, &old, DART_TYPE_INT64, DART_OP_SUM));
    if (old != expect[t]++) {
      fprintf(stderr, "progress: unit %d returned %lld, expected %ld\n", t, (long long)old, expect[t] - 1);
      MPI_Abort(MPI_COMM_WORLD, 4);
    }
  }
  *secs = now_s() - t0;
  return done;
}

/* Every unit: n fetch-adds of 1, round-robin over the other units, with
 * DART (g) or with raw MPI (win); returns the seconds. */
/* What unit me's counter gains in a spread phase: unit u's i-th
 * fetch-add goes to (u + 1 + i % (nranks - 1)) % nranks. */
static int64_t spread_expected(int me, int nranks, long n) {
  int64_t sum = 0;
  for (int u = 0; u < nranks; u++) {
    if (u == me) continue;
    int k = (me - u - 1 + 2 * nranks) % nranks; /* the i % (nranks - 1) that reaches me */
    sum += n / (nranks - 1) + (k < n % (nranks - 1));
  }
  return sum;
}

static double spread(dart_gptr_t g, MPI_Win win, int me, int nranks, long n) {
  MCHECK(MPI_Barrier(MPI_COMM_WORLD));
  double t0 = bench_now();
  for (long i = 0; i < n; i++) {
    int t = (me + 1 + (int)(i % (nranks - 1))) % nranks;
    int64_t one = 1, old;
    if (win == MPI_WIN_NULL) {
      dart_gptr_t target = g;
      dart_gptr_setunit(&target, t);
      DCHECK(dart_fetch_and_op(target, &one, &old, DART_TYPE_INT64, DART_OP_SUM));
    } else {
      MCHECK(MPI_Fetch_and_op(&one, &old, MPI_INT64_T, t, 0, MPI_SUM, win));
      MCHECK(MPI_Win_flush(t, win));
    }
  }
  return bench_now() - t0;
}

int main(int argc, char **argv) {
  bench_t b;
  bench_init(&argc, &argv, &b, 1, 1, 1);
  dart_config_t cfg;
  DCHECK(dart_config_get(&cfg));
  double cap = (double)bench_arg_long(argc, argv, "--progress-max-s", b.quick ? 2 : 10);
  long n = bench_arg_long(argc, argv, "--progress-ops", b.quick ? 300 : 3000);
  long nspread = bench_arg_long(argc, argv, "--progress-spread", b.quick ? 100 : 500);
  if (b.nranks < 2) {
    if (b.me == 0) printf("# n/a: progress needs 2 or more units\n");
    DCHECK(dart_exit());
    return 0;
  }
  dart_gptr_t g;
  DCHECK(dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int64_t), &g));
  dart_gptr_t mine = g;
  dart_gptr_setunit(&mine, b.me);
  int64_t *counter;
  DCHECK(dart_gptr_getaddr(mine, (void **)&counter));
  __atomic_store_n(counter, 0, __ATOMIC_RELEASE);
  long *expect = calloc((size_t)b.nranks, sizeof *expect);
  if (!expect) abort();
  long share = n / (b.nranks - 1);
  n = share * (b.nranks - 1);
  DCHECK(dart_barrier(DART_TEAM_ALL));
  /* Busy targets. */
  double busy_s = 0, idle_s = 0;
  long busy = 0, idle = 0;
  if (b.me == 0) {
    busy = drive(g, b.nranks, n, cap, expect, &busy_s);
  } else {
    volatile double x = 1.0;
    double t0 = now_s();
    while (__atomic_load_n(counter, __ATOMIC_ACQUIRE) < share && now_s() - t0 < 1.5 * cap + 1)
      for (int k = 0; k < 1000; k++) x = x * 1.0000001 + 1e-9;
  }
  DCHECK(dart_barrier(DART_TEAM_ALL));
  /* Idle targets: in dart_barrier, inside MPI. */
  if (b.me == 0) idle = drive(g, b.nranks, n, cap, expect, &idle_s);
  DCHECK(dart_barrier(DART_TEAM_ALL));
  /* Spread: DART, then raw MPI on a window of its own. */
  int64_t before = __atomic_load_n(counter, __ATOMIC_ACQUIRE);
  bench_win_t w;
  bench_win_init(&w, BENCH_WIN_CREATE, sizeof(int64_t), 0);
  double secs[2] = {spread(g, MPI_WIN_NULL, b.me, b.nranks, nspread),
                    spread(g, w.win, b.me, b.nranks, nspread)};
  double slowest[2];
  MCHECK(MPI_Allreduce(secs, slowest, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD));
  MCHECK(MPI_Win_sync(w.win)); /* every unit's flushes returned before the allreduce */
  DCHECK(dart_barrier(DART_TEAM_ALL));
  int64_t want = spread_expected(b.me, b.nranks, nspread);
  int bad = __atomic_load_n(counter, __ATOMIC_ACQUIRE) - before != want || *(int64_t *)w.base != want,
      anybad = 0;
  MCHECK(MPI_Allreduce(&bad, &anybad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD));
  if (anybad) {
    if (b.me == 0) fprintf(stderr, "progress: a spread counter holds a wrong sum\n");
    MPI_Abort(MPI_COMM_WORLD, 4);
  }
  bench_win_free(&w);
  if (b.me == 0) {
    double total = (double)nspread * b.nranks;
    printf(
        "@table progress\nprogress,ranks,busy_ops,busy_s,busy_ops_per_s,idle_ops,idle_s,idle_ops_per_s,"
        "spread_ops,spread_s,spread_ops_per_s,spread_mpi_s,spread_mpi_ops_per_s\n");
    printf("%s,%d,%ld,%.6g,%.6g,%ld,%.6g,%.6g,%.0f,%.6g,%.6g,%.6g,%.6g\n",
           cfg.progress_thread ? "thread" : "none", b.nranks, busy, busy_s, (double)busy / busy_s, idle,
           idle_s, (double)idle / idle_s, total, slowest[0], total / slowest[0], slowest[1],
           total / slowest[1]);
    fflush(stdout);
  }
  free(expect);
  DCHECK(dart_team_memfree(g));
  DCHECK(dart_exit());
  return 0;
}
