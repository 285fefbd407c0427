// Benchmark 8, C++ container variant: the stencil of stencil.h on a
// dash::Matrix<float> (rows BLOCKED, columns NONE) with a dash::Halo of
// width 1, against MPI two-sided (the baseline, measured in the same run).
//   dash     halo.exchange() (dart_put of the boundary rows into the
//            neighbours' halo buffers, flush, a flag per neighbour; no
//            team barrier), the sweep reads the halo rows in place
//            (halo.region({-1, 0}) / ({+1, 0})) and the matrix's local rows
//            (u.lbegin()), dart_allreduce
//   mpi_p2p  as in stencil.c
// Both must produce bitwise the same grid (and the same as stencil.c's
// variants: the hash column is comparable across the two programs).
#include <libdash.h>

#include <vector>

#include "stencil.h"

namespace {

enum { V_DASH, V_MPI_P2P, NV };
const char *vname[NV] = {"dash", "mpi_p2p"};

struct Dash {
  dash::Matrix<float> u;
  dash::Halo<float, 2> halo;
  std::vector<float> none;  // for a side without neighbour (not read)
  long N, rows, row0;
  Dash(long n)
      : u(dash::Matrix<float>::extents_type{static_cast<std::size_t>(n), static_cast<std::size_t>(n)}),
        halo(u, 1),
        none(static_cast<std::size_t>(n)),
        N(n),
        rows(static_cast<long>(u.local.extent(0))),
        row0(static_cast<long>(halo.block().offsets()[0])) {}

  float iterate() {
    halo.exchange();
    const float *above = halo.region({-1, 0}), *below = halo.region({+1, 0});
    return stencil_sweep(u.lbegin(), rows, N, row0, above ? above : none.data(), below ? below : none.data());
  }
};

struct P2p {
  std::vector<float> u;  // halo, my rows, halo
  long N, rows, row0;
  int me, n;
  P2p(long size, int me_, int n_)
      : N(size), rows(stencil_rows(size, n_, me_)), row0(stencil_row0(size, n_, me_)), me(me_), n(n_) {
    u.assign(static_cast<std::size_t>((rows + 2) * N), 0.0f);
  }
  float *mine() { return u.data() + N; }
  float iterate() {
    stencil_exchange_p2p(mine(), rows, N, me, n, u.data(), u.data() + (rows + 1) * N);
    return stencil_sweep(mine(), rows, N, row0, u.data(), u.data() + (rows + 1) * N);
  }
};

template <typename S>
double solve(S &s, float *rows, int v, long max_iter, float tol, long *iters, float *resid) {
  stencil_init(rows, s.rows, s.N, s.row0);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = bench_now();
  long it = 0;
  float diff = 0;
  while (it < max_iter) {
    float mine = s.iterate();
    if (v == V_DASH)
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

}  // namespace

int main(int argc, char **argv) {
  dash::init(&argc, &argv);
  bench_t b;
  bench_setup(&argc, &argv, &b, 3, 1, 1);
  static const size_t dflt[] = {64, 1024, 4096, 0};
  static const size_t dflt_quick[] = {64, 256, 0};
  size_t sizes[BENCH_MAX_SIZES];
  int ns = bench_arg_sizes(argc, argv, "--n", b.quick ? dflt_quick : dflt, sizes);
  float tol = stencil_tol(&b);
  if (b.me == 0) printf(STENCIL_HEADER);
  int fail = 0;
  for (int s = 0; s < ns; s++) {
    long N = static_cast<long>(sizes[s]);
    long max_iter = stencil_max_iter(&b, s, sizes[s]);
    double ts[NV][BENCH_MAX_TRIALS];
    long iters[NV];
    float resid[NV];
    uint64_t hash[NV];
    {
      Dash d(N);
      P2p p(N, b.me, b.nranks);
      if (d.rows != p.rows || d.row0 != p.row0) {
        fprintf(stderr, "stencil_dash: dash distributes rows differently (%ld at %ld, not %ld at %ld)\n",
                d.rows, d.row0, p.rows, p.row0);
        MPI_Abort(MPI_COMM_WORLD, 2);
      }
      for (int tr = 0; tr < b.trials; tr++)
        for (int vi = 0; vi < NV; vi++) {
          int v = (vi + tr) % NV;  // rotated order, see bench.h
          if (v == V_DASH) {
            ts[v][tr] = solve(d, d.u.lbegin(), v, max_iter, tol, &iters[v], &resid[v]);
            hash[v] = stencil_hash(d.u.lbegin(), d.rows, N, b.nranks);
          } else {
            ts[v][tr] = solve(p, p.mine(), v, max_iter, tol, &iters[v], &resid[v]);
            hash[v] = stencil_hash(p.mine(), p.rows, N, b.nranks);
          }
        }
    }
    int same = hash[V_DASH] == hash[V_MPI_P2P] && iters[V_DASH] == iters[V_MPI_P2P];
    fail |= !same;
    if (b.me == 0)
      for (int v = 0; v < NV; v++)
        stencil_row_out(N, max_iter, vname[v], bench_median(ts[v], b.trials), iters[v], resid[v], tol,
                        hash[v], same);
  }
  dash::finalize();
  return fail;
}
