// dash::NArray in 2 and 3 dimensions: patterns, global coordinates, the
// local view with local extents, sub-views (blocks and row ranges) with
// copy and algorithms, and checked access.
#include <algorithm>
#include <numeric>
#include <vector>

#include "dash_test.h"

namespace {

using dash_test::gather;

// Serial reference value of element (i, j).
long value(std::size_t i, std::size_t j) { return long(i * 1000 + j); }

std::vector<dash::Pattern<2>> patterns_2d(std::size_t rows, std::size_t cols) {
  std::size_t p = dash::size();
  using dash::BLOCKED;
  using dash::NONE;
  using Spec = dash::DistributionSpec<2>;
  Spec bb(BLOCKED, BLOCKED), cb(dash::CYCLIC, dash::BLOCKCYCLIC(2)), tt(dash::TILE(2), dash::TILE(3));
  return {
      dash::Pattern<2>({rows, cols}, p),                       // BLOCKED, NONE
      dash::Pattern<2>({rows, cols}, Spec(NONE, BLOCKED), p),  // column blocks
      dash::Pattern<2>({rows, cols}, bb, dash::TeamSpec<2>(bb, p, dash::balanced), p),
      dash::Pattern<2>({rows, cols}, cb, dash::TeamSpec<2>(cb, p, dash::balanced), p),
      dash::Pattern<2>({rows, cols}, tt, dash::TeamSpec<2>(tt, p, dash::balanced), p),
  };
}

TEST(Matrix, PatternsAndLocalView) {
  const std::size_t rows = 7, cols = 9;
  for (const auto &pat : patterns_2d(rows, cols)) {
    dash::Matrix<long> m(pat);
    EXPECT_EQ(m.extents(), (std::array<std::size_t, 2>{rows, cols}));
    // Fill through the local view using its local coordinates.
    auto lext = m.local.extents();
    EXPECT_EQ(lext, pat.local_extents(dash::myid()));
    EXPECT_EQ(m.local.size(), lext[0] * lext[1]);
    for (std::size_t i = 0; i < lext[0]; ++i)
      for (std::size_t j = 0; j < lext[1]; ++j) {
        auto g = m.local.global_coords({i, j});
        m.local(i, j) = value(g[0], g[1]);
      }
    m.barrier();
    // Bulk gather in global (row-major) order.
    std::vector<long> all = gather(m);
    for (std::size_t i = 0; i < rows; ++i)
      for (std::size_t j = 0; j < cols; ++j) EXPECT_EQ(all[i * cols + j], value(i, j)) << i << "," << j;
    // Element access by coordinates, a few elements.
    EXPECT_EQ(m(0, 0), value(0, 0));
    EXPECT_EQ(m(rows - 1, cols - 1), value(rows - 1, cols - 1));
    EXPECT_EQ(m[1][2], value(1, 2));
    auto it = m.begin() + long(2 * cols + 3);
    EXPECT_EQ(it.coords(), (std::array<std::size_t, 2>{2, 3}));
    EXPECT_EQ(*it, value(2, 3));
    m.barrier();
  }
}

TEST(Matrix, WritesAndCheckedAccess) {
  dash::Matrix<int> m(5, 4);
  dash::fill(m.begin(), m.end(), 0);
  if (dash::myid() == dash::size() - 1) {
    m(4, 3) = 43;
    m(0, 1) = 1;
    m.at(2, 2) = 22;
  }
  m.barrier();
  EXPECT_EQ(m(4, 3), 43);
  EXPECT_EQ(m.at(0, 1), 1);
  EXPECT_EQ(m(2, 2), 22);
  EXPECT_THROW(m.at(5, 0), std::out_of_range);
  EXPECT_THROW(m.at(0, 4), std::out_of_range);
  EXPECT_THROW(m.at(20), std::out_of_range);
  EXPECT_THROW(m.sub({3, 0}, {3, 1}), std::out_of_range);
  m.barrier();
}

TEST(Matrix, SubViewsWithCopyAndAlgorithms) {
  const std::size_t rows = 9, cols = 8;
  for (const auto &pat : patterns_2d(rows, cols)) {
    dash::Matrix<long> m(pat);
    dash::generate_with_index(m.begin(), m.end(), [&](std::size_t g) { return value(g / cols, g % cols); });
    // A block [2, 7) x [1, 6): read by bulk copy, compare with the serial reference.
    auto block = m.sub({2, 1}, {5, 5});
    EXPECT_EQ(block.size(), 25u);
    EXPECT_EQ(block(0, 0), value(2, 1));
    EXPECT_EQ(block(4, 4), value(6, 5));
    std::vector<long> buf(block.size());
    dash::copy(block.begin(), block.end(), buf.data());
    for (std::size_t i = 0; i < 5; ++i)
      for (std::size_t j = 0; j < 5; ++j) EXPECT_EQ(buf[i * 5 + j], value(2 + i, 1 + j));
    // Algorithms on the block.
    EXPECT_EQ(dash::count_if(block.begin(), block.end(), [](long v) { return v % 2 == 0; }),
              std::size_t(std::count_if(buf.begin(), buf.end(), [](long v) { return v % 2 == 0; })));
    auto mx = dash::max_element(block.begin(), block.end());
    EXPECT_EQ(mx - block.begin(), 24);
    EXPECT_EQ(dash::reduce(block.begin(), block.end(), 0L), std::accumulate(buf.begin(), buf.end(), 0L));
    dash::fill(block.begin(), block.end(), -1L);
    // A row range written from a local buffer by unit 0.
    auto rows3 = m.rows(6, 3);
    std::vector<long> src(rows3.size());
    for (std::size_t k = 0; k < src.size(); ++k) src[k] = -100 - long(k);
    if (dash::myid() == 0) dash::copy(src.data(), src.data() + src.size(), rows3.begin());
    m.barrier();
    std::vector<long> all = gather(m);
    for (std::size_t i = 0; i < rows; ++i)
      for (std::size_t j = 0; j < cols; ++j) {
        long expect = value(i, j);
        if (i >= 2 && i < 7 && j >= 1 && j < 6) expect = -1;
        if (i >= 6) expect = -100 - long((i - 6) * cols + j);
        EXPECT_EQ(all[i * cols + j], expect) << i << "," << j;
      }
    m.barrier();
  }
}

TEST(Matrix, TransformOnViewsOfTheSamePattern) {
  const std::size_t rows = 6, cols = 5;
  auto pat = patterns_2d(rows, cols)[2];
  dash::Matrix<int> a(pat), b(pat);
  dash::generate_with_index(a.begin(), a.end(), [](std::size_t g) { return int(g); });
  dash::fill(b.begin(), b.end(), 0);
  auto va = a.sub({1, 1}, {4, 3}), vb = b.sub({1, 1}, {4, 3});
  dash::transform(va.begin(), va.end(), vb.begin(), [](int v) { return 2 * v; });
  std::vector<int> all = gather(b);
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < cols; ++j) {
      bool in = i >= 1 && i < 5 && j >= 1 && j < 4;
      EXPECT_EQ(all[i * cols + j], in ? int(2 * (i * cols + j)) : 0);
    }
  // Different view positions do not correspond element by element.
  auto other = b.sub({0, 1}, {4, 3});
  EXPECT_THROW(dash::transform(va.begin(), va.end(), other.begin(), [](int v) { return v; }),
               std::invalid_argument);
  b.barrier();
}

TEST(Matrix, ThreeDimensions) {
  const std::size_t x = 5, y = 4, z = 3;
  using Spec = dash::DistributionSpec<3>;
  Spec spec(dash::BLOCKED, dash::BLOCKED, dash::NONE);
  dash::Pattern<3> pat({x, y, z}, spec, dash::TeamSpec<3>(spec, dash::size(), dash::balanced), dash::size());
  dash::NArray<int, 3> a(pat);
  for (std::size_t l = 0; l < a.local.size(); ++l) a.local.lbegin()[l] = int(a.local.global_index(l));
  a.barrier();
  std::vector<int> all = gather(a);
  for (std::size_t g = 0; g < all.size(); ++g) EXPECT_EQ(all[g], int(g));
  EXPECT_EQ(a(4, 3, 2), int((4 * y + 3) * z + 2));
  auto lext = a.local.extents();
  if (a.local.size() > 0) {
    auto g = a.local.global_coords({lext[0] - 1, lext[1] - 1, lext[2] - 1});
    EXPECT_EQ(a.local(lext[0] - 1, lext[1] - 1, lext[2] - 1), int((g[0] * y + g[1]) * z + g[2]));
  }
  auto v = a.sub({1, 1, 1}, {3, 2, 2});
  std::vector<int> buf(v.size());
  dash::copy(v.begin(), v.end(), buf.data());
  std::size_t k = 0;
  for (std::size_t i = 1; i < 4; ++i)
    for (std::size_t j = 1; j < 3; ++j)
      for (std::size_t l = 1; l < 3; ++l) EXPECT_EQ(buf[k++], int((i * y + j) * z + l));
  a.barrier();
}

}  // namespace
