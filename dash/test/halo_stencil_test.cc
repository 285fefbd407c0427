// DASH's halo front (dash::halo::HaloMatrixWrapper, StencilSpec,
// StencilOperator, GlobalBoundarySpec): explicit heat-equation steps on a
// periodic grid and a fixed (custom) boundary, inner and boundary
// iteration; every unit's result equals a serial computation on the whole
// grid bitwise (the same expression, the same order).
#include <vector>

#include "dash_test.h"

namespace {

using Point = dash::halo::StencilPoint<2>;
using Spec = dash::halo::StencilSpec<Point, 4>;
using Bound = dash::halo::BoundaryProp;

double initial(long i, long j) { return double((i * 7 + j * 3) % 11); }

// One step on the whole grid; outside the grid: wrap around (periodic) or
// `fixed` (custom boundary).
std::vector<double> serial_step(const std::vector<double> &g, long n, long m, bool periodic, double fixed) {
  auto at = [&](long i, long j) {
    if (periodic) return g[std::size_t(((i + n) % n) * m + (j + m) % m)];
    if (i < 0 || j < 0 || i >= n || j >= m) return fixed;
    return g[std::size_t(i * m + j)];
  };
  std::vector<double> out(g.size());
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < m; ++j) {
      double c = at(i, j);
      double dt = (at(i - 1, j) + at(i + 1, j) - 2 * c) + (at(i, j - 1) + at(i, j + 1) - 2 * c);
      out[std::size_t(i * m + j)] = c + 0.1 * dt;
    }
  return out;
}

void heat(bool periodic) {
  const long n = 4 * long(dash::size()) + 2, m = 9, steps = 6;
  const double fixed = 5.0;
  dash::DistributionSpec<2> dist(dash::BLOCKED, dash::BLOCKED);
  dash::Pattern<2> pat({std::size_t(n), std::size_t(m)}, dist,
                       dash::TeamSpec<2>(dist, dash::size(), dash::balanced), dash::size());
  dash::Matrix<double> a(pat), b(pat);
  Spec spec(Point(-1, 0), Point(1, 0), Point(0, -1), Point(0, 1));
  Bound p = periodic ? Bound::CYCLIC : Bound::CUSTOM;
  dash::halo::GlobalBoundarySpec<2> bound(p, p);
  dash::halo::HaloMatrixWrapper<dash::Matrix<double>> ha(a, bound, spec), hb(b, bound, spec);
  auto fix = [&](const std::array<long, 2> &) { return fixed; };
  ha.set_custom_halos(fix);
  hb.set_custom_halos(fix);
  auto opa = ha.stencil_operator(spec);
  auto opb = hb.stencil_operator(spec);
  const auto off = ha.halo().block().offsets;
  const auto ext = ha.halo().extents();
  for (std::size_t i = 0; i < ext[0]; ++i)
    for (std::size_t j = 0; j < ext[1]; ++j) a.local(i, j) = initial(long(off[0] + i), long(off[1] + j));
  std::vector<double> ref(std::size_t(n * m));
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < m; ++j) ref[std::size_t(i * m + j)] = initial(i, j);

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
    EXPECT_EQ(ocur->inner.size() + ocur->boundary.size(), ext[0] * ext[1]);
    std::swap(cur, nxt);
    std::swap(ocur, onxt);
    ref = serial_step(ref, n, m, periodic, fixed);
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

TEST(HaloStencil, PeriodicHeatEquation) { heat(true); }
TEST(HaloStencil, FixedBoundaryHeatEquation) { heat(false); }

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
