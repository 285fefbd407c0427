/* Benchmark 8: five-point Gauss-Seidel stencil (2D Laplace equation, see
 * stencil.h), N x N floats distributed by rows, until convergence: max
 * |change| of an iteration < --tol (1e-4), or --max-iter iterations.
 *
 * Every iteration: halo exchange, then the in-place sweep over the unit's
 * rows (halo rows hold the neighbours' values of the previous iteration),
 * then an allreduce of the largest change. Variants (the sweep is the same
 * function; only the halo exchange and the reduction differ):
 *   dart      dart_put_blocking of the boundary rows into the neighbours'
 *             halo rows of a collective segment, dart_barrier, sweep,
 *             dart_allreduce
 *   mpi_p2p   MPI_Sendrecv of the boundary rows, sweep, MPI_Allreduce
 *   mpi_rma   MPI_Put into the neighbours' halo rows of an MPI_Win_create
 *             window (lock_all), MPI_Win_flush_all, MPI_Barrier, sweep,
 *             MPI_Allreduce
 * (stencil_dash.cc adds the C++ container variant.) All variants must
 * produce bitwise the same grid and iteration count: a hash of every
 * unit's rows is compared (column "check"); the program fails otherwise. */
#include "stencil.h"

enum { V_DART, V_MPI_P2P, V_MPI_RMA, NV };
static const char *vname[NV] = {"dart", "mpi_p2p", "mpi_rma"};

typedef struct {
  int me, n;
  long N, rows, row0;
  float *u;      /* (rows + 2) x N: halo, my rows, halo */
  dart_gptr_t g; /* dart: the segment */
  MPI_Win win;   /* mpi_rma */
} grid_t;

static void exchange(grid_t *g, int v) {
  long N = g->N;
  int up = g->me - 1, dn = g->me + 1 < g->n ? g->me + 1 : -1;
  float *first = g->u + N, *last = g->u + g->rows * N;
  if (v == V_DART) {
    if (up >= 0) { /* my first row -> bottom halo of unit up */
      dart_gptr_t t = g->g;
      DCHECK(dart_gptr_setunit(&t, up));
      DCHECK(dart_gptr_incaddr(&t, (int64_t)((stencil_rows(N, g->n, up) + 1) * N * (long)sizeof(float))));
      DCHECK(dart_put_blocking(t, first, (size_t)N, DART_TYPE_FLOAT, DART_TYPE_FLOAT));
    }
    if (dn >= 0) { /* my last row -> top halo of unit dn */
      dart_gptr_t t = g->g;
      DCHECK(dart_gptr_setunit(&t, dn));
      DCHECK(dart_put_blocking(t, last, (size_t)N, DART_TYPE_FLOAT, DART_TYPE_FLOAT));
    }
    DCHECK(dart_barrier(DART_TEAM_ALL));
  } else if (v == V_MPI_P2P) {
    stencil_exchange_p2p(first, g->rows, N, g->me, g->n, g->u, g->u + (g->rows + 1) * N);
  } else {
    if (up >= 0)
      MCHECK(MPI_Put(first, (int)N, MPI_FLOAT, up, (MPI_Aint)((stencil_rows(N, g->n, up) + 1) * N), (int)N,
                     MPI_FLOAT, g->win));
    if (dn >= 0) MCHECK(MPI_Put(last, (int)N, MPI_FLOAT, dn, 0, (int)N, MPI_FLOAT, g->win));
    MCHECK(MPI_Win_flush_all(g->win));
    MCHECK(MPI_Barrier(MPI_COMM_WORLD));
    MCHECK(MPI_Win_sync(g->win));
  }
}

/* Solves from the start; returns seconds (max over units). */
static double solve(grid_t *g, int v, long max_iter, float tol, long *iters, float *resid) {
  long N = g->N;
  stencil_init(g->u + N, g->rows, N, g->row0);
  if (v == V_MPI_RMA) MCHECK(MPI_Win_sync(g->win));
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = bench_now();
  long it = 0;
  float diff = 0;
  while (it < max_iter) {
    exchange(g, v);
    float mine = stencil_sweep(g->u + N, g->rows, N, g->row0, g->u, g->u + (g->rows + 1) * N);
    if (v == V_DART)
      DCHECK(dart_allreduce(&mine, &diff, 1, DART_TYPE_FLOAT, DART_OP_MAX, DART_TEAM_ALL));
    else
      MCHECK(MPI_Allreduce(&mine, &diff, 1, MPI_FLOAT, MPI_MAX, MPI_COMM_WORLD));
    it++;
    if (diff < tol) break;
  }
  double t = bench_now() - t0, tmax;
  MPI_Allreduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  *iters = it;
  *resid = diff;
  return tmax;
}

int main(int argc, char **argv) {
  bench_t b;
  bench_init(&argc, &argv, &b, 3, 1, 1);
  static const size_t dflt[] = {64, 1024, 4096, 0};
  static const size_t dflt_quick[] = {64, 256, 0};
  size_t sizes[BENCH_MAX_SIZES];
  int ns = bench_arg_sizes(argc, argv, "--n", b.quick ? dflt_quick : dflt, sizes);
  float tol = stencil_tol(&b);
  if (b.me == 0) printf(STENCIL_HEADER);
  int fail = 0;
  for (int s = 0; s < ns; s++) {
    long max_iter = stencil_max_iter(&b, s, sizes[s]);
    grid_t g;
    memset(&g, 0, sizeof g);
    g.me = b.me;
    g.n = b.nranks;
    g.N = (long)sizes[s];
    g.rows = stencil_rows(g.N, g.n, g.me);
    g.row0 = stencil_row0(g.N, g.n, g.me);
    size_t bytes = sizeof(float) * (size_t)(stencil_block(g.N, g.n) + 2) * (size_t)g.N;
    float *own = (float *)bench_alloc(bytes), *seg;
    DCHECK(dart_team_memalloc_aligned(DART_TEAM_ALL, bytes, &g.g));
    dart_gptr_t mine = g.g;
    DCHECK(dart_gptr_setunit(&mine, g.me));
    DCHECK(dart_gptr_getaddr(mine, (void **)&seg));
    MCHECK(MPI_Win_create(own, (MPI_Aint)bytes, sizeof(float), MPI_INFO_NULL, MPI_COMM_WORLD, &g.win));
    MCHECK(MPI_Win_lock_all(MPI_MODE_NOCHECK, g.win));

    double ts[NV][BENCH_MAX_TRIALS];
    long iters[NV];
    float resid[NV];
    uint64_t hash[NV];
    for (int tr = 0; tr < b.trials; tr++)
      for (int vi = 0; vi < NV; vi++) {
        int v = (vi + tr) % NV; /* rotated order, see bench.h */
        g.u = v == V_DART ? seg : own;
        ts[v][tr] = solve(&g, v, max_iter, tol, &iters[v], &resid[v]);
        hash[v] = stencil_hash(g.u + g.N, g.rows, g.N, g.n);
      }
    int same = 1;
    for (int v = 1; v < NV; v++) same &= hash[v] == hash[0] && iters[v] == iters[0];
    fail |= !same;
    if (b.me == 0)
      for (int v = 0; v < NV; v++)
        stencil_row_out(g.N, max_iter, vname[v], bench_median(ts[v], b.trials), iters[v], resid[v], tol,
                        hash[v], same);
    MCHECK(MPI_Win_unlock_all(g.win));
    MCHECK(MPI_Win_free(&g.win));
    DCHECK(dart_team_memfree(g.g));
    free(own);
  }
  DCHECK(dart_exit());
  return fail;
}
