// DASH's halo front (dash::halo::HaloMatrixWrapper, StencilSpec,
// StencilOperator, GlobalBoundarySpec): explicit heat-equation steps on a
// periodic grid, a fixed (custom) boundary and no boundary (NONE: elements
// next to the global edge are in neither iteration space and keep their
// value, as in DASH), inner and boundary iteration, over BLOCKED, NONE,
// TILE(b), BLOCKCYCLIC(b) and CYCLIC dimensions with one block per unit;
// every unit's result equals a serial computation on the whole grid
// bitwise (the same expression, the same order).
#include <vector>

#include "dash_test.h"

namespace {

using Point = dash::halo::StencilPoint<2>;
using Spec = dash::halo::StencilSpec<Point, 4>;
using Bound = dash::halo::BoundaryProp;

double initial(long i, long j) { return double((i * 7 + j * 3) % 11); }

enum class Edge { periodic, fixed, none };

// One step on the whole grid; outside the grid: wrap around (periodic),
// `fixed` (custom boundary), or (none) the element is not updated.
std::vector<double> serial_step(const std::vector<double> &g, long n, long m, Edge edge, double fixed) {
  auto at = [&](long i, long j) {
    if (edge == Edge::periodic) return g[std::size_t(((i + n) % n) * m + (j + m) % m)];
    if (i < 0 || j < 0 || i >= n || j >= m) return fixed;
    return g[std::size_t(i * m + j)];
  };
  std::vector<double> out(g);
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < m; ++j) {
      if (edge == Edge::none && (i == 0 || j == 0 || i == n - 1 || j == m - 1)) continue;
      double c = at(i, j);
      double dt = (at(i - 1, j) + at(i + 1, j) - 2 * c) + (at(i, j - 1) + at(i, j + 1) - 2 * c);
      out[std::size_t(i * m + j)] = c + 0.1 * dt;
    }
  return out;
}

// Heat-equation steps on an n x m grid distributed by `dist` (units
// arranged by `ts`), compared with serial_step bitwise.
void heat(Edge edge, const dash::DistributionSpec<2> &dist, const dash::TeamSpec<2> &ts, long n, long m) {
  const long steps = 6;
  const double fixed = 5.0;
  dash::Pattern<2> pat({std::size_t(n), std::size_t(m)}, dist, ts, dash::size());
  dash::Matrix<double> a(pat), b(pat);
  Spec spec(Point(-1, 0), Point(1, 0), Point(0, -1), Point(0, 1));
  Bound p = edge == Edge::periodic ? Bound::CYCLIC : edge == Edge::fixed ? Bound::CUSTOM : Bound::NONE;
  dash::halo::GlobalBoundarySpec<2> bound(p, p);
  dash::halo::HaloMatrixWrapper<dash::Matrix<double>> ha(a, bound, spec), hb(b, bound, spec);
  auto fix = [&](const std::array<long, 2> &) { return fixed; };
  ha.set_custom_halos(fix);
  hb.set_custom_halos(fix);
  auto opa = ha.stencil_operator(spec);
  auto opb = hb.stencil_operator(spec);
  const auto off = ha.halo().block().origin();
  const auto ext = ha.halo().extents();
  for (std::size_t i = 0; i < ext[0]; ++i)
    for (std::size_t j = 0; j < ext[1]; ++j) {
      EXPECT_EQ(pat.global(dash::myid().id, {i, j}), (std::array<std::size_t, 2>{off[0] + i, off[1] + j}));
      a.local(i, j) = b.local(i, j) = initial(long(off[0] + i), long(off[1] + j));
    }
  std::vector<double> ref(std::size_t(n * m));
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < m; ++j) ref[std::size_t(i * m + j)] = initial(i, j);
  // Elements next to a NONE edge: neither inner nor boundary.
  std::size_t skipped = 0;
  for (std::size_t i = 0; i < ext[0]; ++i)
    for (std::size_t j = 0; j < ext[1]; ++j) {
      std::size_t gi = off[0] + i, gj = off[1] + j;
      skipped +=
          edge == Edge::none && (gi == 0 || gj == 0 || gi + 1 == std::size_t(n) || gj + 1 == std::size_t(m));
    }

  auto *cur = &ha, *nxt = &hb;
  auto *ocur = &opa, *onxt = &opb;
  for (long s = 0; s < steps; ++s) {
    double *out = nxt->matrix().lbegin();
    auto step = [&](auto it, auto end) {
      for (; it != end; ++it) {
        double c = *it;
        double dt = (it.value_at(0) + it.value_at(1) - 2 * c) + (it.value_at(2) + it.value_at(3) - 2 * c);
        out[it.lpos()] = c + 0.1 * dt;
      }
    };
    cur->update_async();
    step(ocur->inner.begin(), ocur->inner.end());
    cur->wait();
    step(ocur->boundary.begin(), ocur->boundary.end());
    EXPECT_EQ(ocur->inner.size() + ocur->boundary.size() + skipped, ext[0] * ext[1]);
    std::swap(cur, nxt);
    std::swap(ocur, onxt);
    ref = serial_step(ref, n, m, edge, fixed);
  }
  long checked = 0;
  for (std::size_t i = 0; i < ext[0]; ++i)
    for (std::size_t j = 0; j < ext[1]; ++j) {
      EXPECT_EQ(cur->matrix().local(i, j), ref[(off[0] + i) * std::size_t(m) + off[1] + j]) << i << "," << j;
      ++checked;
    }
  EXPECT_EQ(checked, long(ext[0] * ext[1]));
  a.barrier();
}

dash::TeamSpec<2> balanced(const dash::DistributionSpec<2> &dist) {
  return dash::TeamSpec<2>(dist, dash::size(), dash::balanced);
}

void heat_blocked(Edge edge) {
  dash::DistributionSpec<2> dist(dash::BLOCKED, dash::BLOCKED);
  heat(edge, dist, balanced(dist), 4 * long(dash::size()) + 2, 9);
}

TEST(HaloStencil, PeriodicHeatEquation) { heat_blocked(Edge::periodic); }
TEST(HaloStencil, FixedBoundaryHeatEquation) { heat_blocked(Edge::fixed); }
TEST(HaloStencil, NoBoundaryHeatEquation) { heat_blocked(Edge::none); }

// TILE(b), BLOCKCYCLIC(b) and CYCLIC with at most one block per unit are
// the boxes of BLOCKED with block size b; NONE keeps a dimension whole.
TEST(HaloStencil, OneBlockPerUnitDistributions) {
  for (Edge edge : {Edge::periodic, Edge::fixed, Edge::none}) {
    {
      dash::DistributionSpec<2> dist(dash::TILE(4), dash::TILE(3));
      auto ts = balanced(dist);
      heat(edge, dist, ts, long(4 * ts.extent(0)) - 1, long(3 * ts.extent(1)) - 1);
    }
    {
      dash::DistributionSpec<2> dist(dash::BLOCKCYCLIC(5), dash::NONE);
      auto ts = balanced(dist);
      heat(edge, dist, ts, long(5 * ts.extent(0)) - 2, 7);
    }
    {
      dash::DistributionSpec<2> dist(dash::NONE, dash::BLOCKCYCLIC(3));
      auto ts = balanced(dist);
      heat(edge, dist, ts, 6, long(3 * ts.extent(1)));
    }
    {
      // CYCLIC with extent == units along rows: one row each (1 unit: 1 row
      // with NONE columns is too narrow for a periodic halo).
      if (dash::size() > 1) {
        dash::DistributionSpec<2> dist(dash::CYCLIC, dash::NONE);
        heat(edge, dist, balanced(dist), long(dash::size()), 5);
      }
    }
  }
}

// Several blocks per unit along a dimension: a clear exception naming it.
TEST(HaloStencil, RejectsSeveralBlocksPerUnit) {
  Spec spec(Point(-1, 0), Point(1, 0), Point(0, -1), Point(0, 1));
  using Matrix = dash::Matrix<double>;
  auto message = [&](const dash::DistributionSpec<2> &dist, std::size_t rows, std::size_t cols) {
    Matrix m({rows, cols}, dist);
    try {
      dash::halo::HaloMatrixWrapper<Matrix> h(m, spec);
    } catch (const std::invalid_argument &e) {
      m.barrier();
      return std::string(e.what());
    }
    m.barrier();
    return std::string();
  };
  std::size_t p = dash::size();
  EXPECT_NE(message(dash::DistributionSpec<2>(dash::BLOCKCYCLIC(2), dash::NONE), 4 * p + 2, 5)
                .find("dimension 0 is BLOCKCYCLIC(2)"),
            std::string::npos);
  EXPECT_NE(
      message(dash::DistributionSpec<2>(dash::NONE, dash::TILE(2)), 5, 4 * p).find("dimension 1 is TILE(2)"),
      std::string::npos);
  EXPECT_NE(
      message(dash::DistributionSpec<2>(dash::CYCLIC, dash::NONE), 3 * p, 5).find("dimension 0 is CYCLIC"),
      std::string::npos);
}

TEST(HaloStencil, StencilWidthsAndBadInput) {
  dash::halo::StencilSpec<Point, 3> spec(Point(-2, 0), Point(0, 1), Point(1, -1));
  auto w = spec.widths();
  EXPECT_EQ(w.lo[0], 2u);
  EXPECT_EQ(w.hi[0], 1u);
  EXPECT_EQ(w.lo[1], 1u);
  EXPECT_EQ(w.hi[1], 1u);
  dash::Matrix<int> m(std::size_t(4 * dash::size()), 6);
  Spec five(Point(-1, 0), Point(1, 0), Point(0, -1), Point(0, 1));
  dash::halo::HaloMatrixWrapper<dash::Matrix<int>> h(m, five);
  // A stencil reaching beyond the halo is rejected.
  dash::halo::StencilSpec<Point, 1> far(Point(-2, 0));
  EXPECT_THROW(h.stencil_operator(far), std::invalid_argument);
  m.barrier();
}

}  // namespace
