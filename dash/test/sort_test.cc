// dash::sort against std::sort: random, duplicate-heavy and adversarial
// inputs (all equal, sorted, reverse, organ pipe), uneven and empty local
// parts (n < units, block-cyclic), sub-ranges, doubles and a comparator.
#include <algorithm>
#include <functional>
#include <vector>

#include "dash_test.h"

namespace {

using dash_test::gather;
using dash_test::mix;

// Fills arr with input(i), sorts [lo, hi) and compares with std::sort.
template <typename T, typename Input, typename Compare = std::less<>>
void check_sort(dash::Array<T> &arr, Input input, std::size_t lo, std::size_t hi, Compare comp = Compare()) {
  std::size_t n = arr.size();
  dash::generate_with_index(arr.begin(), arr.end(), input);
  std::vector<T> ref(n);
  for (std::size_t i = 0; i < n; ++i) ref[i] = input(i);
  std::sort(ref.begin() + long(lo), ref.begin() + long(hi), comp);
  dash::sort(arr.begin() + long(lo), arr.begin() + long(hi), comp);
  EXPECT_EQ(gather(arr), ref) << "n " << n << " range " << lo << ".." << hi;
  arr.barrier();  // all have read before the next input is written
}

TEST(Sort, RandomAndDuplicates) {
  dash::Array<int> arr(1000);
  check_sort(
      arr, [](std::size_t i) { return int(mix(i) % 1000000); }, 0, 1000);
  check_sort(
      arr, [](std::size_t i) { return int(mix(i, 2) % 3); }, 0, 1000);  // 3 values
  check_sort(
      arr, [](std::size_t) { return 42; }, 0, 1000);  // all equal
}

TEST(Sort, Adversarial) {
  const std::size_t n = 500;
  dash::Array<long> arr(n);
  check_sort(
      arr, [](std::size_t i) { return long(i); }, 0, n);  // sorted
  check_sort(
      arr, [n](std::size_t i) { return long(n - i); }, 0, n);  // reverse
  check_sort(
      arr, [n](std::size_t i) { return long(i < n / 2 ? i : n - i); }, 0, n);  // organ pipe
  check_sort(
      arr, [](std::size_t i) { return i % 100 == 0 ? -long(i) : 7L; }, 0, n);  // few outliers
}

TEST(Sort, UnevenAndEmptyParts) {
  // Fewer elements than units, uneven block-cyclic parts, a sub-range
  // that leaves some units without elements.
  for (std::size_t n : {1, 2, 3, 7}) {
    dash::Array<int> small(n);
    check_sort(
        small, [](std::size_t i) { return int(mix(i) % 10); }, 0, n);
  }
  dash::Array<int> bc(103, dash::BLOCKCYCLIC(7));
  check_sort(
      bc, [](std::size_t i) { return int(mix(i, 3) % 50); }, 0, 103);
  dash::Array<int> arr(60);
  check_sort(
      arr, [](std::size_t i) { return int(mix(i, 4) % 100); }, 5, 17);
  check_sort(
      arr, [](std::size_t i) { return int(mix(i, 4) % 100); }, 30, 30);
}

TEST(Sort, DoublesWithComparatorAndMatrix) {
  dash::Array<double> arr(300, dash::CYCLIC);
  check_sort(
      arr, [](std::size_t i) { return double(mix(i, 5) % 1000) / 7.0; }, 0, 300, std::greater<>());
  // A matrix sorts in global (row-major) order.
  dash::Matrix<int> m(9, 7);
  dash::generate_with_index(m.begin(), m.end(), [](std::size_t i) { return int(mix(i, 6) % 40); });
  dash::sort(m.begin(), m.end());
  std::vector<int> all = gather(m);
  EXPECT_TRUE(std::is_sorted(all.begin(), all.end()));
  std::vector<int> ref(63);
  for (std::size_t i = 0; i < 63; ++i) ref[i] = int(mix(i, 6) % 40);
  std::sort(ref.begin(), ref.end());
  EXPECT_EQ(all, ref);
  m.barrier();
}

}  // namespace
