// Containers over every pattern type: NArray/Matrix/Array over
// ShiftTilePattern, SeqTilePattern, TilePattern COL_MAJOR, Pattern COL_MAJOR
// (also tiled) and Pattern<3, COL_MAJOR> (Pattern<2> as the reference). Every check
// compares against the container's own pattern object (coords(i),
// local(), global_coords(), local_index()), never a hard-coded order:
// global writes read back locally and local writes read back globally,
// the iteration order of whole containers and of views, bulk copies both
// ways, algorithms, the local range, 1-D tile arrays with sort, summa over
// SeqTilePattern, and a pattern for another team size.
#include <algorithm>
#include <array>
#include <cstddef>
#include <numeric>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "dash_test.h"

namespace {

// The value of the element at global coordinates c (distinct for all).
template <std::size_t N>
long value(const std::array<std::size_t, N> &c) {
  long v = 1;
  for (std::size_t d = 0; d < N; ++d) v = v * 100 + long(c[d]);
  return v;
}

// Coordinates of position k of a box, in memory order.
template <dash::MemArrange Order, std::size_t N>
std::array<std::size_t, N> box_coords(const dash::ViewSpec<N> &box, std::size_t k) {
  std::array<std::size_t, N> c;
  for (std::size_t i = 0; i < N; ++i) {
    std::size_t d = Order == dash::ROW_MAJOR ? N - 1 - i : i;  // fastest first
    c[d] = box.offsets()[d] + k % box.extents()[d];
    k /= box.extents()[d];
  }
  return c;
}

// m(c...) and m[c0][c1]... for coordinates in an array.
template <typename M, std::size_t N>
auto call(M &m, const std::array<std::size_t, N> &c) {
  return std::apply([&](auto... i) { return m(i...); }, c);
}
template <typename M, std::size_t N>
auto subscript(M &m, const std::array<std::size_t, N> &c) {
  if constexpr (N == 2)
    return m[c[0]][c[1]];
  else
    return m[c[0]][c[1]][c[2]];
}

// One pattern per case, valid at 1-4 units on Team::All() (cases, not
// pattern types, are the test parameter: two cases share a type).
struct RowMajorReference {
  using pattern_t = dash::Pattern<2>;
  static pattern_t pattern() { return pattern_t(7, 9, dash::BLOCKED, dash::CYCLIC); }
};
struct ShiftTile {  // 12 tiles along the major dimension: any unit count
  using pattern_t = dash::ShiftTilePattern<2>;
  static pattern_t pattern() { return pattern_t(6, 36, dash::TILE(2), dash::TILE(3)); }
};
struct SeqTile {  // 15 tiles: uneven over 2 and 4 units
  using pattern_t = dash::SeqTilePattern<2>;
  static pattern_t pattern() { return pattern_t(9, 10, dash::TILE(3), dash::TILE(2)); }
};
struct TileColMajor {  // 4 x 3 tiles: uneven over 3 units
  using pattern_t = dash::TilePattern<2, dash::COL_MAJOR>;
  static pattern_t pattern() { return pattern_t(8, 12, dash::TILE(2), dash::TILE(4)); }
};
struct TiledPatternColMajor {  // Pattern's tiles: partial tiles at the edges
  using pattern_t = dash::Pattern<2, dash::COL_MAJOR>;
  static pattern_t pattern() { return pattern_t(7, 9, dash::TILE(2), dash::TILE(4)); }
};
struct ColMajor {
  using pattern_t = dash::Pattern<2, dash::COL_MAJOR>;
  static pattern_t pattern() { return pattern_t(8, 5, dash::CYCLIC, dash::BLOCKED); }
};
struct ColMajor3D {
  using pattern_t = dash::Pattern<3, dash::COL_MAJOR>;
  static pattern_t pattern() { return pattern_t(5, 3, 4, dash::BLOCKED, dash::NONE, dash::NONE); }
};

template <typename Case>
class PatternContainer : public ::testing::Test {
 protected:
  using pattern_t = typename Case::pattern_t;
  static constexpr std::size_t N = pattern_t::ndim();
  using matrix_t = dash::NArray<long, N, dash::default_index_t, pattern_t>;
  using coords_t = std::array<std::size_t, N>;
  static pattern_t pattern() { return Case::pattern(); }
};

using Cases = ::testing::Types<RowMajorReference, ShiftTile, SeqTile, TileColMajor, TiledPatternColMajor,
                               ColMajor, ColMajor3D>;
TYPED_TEST_SUITE(PatternContainer, Cases);

TYPED_TEST(PatternContainer, TypesAndPattern) {
  using matrix_t = typename TestFixture::matrix_t;
  static_assert(std::is_same_v<typename matrix_t::pattern_type, typename TestFixture::pattern_t>);
  static_assert(std::is_same_v<decltype(std::declval<const matrix_t &>().pattern()),
                               const typename TestFixture::pattern_t &>);
  static_assert(std::is_same_v<typename matrix_t::iterator,
                               dash::GlobPtr<long, TestFixture::N, typename TestFixture::pattern_t>>);
  matrix_t m(TestFixture::pattern());
  const typename TestFixture::pattern_t &p = m.pattern();
  EXPECT_TRUE(p == TestFixture::pattern());
  EXPECT_EQ(m.size(), p.size());
  EXPECT_EQ(m.local.size(), p.local_size(dash::myid()));
  EXPECT_EQ(m.local.extents(), p.local_extents(dash::myid()));
}

// Every element written through the global view (m(c...), m[c0][c1]...,
// iterators, async), each by one unit; read back through the local view.
TYPED_TEST(PatternContainer, GlobalWritesLocalReads) {
  constexpr std::size_t N = TestFixture::N;
  typename TestFixture::matrix_t m(TestFixture::pattern());
  const auto &p = m.pattern();
  const std::size_t me = dash::myid(), nu = dash::size();
  for (std::size_t g = 0; g < m.size(); ++g) {
    if (g % nu != me) continue;
    auto c = p.ucoords(g);
    switch ((g / nu) % 4) {
      case 0: call(m, c) = value<N>(c); break;
      case 1: subscript(m, c) = value<N>(c); break;
      case 2: m.begin()[long(g)] = value<N>(c); break;
      default: std::apply([&](auto... i) { m.async(i...) = value<N>(c); }, c);
    }
  }
  m.flush();
  m.barrier();
  for (std::size_t l = 0; l < m.local.size(); ++l) {
    auto c = p.global_coords(me, l);
    ASSERT_EQ(m.lbegin()[l], value<N>(c)) << "local index " << l;
    EXPECT_EQ(m.local.global_index(l), p.global_index(c));
  }
  // Local coordinates as the pattern lays them out.
  auto lext = m.local.extents();
  std::size_t nl = 1;
  for (auto e : lext) nl *= e;
  EXPECT_EQ(nl, m.local.size());
  for (std::size_t k = 0; k < nl; ++k) {
    typename TestFixture::coords_t lc = box_coords<dash::ROW_MAJOR, N>(dash::ViewSpec<N>{{}, lext}, k);
    EXPECT_EQ(m.local.index_of(lc), p.local_index(me, lc));
    EXPECT_EQ(call(m.local, lc), value<N>(p.global(me, lc)));
    EXPECT_EQ(m.local.global_coords(lc), p.global(me, lc));
  }
  m.barrier();
}

// Local writes read back through the global view; the iteration order of
// the whole container is the pattern's global order.
TYPED_TEST(PatternContainer, LocalWritesGlobalReadsInPatternOrder) {
  constexpr std::size_t N = TestFixture::N;
  typename TestFixture::matrix_t m(TestFixture::pattern());
  const auto &p = m.pattern();
  const std::size_t me = dash::myid();
  for (std::size_t l = 0; l < m.local.size(); ++l) m.local.lbegin()[l] = value<N>(p.global_coords(me, l));
  m.barrier();
  auto it = m.begin();
  for (std::size_t g = 0; g < m.size(); ++g, ++it) {
    auto c = p.ucoords(g);
    ASSERT_EQ(it.coords(), c) << g;
    EXPECT_EQ(it.gindex(), g);
    EXPECT_EQ(it.local_index(), p.local(c));
    EXPECT_EQ(it.is_local(), p.local(c).unit == me);
    EXPECT_EQ(long(*it), value<N>(c));
    EXPECT_EQ(long(call(m, c)), value<N>(c));
    EXPECT_EQ(long(subscript(m, c)), value<N>(c));
  }
  EXPECT_TRUE(it == m.end());
  m.barrier();
}

// dash::copy of the whole container and of a sub-range, both ways.
TYPED_TEST(PatternContainer, BulkCopyBothWays) {
  constexpr std::size_t N = TestFixture::N;
  typename TestFixture::matrix_t m(TestFixture::pattern());
  const auto &p = m.pattern();
  const std::size_t me = dash::myid(), n = m.size();
  for (std::size_t l = 0; l < m.local.size(); ++l) m.local.lbegin()[l] = value<N>(p.global_coords(me, l));
  m.barrier();
  std::vector<long> all(n);
  dash::copy(m.begin(), m.end(), all.data());
  for (std::size_t g = 0; g < n; ++g) ASSERT_EQ(all[g], value<N>(p.ucoords(g))) << g;
  // A sub-range in the middle.
  const std::size_t a = n / 5, b = n - n / 7;
  std::vector<long> part(b - a);
  dash::copy(m.begin() + long(a), m.begin() + long(b), part.data());
  for (std::size_t g = a; g < b; ++g) ASSERT_EQ(part[g - a], value<N>(p.ucoords(g))) << g;
  m.barrier();
  // Local buffer to global: the last unit writes everything, negated.
  if (me == dash::size() - 1) {
    for (auto &v : all) v = -v;
    dash::copy(all.data(), all.data() + n, m.begin());
  }
  m.barrier();
  for (std::size_t l = 0; l < m.local.size(); ++l)
    ASSERT_EQ(m.local.lbegin()[l], -value<N>(p.global_coords(me, l))) << l;
  m.barrier();
  // Global to global: into a Pattern<N> (ROW_MAJOR) container; positions
  // match, so element g of the copy has the value of coords(g) here.
  dash::NArray<long, N> flat(p.extents());
  dash::copy(m.begin(), m.end(), flat.begin());
  std::vector<long> back = dash_test::gather(flat);
  for (std::size_t g = 0; g < n; ++g) ASSERT_EQ(back[g], -value<N>(p.ucoords(g))) << g;
  EXPECT_TRUE(dash::equal(m.begin(), m.end(), flat.begin()));
  flat.barrier();
}

// Collective algorithms over the whole container.
TYPED_TEST(PatternContainer, Algorithms) {
  constexpr std::size_t N = TestFixture::N;
  typename TestFixture::matrix_t m(TestFixture::pattern()), out(TestFixture::pattern());
  const auto &p = m.pattern();
  const std::size_t me = dash::myid(), n = m.size();
  dash::fill(m.begin(), m.end(), 7L);
  EXPECT_TRUE(std::all_of(m.lbegin(), m.lend(), [](long v) { return v == 7; }));
  EXPECT_EQ(dash::accumulate(m.begin(), m.end(), 0L), long(7 * n));
  dash::generate_with_index(m.begin(), m.end(), [&](std::size_t g) { return value<N>(p.ucoords(g)); });
  for (std::size_t l = 0; l < m.local.size(); ++l)
    ASSERT_EQ(m.local.lbegin()[l], value<N>(p.global_coords(me, l)));
  long sum = 0, lo = value<N>(p.ucoords(0)), hi = lo;
  std::size_t glo = 0, ghi = 0;
  for (std::size_t g = 0; g < n; ++g) {
    long v = value<N>(p.ucoords(g));
    sum += v;
    if (v < lo) lo = v, glo = g;
    if (v > hi) hi = v, ghi = g;
  }
  EXPECT_EQ(dash::accumulate(m.begin(), m.end(), 0L), sum);
  EXPECT_EQ(dash::reduce(m.begin(), m.end()), sum);
  auto mn = dash::min_element(m.begin(), m.end());
  EXPECT_EQ(mn - m.begin(), long(glo));
  EXPECT_EQ(long(*mn), lo);
  EXPECT_EQ(dash::max_element(m.begin(), m.end()) - m.begin(), long(ghi));
  // find_if: the first element in global order with an odd last coordinate.
  std::size_t first_odd = n;
  for (std::size_t g = 0; g < n && first_odd == n; ++g)
    if (p.ucoords(g)[N - 1] % 2 == 1) first_odd = g;
  auto found = dash::find_if(m.begin(), m.end(), [](long v) { return v % 2 != 0; });
  EXPECT_EQ(found - m.begin(), long(first_odd));
  std::size_t odd = 0;
  for (std::size_t g = 0; g < n; ++g) odd += p.ucoords(g)[N - 1] % 2;
  EXPECT_EQ(dash::count_if(m.begin(), m.end(), [](long v) { return v % 2 != 0; }), odd);
  dash::transform(m.begin(), m.end(), out.begin(), [](long v) { return 2 * v + 1; });
  for (std::size_t l = 0; l < out.local.size(); ++l)
    ASSERT_EQ(out.local.lbegin()[l], 2 * value<N>(p.global_coords(me, l)) + 1);
  dash::for_each(out.begin(), out.end(), [](long &v) { v -= 1; });
  dash::transform(out.begin(), out.end(), m.begin(), out.begin(), [](long a, long b) { return a - b; });
  EXPECT_TRUE(dash::equal(out.begin(), out.end(), m.begin()));
  // A mismatch at one element.
  const std::size_t bad = n / 3;
  if (me == 0) out.begin()[long(bad)] = -1;
  out.barrier();
  auto mm = dash::mismatch(m.begin(), m.end(), out.begin());
  EXPECT_EQ(mm.first - m.begin(), long(bad));
  // The whole container's local range: all of the unit's memory.
  auto lr = dash::local_index_range(m.begin(), m.end());
  EXPECT_EQ(lr.begin, 0);
  EXPECT_EQ(std::size_t(lr.end), m.local.size());
  auto lp = dash::local_range(m.begin(), m.end());
  EXPECT_EQ(lp.begin, m.local.size() ? m.lbegin() : nullptr);
  EXPECT_EQ(std::size_t(lp.end - lp.begin), m.local.size());
  m.barrier();
}

// Views iterate their box in the pattern's memory order; blocks and local
// blocks are the pattern's.
TYPED_TEST(PatternContainer, ViewsInMemoryOrder) {
  constexpr std::size_t N = TestFixture::N;
  constexpr dash::MemArrange order = TestFixture::pattern_t::memory_order();
  typename TestFixture::matrix_t m(TestFixture::pattern());
  const auto &p = m.pattern();
  const std::size_t me = dash::myid();
  for (std::size_t l = 0; l < m.local.size(); ++l) m.local.lbegin()[l] = value<N>(p.global_coords(me, l));
  m.barrier();
  auto check_view = [&](const auto &view, const dash::ViewSpec<N> &box) {
    ASSERT_EQ(view.size(), box.size());
    std::vector<long> buf(box.size());
    dash::copy(view.begin(), view.end(), buf.data());
    auto it = view.begin();
    for (std::size_t k = 0; k < box.size(); ++k, ++it) {
      auto c = box_coords<order, N>(box, k);
      ASSERT_EQ(it.coords(), c) << k;
      EXPECT_EQ(buf[k], value<N>(c)) << k;
    }
    EXPECT_EQ(dash::accumulate(view.begin(), view.end(), 0L), std::accumulate(buf.begin(), buf.end(), 0L));
    if (box.size() > 0) {
      EXPECT_EQ(long(*dash::min_element(view.begin(), view.end())),
                *std::min_element(buf.begin(), buf.end()));
    }
  };
  typename TestFixture::coords_t off, ext;
  for (std::size_t d = 0; d < N; ++d) {
    off[d] = 1;
    ext[d] = p.extent(d) - 2;
  }
  check_view(m.sub(off, ext), dash::ViewSpec<N>{off, ext});
  auto rows = m.rows(1, 2);
  typename TestFixture::coords_t roff{}, rext = p.extents();
  roff[0] = 1;
  rext[0] = 2;
  check_view(rows, dash::ViewSpec<N>{roff, rext});
  check_view(m.cols(2, 1), [&] {
    dash::ViewSpec<N> b{{}, p.extents()};
    b.offsets()[1] = 2;
    b.extents()[1] = 1;
    return b;
  }());
  for (std::size_t b = 0; b < p.nblocks(); b += 2) check_view(m.block(b), p.block(b));
  for (std::size_t lb = 0; lb < p.local_nblocks(me); ++lb) {
    auto view = m.local.block(lb);
    EXPECT_EQ(view.viewspec(), p.local_block(me, lb));
    for (auto it = view.begin(); it != view.end(); ++it) EXPECT_TRUE(it.is_local());
  }
  m.barrier();
  // Algorithms on a view write exactly its elements.
  dash::fill(m.sub(off, ext).begin(), m.sub(off, ext).end(), -5L);
  for (std::size_t l = 0; l < m.local.size(); ++l) {
    auto c = p.global_coords(me, l);
    bool inside = true;
    for (std::size_t d = 0; d < N; ++d) inside = inside && c[d] >= off[d] && c[d] < off[d] + ext[d];
    ASSERT_EQ(m.local.lbegin()[l], inside ? -5 : value<N>(c)) << l;
  }
  // Local buffer to a view.
  std::vector<long> buf(rows.size());
  std::iota(buf.begin(), buf.end(), 1000L);
  m.barrier();
  if (me == 0) dash::copy(buf.data(), buf.data() + buf.size(), rows.begin());
  m.barrier();
  auto it = rows.begin();
  for (std::size_t k = 0; k < buf.size(); ++k, ++it) EXPECT_EQ(long(*it), 1000L + long(k));
  m.barrier();
}

// A pattern for another number of units than the team.
TYPED_TEST(PatternContainer, PatternForAnotherTeamSize) {
  constexpr std::size_t N = TestFixture::N;
  typename TestFixture::pattern_t p = TestFixture::pattern();
  dash::DistributionSpec<N> dist = p.distspec();
  std::array<std::size_t, N> units{};
  units.fill(1);
  units[0] = dash::size() + 1;
  dash::TeamSpec<N> ts(units);
  using matrix_t = typename TestFixture::matrix_t;
  // A teamspec whose units do not fit the team, given to the container or
  // to the pattern.
  EXPECT_THROW(matrix_t(p.extents(), dist, dash::Team::All(), ts), std::invalid_argument);
  EXPECT_THROW(matrix_t(typename TestFixture::pattern_t(p.extents(), dist, ts)), std::invalid_argument);
}

// Array<T, long, SeqTilePattern<1>> and ShiftTilePattern<1>: elements
// by global index, sort, a 1-D view, the local range.
template <typename pattern_t>
void check_array_1d() {
  const std::size_t n = 36;  // 12 tiles of 3: any unit count for ShiftTilePattern
  dash::Array<long, dash::default_index_t, pattern_t> a(n, dash::TILE(3));
  const auto &p = a.pattern();
  const std::size_t me = dash::myid();
  for (std::size_t l = 0; l < a.local.size(); ++l)
    a.local.lbegin()[l] = long(dash_test::mix(p.global_of_local(me, l)) % 1000);
  a.barrier();
  for (std::size_t g = 0; g < n; ++g) EXPECT_EQ(long(a[g]), long(dash_test::mix(g) % 1000)) << g;
  a.barrier();
  std::vector<long> expect(n);
  for (std::size_t g = 0; g < n; ++g) expect[g] = long(dash_test::mix(g) % 1000);
  std::sort(expect.begin(), expect.end());
  dash::sort(a.begin(), a.end());
  EXPECT_EQ(dash_test::gather(a), expect);
  for (std::size_t l = 0; l < a.local.size(); ++l)
    EXPECT_EQ(a.local.lbegin()[l], expect[p.global_of_local(me, l)]);
  auto v = dash::sub(4, 30, a);
  std::vector<long> part(26);
  dash::copy(v.begin(), v.end(), part.data());
  EXPECT_TRUE(std::equal(part.begin(), part.end(), expect.begin() + 4));
  auto lr = dash::local_index_range(a.begin(), a.end());
  EXPECT_EQ(lr.begin, 0);
  EXPECT_EQ(lr.end, long(a.local.size()));
  a.barrier();
}

TEST(PatternContainer1D, SeqTileArrayAndSort) { check_array_1d<dash::SeqTilePattern<1>>(); }
TEST(PatternContainer1D, ShiftTileArrayAndSort) { check_array_1d<dash::ShiftTilePattern<1>>(); }

// summa over SeqTilePattern matrices (DASH's SUMMATest).
TEST(PatternContainer2D, SummaOverSeqTilePattern) {
  using pattern_t = dash::SeqTilePattern<2>;
  const std::size_t n = 8, b = 2;
  auto pattern = [&](std::size_t rows, std::size_t cols) {
    return pattern_t(rows, cols, dash::TILE(b), dash::TILE(b));
  };
  dash::Matrix<double, 2, dash::default_index_t, pattern_t> A(pattern(n, 6)), B(pattern(6, n)),
      C(pattern(n, n));
  auto fa = [](std::size_t i, std::size_t k) { return double(i + 2 * k) - 3.0; };
  auto fb = [](std::size_t k, std::size_t j) { return double(k * j % 5) + 0.5; };
  const std::size_t me = dash::myid();
  for (std::size_t l = 0; l < A.local.size(); ++l) {
    auto c = A.pattern().global_coords(me, l);
    A.local.lbegin()[l] = fa(c[0], c[1]);
  }
  for (std::size_t l = 0; l < B.local.size(); ++l) {
    auto c = B.pattern().global_coords(me, l);
    B.local.lbegin()[l] = fb(c[0], c[1]);
  }
  dash::summa(A, B, C);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      double e = 0;
      for (std::size_t k = 0; k < 6; ++k) e += fa(i, k) * fb(k, j);
      EXPECT_EQ(double(C(i, j)), e) << i << "," << j;
    }
  C.barrier();
}

}  // namespace
