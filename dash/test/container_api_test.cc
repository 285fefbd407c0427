// DASH's container classes: dash::Array and dash::Matrix as class
// templates (deducible parameters), the Array constructors from an
// initializer list, zero-size containers, MatrixRef (m[i], m.row(i),
// sub<D>(n)) and LocalMatrixRef (m.local[i][j], m.local.row(i)), checked
// against values computed on every unit.
#include <algorithm>
#include <numeric>
#include <vector>

#include "dash_test.h"
#include <dash/Container.h>

namespace {

// A function template that deduces every DASH parameter of an Array.
template <typename T, typename I, typename P, typename M>
std::size_t deduced_size(const dash::Array<T, I, P, M> &arr) {
  return arr.size();
}
template <typename T, dash::dim_t N, typename I, typename P, typename M>
dash::dim_t deduced_ndim(const dash::Matrix<T, N, I, P, M> &) {
  return N;
}

TEST(ContainerApi, ParametersAreDeducible) {
  dash::Array<int> arr(10);
  dash::Matrix<int, 3> m(2, 3, 4);
  EXPECT_EQ(deduced_size(arr), 10u);
  EXPECT_EQ(deduced_ndim(m), 3);
  EXPECT_EQ(dash::Array<int>::ndim(), 1);
  EXPECT_EQ(decltype(m)::ndim(), 3);
}

struct Pod {
  int a;
  double b;
};
struct NotTrivial {
  NotTrivial(const NotTrivial &) {}
};
static_assert(dash::is_container_compatible<Pod>::value);
static_assert(!dash::is_container_compatible<NotTrivial>::value);

TEST(ContainerApi, ArrayFromInitializerList) {
  const std::size_t p = dash::size();
  dash::Array<int> arr(4 * p, {7, 8, 9, 10});
  std::vector<int> all(arr.size());
  dash::copy(arr.begin(), arr.end(), all.data());
  for (std::size_t i = 0; i < all.size(); ++i) EXPECT_EQ(all[i], int(7 + i % 4)) << i;
  dash::Array<int> later;
  later.allocate({1, 2});
  EXPECT_EQ(later.size(), 2 * p);
  EXPECT_EQ(later.lsize(), 2u);
  EXPECT_EQ(later.local[1], 2);
  EXPECT_EQ(later.lcapacity(), 2u);
}

TEST(ContainerApi, GlobRefExplicitGetPut) {
  dash::Array<Pod> arr(dash::size());
  const std::size_t next = (std::size_t(dash::myid()) + 1) % dash::size();
  Pod in{int(next), 0.5 * double(next)};
  arr[next].put(&in);
  arr.barrier();
  Pod out{};
  arr[next].get(&out);
  EXPECT_EQ(out.a, int(next));
  EXPECT_EQ(out.b, 0.5 * double(next));
  Pod ref{};
  arr[dash::myid()].get(ref);
  EXPECT_EQ(ref.a, int(dash::myid()));
  arr.barrier();
}

TEST(ContainerApi, ZeroSizeContainers) {
  dash::Array<int> arr{0};
  EXPECT_EQ(arr.size(), 0u);
  EXPECT_EQ(arr.lsize(), 0u);
  EXPECT_TRUE(arr.begin() == arr.end());
  EXPECT_TRUE(arr.empty());
  arr.allocate(0, dash::BLOCKED);
  EXPECT_EQ(arr.size(), 0u);
  arr.allocate(3 * dash::size(), dash::CYCLIC);
  EXPECT_EQ(arr.lsize(), 3u);
  arr.deallocate();
  EXPECT_EQ(arr.size(), 0u);
}

TEST(ContainerApi, MatrixRefSlicesFixCoordinates) {
  const std::size_t p = dash::size(), rows = 2 * p + 2, cols = 5;
  dash::Matrix<long, 2> m(rows, cols);
  dash::generate_with_index(m.begin(), m.end(), [](std::size_t g) { return long(g); });
  m.barrier();
  auto r = m[1];
  EXPECT_EQ(decltype(r)::ndim(), 1);
  EXPECT_EQ(r.extent(0), 1u);
  EXPECT_EQ(r.extent(1), cols);
  EXPECT_EQ(r.size(), cols);
  EXPECT_EQ(long(r[3]), long(1 * cols + 3));
  EXPECT_EQ(long(m.row(rows - 1)[2]), long((rows - 1) * cols + 2));
  auto c = m.col(4);
  EXPECT_EQ(c.size(), rows);
  std::vector<long> col(c.size());
  dash::copy(c.begin(), c.end(), col.data());
  for (std::size_t i = 0; i < rows; ++i) EXPECT_EQ(col[i], long(i * cols + 4)) << i;
  auto s = m.sub<1>(2);  // column 2
  EXPECT_EQ(long(s[rows - 1]), long((rows - 1) * cols + 2));
  auto block = m.rows(1, 2).cols(1, 3);
  EXPECT_EQ(block.offset(0), 1);
  EXPECT_EQ(block.offset(1), 1);
  EXPECT_EQ(long(block[1][2]), long(2 * cols + 3));
  EXPECT_THROW(m.row(rows), std::out_of_range);
}

TEST(ContainerApi, ThreeDimensionalSubscripts) {
  const std::size_t p = dash::size();
  dash::NArray<int, 3> m(p, 3, 2);
  dash::generate_with_index(m.begin(), m.end(), [](std::size_t g) { return int(g); });
  m.barrier();
  EXPECT_EQ(decltype(m[0])::ndim(), 2);
  EXPECT_EQ(decltype(m[0][0])::ndim(), 1);
  EXPECT_EQ(m[0].size(), 6u);
  for (std::size_t i = 0; i < p; ++i)
    for (std::size_t j = 0; j < 3; ++j)
      for (std::size_t k = 0; k < 2; ++k) EXPECT_EQ(int(m[i][j][k]), int(i * 6 + j * 2 + k));
  std::vector<int> slice(m[p - 1].begin(), m[p - 1].end());
  ASSERT_EQ(slice.size(), 6u);
  for (std::size_t e = 0; e < 6; ++e) EXPECT_EQ(slice[e], int((p - 1) * 6 + e));
}

TEST(ContainerApi, LocalMatrixRefByLocalCoordinates) {
  const std::size_t p = dash::size(), cols = 7;
  dash::NArray<unsigned, 2> m(3 * p, cols);  // BLOCKED rows: 3 local rows each
  ASSERT_EQ(m.local.extent(0), 3u);
  for (std::size_t i = 0; i < m.local.extent(0); ++i) {
    auto lrow = m.local[i];
    for (std::size_t j = 0; j < cols; ++j) lrow[j] = unsigned(i * 100 + j);
  }
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = 0; j < cols; ++j) {
      EXPECT_EQ(m.local(i, j), unsigned(i * 100 + j));
      EXPECT_EQ(m.local[i][j], unsigned(i * 100 + j));
      EXPECT_EQ(m.local[i](j), unsigned(i * 100 + j));
    }
  // A local row: raw memory and global iterators over the same elements.
  auto row = m.local.row(2);
  EXPECT_EQ(decltype(row)::ndim(), 1);
  EXPECT_EQ(row.extents()[1], cols);
  EXPECT_EQ(row.lend() - row.lbegin(), std::ptrdiff_t(cols));
  EXPECT_EQ(row.lbegin(), m.lbegin() + 2 * cols);
  std::vector<unsigned> copied(cols);
  dash::copy(row.begin(), row.end(), copied.data());
  for (std::size_t j = 0; j < cols; ++j) EXPECT_EQ(copied[j], unsigned(200 + j));
  m.barrier();
  // Everyone sees unit u's local row 2 at global row 3u + 2.
  for (std::size_t u = 0; u < p; ++u) EXPECT_EQ(unsigned(m[3 * u + 2][4]), 204u);
  // A local column is not contiguous in a row-major local block.
  EXPECT_THROW(m.local.col(1).lbegin(), std::logic_error);
}

TEST(ContainerApi, LocalBlocksAreGlobalViews) {
  using pattern_t = dash::TilePattern<2>;
  const std::size_t p = dash::size();
  dash::Matrix<int, 2, dash::default_index_t, pattern_t> m(2 * p * 2, 3 * 2, dash::TILE(2), dash::TILE(3));
  const auto &pat = m.pattern();
  const std::size_t me = dash::myid();
  std::size_t covered = 0;
  for (std::size_t lb = 0; lb < pat.local_nblocks(me); ++lb) {
    auto blk = m.local.block(lb);
    EXPECT_EQ(blk.viewspec(), pat.local_block(me, lb));
    EXPECT_EQ(std::size_t(blk.lend() - blk.lbegin()), blk.size());
    std::fill(blk.lbegin(), blk.lend(), int(me * 1000 + lb));
    covered += blk.size();
  }
  EXPECT_EQ(covered, m.local_size());
  m.barrier();
  for (std::size_t b = 0; b < pat.nblocks(); ++b) {
    auto blk = m.block(b);
    int first = *blk.begin();
    for (auto it = blk.begin(); it != blk.end(); ++it) EXPECT_EQ(int(*it), first) << b;
  }
}

TEST(ContainerApi, VariadicPatternConstructor) {
  dash::TeamSpec<2> ts(dash::size(), 1);
  const std::size_t n = 4 * dash::size();
  dash::NArray<int, 2, dash::default_index_t, dash::TilePattern<2>> m(n, n, dash::TILE(4), dash::TILE(4), ts);
  EXPECT_EQ(m.extent(0), n);
  EXPECT_EQ(m.pattern().block(0).extents()[0], 4u);
  m.deallocate();
  m.allocate(n, n, dash::TILE(2), dash::TILE(2), ts);
  EXPECT_EQ(m.pattern().block(0).extents()[1], 2u);
  if (m.local_size() > 0) {
    EXPECT_TRUE(m.is_local(dash::default_index_t(m.local.global_index(0))));
  }
}

}  // namespace
