// DASH's algorithm API beyond global ranges: the operation types, reduce
// and min/max_element on local ranges, transform with DASH's accumulate
// semantics (local input, mixed patterns), copy between same-size
// arithmetic types, broadcast of a Shared value, local ranges.
#include <algorithm>
#include <list>
#include <numeric>
#include <string>
#include <vector>

#include "dash_test.h"

namespace {

using dash_test::gather;

TEST(AlgorithmApi, OperationsNameTheirDartOperation) {
  static_assert(dash::internal::dart_reduce_operation<dash::plus<int>>::value == DART_OP_SUM);
  static_assert(dash::internal::dart_reduce_operation<dash::multiply<double>>::value == DART_OP_PROD);
  static_assert(dash::internal::dart_reduce_operation<dash::bit_xor<unsigned>>::value == DART_OP_BXOR);
  // No-ops and arbitrary functions have none a collective could use.
  static_assert(dash::internal::dart_reduce_operation<dash::second<int>>::value == DART_OP_UNDEFINED);
  static_assert(dash::internal::dart_reduce_operation<std::plus<int>>::value == DART_OP_UNDEFINED);
  static_assert(dash::first<int>::op_kind() == dash::internal::OpKind::NOOP);
  static_assert(dash::max<int>::op_kind() == dash::internal::OpKind::ARITHMETIC);
  EXPECT_EQ(dash::first<int>()(3, 4), 3);
  EXPECT_EQ(dash::second<int>()(3, 4), 4);
  EXPECT_EQ(dash::min<int>()(3, -4), -4);
  EXPECT_EQ(dash::max<long>()(3, -4), 3);
  EXPECT_EQ(dash::multiply<int>()(3, -4), -12);
}

TEST(AlgorithmApi, ReduceOnLocalRanges) {
  const long me = dash::myid(), p = long(dash::size());
  // Each unit contributes me+1, 2(me+1), 3(me+1): an MPI_Allreduce.
  std::list<long> mine{me + 1, 2 * (me + 1), 3 * (me + 1)};
  EXPECT_EQ(dash::reduce(mine.begin(), mine.end(), 5L, dash::plus<long>(), true), 5 + 6 * p * (p + 1) / 2);
  std::vector<long> v(mine.begin(), mine.end());
  EXPECT_EQ(dash::reduce(v.data(), v.data() + v.size(), 0L), 6 * p * (p + 1) / 2);
  // Units without elements take no part; a product over the others.
  std::vector<long> two(me % 2 == 0 ? 1 : 0, 2);
  long evens = (p + 1) / 2;
  EXPECT_EQ(dash::reduce(two.data(), two.data() + two.size(), 3L, dash::multiply<long>(), false),
            3L << evens);
  // A lambda (no DART operation).
  long maxv = dash::reduce(v.begin(), v.end(), 0L, [](long a, long b) { return std::max(a, b); });
  EXPECT_EQ(maxv, 3 * p);
}

TEST(AlgorithmApi, GlobalReduceHasTheElementType) {
  dash::Array<int> arr(37, dash::BLOCKCYCLIC(4));
  dash::generate_with_index(arr.begin(), arr.end(), [](std::size_t i) { return int(i % 5); });
  auto sum = dash::reduce(arr.begin(), arr.end(), 100L, dash::plus<int>());
  static_assert(std::is_same_v<decltype(sum), int>);
  std::vector<int> ref = gather(arr);
  EXPECT_EQ(sum, std::accumulate(ref.begin(), ref.end(), 100));
  EXPECT_EQ(dash::reduce(arr.begin() + 3, arr.begin() + 20, 0, dash::max<int>()), 4);
  // Empty range: init.
  EXPECT_EQ(dash::reduce(arr.begin() + 5, arr.begin() + 5, 7), 7);
}

TEST(AlgorithmApi, MinMaxOnLocalPointers) {
  std::vector<long> v{5, -2, 9, -2, 9, 0};
  const long *first = v.data(), *last = v.data() + v.size();
  EXPECT_EQ(dash::min_element(first, last) - first, 1);
  EXPECT_EQ(dash::max_element(first, last) - first, 2);
  EXPECT_EQ(dash::min_element(v.data(), v.data() + v.size(), std::greater<const long &>()) - first, 2);
  EXPECT_EQ(dash::min_element(first, first), first);
}

TEST(AlgorithmApi, TransformAccumulatesLocalInputAtomically) {
  // Every unit adds its local values to the same (first) block at once.
  const std::size_t block = 6, p = dash::size();
  dash::Array<long> dest(block * p, dash::BLOCKED);
  std::fill(dest.lbegin(), dest.lend(), 1000L);
  dest.barrier();
  std::vector<long> mine(block, long(dash::myid()) + 1);
  auto end = dash::transform(mine.begin(), mine.end(), dest.begin(), dest.begin(), dash::plus<long>());
  EXPECT_EQ(end, dest.begin() + long(block));
  dest.barrier();
  std::vector<long> all = gather(dest);
  for (std::size_t i = 0; i < all.size(); ++i)
    EXPECT_EQ(all[i], i < block ? 1000 + long(p * (p + 1) / 2) : 1000) << i;
  dest.barrier();
  // dash::second replaces (the accumulate order is out op in).
  if (dash::myid() == 0) {
    long v[2] = {-1, -2};
    dash::transform(v, v + 2, dest.begin() + 1, dest.begin() + 1, dash::second<long>());
  }
  dest.barrier();
  EXPECT_EQ(long(dest[1]), -1);
  EXPECT_EQ(long(dest[2]), -2);
}

TEST(AlgorithmApi, TransformLocalInputWithOtherOutput) {
  // out = op(in, b) for a function without a DART operation: not collective.
  const std::size_t n = 11;
  dash::Array<int> b(n, dash::CYCLIC), out(n, dash::BLOCKED);
  dash::generate_with_index(b.begin(), b.end(), [](std::size_t i) { return int(10 * i); });
  dash::fill(out.begin(), out.end(), 0);
  if (dash::myid() == dash::size() - 1) {
    std::vector<int> in(n - 2);
    std::iota(in.begin(), in.end(), 1);
    dash::transform(in.begin(), in.end(), b.begin() + 1, out.begin() + 2, std::minus<>());
  }
  out.barrier();
  std::vector<int> got = gather(out);
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(got[i], i < 2 ? 0 : int(i - 1) - int(10 * (i - 1))) << i;
}

TEST(AlgorithmApi, TransformOverDifferentPatterns) {
  const std::size_t n = 29;
  dash::Array<int> a(n, dash::BLOCKED), b(n, dash::CYCLIC), c(n, dash::BLOCKCYCLIC(3));
  dash::generate_with_index(a.begin(), a.end(), [](std::size_t i) { return int(i); });
  dash::generate_with_index(b.begin(), b.end(), [](std::size_t i) { return int(100 + i); });
  dash::fill(c.begin(), c.end(), -1);
  // c = a - b on a sub-range, all three laid out differently.
  auto end = dash::transform(a.begin() + 1, a.end() - 2, b.begin() + 1, c.begin() + 1, std::minus<>());
  EXPECT_EQ(end, c.end() - 2);
  std::vector<int> got = gather(c);
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(got[i], i >= 1 && i < n - 2 ? -100 : -1) << i;
  // b += a with a DASH operation: accumulated into b's other layout.
  dash::transform(a.begin(), a.end(), b.begin(), b.begin(), dash::plus<int>());
  std::vector<int> sum = gather(b);
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(sum[i], int(100 + 2 * i)) << i;
}

TEST(AlgorithmApi, CopyBetweenSameSizeArithmeticTypes) {
  static_assert(dash::internal::is_dash_copyable<const int, unsigned>::value);
  static_assert(!dash::internal::is_dash_copyable<float, double>::value);
  static_assert(!dash::internal::is_dash_copyable<long, int>::value);
  const std::size_t n = 19;
  dash::Array<int> arr(n, dash::CYCLIC);
  dash::generate_with_index(arr.begin(), arr.end(), [](std::size_t i) { return int(i) - 5; });
  std::vector<unsigned> out(n);
  dash::copy(arr.begin(), arr.end(), out.data());
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(out[i], unsigned(int(i) - 5));
  arr.barrier();
  if (dash::myid() == 0) {
    std::vector<unsigned> in(n, 7u);
    dash::copy_async(in.data(), in.data() + 3, arr.begin() + 4).wait();
  }
  arr.barrier();
  EXPECT_EQ(int(arr[4]), 7);
  EXPECT_EQ(int(arr[6]), 7);
  EXPECT_EQ(int(arr[7]), 2);
}

TEST(AlgorithmApi, BroadcastSharedValueAndLocalRangeConversions) {
  struct Point {
    int x, y;
  };
  dash::Shared<Point> shared(Point{3, 4}, dash::team_unit_t(int(dash::size()) - 1));
  Point got = dash::broadcast(shared);
  EXPECT_EQ(got.x, 3);
  EXPECT_EQ(got.y, 4);
  dash::Array<int> arr(20);
  dash::LocalRange<const int> lr = dash::local_range(arr.begin(), arr.end());
  EXPECT_EQ(lr.begin, arr.lbegin());
  EXPECT_EQ(std::size_t(lr.end - lr.begin), arr.lsize());
  auto runs = dash::local_index_ranges(arr.begin() + 1, arr.end() - 1).ranges;
  std::size_t total = 0;
  for (const auto &r : runs) total += std::size_t(r.end - r.begin);
  EXPECT_EQ(dash::reduce(&total, &total + 1, std::size_t{0}), 18u);
  EXPECT_EQ(dash::internal::common_prefix(std::vector<std::string>{"node.10", "node.12", "node.1"}),
            "node.1");
  EXPECT_EQ(dash::internal::common_prefix(std::string("abc"), std::string("xbc")), "");
}

TEST(AlgorithmApi, RawPointerRangesArePlainRanges) {
  // local_range, local_index_range and copy on raw pointers (plain local
  // memory): the range itself, indices from its first element, std::copy.
  dash::Matrix<int> m(dash::SizeSpec<2>(dash::size() * 2, 5));
  int *lb = m.lbegin();
  for (std::size_t i = 0; i < m.lsize(); ++i) lb[i] = int(100 * dash::myid() + i);
  int *first = lb + 5, *last = lb + 10;  // local row 1
  auto lr = dash::local_range(first, last);
  EXPECT_EQ(lr.begin, first);
  EXPECT_EQ(lr.end, last);
  auto li = dash::local_index_range(first, last);
  EXPECT_EQ(li.end - li.begin, 5);
  std::vector<unsigned> out(5);
  unsigned *end = dash::copy(static_cast<const int *>(first), last, out.data());
  EXPECT_EQ(end, out.data() + 5);
  for (int j = 0; j < 5; ++j) EXPECT_EQ(out[std::size_t(j)], unsigned(100 * int(dash::myid()) + 5 + j));
  m.barrier();
}

}  // namespace
