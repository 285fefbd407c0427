// DASH's free-function views on one-dimensional arrays: sub, local,
// blocks, intersect, index sets, domain/origin and view_traits, nested and
// as temporaries, over BLOCKED and BLOCKCYCLIC arrays; every element and
// index is checked against the pattern.
#include <algorithm>
#include <vector>

#include "dash_test.h"

namespace {

// Value of global element g.
long value_of(long g) { return 1000 + 3 * g; }

template <typename Array>
void fill_by_index(Array &a) {
  for (std::size_t li = 0; li < a.lsize(); ++li)
    a.local[li] = value_of(static_cast<long>(a.pattern().global(li)));
  a.barrier();
}

TEST(ViewsApi, TraitsOfNestedViews) {
  dash::Array<int> a(dash::size() * 10);
  auto v_sub = dash::sub(0, 10, a);
  auto v_loc = dash::local(a);
  auto v_lsub = dash::local(dash::sub(0, 10, a));
  auto v_block = *dash::begin(dash::blocks(v_sub));
  static_assert(dash::view_traits<decltype(a)>::is_origin::value);
  static_assert(!dash::view_traits<decltype(a)>::is_view::value);
  static_assert(dash::view_traits<decltype(v_sub)>::is_view::value);
  static_assert(!dash::view_traits<decltype(v_sub)>::is_local::value);
  static_assert(dash::view_traits<decltype(v_loc)>::is_origin::value);
  static_assert(dash::view_traits<decltype(v_loc)>::is_local::value);
  static_assert(dash::view_traits<decltype(v_lsub)>::is_view::value);
  static_assert(dash::view_traits<decltype(v_lsub)>::is_local::value);
  static_assert(dash::view_traits<decltype(v_block)>::is_view::value);
  static_assert(!dash::view_traits<decltype(dash::index(v_sub))>::is_view::value);
  static_assert(dash::view_traits<decltype(v_sub)>::rank::value == 1);
  EXPECT_EQ(&dash::domain(v_sub), &a);
  EXPECT_EQ(&dash::origin(dash::sub(1, 3, v_sub)), &a);
}

TEST(ViewsApi, NestedSubsReadTheirElements) {
  const long n = long(dash::size()) * 7 + 3;
  dash::Array<long> a(n);
  fill_by_index(a);
  auto inner = dash::sub(1, n - 5, dash::sub(1, n - 3, dash::sub(1, n - 2, a)));
  ASSERT_EQ(inner.size(), std::size_t(n - 6));
  EXPECT_EQ(dash::index(dash::begin(inner)), 3);
  EXPECT_EQ(dash::index(dash::end(inner)), n - 3);
  auto idx = dash::index(inner);
  EXPECT_EQ(idx.first(), 3);
  EXPECT_EQ(idx.last(), n - 4);
  EXPECT_EQ(*idx.end(), n - 3);
  EXPECT_EQ(idx.pre().first(), 2);  // the domain's indices
  if (dash::myid() == 0) {
    std::vector<long> got(inner.begin(), inner.end());
    for (long i = 0; i < long(got.size()); ++i) EXPECT_EQ(got[std::size_t(i)], value_of(i + 3));
    EXPECT_EQ(long(inner[2]), value_of(5));
  }
  EXPECT_THROW(dash::sub(2, n + 1, a), std::out_of_range);
  a.barrier();
}

TEST(ViewsApi, LocalPartsOfSubsAndBlocks) {
  const long bs = 3;
  const long n = long(dash::size()) * bs * 3 - 1;
  dash::Array<long> a(n, dash::BLOCKCYCLIC(bs));
  fill_by_index(a);
  const long first = 2, last = n - 2;
  auto lsub = dash::local(dash::sub(first, last, a));
  // The unit's elements of [first, last), in order, as plain memory.
  std::vector<long> expect;
  for (long g = first; g < last; ++g)
    if (a.pattern().unit_at(std::size_t(g)) == a.team().myid()) expect.push_back(value_of(g));
  ASSERT_EQ(lsub.size(), expect.size());
  EXPECT_TRUE(std::equal(lsub.begin(), lsub.end(), expect.begin()));
  auto lidx = dash::index(lsub);
  EXPECT_EQ(lidx.size(), expect.size());
  // Local indices address the unit's memory.
  for (std::size_t i = 0; i < lidx.size(); ++i) EXPECT_EQ(a.lbegin()[lidx[i]], expect[i]);
  // A sub-range of the local view stays local.
  if (lsub.size() >= 2) {
    auto inner = dash::sub(1, lsub.size(), lsub);
    static_assert(dash::view_traits<decltype(inner)>::is_local::value);
    EXPECT_EQ(inner[0], expect[1]);
    EXPECT_EQ(dash::index(inner)[0], lidx[1]);
  }
  // Global blocks of the sub-range: the first one cut by `first`.
  auto bl = dash::blocks(dash::sub(first, last, a));
  EXPECT_EQ(bl.size(), std::size_t((last - 1) / bs - first / bs + 1));
  std::size_t total = 0;
  for (auto it = bl.begin(); it != bl.end(); ++it) {
    auto block = *it;
    long b = first / bs + it.pos();
    EXPECT_EQ(long(dash::index(block).first()), std::max(first, b * bs));
    total += block.size();
  }
  EXPECT_EQ(total, std::size_t(last - first));
  EXPECT_EQ(dash::index(bl).first(), first / bs);
  // The unit's blocks among them, as local elements: together the local sub-range.
  std::vector<long> from_blocks;
  for (const auto &lb : dash::local(bl)) from_blocks.insert(from_blocks.end(), lb.begin(), lb.end());
  EXPECT_EQ(from_blocks, expect);
  // Blocks of the local part: the unit's local blocks.
  std::size_t lblocks = 0, lelems = 0;
  for (const auto &b : dash::blocks(dash::local(a))) {
    EXPECT_EQ(b.begin(), a.lbegin() + lelems);
    EXPECT_LE(b.size(), std::size_t(bs));
    lelems += b.size();
    ++lblocks;
  }
  EXPECT_EQ(lelems, a.lsize());
  EXPECT_EQ(lblocks, (a.lsize() + bs - 1) / bs);
  a.barrier();
}

TEST(ViewsApi, IntersectionOfSubs) {
  const long n = long(dash::size()) * 13 + 2;
  dash::Array<long> a(n);
  fill_by_index(a);
  auto left = dash::sub(0, 2 * n / 3, a);
  auto right = dash::sub(n / 3, n, a);
  auto both = dash::intersect(left, right);
  ASSERT_EQ(both.size(), std::size_t(2 * n / 3 - n / 3));
  EXPECT_EQ(dash::index(both).first(), n / 3);
  for (std::size_t i = 0; i < both.size(); i += 5) EXPECT_EQ(long(both[i]), value_of(n / 3 + long(i)));
  dash::Array<long> other(n);
  EXPECT_THROW(dash::intersect(left, dash::sub(0, 3, other)), std::invalid_argument);
  a.barrier();
}

}  // namespace

namespace {

// A matrix whose element (i, j) is 100 * i + j, columns in one tile per unit.
struct TiledColumns {
  std::size_t rows = 6, cols_per_unit = 3;
  dash::Matrix<long> m;
  TiledColumns()
      : m(dash::SizeSpec<2>(6, 3 * dash::size()), dash::DistributionSpec<2>(dash::NONE, dash::TILE(3)),
          dash::Team::All(), dash::TeamSpec<2>(1, dash::size())) {
    if (dash::myid() == 0)
      for (std::size_t i = 0; i < m.extent(0); ++i)
        for (std::size_t j = 0; j < m.extent(1); ++j) m[i][j] = long(100 * i + j);
    m.barrier();
  }
};

TEST(ViewsApi, MatrixViewsAndTheirLocalParts) {
  TiledColumns t;
  auto &m = t.m;
  auto rows = dash::sub<0>(1, 3, m);
  auto box = dash::sub<1>(1, 3, rows);
  static_assert(dash::view_traits<decltype(box)>::is_view::value);
  static_assert(dash::view_traits<decltype(box)>::rank::value == 2);
  EXPECT_EQ(box.extent<0>(), 2u);
  EXPECT_EQ(box.extent<1>(), 2u);
  auto idx = dash::index(box);
  ASSERT_EQ(idx.size(), 4u);
  for (std::size_t k = 0; k < idx.size(); ++k) {
    long i = 1 + long(k / 2), j = 1 + long(k % 2);
    EXPECT_EQ(idx[k], i * long(m.extent(1)) + j);
    EXPECT_EQ(long(box[k]), 100 * i + j);
  }
  // The unit's part of rows 1..2: its tile's columns.
  auto lrows = dash::local(rows);
  static_assert(dash::view_traits<decltype(lrows)>::is_local::value);
  EXPECT_EQ(lrows.extent<0>(), 2u);
  EXPECT_EQ(lrows.extent<1>(), t.cols_per_unit);
  long j0 = long(t.cols_per_unit * std::size_t(dash::myid()));
  for (std::size_t k = 0; k < lrows.size(); ++k)
    EXPECT_EQ(lrows[k], 100 * (1 + long(k / t.cols_per_unit)) + j0 + long(k % t.cols_per_unit));
  auto lcol = dash::sub<1>(1, 2, lrows);
  ASSERT_EQ(lcol.size(), 2u);
  EXPECT_EQ(lcol[1], 200 + j0 + 1);
  // Blocks of the whole matrix: one tile column per unit.
  auto bl = dash::blocks(m);
  ASSERT_EQ(bl.size(), std::size_t(dash::size()));
  for (std::size_t b = 0; b < bl.size(); ++b) {
    EXPECT_EQ(bl[b].offsets()[1], b * t.cols_per_unit);
    EXPECT_EQ(bl[b].extent<0>(), t.rows);
  }
  m.barrier();
}

}  // namespace
