// Benchmark 11: dash::sort of a dash::Array<int> (BLOCKED) against
// std::sort of the same data on one unit, measured in the same run: unit 0
// sorts a std::vector of all n elements while the other units wait in a
// barrier. Inputs: random (every size of --sizes), and at --kinds-n
// elements also sorted, reverse and all-equal (the cases where a sample
// sort can go quadratic or unbalanced). Trials of the two variants are
// interleaved (order rotated), each on freshly written input; seconds are
// the median over trials (dash::sort: the slowest unit). Every result is
// checked: globally sorted and a permutation of the input.
#include <libdash.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "bench.h"

namespace {

enum Input { RANDOM, SORTED, REVERSE, EQUAL, NINPUT };
const char *input_name[NINPUT] = {"random", "sorted", "reverse", "equal"};

std::uint64_t mix(std::uint64_t z) {  // splitmix64's finalizer
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

int value(Input kind, std::size_t i, std::size_t n) {
  switch (kind) {
    case RANDOM: return static_cast<int>(static_cast<std::uint32_t>(mix(i + 1) >> 32));
    case SORTED: return static_cast<int>(i);
    case REVERSE: return static_cast<int>(n - i);
    default: return 42;
  }
}

void fill(dash::Array<int> &arr, Input kind) {
  std::size_t n = arr.size(), nl = arr.local.size();
  int *l = arr.lbegin();
  for (std::size_t i = 0; i < nl; ++i) l[i] = value(kind, arr.local.global_index(i), n);
  arr.barrier();
}

// Sorted, and the same multiset as the input (a sum of hashes, which does
// not depend on the order).
bool check(dash::Array<int> &arr, Input kind) {
  std::size_t n = arr.size(), nl = arr.local.size();
  const int *l = arr.lbegin();
  std::uint64_t h[2] = {0, 0}, hs[2];  // input, result
  for (std::size_t i = 0; i < nl; ++i) {
    h[0] += mix(static_cast<std::uint32_t>(value(kind, arr.local.global_index(i), n)));
    h[1] += mix(static_cast<std::uint32_t>(l[i]));
  }
  int ok = std::is_sorted(l, l + nl), all_ok;
  // Unit boundaries: the last element of each unit <= the first of the next.
  int edge[3] = {nl > 0, nl > 0 ? l[0] : 0, nl > 0 ? l[nl - 1] : 0};
  std::vector<int> edges(3 * static_cast<std::size_t>(dash::size()));
  MCHECK(MPI_Allgather(edge, 3, MPI_INT, edges.data(), 3, MPI_INT, MPI_COMM_WORLD));
  bool have = false;
  int last = 0;
  for (std::size_t u = 0; u < dash::size(); ++u) {
    if (!edges[3 * u]) continue;
    if (have && edges[3 * u + 1] < last) ok = 0;
    have = true;
    last = edges[3 * u + 2];
  }
  MCHECK(MPI_Allreduce(h, hs, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD));
  MCHECK(MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD));
  return all_ok && hs[0] == hs[1];
}

}  // namespace

int main(int argc, char **argv) {
  dash::init(&argc, &argv);
  bench_t b;
  bench_setup(&argc, &argv, &b, 5, 1, 1);
  static const size_t full[] = {1 << 20, 2 << 20, 4 << 20, 8 << 20, 16 << 20, 0};
  // --quick (the test suite's smoke run, a debug build): small enough to
  // take seconds, the kinds of input at the larger size
  static const size_t quick[] = {1 << 16, 1 << 18, 0};
  size_t sizes[BENCH_MAX_SIZES];
  int nsizes = bench_arg_sizes(argc, argv, "--sizes", b.quick ? quick : full, sizes);
  std::size_t kinds_n =
      static_cast<std::size_t>(bench_arg_long(argc, argv, "--kinds-n", b.quick ? 1 << 18 : 2 << 20));
  int fail = 0;
  if (b.me == 0) printf("@table sort\nn,input,units,std_s,dash_s,check\n");
  for (int s = 0; s < nsizes; ++s) {
    std::size_t n = sizes[s];
    for (int k = 0; k < NINPUT; ++k) {
      Input kind = static_cast<Input>(k);
      if (kind != RANDOM && n != kinds_n) continue;
      dash::Array<int> arr(n);
      std::vector<int> ref(b.me == 0 ? n : 0);
      static double ts[2][BENCH_MAX_TRIALS];
      for (int tr = 0; tr < b.trials; ++tr)
        for (int vi = 0; vi < 2; ++vi) {
          int v = (vi + tr) % 2;  // rotated order, see bench.h
          if (v == 0) {           // std::sort on unit 0, the others wait
            if (b.me == 0) {
              for (std::size_t i = 0; i < n; ++i) ref[i] = value(kind, i, n);
              double t = bench_now();
              std::sort(ref.begin(), ref.end());
              ts[0][tr] = bench_now() - t;
            }
            MCHECK(MPI_Barrier(MPI_COMM_WORLD));
          } else {
            fill(arr, kind);
            MCHECK(MPI_Barrier(MPI_COMM_WORLD));
            double t = bench_now();
            dash::sort(arr.begin(), arr.end());
            t = bench_now() - t;
            MCHECK(MPI_Reduce(&t, &ts[1][tr], 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD));
          }
        }
      bool ok = check(arr, kind);
      fail |= !ok;
      if (b.me == 0) {
        printf("%zu,%s,%d", n, input_name[k], b.nranks);
        bench_print_num(bench_median(ts[0], b.trials));
        bench_print_num(bench_median(ts[1], b.trials));
        printf(",%s\n", ok ? "ok" : "FAIL");
        fflush(stdout);
      }
    }
  }
  dash::finalize();
  return fail;
}
