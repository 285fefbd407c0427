/* Benchmark 5: allocation latency.
 *
 * Table alloc_sizes, 1 KiB .. 64 MiB per unit, ns per call (max over
 * units of the mean per call, median over trials), each call preceded by a
 * barrier:
 *   barrier       MPI_Barrier (the yardstick of a collective call)
 *   dart_coll     dart_team_memalloc_aligned / dart_team_memfree on DART_TEAM_ALL
 *   dart_local    dart_memalloc / dart_memfree (non-collective)
 *   mpi_allocate  MPI_Win_allocate / MPI_Win_free
 *   mpi_shared    MPI_Win_allocate_shared / MPI_Win_free (node communicator)
 * (The MPI windows are bare: a program would still call MPI_Win_lock_all;
 * DART's segments are ready for one-sided access on return.)
 *
 * Table alloc_count: N collective allocate/free pairs of 1 KiB in a row on a
 * fresh team; the cost of the 1st (which reserves the team's memory pool),
 * the median of the 2nd..101st, and the median of the last 100 (the Nth).
 * --alloc-count N (default 100,000); --alloc-count-max-s caps the time.
 *
 * Table alloc_live: L collective allocations of 1 KiB kept alive, then
 * freed oldest first; median cost per decade of live allocations.
 *
 * Table barrier: ns per call (max over units of the mean, median over
 * trials, variants interleaved) of MPI_Barrier, dart_barrier, and one
 * dart_team_memalloc_aligned + dart_team_memfree pair of 1 KiB (OpenSHMEM's
 * shmem_malloc + shmem_free are a barrier each: OSHMPI's pair costs two
 * MPI barriers plus window flushes). */
#include "bench.h"

enum { V_BARRIER, V_DART_COLL, V_DART_LOCAL, V_MPI_ALLOCATE, V_MPI_SHARED, NV };
static const char *vname[NV] = {"barrier", "dart_coll", "dart_local", "mpi_allocate", "mpi_shared"};

typedef struct {
  MPI_Comm shm;
} ctx_t;

/* reps x (barrier; time alloc; barrier; time free); mean seconds per call. */
static void run(ctx_t *c, int v, size_t sz, long reps, double *ta, double *tf) {
  double sa = 0, sf = 0;
  for (long r = 0; r < reps; r++) {
    dart_gptr_t g;
    MPI_Win win;
    void *base;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = bench_now();
    switch (v) {
      case V_BARRIER: MPI_Barrier(MPI_COMM_WORLD); break;
      case V_DART_COLL: DCHECK(dart_team_memalloc_aligned(DART_TEAM_ALL, sz, &g)); break;
      case V_DART_LOCAL: DCHECK(dart_memalloc(sz, &g)); break;
      case V_MPI_ALLOCATE:
        MCHECK(MPI_Win_allocate((MPI_Aint)sz, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win));
        break;
      default: MCHECK(MPI_Win_allocate_shared((MPI_Aint)sz, 1, MPI_INFO_NULL, c->shm, &base, &win)); break;
    }
    double t1 = bench_now();
    MPI_Barrier(MPI_COMM_WORLD);
    double t2 = bench_now();
    switch (v) {
      case V_BARRIER: MPI_Barrier(MPI_COMM_WORLD); break;
      case V_DART_COLL: DCHECK(dart_team_memfree(g)); break;
      case V_DART_LOCAL: DCHECK(dart_memfree(g)); break;
      default: MCHECK(MPI_Win_free(&win)); break;
    }
    double t3 = bench_now();
    sa += t1 - t0;
    sf += t3 - t2;
  }
  double mine[2] = {sa / (double)reps, sf / (double)reps}, mx[2];
  MPI_Allreduce(mine, mx, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  *ta = mx[0];
  *tf = mx[1];
}

static void sizes_table(bench_t *b, ctx_t *c, int argc, char **argv) {
  static const size_t dflt[] = {1 << 10, 16 << 10, 256 << 10, 1 << 20, 4 << 20, 16 << 20, 64 << 20, 0};
  static const size_t dflt_quick[] = {1 << 10, 1 << 20, 0};
  size_t sizes[BENCH_MAX_SIZES];
  int ns = bench_arg_sizes(argc, argv, "--alloc-sizes", b->quick ? dflt_quick : dflt, sizes);
  if (b->me == 0) {
    printf("@table alloc_sizes\nbytes");
    for (int v = 0; v < NV; v++) printf(",%s_alloc_ns,%s_free_ns", vname[v], vname[v]);
    printf("\n");
  }
  static double ta[NV][BENCH_MAX_TRIALS], tf[NV][BENCH_MAX_TRIALS];
  long reps[NV];
  long maxreps = b->quick ? 10 : 50;
  for (int i = 0; i < ns; i++) {
    size_t sz = sizes[i];
    for (int v = 0; v < NV; v++) { /* warm-up and calibration, agreed by all */
      double a, f;
      run(c, v, sz, 1, &a, &f);
      run(c, v, sz, 1, &a, &f);
      double per = a + f;
      MPI_Bcast(&per, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
      reps[v] = bench_calibrate(b, per, 1);
      if (reps[v] > maxreps) reps[v] = maxreps;
    }
    for (int tr = 0; tr < b->trials; tr++)
      for (int vi = 0; vi < NV; vi++) {
        int v = (vi + tr) % NV; /* rotated order, see bench.h */
        run(c, v, sz, reps[v], &ta[v][tr], &tf[v][tr]);
      }
    if (b->me == 0) {
      printf("%zu", sz);
      for (int v = 0; v < NV; v++) {
        bench_print_num(bench_median(ta[v], b->trials) * 1e9);
        bench_print_num(bench_median(tf[v], b->trials) * 1e9);
      }
      printf("\n");
      fflush(stdout);
    }
  }
}

/* A team of all units, distinct from DART_TEAM_ALL (whose pool exists). */
static dart_team_t fresh_team(void) {
  dart_group_t g;
  dart_team_t t;
  DCHECK(dart_team_get_group(DART_TEAM_ALL, &g));
  DCHECK(dart_team_create(DART_TEAM_ALL, g, &t));
  DCHECK(dart_group_destroy(&g));
  return t;
}

static double median_range(const double *v, long from, long to) { /* [from, to) */
  long n = to - from;
  double *w = malloc(sizeof *w * (size_t)(n > 0 ? n : 1));
  if (!w) abort();
  memcpy(w, v + from, sizeof *w * (size_t)n);
  qsort(w, (size_t)n, sizeof *w, bench_cmp_double);
  double m = n <= 0 ? NAN : n % 2 ? w[n / 2] : 0.5 * (w[n / 2 - 1] + w[n / 2]);
  free(w);
  return m;
}

static void count_table(bench_t *b) {
  long n = bench_arg_long(b->argc, b->argv, "--alloc-count", b->quick ? 300 : 100000);
  if (n < 200) n = 200;
  double *t = malloc(sizeof *t * (size_t)n), *tmax = malloc(sizeof *t * (size_t)n);
  if (!t || !tmax) abort();
  /* A time cap keeps an overloaded machine from stalling the run: unit 0
   * decides every 1,000 allocations, and the count reached is reported. */
  double cap = (double)bench_arg_long(b->argc, b->argv, "--alloc-count-max-s", b->quick ? 2 : 150);
  dart_team_t team = fresh_team();
  MPI_Barrier(MPI_COMM_WORLD);
  double start = bench_now();
  for (long i = 0; i < n; i++) {
    dart_gptr_t g;
    double t0 = bench_now();
    DCHECK(dart_team_memalloc_aligned(team, 1024, &g));
    t[i] = bench_now() - t0;
    DCHECK(dart_team_memfree(g));
    if ((i + 1) % 100 == 0 && i + 1 >= 200) {
      int stop = b->me == 0 && bench_now() - start > cap;
      MPI_Bcast(&stop, 1, MPI_INT, 0, MPI_COMM_WORLD);
      if (stop) {
        n = i + 1;
        break;
      }
    }
  }
  MPI_Reduce(t, tmax, (int)n, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  DCHECK(dart_team_destroy(&team));
  if (b->me == 0) {
    printf("@table alloc_count\ncount,first_ns,early_ns,last_ns\n");
    printf("%ld,%.6g,%.6g,%.6g\n", n, tmax[0] * 1e9, median_range(tmax, 1, 101) * 1e9,
           median_range(tmax, n - 100, n) * 1e9);
    fflush(stdout);
  }
  free(t);
  free(tmax);
}

static void live_table(bench_t *b) {
  long n = bench_arg_long(b->argc, b->argv, "--alloc-live", b->quick ? 50 : 10000);
  if (n > 30000) n = 30000; /* segment ids per team: 32,767 */
  if (n < 10) n = 10;
  double *ta = malloc(sizeof *ta * (size_t)n), *tf = malloc(sizeof *tf * (size_t)n);
  double *ma = malloc(sizeof *ta * (size_t)n), *mf = malloc(sizeof *tf * (size_t)n);
  dart_gptr_t *g = malloc(sizeof *g * (size_t)n);
  if (!ta || !tf || !ma || !mf || !g) abort();
  dart_team_t team = fresh_team();
  dart_gptr_t first;
  DCHECK(dart_team_memalloc_aligned(team, 1024, &first)); /* pool reserved outside the timing */
  MPI_Barrier(MPI_COMM_WORLD);
  for (long i = 0; i < n; i++) {
    double t0 = bench_now();
    DCHECK(dart_team_memalloc_aligned(team, 1024, &g[i]));
    ta[i] = bench_now() - t0;
  }
  for (long i = 0; i < n; i++) { /* oldest first: tf[i] is at n - i live */
    double t0 = bench_now();
    DCHECK(dart_team_memfree(g[i]));
    tf[n - 1 - i] = bench_now() - t0;
  }
  DCHECK(dart_team_memfree(first));
  MPI_Reduce(ta, ma, (int)n, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  MPI_Reduce(tf, mf, (int)n, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  DCHECK(dart_team_destroy(&team));
  if (b->me == 0) {
    printf("@table alloc_live\nlive_from,live_to,alloc_ns,free_ns\n");
    for (long lo = 1; lo <= n; lo *= 10) {
      long hi = lo * 10 - 1 < n ? lo * 10 - 1 : n;
      printf("%ld,%ld,%.6g,%.6g\n", lo, hi, median_range(ma, lo - 1, hi) * 1e9,
             median_range(mf, lo - 1, hi) * 1e9);
    }
    fflush(stdout);
  }
  free(ta);
  free(tf);
  free(ma);
  free(mf);
  free(g);
}

static void barrier_table(bench_t *b) {
  enum { B_MPI, B_DART, B_PAIR, NB };
  static double t[NB][BENCH_MAX_TRIALS];
  long reps = b->quick ? 20 : 300;
  for (int tr = -1; tr < b->trials; tr++) /* trial -1: warm-up */
    for (int vi = 0; vi < NB; vi++) {
      int v = (vi + (tr < 0 ? 0 : tr)) % NB;
      MPI_Barrier(MPI_COMM_WORLD);
      double t0 = bench_now();
      for (long r = 0; r < reps; r++) {
        dart_gptr_t g;
        if (v == B_MPI) MCHECK(MPI_Barrier(MPI_COMM_WORLD));
        if (v == B_DART) DCHECK(dart_barrier(DART_TEAM_ALL));
        if (v == B_PAIR) {
          DCHECK(dart_team_memalloc_aligned(DART_TEAM_ALL, 1024, &g));
          DCHECK(dart_team_memfree(g));
        }
      }
      double mine = (bench_now() - t0) / (double)reps, mx;
      MPI_Allreduce(&mine, &mx, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      if (tr >= 0) t[v][tr] = mx;
    }
  if (b->me == 0) {
    printf("@table barrier\nranks,mpi_barrier_ns,dart_barrier_ns,dart_alloc_free_ns\n%d", b->nranks);
    for (int v = 0; v < NB; v++) bench_print_num(bench_median(t[v], b->trials) * 1e9);
    printf("\n");
    fflush(stdout);
  }
}

int main(int argc, char **argv) {
  setenv("DART_LOCAL_POOL", "160M", 0); /* room for the 64 MiB dart_memalloc */
  bench_t b;
  bench_init(&argc, &argv, &b, 5, 3, 1000);
  ctx_t c;
  MCHECK(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &c.shm));
  const char *only = bench_arg(argc, argv, "--only");
  if (!only || strstr(only, "count")) count_table(&b);
  if (!only || strstr(only, "sizes")) sizes_table(&b, &c, argc, argv);
  if (!only || strstr(only, "live")) live_table(&b);
  if (!only || strstr(only, "barrier")) barrier_table(&b);
  MPI_Comm_free(&c.shm);
  DCHECK(dart_exit());
  return 0;
}
