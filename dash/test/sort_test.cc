// dash::sort against std::sort: random, duplicate-heavy and adversarial
// inputs (all equal, sorted, reverse, organ pipe), small ones (every
// element a sample) and large ones (more than the 1,024 samples a unit
// sends, so the cuts come from windows of the runs), uneven and empty
// local parts, sub-ranges, layouts whose local parts are not one stretch
// (block-cyclic, cyclic, a matrix block), doubles, a struct
// with a comparator, DASH's projection form, and the radix sort of integers.
#include <algorithm>
#include <functional>
#include <ostream>
#include <stdexcept>
#include <thread>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <type_traits>
#include <vector>

#include <mpi.h>

#include "dash_test.h"

namespace {

using dash_test::gather;
using dash_test::mix;

// Fills c with input(i), sorts positions [lo, hi) by `order` and checks
// the result against std::sort of the same data: positions outside
// [lo, hi) unchanged, [lo, hi) sorted by `comp` and the same multiset
// (compared after sorting both copies by the total order `total`).
template <typename Container, typename Input, typename Order = std::less<>, typename Compare = std::less<>,
          typename Total = std::less<>>
void check_sort(Container &c, Input input, std::size_t lo, std::size_t hi, Order order = Order(),
                Compare comp = Compare(), Total total = Total()) {
  using T = typename Container::value_type;
  std::size_t n = c.size();
  dash::generate_with_index(c.begin(), c.end(), input);
  std::vector<T> ref(n);
  for (std::size_t i = 0; i < n; ++i) ref[i] = input(i);
  dash::sort(c.begin() + long(lo), c.begin() + long(hi), order);
  std::vector<T> got = gather(c);
  EXPECT_TRUE(std::is_sorted(got.begin() + long(lo), got.begin() + long(hi), comp))
      << "n " << n << " range " << lo << ".." << hi;
  std::sort(ref.begin() + long(lo), ref.begin() + long(hi), total);
  std::sort(got.begin() + long(lo), got.begin() + long(hi), total);
  EXPECT_EQ(got, ref) << "n " << n << " range " << lo << ".." << hi;
  c.barrier();  // all have read before the next input is written
}

// The inputs of the large tests, by index.
int random_int(std::size_t i) { return int(mix(i) >> 33) - (1 << 30); }
int few_values(std::size_t i) { return int(mix(i, 2) % 5); }

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

TEST(Sort, LargeInputs) {
  // 20,011 elements: not divisible by 2, 3 or 4, and more per unit than
  // the samples a unit sends.
  const std::size_t n = 20011;
  dash::Array<int> arr(n);
  check_sort(arr, random_int, 0, n);
  check_sort(arr, few_values, 0, n);
  check_sort(
      arr, [](std::size_t) { return -3; }, 0, n);  // all equal
  check_sort(
      arr, [](std::size_t i) { return int(i); }, 0, n);  // sorted
  check_sort(
      arr, [n](std::size_t i) { return int(n - i); }, 0, n);  // reverse
  check_sort(
      arr, [n](std::size_t i) { return int(i < n / 2 ? i : n - i); }, 0, n);  // organ pipe
  check_sort(
      arr, [](std::size_t i) { return int(i % 1000); }, 0, n);  // sorted runs
  // Equal values across every unit boundary, else distinct.
  check_sort(
      arr, [n](std::size_t i) { return i > n / 5 && i < 4 * n / 5 ? 0 : int(mix(i, 3) % 1000); }, 0, n);
  check_sort(arr, random_int, 0, n, std::greater<>(), std::greater<>(), std::greater<>());
}

// The threaded local sort (algorithm/internal/Sort-inl.h) with 1 to 7 threads
// (DASH_SORT_THREADS): the same result as std::sort, for a comparator too;
// a comparator's exception reaches the caller. Then dash::sort of a large
// array with threads forced, at every unit count.
TEST(Sort, ThreadedLocalSort) {
  const std::size_t n = 100003;
  std::vector<int> in(n);
  for (std::size_t i = 0; i < n; ++i) in[i] = few_values(i) * 1000 + random_int(i) % 1000;
  for (const char *threads : {"1", "2", "3", "4", "7"}) {
    setenv("DASH_SORT_THREADS", threads, 1);
    std::vector<int> a = in, ref = in;
    dash::detail::local_sort(a.data(), a.data() + n, std::less<>());
    std::sort(ref.begin(), ref.end());
    EXPECT_EQ(ref, a) << threads << " threads";
    a = in;
    dash::detail::local_sort(a.data(), a.data() + n, std::greater<>());
    EXPECT_TRUE(std::is_sorted(a.begin(), a.end(), std::greater<>())) << threads << " threads";
  }
  std::vector<int> a = in;
  std::size_t calls = 0;
  auto throwing = [&calls](int x, int y) {
    if (++calls == 50000) throw std::runtime_error("comparator");
    return x < y;
  };
  setenv("DASH_SORT_THREADS", "1", 1);  // one thread: the count of calls is deterministic
  EXPECT_THROW(dash::detail::local_sort(a.data(), a.data() + n, throwing), std::runtime_error);
  setenv("DASH_SORT_THREADS", "4", 1);
  dash::Array<int> arr(4 * n);
  check_sort(arr, random_int, 0, arr.size());
  check_sort(arr, few_values, 0, arr.size());
  unsetenv("DASH_SORT_THREADS");
}

// The radix sort of integers in their natural order or its reverse
// (algorithm/internal/RadixSort.h): every integer width, signed and
// unsigned, the extremes, few values and constant data, each the same as
// std::sort, alone and as the slices of the threaded local sort. Then
// dash::sort of 64-bit and 8-bit values, descending.
template <typename T, typename Compare>
void check_radix(std::size_t n, std::uint64_t seed, Compare comp) {
  const T lowest = std::numeric_limits<T>::min(), highest = std::numeric_limits<T>::max();
  std::vector<std::vector<T>> inputs(4, std::vector<T>(n));
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t r = mix(i, seed);
    inputs[0][i] = static_cast<T>(r);                                  // the whole range
    inputs[1][i] = static_cast<T>(r % 5) - static_cast<T>(2);          // few values, negative ones
    inputs[2][i] = r % 3 == 0 ? lowest : r % 3 == 1 ? highest : T(0);  // the extremes
    inputs[3][i] = highest;                                            // constant
  }
  for (const char *threads : {"1", "3"}) {
    setenv("DASH_SORT_THREADS", threads, 1);
    for (std::size_t k = 0; k < inputs.size(); ++k) {
      std::vector<T> got = inputs[k], ref = inputs[k];
      dash::detail::local_sort(got.data(), got.data() + n, comp);
      std::sort(ref.begin(), ref.end(), comp);
      EXPECT_EQ(got, ref) << sizeof(T) << "-byte " << (std::is_signed_v<T> ? "signed" : "unsigned")
                          << ", input " << k << ", n " << n << ", " << threads << " threads";
    }
  }
  unsetenv("DASH_SORT_THREADS");
}

TEST(Sort, RadixSortOfIntegers) {
  static_assert(dash::detail::radix_order<int, std::less<>>() == 1);
  static_assert(dash::detail::radix_order<unsigned long, std::greater<unsigned long>>() == -1);
  static_assert(dash::detail::radix_order<double, std::less<>>() == 0);
  static_assert(dash::detail::radix_order<bool, std::less<>>() == 0);
  for (std::size_t n : {std::size_t{100}, dash::detail::kRadixSortMin, std::size_t{20011}}) {
    check_radix<std::int8_t>(n, 11, std::less<>());
    check_radix<std::uint8_t>(n, 12, std::greater<>());
    check_radix<char>(n, 13, std::less<char>());
    check_radix<std::int16_t>(n, 14, std::greater<std::int16_t>());
    check_radix<std::uint16_t>(n, 15, std::less<>());
    check_radix<std::int32_t>(n, 16, std::greater<>());
    check_radix<std::uint32_t>(n, 17, std::less<>());
    check_radix<std::int64_t>(n, 18, std::less<std::int64_t>());
    check_radix<std::uint64_t>(n, 19, std::greater<>());
  }
  const std::size_t n = 30011;
  dash::Array<long long> wide(n);
  check_sort(
      wide, [](std::size_t i) { return static_cast<long long>(mix(i, 20)); }, 0, n, std::greater<>(),
      std::greater<>(), std::greater<>());
  dash::Array<signed char> narrow(n);
  check_sort(
      narrow, [](std::size_t i) { return static_cast<signed char>(mix(i, 21)); }, 7, n - 3);
}

// The local sort's default threads: the machine's cores shared by all units
// on the machine, whatever DART_UNITS_PER_NODE makes of its nodes.
TEST(Sort, LocalSortThreadsShareTheMachine) {
  unsetenv("DASH_SORT_THREADS");
  MPI_Comm machine;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &machine);
  int units = 1;
  MPI_Comm_size(machine, &units);
  MPI_Comm_free(&machine);
  unsigned cores = std::thread::hardware_concurrency();
  EXPECT_EQ(dash::detail::local_sort_threads(), std::max(1u, cores / static_cast<unsigned>(units)));
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
      arr, [](std::size_t i) { return int(mix(i, 4) % 100); }, 30, 30);  // empty
  check_sort(
      arr, [](std::size_t i) { return int(mix(i, 4) % 100); }, 59, 60);  // one element
  // Large sub-ranges: parts of very different sizes, empty ones at 4 units.
  dash::Array<int> big(20000);
  check_sort(big, random_int, 3, 12345);
  check_sort(big, few_values, 4999, 5002);
  check_sort(
      big, [](std::size_t i) { return int(20000 - i); }, 1, 19999);
}

TEST(Sort, LayoutsWithScatteredParts) {
  // Local parts that are not one stretch of positions: the merged buckets
  // go to their positions by puts; a unit's part of a matrix block is not
  // even contiguous in local memory (its run goes through a scratch
  // allocation).
  const std::size_t n = 9001;
  dash::Array<int> bc(n, dash::BLOCKCYCLIC(100));
  check_sort(bc, random_int, 0, n);
  check_sort(
      bc, [n](std::size_t i) { return int(n - i); }, 17, n - 5);
  dash::Array<int> cyc(n, dash::CYCLIC);
  check_sort(cyc, few_values, 0, n);
  // A block of a matrix: rows of several units, a sub-range of each row.
  dash::Matrix<int> m(64, 50);
  auto block = m.sub({3, 7}, {58, 40});
  dash::generate_with_index(m.begin(), m.end(), random_int);
  std::vector<int> before = gather(m);
  dash::sort(block.begin(), block.end());
  std::vector<int> after = gather(m), in, out;
  for (std::size_t i = 0; i < 64; ++i)
    for (std::size_t j = 0; j < 50; ++j) {
      bool inside = i >= 3 && i < 61 && j >= 7 && j < 47;
      if (inside) {
        in.push_back(before[i * 50 + j]);
        out.push_back(after[i * 50 + j]);
      } else {
        EXPECT_EQ(after[i * 50 + j], before[i * 50 + j]) << i << "," << j;
      }
    }
  std::sort(in.begin(), in.end());
  EXPECT_EQ(out, in);
  m.barrier();
  // Tiled matrices: a unit's part is stored tile by tile (strided bulk
  // transfers of many types at once between nodes).
  using Spec = dash::DistributionSpec<2>;
  Spec tt(dash::TILE(4), dash::TILE(8));
  std::size_t p = dash::size();
  for (const auto &teamspec : {dash::TeamSpec<2>(tt, p, dash::balanced), dash::TeamSpec<2>(tt, p)}) {
    dash::Matrix<int> tiled(dash::Pattern<2>({60, 70}, tt, teamspec, p));
    check_sort(tiled, random_int, 0, 60 * 70);
  }
}

TEST(Sort, DoublesWithComparatorAndMatrix) {
  dash::Array<double> arr(300, dash::CYCLIC);
  check_sort(
      arr, [](std::size_t i) { return double(mix(i, 5) % 1000) / 7.0; }, 0, 300, std::greater<>(),
      std::greater<>(), std::greater<>());
  dash::Array<double> big(12000);
  check_sort(
      big, [](std::size_t i) { return double(random_int(i)) / 3.0; }, 0, 12000);
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

struct Record {
  int key;
  unsigned id;
  double weight;
  bool operator==(const Record &o) const { return key == o.key && id == o.id && weight == o.weight; }
};
std::ostream &operator<<(std::ostream &os, const Record &r) {
  return os << "{" << r.key << "," << r.id << "}";
}

Record record(std::size_t i) { return Record{int(mix(i, 7) % 97), unsigned(i), double(i) / 2}; }
const auto by_key = [](const Record &a, const Record &b) { return a.key < b.key; };
const auto by_key_then_id = [](const Record &a, const Record &b) {
  return a.key != b.key ? a.key < b.key : a.id < b.id;
};

TEST(Sort, StructsByComparatorAndByProjection) {
  // Many equal keys: only the keys are ordered, the records stay whole.
  dash::Array<Record> arr(10007);
  check_sort(arr, record, 0, 10007, by_key, by_key, by_key_then_id);
  check_sort(arr, record, 101, 9000, by_key, by_key, by_key_then_id);
  // DASH's form: a projection to a key compared with operator<.
  check_sort(
      arr, record, 0, 10007, [](const Record &r) { return -r.key; },
      [](const Record &a, const Record &b) { return a.key > b.key; }, by_key_then_id);
  dash::Array<int> ints(5003);
  check_sort(
      ints, random_int, 0, 5003, [](int x) { return x / 1000; },
      [](int a, int b) { return a / 1000 < b / 1000; });
}

}  // namespace
