#ifndef DASH_DETAIL_LOCAL_SORT_H
#define DASH_DETAIL_LOCAL_SORT_H

// The local sort of dash::sort, with threads where a unit has cores of its
// own (DASH issue #618): the cores of the node divided by the units on it
// (hardware_concurrency / dart_config_t.node_size), or DASH_SORT_THREADS
// if set (1 turns threads off). Below 64 Ki elements, or with one thread,
// it is std::sort. Otherwise k threads std::sort k slices, then merge them
// pairwise (log2 k rounds, the merges of a round in parallel). The threads
// never call DART: any thread level will do. An exception of the
// comparator is rethrown in the calling thread after all threads ended.

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <exception>
#include <thread>
#include <vector>

#include <dart/init.h>

namespace dash::detail {

/// Threads for a unit's local sort (see above); at least 1.
inline unsigned local_sort_threads() {
  if (const char *env = std::getenv("DASH_SORT_THREADS")) {
    long n = std::strtol(env, nullptr, 10);
    return n > 1 ? static_cast<unsigned>(std::min(n, 64L)) : 1u;
  }
  dart_config_t cfg;
  unsigned cores = std::thread::hardware_concurrency();
  if (dart_config_get(&cfg) != DART_OK || cfg.node_size == 0 || cores == 0) return 1;
  return std::max(1u, static_cast<unsigned>(cores / cfg.node_size));
}

/// std::sort of [first, last) by comp, by several threads when it pays.
template <typename T, typename Compare>
void local_sort(T *first, T *last, Compare comp) {
  const std::size_t n = static_cast<std::size_t>(last - first);
  const unsigned k = n < (std::size_t{1} << 16) ? 1u : local_sort_threads();
  if (k == 1) return std::sort(first, last, comp);
  std::vector<std::size_t> bounds(k + 1);
  for (unsigned i = 0; i <= k; ++i) bounds[i] = n * i / k;
  std::vector<std::exception_ptr> errors(k);
  auto run = [&](auto &&work, std::size_t tasks) {  // tasks in threads, the last one here
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t + 1 < tasks; ++t)
      threads.emplace_back([&, t] {
        try {
          work(t);
        } catch (...) {
          errors[t] = std::current_exception();
        }
      });
    try {
      work(tasks - 1);
    } catch (...) {
      errors[tasks - 1] = std::current_exception();
    }
    for (std::thread &th : threads) th.join();
    for (std::size_t t = 0; t < tasks; ++t)
      if (errors[t]) std::rethrow_exception(errors[t]);
  };
  run([&](std::size_t t) { std::sort(first + bounds[t], first + bounds[t + 1], comp); }, k);
  while (bounds.size() > 2) {  // merge neighbouring slices pairwise
    std::size_t pairs = (bounds.size() - 1) / 2;
    run(
        [&](std::size_t t) {
          std::inplace_merge(first + bounds[2 * t], first + bounds[2 * t + 1], first + bounds[2 * t + 2],
                             comp);
        },
        pairs);
    std::vector<std::size_t> next;
    for (std::size_t i = 0; i < bounds.size(); i += 2) next.push_back(bounds[i]);
    if (next.back() != bounds.back()) next.push_back(bounds.back());
    bounds.swap(next);
  }
}

}  // namespace dash::detail

#endif  // DASH_DETAIL_LOCAL_SORT_H
