// The measurements of the closing note, in one run:
//  1. local-view access vs malloc'd memory: the LCG fill loop of the DASH
//     slides on arr.lbegin() and on malloc'd memory;
//  2. element-wise global access vs one bulk dash::copy, reading the block
//     of the next unit (remote through MPI with DART_UNITS_PER_NODE=1);
//  3. dash::sort vs std::sort of the same random data.
//
//   dash_bench [local_elements=8000000] [block=20000] [sort_elements=2000000]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <vector>

#include <libdash.h>

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The slides' loop: fills nelem ints with an LCG; returns the seconds.
double do_work(int *beg, std::size_t nelem) {
  const unsigned LCG_A = 1664525, LCG_C = 1013904223;
  unsigned seed = 31337;
  double start = now();
  for (std::size_t i = 0; i < nelem; ++i) {
    seed = LCG_A * seed + LCG_C;
    beg[i] = int(seed % 100);
  }
  return now() - start;
}

template <typename F>
double best_of(int runs, F &&f) {
  double best = 1e30;
  for (int r = 0; r < runs; ++r) best = std::min(best, f());
  return best;
}

}  // namespace

int main(int argc, char **argv) {
  dash::InitGuard guard(&argc, &argv);
  std::size_t nlocal = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 8000000;
  std::size_t block = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 20000;
  std::size_t nsort = argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 2000000;
  std::size_t p = dash::size(), me = dash::myid();
  bool report = me == 0;

  {  // 1. local view vs malloc
    dash::Array<int> arr(nlocal * p);
    int *mem = static_cast<int *>(std::malloc(sizeof(int) * nlocal));
    // Alternating runs, best of each: the machine may be shared.
    double t_arr = 1e30, t_mem = 1e30;
    for (int r = 0; r < 7; ++r) {
      t_arr = std::min(t_arr, do_work(arr.lbegin(), arr.local.size()));
      t_mem = std::min(t_mem, do_work(mem, nlocal));
    }
    bool same = std::equal(arr.lbegin(), arr.lend(), mem);
    std::free(mem);
    if (report)
      std::printf("local view: LCG fill of %zu ints: arr.lbegin() %.4f s, malloc %.4f s (ratio %.2f)%s\n",
                  nlocal, t_arr, t_mem, t_arr / t_mem, same ? "" : " MISMATCH");
    arr.barrier();
  }

  {  // 2. element-wise vs bulk, the next unit's block
    dash::Array<int> arr(block * p);
    std::iota(arr.local.begin(), arr.local.end(), int(me * block));
    arr.barrier();
    std::size_t first = ((me + 1) % p) * block;
    std::vector<int> buf(block);
    double t_elem = best_of(3, [&] {
      double start = now();
      for (std::size_t i = 0; i < block; ++i) buf[i] = arr[first + i];
      return now() - start;
    });
    double t_bulk = best_of(3, [&] {
      double start = now();
      dash::copy(arr.begin() + long(first), arr.begin() + long(first + block), buf.data());
      return now() - start;
    });
    bool ok = buf[block - 1] == int(first + block - 1);
    if (report)
      std::printf(
          "remote block of %zu ints (unit %zu, %s): element-wise %.4f s (%.2f us/elem), "
          "bulk copy %.6f s (speed-up %.0fx)%s\n",
          block, (me + 1) % p, arr.begin()[long(first)].dart_gptr().unitid == int(me) ? "self" : "other unit",
          t_elem, 1e6 * t_elem / double(block), t_bulk, t_elem / t_bulk, ok ? "" : " MISMATCH");
    arr.barrier();
  }

  {  // 3. sort
    dash::Array<int> arr(nsort);
    auto input = [](std::size_t i) {
      std::uint64_t z = i * 0x9E3779B97F4A7C15ull;
      z = (z ^ (z >> 31)) * 0xBF58476D1CE4E5B9ull;
      return int(z >> 33);
    };
    dash::generate_with_index(arr.begin(), arr.end(), input);
    double start = now();
    dash::sort(arr.begin(), arr.end());
    double t_dash = now() - start;
    double t_std = 0;
    if (report) {
      std::vector<int> ref(nsort);
      for (std::size_t i = 0; i < nsort; ++i) ref[i] = input(i);
      start = now();
      std::sort(ref.begin(), ref.end());
      t_std = now() - start;
      std::vector<int> got(nsort);
      dash::copy(arr.begin(), arr.end(), got.data());
      std::printf(
          "sort of %zu ints on %zu units: dash::sort %.3f s (%.1f M/s), std::sort on one unit "
          "%.3f s (%.1f M/s)%s\n",
          nsort, p, t_dash, 1e-6 * double(nsort) / t_dash, t_std, 1e-6 * double(nsort) / t_std,
          got == ref ? "" : " WRONG");
    }
    arr.barrier();
  }
  return 0;
}
