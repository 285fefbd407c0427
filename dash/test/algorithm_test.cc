// The algorithms on whole containers and on sub-ranges, for several
// distributions, each against the same operation on a serial std::vector.
#include <algorithm>
#include <functional>
#include <numeric>
#include <vector>

#include "dash_test.h"

namespace {

using dash_test::gather;
using dash_test::mix;

std::vector<dash::Distribution> distributions() {
  return {dash::BLOCKED, dash::CYCLIC, dash::BLOCKCYCLIC(3)};
}

// Sub-ranges [lo, hi) of an n-element array, including empty and whole.
std::vector<std::pair<std::size_t, std::size_t>> ranges(std::size_t n) {
  return {{0, n}, {3, n - 2}, {5, 6}, {4, 4}};
}

TEST(Algorithm, FillGenerateForEach) {
  const std::size_t n = 29;
  for (const auto &dist : distributions()) {
    dash::Array<long> arr(n, dist);
    std::vector<long> ref(n);
    dash::generate_with_index(arr.begin(), arr.end(), [](std::size_t i) { return long(i); });
    std::iota(ref.begin(), ref.end(), 0L);
    for (auto [lo, hi] : ranges(n)) {
      auto b = arr.begin() + long(lo), e = arr.begin() + long(hi);
      dash::fill(b, e, 7L);
      std::fill(ref.begin() + long(lo), ref.begin() + long(hi), 7L);
      dash::for_each(b, e, [](long &v) { v *= 3; });
      std::for_each(ref.begin() + long(lo), ref.begin() + long(hi), [](long &v) { v *= 3; });
      dash::for_each_with_index(b, e, [](long &v, std::size_t i) { v += long(i); });
      for (std::size_t i = lo; i < hi; ++i) ref[i] += long(i);
      EXPECT_EQ(gather(arr), ref) << "range " << lo << ".." << hi;
      arr.barrier();  // everyone has read before the next round writes
    }
    // generate: each unit calls the generator for its own elements.
    dash::generate(arr.begin(), arr.end(), [] { return 5L; });
    EXPECT_EQ(dash::count(arr.begin(), arr.end(), 5L), n);
  }
}

TEST(Algorithm, Transform) {
  const std::size_t n = 25;
  dash::Array<int> a(n, dash::BLOCKCYCLIC(2)), b(n, dash::BLOCKCYCLIC(2)), c(n, dash::BLOCKCYCLIC(2));
  dash::generate_with_index(a.begin(), a.end(), [](std::size_t i) { return int(i); });
  dash::generate_with_index(b.begin(), b.end(), [](std::size_t i) { return int(100 - i); });
  dash::fill(c.begin(), c.end(), 0);
  auto end = dash::transform(a.begin() + 2, a.end() - 1, b.begin() + 2, c.begin() + 2, std::multiplies<>());
  EXPECT_EQ(end, c.end() - 1);
  dash::transform(a.begin(), a.end(), a.begin(), [](int v) { return v + 1; });  // in place
  std::vector<int> rc = gather(c), ra = gather(a);
  for (std::size_t i = 0; i < n; ++i) {
    EXPECT_EQ(ra[i], int(i) + 1);
    EXPECT_EQ(rc[i], i >= 2 && i < n - 1 ? int(i) * int(100 - i) : 0);
  }
}

TEST(Algorithm, TransformRejectsMismatchedContainers) {
  dash::Array<int> a(20), b(20, dash::CYCLIC), c(21);
  auto id = [](int v) { return v; };
  EXPECT_THROW(dash::transform(a.begin(), a.end(), b.begin(), id), std::invalid_argument);
  EXPECT_THROW(dash::transform(a.begin(), a.end(), c.begin(), id), std::invalid_argument);
  EXPECT_THROW(dash::transform(a.begin(), a.end() - 1, a.begin() + 1, id), std::invalid_argument);
  try {
    dash::transform(a.begin(), a.end(), b.begin(), id);
  } catch (const std::invalid_argument &e) {
    EXPECT_NE(std::string(e.what()).find("different pattern"), std::string::npos) << e.what();
  }
  // Iterators of different containers do not make a range.
  EXPECT_THROW(dash::fill(a.begin(), c.end(), 0), std::invalid_argument);
  EXPECT_THROW(dash::count(a.end(), a.begin(), 0), std::invalid_argument);
  a.barrier();
}

TEST(Algorithm, ReduceMinMax) {
  const std::size_t n = 31;
  for (const auto &dist : distributions()) {
    dash::Array<int> arr(n, dist);
    std::vector<int> ref(n);
    for (std::size_t i = 0; i < n; ++i) ref[i] = int(mix(i) % 20);  // with duplicates
    dash::generate_with_index(arr.begin(), arr.end(), [](std::size_t i) { return int(mix(i) % 20); });
    for (auto [lo, hi] : ranges(n)) {
      auto b = arr.begin() + long(lo), e = arr.begin() + long(hi);
      auto rb = ref.begin() + long(lo), re = ref.begin() + long(hi);
      EXPECT_EQ(dash::reduce(b, e, 10L), std::accumulate(rb, re, 10L));
      EXPECT_EQ(dash::accumulate(b, e, 1.0, [](double x, int y) { return std::max(x, double(y)); }),
                std::accumulate(rb, re, 1.0, [](double x, int y) { return std::max(x, double(y)); }));
      EXPECT_EQ(dash::min_element(b, e) - arr.begin(), std::min_element(rb, re) - ref.begin());
      EXPECT_EQ(dash::max_element(b, e) - arr.begin(), std::max_element(rb, re) - ref.begin());
      EXPECT_EQ(dash::max_element(b, e, std::greater<>()) - arr.begin(),
                std::max_element(rb, re, std::greater<>()) - ref.begin());
    }
    EXPECT_EQ(dash::reduce(arr.begin(), arr.end()), std::accumulate(ref.begin(), ref.end(), 0));
  }
}

TEST(Algorithm, FindCountPredicates) {
  const std::size_t n = 27;
  for (const auto &dist : distributions()) {
    dash::Array<int> arr(n, dist);
    std::vector<int> ref(n);
    for (std::size_t i = 0; i < n; ++i) ref[i] = int(i % 7);
    dash::generate_with_index(arr.begin(), arr.end(), [](std::size_t i) { return int(i % 7); });
    for (auto [lo, hi] : ranges(n)) {
      auto b = arr.begin() + long(lo), e = arr.begin() + long(hi);
      auto rb = ref.begin() + long(lo), re = ref.begin() + long(hi);
      auto big = [](int v) { return v > 4; };
      EXPECT_EQ(dash::find(b, e, 6) - arr.begin(), std::find(rb, re, 6) - ref.begin());
      EXPECT_EQ(dash::find(b, e, 9) - arr.begin(), std::find(rb, re, 9) - ref.begin());
      EXPECT_EQ(dash::find_if(b, e, big) - arr.begin(), std::find_if(rb, re, big) - ref.begin());
      EXPECT_EQ(dash::count(b, e, 3), std::size_t(std::count(rb, re, 3)));
      EXPECT_EQ(dash::count_if(b, e, big), std::size_t(std::count_if(rb, re, big)));
      EXPECT_EQ(dash::any_of(b, e, big), std::any_of(rb, re, big));
      EXPECT_EQ(dash::all_of(b, e, [](int v) { return v < 7; }), true);
      EXPECT_EQ(dash::all_of(b, e, big), std::all_of(rb, re, big));
      EXPECT_EQ(dash::none_of(b, e, big), std::none_of(rb, re, big));
    }
  }
}

TEST(Algorithm, Equal) {
  const std::size_t n = 22;
  dash::Array<int> a(n), b(n), c(n, dash::CYCLIC);
  for (auto *arr : {&a, &b, &c})
    dash::generate_with_index(arr->begin(), arr->end(), [](std::size_t i) { return int(i * 3); });
  EXPECT_TRUE(dash::equal(a.begin(), a.end(), b.begin()));  // same pattern
  EXPECT_TRUE(dash::equal(a.begin(), a.end(), c.begin()));  // different pattern
  EXPECT_TRUE(dash::equal(a.begin() + 1, a.end(), c.begin() + 1));
  EXPECT_FALSE(dash::equal(a.begin() + 1, a.end(), c.begin()));
  if (dash::myid() == 0) c[n - 1] = -1;
  c.barrier();
  EXPECT_FALSE(dash::equal(a.begin(), a.end(), c.begin()));
  EXPECT_TRUE(dash::equal(a.begin(), a.end() - 1, c.begin()));
  EXPECT_TRUE(dash::equal(a.begin(), a.end(), b.begin(), [](int x, int y) { return x == y; }));
}

}  // namespace
