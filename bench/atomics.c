/* Benchmark 4: atomics and locks.
 *
 * fetch_add, cas: unit 0 updates a 64-bit integer on unit 1 (itself with
 * one unit), ns per call:
 *   dart          dart_fetch_and_op(SUM) / dart_compare_and_swap
 *   mpi_allocate  MPI_Fetch_and_op / MPI_Compare_and_swap + MPI_Win_flush,
 *                 MPI_Win_allocate window
 *   mpi_shared    the same on an MPI_Win_allocate_shared window
 *   mpi_create    the same on an MPI_Win_create window (DART's MPI path)
 *   cpu           __atomic_fetch_add / __atomic_compare_exchange_n on the
 *                 target's shared memory (sequentially consistent)
 * lock_uncontended: unit 0 acquires and releases, the others wait.
 * lock_contended: every unit acquires and releases in a loop; ns per
 *                 acquisition (wall time / all acquisitions).
 *   dart          dart_lock_acquire / dart_lock_release (MCS queue lock)
 *   mpi_allocate  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, unit 0) / MPI_Win_unlock
 *                 with an empty epoch (an implementation may defer the lock
 *                 until an operation or the unlock)
 * A DART call that does not return DART_OK (not implemented yet) is
 * reported as n/a. */
#include "bench.h"

enum { V_DART, V_MPI_ALLOCATE, V_MPI_SHARED, V_MPI_CREATE, V_CPU, NV };
static const char *vname[NV] = {"dart", "mpi_allocate", "mpi_shared", "mpi_create", "cpu"};
enum { OP_FADD, OP_CAS, NOPS };
static const char *opname[NOPS] = {"fetch_add", "cas"};

typedef struct {
  dart_gptr_t g;
  bench_win_t w[NV];
  int dart_ok[NOPS];
} ctx_t;

static int available(const ctx_t *c, int v, int op) {
  if (v == V_DART) return c->dart_ok[op];
  if (v == V_CPU) return c->w[V_MPI_SHARED].peer != NULL;
  return c->w[v].target != MPI_UNDEFINED;
}

static double run(ctx_t *c, int v, int op, long reps) {
  int64_t one = 1, res = 0, cmp = 0, val = 0;
  volatile int64_t sink = 0;
  double t0 = bench_now();
  if (v == V_DART) {
    if (op == OP_FADD)
      for (long r = 0; r < reps; r++)
        DCHECK(dart_fetch_and_op(c->g, &one, &res, DART_TYPE_INT64, DART_OP_SUM));
    else
      for (long r = 0; r < reps; r++) {
        val = cmp + 1;
        DCHECK(dart_compare_and_swap(c->g, &val, &cmp, &res, DART_TYPE_INT64));
        cmp = res;
      }
  } else if (v == V_CPU) {
    int64_t *p = (int64_t *)c->w[V_MPI_SHARED].peer;
    if (op == OP_FADD)
      for (long r = 0; r < reps; r++) res = __atomic_fetch_add(p, one, __ATOMIC_SEQ_CST);
    else
      for (long r = 0; r < reps; r++) {
        int64_t e = cmp;
        __atomic_compare_exchange_n(p, &e, cmp + 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
        cmp = e == cmp ? cmp + 1 : e;
      }
  } else {
    MPI_Win win = c->w[v].win;
    int t = c->w[v].target;
    if (op == OP_FADD)
      for (long r = 0; r < reps; r++) {
        MCHECK(MPI_Fetch_and_op(&one, &res, MPI_INT64_T, t, 0, MPI_SUM, win));
        MCHECK(MPI_Win_flush(t, win));
      }
    else
      for (long r = 0; r < reps; r++) {
        val = cmp + 1;
        MCHECK(MPI_Compare_and_swap(&val, &cmp, &res, MPI_INT64_T, t, 0, win));
        MCHECK(MPI_Win_flush(t, win));
        cmp = res;
      }
  }
  double t = bench_now() - t0;
  sink = res;
  (void)sink;
  return t;
}

/* ---- locks ---- */

typedef struct {
  dart_lock_t lock; /* DART_LOCK_NULL if not available */
  MPI_Win win;      /* for MPI_Win_lock, no lock_all epoch */
  void *mem;
} locks_t;

static double run_lock(locks_t *l, int v, long reps) {
  double t0 = bench_now();
  if (v == V_DART)
    for (long r = 0; r < reps; r++) {
      DCHECK(dart_lock_acquire(l->lock));
      DCHECK(dart_lock_release(l->lock));
    }
  else
    for (long r = 0; r < reps; r++) {
      MCHECK(MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, l->win));
      MCHECK(MPI_Win_unlock(0, l->win));
    }
  return bench_now() - t0;
}

int main(int argc, char **argv) {
  bench_t b;
  bench_init(&argc, &argv, &b, 5, 3, 20000);
  int target = b.nranks > 1 ? 1 : 0;
  ctx_t c;
  memset(&c, 0, sizeof c);
  DCHECK(dart_team_memalloc_aligned(DART_TEAM_ALL, 64, &c.g));
  DCHECK(dart_gptr_setunit(&c.g, target));
  for (int v = V_MPI_ALLOCATE; v <= V_MPI_CREATE; v++)
    bench_win_init(&c.w[v],
                   v == V_MPI_ALLOCATE ? BENCH_WIN_ALLOCATE
                   : v == V_MPI_SHARED ? BENCH_WIN_SHARED
                                       : BENCH_WIN_CREATE,
                   64, target);
  if (b.me == 0) {
    int64_t one = 1, res, cmp = 0;
    dart_ret_t r1 = dart_fetch_and_op(c.g, &one, &res, DART_TYPE_INT64, DART_OP_SUM);
    dart_ret_t r2 = dart_compare_and_swap(c.g, &one, &cmp, &res, DART_TYPE_INT64);
    c.dart_ok[OP_FADD] = r1 == DART_OK;
    c.dart_ok[OP_CAS] = r2 == DART_OK;
    if (r1 != DART_OK) printf("# n/a: dart_fetch_and_op returned %d (%s)\n", (int)r1, dart_strerror(r1));
    if (r2 != DART_OK) printf("# n/a: dart_compare_and_swap returned %d (%s)\n", (int)r2, dart_strerror(r2));
  }

  if (b.me == 0) {
    printf("op,variant,ns\n");
  }
  static double ts[NV][BENCH_MAX_TRIALS];
  long reps[NV];
  for (int op = 0; op < NOPS; op++) {
    if (b.me == 0)
      for (int v = 0; v < NV; v++) {
        reps[v] = 0;
        if (!available(&c, v, op)) continue;
        run(&c, v, op, 2);
        reps[v] = bench_calibrate(&b, run(&c, v, op, 4) / 4, 2);
      }
    for (int tr = 0; tr < b.trials; tr++)
      for (int vi = 0; vi < NV; vi++) {
        int v = (vi + tr) % NV; /* rotated order, see bench.h */
        MPI_Barrier(MPI_COMM_WORLD);
        if (b.me == 0) ts[v][tr] = reps[v] ? run(&c, v, op, reps[v]) / (double)reps[v] : NAN;
      }
    if (b.me == 0) {
      for (int v = 0; v < NV; v++) {
        printf("%s,%s", opname[op], vname[v]);
        bench_print_num(bench_median(ts[v], b.trials) * 1e9);
        printf("\n");
      }
      fflush(stdout);
    }
  }

  /* Locks. */
  locks_t l;
  memset(&l, 0, sizeof l);
  dart_ret_t lr = dart_team_lock_init(DART_TEAM_ALL, &l.lock);
  int ok = lr == DART_OK, all_ok = 0;
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (!all_ok) {
    if (b.me == 0) printf("# n/a: dart_team_lock_init returned %d (%s)\n", (int)lr, dart_strerror(lr));
    l.lock = DART_LOCK_NULL;
  } else if (b.me == 0) { /* acquire may still be missing */
    dart_ret_t a = dart_lock_acquire(l.lock);
    if (a != DART_OK || dart_lock_release(l.lock) != DART_OK) all_ok = 0;
    if (a != DART_OK) printf("# n/a: dart_lock_acquire returned %d (%s)\n", (int)a, dart_strerror(a));
  }
  MPI_Bcast(&all_ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MCHECK(MPI_Win_allocate(64, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &l.mem, &l.win));
  MPI_Barrier(MPI_COMM_WORLD);
  for (int contended = 0; contended <= 1; contended++) {
    long lreps[2] = {0, 0};
    for (int v = 0; v < 2; v++) { /* warm-up and calibration (all units when contended) */
      int vv = v ? V_MPI_ALLOCATE : V_DART;
      if (vv == V_DART && !all_ok) continue;
      double per = 0;
      MPI_Barrier(MPI_COMM_WORLD);
      if (contended || b.me == 0) {
        run_lock(&l, vv, 2);
        per = run_lock(&l, vv, 4) / 4;
      }
      MPI_Bcast(&per, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
      lreps[v] = bench_calibrate(&b, per, 2);
    }
    for (int tr = 0; tr < b.trials; tr++)
      for (int vi = 0; vi < 2; vi++) {
        int v = (vi + tr) % 2, vv = v ? V_MPI_ALLOCATE : V_DART;
        MPI_Barrier(MPI_COMM_WORLD);
        double t = NAN;
        if (lreps[v] && (contended || b.me == 0)) t = run_lock(&l, vv, lreps[v]);
        if (contended) {
          double tmax;
          MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
          t = tmax / (double)b.nranks;
        }
        ts[vv][tr] = lreps[v] ? t / (double)lreps[v] : NAN;
      }
    if (b.me == 0) {
      for (int v = 0; v < 2; v++) {
        int vv = v ? V_MPI_ALLOCATE : V_DART;
        printf("%s,%s", contended ? "lock_contended" : "lock_uncontended", vname[vv]);
        bench_print_num(bench_median(ts[vv], b.trials) * 1e9);
        printf("\n");
      }
      fflush(stdout);
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MCHECK(MPI_Win_free(&l.win));
  if (all_ok)
    DCHECK(dart_team_lock_destroy(&l.lock));
  else if (l.lock != DART_LOCK_NULL)
    dart_team_lock_destroy(&l.lock);
  for (int v = V_MPI_ALLOCATE; v <= V_MPI_CREATE; v++) bench_win_free(&c.w[v]);
  DCHECK(dart_team_memfree(c.g));
  DCHECK(dart_exit());
  return 0;
}
