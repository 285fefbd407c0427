// CSRPattern: a 1-D array with irregular local sizes (one unit with none),
// used through global and local access, algorithms and copies.
#include <libdash.h>

#include <numeric>
#include <type_traits>
#include <vector>

#include "check.h"

int main(int argc, char *argv[]) {
  dash::init(&argc, &argv);
  {
    using pattern_t = dash::CSRPattern<1>;
    const std::size_t size = dash::size();
    const auto myid = dash::myid();

    // Unit u owns 3u + 1 elements, except unit 1, which owns none.
    std::vector<pattern_t::size_type> sizes;
    for (std::size_t u = 0; u < size; ++u) sizes.push_back(u == 1 ? 0 : 3 * u + 1);
    const std::size_t n = std::accumulate(sizes.begin(), sizes.end(), std::size_t{0});
    std::vector<std::size_t> starts(size + 1, 0);
    std::partial_sum(sizes.begin(), sizes.end(), starts.begin() + 1);

    pattern_t pattern(sizes);
    CHECK(pattern.size() == n && pattern.local_size() == sizes[myid]);
    for (std::size_t u = 0; u < size; ++u) CHECK(pattern.local_size(u) == sizes[u]);
    for (std::size_t g = 0; g < n; ++g) {
      auto li = pattern.local(g);
      CHECK(starts[li.unit] + li.index == g && li.index < sizes[li.unit]);
    }
    CHECK(pattern.lbegin() == (sizes[myid] ? starts[myid] : 0));
    CHECK(pattern != pattern_t(std::vector<pattern_t::size_type>(size, n / size + 1)));

    dash::Array<long, int, pattern_t> arr(pattern);
    CHECK(arr.size() == n && arr.lsize() == sizes[myid]);
    std::iota(arr.lbegin(), arr.lend(), long(starts[myid]));
    arr.barrier();
    // Global element i holds i, wherever it lives.
    for (std::size_t i = 0; i < n; ++i) CHECK(arr[i] == long(i));
    CHECK(dash::reduce(arr.begin(), arr.end(), 0L) == long(n * (n - 1) / 2));
    if (n > 1) CHECK(*dash::min_element(arr.begin() + 1, arr.end()) == 1);
    CHECK(dash::find(arr.begin(), arr.end(), long(n - 1)) - arr.begin() == std::ptrdiff_t(n - 1));
    std::vector<long> all(n);
    dash::copy(arr.begin(), arr.end(), all.data());
    for (std::size_t i = 0; i < n; ++i) CHECK(all[i] == long(i));
    auto lr = dash::local_index_range(arr.begin() + 1, arr.end());
    CHECK(std::size_t(lr.end - lr.begin) == (myid == 0 ? sizes[0] - 1 : sizes[myid]));
    arr.barrier();

    // A regular array copied into the irregular one and back.
    dash::Array<long> regular(n);
    dash::fill(regular.begin(), regular.end(), 7L);
    dash::copy(regular.begin(), regular.end(), arr.begin());
    arr.barrier();
    CHECK(std::all_of(arr.lbegin(), arr.lend(), [](long v) { return v == 7; }));
    CHECK(dash::equal(arr.begin(), arr.end(), regular.begin()));

    bool threw = false;
    try {
      pattern_t wrong(std::vector<pattern_t::size_type>(size + 1, 1));
    } catch (const std::invalid_argument &) {
      threw = true;
    }
    CHECK(threw);
    dash::barrier();
  }
  dash::finalize();
  return compat::result();
}
