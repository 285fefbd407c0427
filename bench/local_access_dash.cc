// Benchmark 6, C++ container variant: the slides' loop on a dash::Array's
// local view (arr.lbegin(), as in the slides) against malloc'd memory,
// measured in the same run, every unit at once; seconds are the max over
// units, median over trials (order rotated).
#include <libdash.h>

#include <cstring>

#include "bench.h"

namespace {

enum { V_MALLOC, V_DASH, NV };
const char *vname[NV] = {"malloc", "dash_array"};

// As local_access.c (unsigned arithmetic; not inlined: the same code for
// every variant).
__attribute__((noinline)) double do_work(int *beg, long nelem) {
  const unsigned LCG_A = 1664525u, LCG_C = 1013904223u;
  unsigned seed = 31337u;
  double start = bench_now();
  for (long i = 0; i < nelem; ++i) {
    seed = LCG_A * seed + LCG_C;
    beg[i] = static_cast<int>(seed % 100u);
  }
  return bench_now() - start;
}

}  // namespace

int main(int argc, char **argv) {
  dash::init(&argc, &argv);
  bench_t b;
  bench_setup(&argc, &argv, &b, 21, 5, 1);
  long nelem = bench_arg_long(argc, argv, "--nelem", 1L << 20);
  int bad = 0;
  {
    dash::Array<int> arr(static_cast<std::size_t>(nelem) * dash::size());
    int *mem[NV];
    mem[V_MALLOC] = static_cast<int *>(malloc(sizeof(int) * static_cast<size_t>(nelem)));
    mem[V_DASH] = arr.lbegin();
    if (!mem[V_MALLOC] || static_cast<long>(arr.local.size()) != nelem) abort();
    for (int v = 0; v < NV; v++) do_work(mem[v], nelem);  // first touch + warm-up
    static double ts[NV][BENCH_MAX_TRIALS];
    for (int tr = 0; tr < b.trials; tr++)
      for (int vi = 0; vi < NV; vi++) {
        int v = (vi + tr) % NV;  // rotated order, see bench.h
        MPI_Barrier(MPI_COMM_WORLD);
        double t = do_work(mem[v], nelem), tmax;
        MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
        ts[v][tr] = tmax;
      }
    bad = std::memcmp(mem[V_DASH], mem[V_MALLOC], sizeof(int) * static_cast<size_t>(nelem)) != 0;
    if (b.me == 0) {
      printf("nelem");
      for (int v = 0; v < NV; v++) printf(",%s_s", vname[v]);
      printf(",check\n%ld", nelem);
      for (int v = 0; v < NV; v++) bench_print_num(bench_median(ts[v], b.trials));
      printf(",%s\n", bad ? "FAIL" : "ok");
    }
    free(mem[V_MALLOC]);
    arr.barrier();
  }
  dash::finalize();
  return bad;
}
