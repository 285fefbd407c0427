// Benchmark 7, C++ container variant: RandomAccess (randomaccess.h) on a
// dash::Array<uint64_t> of TableSize words (BLOCKED: 2^k per unit),
// updated with table[index] ^= ran (an atomic dart_accumulate, complete on
// return: one update in flight), against the plain MPI RMA variant
// measured in the same run.
#include <libdash.h>

#include "randomaccess.h"

namespace {

enum { V_DASH, V_MPI, NV };
const char *vname[NV] = {"dash", "mpi"};

void dash_pass(dash::Array<uint64_t> &table, const ra_geom_t *g) {
  uint64_t ran = ra_first(g), tmask = g->tsize - 1;
  for (uint64_t i = 0; i < g->nupdate; i++) {
    ran = ra_next(ran);
    table[ran & tmask] ^= ran;
  }
}

}  // namespace

int main(int argc, char **argv) {
  dash::init(&argc, &argv);
  bench_t b;
  bench_setup(&argc, &argv, &b, 3, 1, 1);
  ra_geom_t g = ra_geom(&b);
  ra_odd_trials(&b);
  int fail = 0;
  {
    dash::Array<uint64_t> table(g.tsize);
    if (table.local.size() != g.lsize) abort();
    for (uint64_t i = 0; i < g.lsize; i++) table.local[i] = table.local.global_index(i);
    ra_mpi_t m;
    ra_mpi_init(&m, &g);  // ends with a barrier
    static double gups[NV][BENCH_MAX_TRIALS];
    for (int tr = 0; tr < b.trials; tr++)
      for (int vi = 0; vi < NV; vi++) {
        int v = (vi + tr) % NV;  // rotated order, see bench.h
        if (v == V_DASH)
          RA_TIMED_PASS(gups[v][tr], &g, dash_pass(table, &g));
        else
          RA_TIMED_PASS(gups[v][tr], &g, ra_mpi_pass(&m, &g));
      }
    RA_REPLAY(dash_pass(table, &g));  // verification
    RA_REPLAY(ra_mpi_pass(&m, &g));
    MCHECK(MPI_Win_sync(m.win));
    long long err[NV] = {ra_errors(&g, table.lbegin()), ra_errors(&g, m.table)}, errsum[NV];
    MPI_Allreduce(err, errsum, NV, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (b.me == 0) printf(RA_HEADER);
    for (int v = 0; v < NV; v++)
      fail |= ra_row_out(&b, &g, vname[v], bench_median(gups[v], b.trials), errsum[v], 1);
    ra_mpi_free(&m);
    table.barrier();
  }
  dash::finalize();
  return fail;
}
