// GlobPtr from a DART pointer, GlobPtr equality by element address (across
// views and against memory-space pointers), viewspec(), and
// dash::IteratorRange / dash::make_range over global and local iterators.
#include <numeric>
#include <vector>

#include <dash/Range.h>

#include "dash_test.h"

namespace {

TEST(GlobPtrApi, FromDartGptrReadsAndComparesByAddress) {
  dash::Array<int> arr(4 * dash::size());
  for (std::size_t i = 0; i < arr.local.size(); ++i) arr.local[i] = static_cast<int>(dash::myid() * 100 + i);
  arr.barrier();
  std::size_t neighbor = (dash::myid() + 1) % dash::size();
  std::size_t g = neighbor * 4 + 2;  // BLOCKED: third element of the neighbor
  dash::Array<int>::pointer from_gptr(arr[g].dart_gptr());
  EXPECT_EQ(static_cast<int>(*from_gptr), static_cast<int>(neighbor * 100 + 2));
  EXPECT_EQ(static_cast<int>(from_gptr[1]), static_cast<int>(neighbor * 100 + 3));  // moves within the unit
  EXPECT_TRUE(from_gptr == arr.begin() + static_cast<std::ptrdiff_t>(g));
  EXPECT_FALSE(from_gptr == arr.begin() + static_cast<std::ptrdiff_t>(g + 1));
  EXPECT_EQ(from_gptr.is_local(), neighbor == dash::myid());
  // The memory-space pointer of the same element compares equal.
  auto mem_ptr = dash::addressof<dash::Array<int>::memory_type>(arr[g]);
  EXPECT_TRUE(arr.begin() + static_cast<std::ptrdiff_t>(g) == mem_ptr);
  EXPECT_TRUE(arr.begin() + static_cast<std::ptrdiff_t>(g + 1) != mem_ptr);
  arr.barrier();
}

TEST(GlobPtrApi, SubViewIteratorEqualsGlobalIteratorOfSameElement) {
  dash::Matrix<int, 2> m(dash::SizeSpec<2>(4, 2 * dash::size()));
  auto row = m.row(2);
  auto it = row.begin() + 1;  // element (2, 1)
  EXPECT_TRUE(it == m.begin() + static_cast<std::ptrdiff_t>(2 * m.extent(1) + 1));
  EXPECT_EQ(it.viewspec().offset(0), 2u);
  EXPECT_EQ(it.viewspec().extent(0), 1u);
  EXPECT_EQ(it.viewspec().extent(1), m.extent(1));
  m.barrier();
}

TEST(RangeApi, MakeRangeOverGlobalAndLocalIterators) {
  dash::Array<int> arr(5 * dash::size());
  std::iota(arr.local.begin(), arr.local.end(), static_cast<int>(dash::myid() * 5));
  arr.barrier();
  auto global = dash::make_range(arr.begin() + 1, arr.end());
  EXPECT_EQ(global.size(), arr.size() - 1);
  EXPECT_EQ(static_cast<int>(*global.begin()), 1);
  static_assert(dash::is_range<decltype(global)>::value);
  auto local = dash::make_range(arr.local.begin(), arr.local.end());
  std::vector<int> seen(local.begin(), local.end());
  std::vector<int> want(5);
  std::iota(want.begin(), want.end(), static_cast<int>(dash::myid() * 5));
  EXPECT_EQ(seen, want);
  EXPECT_EQ(local.local().size(), 5u);
  arr.barrier();
}

}  // namespace
