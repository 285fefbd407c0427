// STL algorithms over a remote range of a dash::Array through its global
// iterators (std::accumulate, std::min_element, std::find with an absent
// value): unit 0 walks unit 1's 1M elements (quick: 100k). Ours: the
// walk in a dash::ReadAheadScope (reads ahead in blocks, internal/ReadAhead.h);
// element-wise: the same walk with one blocking get per element read (what
// every dereference cost before), timed on 1% of the range and given
// per element. Trials interleaved; unit 0 prints ns per element read.
#include <libdash.h>

#include <algorithm>
#include <cstdint>
#include <numeric>

#include "bench.h"

namespace {

long elementwise(dart_gptr_t g) {
  long v;
  if (dart_get_blocking(&v, g, sizeof v, DART_TYPE_BYTE, DART_TYPE_BYTE) != DART_OK) abort();
  return v;
}

long value_of(std::size_t g) { return long((g * 7919) % 1000003) + 1; }

}  // namespace

int main(int argc, char **argv) {
  dash::init(&argc, &argv);
  bench_t b;
  bench_setup(&argc, &argv, &b, 3, 1, 1);
  const std::size_t p = dash::size(), me = dash::myid();
  const std::size_t n = b.quick ? 100000 : 1000000, n_slow = n / 100;
  dash::Array<long> a(n * p);
  for (std::size_t i = 0; i < a.lsize(); ++i) a.local[i] = value_of(a.pattern().global(i));
  a.barrier();
  const char *algos[3] = {"accumulate", "min_element", "find"};
  static double t_ours[3][BENCH_MAX_TRIALS], t_elem[3][BENCH_MAX_TRIALS];
  long check_ours[3] = {0, 0, 0}, expect_all[3] = {0, 0, 0};
  if (me == 0 && p > 1) {
    auto first = a.begin() + long(n), last = first + long(n);
    dart_gptr_t base = first.dart_gptr();
    auto at = [base](std::size_t i) {
      dart_gptr_t g = base;
      g.offset += i * sizeof(long);
      return g;
    };
    for (int tr = 0; tr < b.trials; ++tr) {
      for (int k = 0; k < 3; ++k) {
        for (int variant = 0; variant < 2; ++variant) {
          const bool ours = (variant + tr) % 2 == 0;  // rotated order
          double t0 = bench_now();
          long r = 0;
          if (ours) {
            dash::ReadAheadScope ahead;  // off outside a scope (docs/dash.md)
            if (k == 0) r = std::accumulate(first, last, 0L);
            if (k == 1) r = long(std::min_element(first, last) - first);
            if (k == 2) r = long(std::find(first, last, -1L) - first);
            t_ours[k][tr] = (bench_now() - t0) / double(n);
            check_ours[k] = r;
          } else {
            if (k == 0)
              for (std::size_t i = 0; i < n_slow; ++i) r += elementwise(at(i));
            if (k == 1) {
              std::size_t best = 0;
              for (std::size_t i = 1; i < n_slow; ++i)
                if (elementwise(at(i)) < elementwise(at(best))) best = i;
              r = long(best);
            }
            if (k == 2) {
              std::size_t i = 0;
              while (i < n_slow && elementwise(at(i)) != -1L) ++i;
              r = long(i);
            }
            t_elem[k][tr] = (bench_now() - t0) / double(n_slow);
            if (r < 0) abort();  // (keeps the walk)
          }
        }
      }
    }
    // Expected results over unit 1's part (values follow from the index).
    long sum = 0, best = 0, best_value = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const long v = value_of(n + i);
      sum += v;
      if (i == 0 || v < best_value) best = long(i), best_value = v;
    }
    const long expect[3] = {sum, best, long(n)};
    std::copy(expect, expect + 3, expect_all);
    printf(
        "@table "
        "traversal\nalgorithm,ranks,elements,elementwise_ns_per_element,ours_ns_per_element,speedup,check\n");
    for (int k = 0; k < 3; ++k) {
      double te = bench_median(t_elem[k], b.trials), to = bench_median(t_ours[k], b.trials);
      const bool ok = check_ours[k] == expect[k];
      printf("%s,%zu,%zu,%.6g,%.6g,%.6g,%s\n", algos[k], p, n, te * 1e9, to * 1e9, te / to,
             ok ? "ok" : "MISMATCH");
    }
  }
  int fail = 0;
  if (me == 0 && p > 1)
    for (int k = 0; k < 3; ++k) fail |= check_ours[k] != expect_all[k];
  a.barrier();
  dash::finalize();
  return fail;
}
