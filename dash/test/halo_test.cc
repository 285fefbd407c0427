// dash::Halo for 2-D and 3-D block distributions: every halo element equals
// the global element it mirrors (faces, edges and corners), the halo is
// absent outside the global index space, inner and boundary elements
// partition the local box, and asynchronous exchanges pick up new values.
#include <set>
#include <vector>

#include "dash_test.h"

namespace {

template <std::size_t N>
dash::Pattern<N> block_pattern(const std::array<std::size_t, N> &extents) {
  dash::DistributionSpec<N> spec;
  if constexpr (N == 2) spec = dash::DistributionSpec<2>(dash::BLOCKED, dash::BLOCKED);
  if constexpr (N == 3) spec = dash::DistributionSpec<3>(dash::BLOCKED, dash::BLOCKED, dash::NONE);
  return dash::Pattern<N>(extents, spec, dash::TeamSpec<N>(spec, dash::size(), dash::balanced), dash::size());
}

double value2(long i, long j, int round) { return double(i * 100 + j) + 0.5 * round; }

TEST(Halo, TwoDimensionsAllDirections) {
  const long rows = 12, cols = 10, w = 2;
  dash::Matrix<double> m(block_pattern<2>({std::size_t(rows), std::size_t(cols)}));
  dash::Halo<double, 2> halo(m, w);
  const auto &blk = halo.block();
  long oi = long(blk.offsets()[0]), oj = long(blk.offsets()[1]);
  long ei = long(halo.extents()[0]), ej = long(halo.extents()[1]);
  for (int round = 0; round < 2; ++round) {
    for (long i = 0; i < ei; ++i)
      for (long j = 0; j < ej; ++j) m.local(i, j) = value2(oi + i, oj + j, round);
    if (round == 0) {
      m.barrier();
      halo.exchange();
    } else {
      halo.exchange_async();
      halo.wait();
    }
    for (long i = -w; i < ei + w; ++i)
      for (long j = -w; j < ej + w; ++j) {
        long gi = oi + i, gj = oj + j;
        if (gi < 0 || gj < 0 || gi >= rows || gj >= cols) {
          EXPECT_THROW(halo(i, j), std::out_of_range);
        } else {
          EXPECT_EQ(halo(i, j), value2(gi, gj, round)) << i << "," << j;
        }
      }
    EXPECT_THROW(halo(-w - 1, 0), std::out_of_range);
    m.barrier();  // all read before the next round writes
  }
}

TEST(Halo, InnerAndBoundaryPartitionTheBox) {
  dash::Matrix<int> m(block_pattern<2>({9, 11}));
  dash::Halo<int, 2> halo(m, 1);
  std::set<std::pair<std::size_t, std::size_t>> seen;
  std::size_t count = 0;
  auto visit = [&](std::size_t i, std::size_t j) {
    seen.insert({i, j});
    ++count;
  };
  halo.for_each_inner(visit);
  std::size_t inner = count;
  halo.for_each_boundary(visit);
  EXPECT_EQ(count, m.local.size());        // disjoint
  EXPECT_EQ(seen.size(), m.local.size());  // complete
  EXPECT_EQ(inner, halo.inner().size());
  // Inner elements never need a halo value along a side with a neighbour.
  halo.for_each_inner([&](std::size_t i, std::size_t j) {
    for (std::size_t d = 0; d < 2; ++d) {
      std::size_t c = d == 0 ? i : j;
      if (halo.has_neighbor(d, -1)) {
        EXPECT_GE(c, 1u);
      }
      if (halo.has_neighbor(d, +1)) {
        EXPECT_LT(c + 1, halo.extents()[d]);
      }
    }
  });
  m.barrier();
}

TEST(Halo, ThreeDimensions) {
  const long x = 6, y = 5, z = 4;
  dash::NArray<long, 3> a(block_pattern<3>({std::size_t(x), std::size_t(y), std::size_t(z)}));
  dash::generate_with_index(a.begin(), a.end(), [](std::size_t g) { return long(g); });
  dash::Halo<long, 3> halo(a, 1);
  halo.exchange();
  const auto &blk = halo.block();
  auto ext = halo.extents();
  for (long i = -1; i <= long(ext[0]); ++i)
    for (long j = -1; j <= long(ext[1]); ++j)
      for (long k = -1; k <= long(ext[2]); ++k) {
        long gi = long(blk.offsets()[0]) + i, gj = long(blk.offsets()[1]) + j,
             gk = long(blk.offsets()[2]) + k;
        if (gi < 0 || gj < 0 || gk < 0 || gi >= x || gj >= y || gk >= z)
          EXPECT_THROW(halo(i, j, k), std::out_of_range);
        else
          EXPECT_EQ(halo(i, j, k), (gi * y + gj) * z + gk);
      }
  std::size_t n = 0;
  halo.for_each_inner([&](std::size_t, std::size_t, std::size_t) { ++n; });
  halo.for_each_boundary([&](std::size_t, std::size_t, std::size_t) { ++n; });
  EXPECT_EQ(n, a.local.size());
  a.barrier();
}

// Many exchanges back to back with no barrier between them: the notification
// flags alone must order them. Row-blocked rows as in the stencil benchmark;
// each round reads the halo rows in place (region()) and must see exactly
// the neighbours' values of that round, never those of the round before or
// after (double buffering). Ranks run at different speeds when oversubscribed.
TEST(Halo, BackToBackExchangesWithoutBarrier) {
  const long rows = 4 * long(dash::size()) + 3, cols = 7, rounds = 50;
  dash::Matrix<long> m(dash::Matrix<long>::extents_type{std::size_t(rows), std::size_t(cols)});
  dash::Halo<long, 2> halo(m, 1);
  long o = long(halo.block().offsets()[0]), e = long(halo.extents()[0]);
  auto value = [&](long gi, long j, long round) { return (gi * cols + j) * 1000 + round; };
  long checked = 0;
  for (long round = 0; round < rounds; ++round) {
    for (long i = 0; i < e; ++i)
      for (long j = 0; j < cols; ++j) m.local(i, j) = value(o + i, j, round);
    halo.exchange();
    const long *above = halo.region({-1, 0}), *below = halo.region({+1, 0});
    EXPECT_EQ(above != nullptr, o > 0);
    EXPECT_EQ(below != nullptr, o + e < rows);
    for (long j = 0; j < cols; ++j) {
      if (above) {
        EXPECT_EQ(above[j], value(o - 1, j, round)) << round;
        ++checked;
      }
      if (below) {
        EXPECT_EQ(below[j], value(o + e, j, round)) << round;
        ++checked;
      }
    }
  }
  long neighbours = (o > 0) + (o + e < rows);
  EXPECT_EQ(checked, neighbours * cols * rounds);
  EXPECT_THROW(halo.region({0, 0}), std::invalid_argument);
  EXPECT_THROW(halo.region({2, 0}), std::invalid_argument);
  m.barrier();
}

// Per-dimension and per-side widths with periodic rows and custom (fixed)
// columns: every halo element equals the element it mirrors (wrapped
// around along rows) or the custom value beyond the column ends.
TEST(Halo, PeriodicCustomAndUnevenWidths) {
  const long rows = 3 * long(dash::size()) + 4, cols = 9;
  dash::Matrix<long> m(block_pattern<2>({std::size_t(rows), std::size_t(cols)}));
  dash::HaloWidths<2> w;
  w.lo = {2, 1};
  w.hi = {1, 0};
  dash::Halo<long, 2> halo(m, w, {dash::HaloBoundary::Cyclic, dash::HaloBoundary::Custom});
  const auto &blk = halo.block();
  long oi = long(blk.offsets()[0]), oj = long(blk.offsets()[1]);
  long ei = long(halo.extents()[0]), ej = long(halo.extents()[1]);
  auto custom = [](const std::array<long, 2> &g) { return -1000 * g[0] - g[1] - 7; };
  halo.set_custom_halos(custom);
  for (int round = 0; round < 3; ++round) {
    for (long i = 0; i < ei; ++i)
      for (long j = 0; j < ej; ++j) m.local(i, j) = ((oi + i) * cols + oj + j) * 10 + round;
    halo.exchange();
    long checked = 0;
    for (long i = -2; i < ei + 1; ++i)
      for (long j = -1; j < ej; ++j) {
        long gi = ((oi + i) % rows + rows) % rows, gj = oj + j;
        long want = gj < 0 ? custom({oi + i, gj}) : (gi * cols + gj) * 10 + round;
        EXPECT_EQ(halo(i, j), want) << i << "," << j << " round " << round;
        ++checked;
      }
    EXPECT_EQ(checked, (ei + 3) * (ej + 1));
    EXPECT_THROW(halo(0, ej), std::out_of_range);  // hi width 0 along columns
    EXPECT_THROW(halo(-3, 0), std::out_of_range);
  }
  EXPECT_TRUE(halo.has_neighbor(0, -1));
  EXPECT_TRUE(halo.has_neighbor(0, +1));
  EXPECT_FALSE(halo.has_neighbor(1, +1));
  // Inner: rows [2, ei - 1) (reaching 2 down, 1 up), columns from 1.
  EXPECT_EQ(halo.inner().offsets()[0], 2u);
  EXPECT_EQ(halo.inner().extents()[0], std::size_t(ei - 3));
  EXPECT_EQ(halo.inner().offsets()[1], 1u);
  m.barrier();
}

TEST(Halo, RejectsUnsuitablePatterns) {
  dash::Matrix<int> cyclic({8, 8}, dash::DistributionSpec<2>(dash::CYCLIC, dash::NONE));
  EXPECT_THROW((dash::Halo<int, 2>(cyclic, 1)), std::invalid_argument);
  dash::Matrix<int> m(8, 8);
  EXPECT_THROW((dash::Halo<int, 2>(m, 0)), std::invalid_argument);
  if (dash::size() > 1) {
    EXPECT_THROW((dash::Halo<int, 2>(m, 5)), std::invalid_argument);
  }
  m.barrier();
}

}  // namespace
