// Matrix multiplication as DASH programs write it: make_pattern with the
// summa constraints, dash::summa / dash::mmult; checked against a serial
// product, also for non-square matrices of different patterns.
#include <libdash.h>

#include <vector>

#include "check.h"

namespace {

// Integer-valued entries: the products are exact in double.
double a_at(std::size_t i, std::size_t k) { return double((i * 7 + k * 3) % 11) - 5; }
double b_at(std::size_t k, std::size_t j) { return double((k * 5 + j * 2) % 13) - 6; }

template <typename M>
void fill(M &m, double (*f)(std::size_t, std::size_t)) {
  for (std::size_t i = 0; i < m.local.extent(0); ++i)
    for (std::size_t j = 0; j < m.local.extent(1); ++j) {
      auto g = m.pattern().global(std::array<std::size_t, 2>{i, j});
      m.local(i, j) = f(g[0], g[1]);
    }
}

template <typename M>
void check_product(const M &c, std::size_t m) {
  for (std::size_t i = 0; i < c.local.extent(0); ++i)
    for (std::size_t j = 0; j < c.local.extent(1); ++j) {
      auto g = c.pattern().global(std::array<std::size_t, 2>{i, j});
      double expect = 0;
      for (std::size_t k = 0; k < m; ++k) expect += a_at(g[0], k) * b_at(k, g[1]);
      CHECK(c.local(i, j) == expect);
    }
}

}  // namespace

int main(int argc, char *argv[]) {
  dash::init(&argc, &argv);
  {
    const std::size_t size = dash::size();

    // Square, DASH's way: a tiled pattern from the summa constraints.
    const std::size_t n = 24 * size;
    dash::SizeSpec<2> sizespec(n, n);
    dash::TeamSpec<2, long> teamspec(size, 1);
    teamspec.balance_extents();
    auto pattern =
        dash::make_pattern<dash::summa_pattern_partitioning_constraints,
                           dash::summa_pattern_mapping_constraints, dash::summa_pattern_layout_constraints>(
            sizespec, teamspec);
    CHECK(pattern.is_tiled() && pattern.teamspec() == dash::TeamSpec<2>(teamspec));
    CHECK(pattern.local_nblocks(pattern.myid()) >= 2 || size == 1);
    dash::Matrix<double, 2, long, decltype(pattern)> a(pattern), b(pattern), c(pattern);
    fill(a, a_at);
    fill(b, b_at);
    dash::summa(a, b, c);
    check_product(c, n);
    dash::fill(c.begin(), c.end(), -1.0);
    dash::mmult(a, b, c);
    check_product(c, n);

    // Non-square with different patterns: (5 x 300) * (300 x 3), so the
    // inner dimension takes two panels.
    const std::size_t rows = 5, inner = 300, cols = 3;
    dash::Matrix<double> a2(dash::SizeSpec<2>(rows, inner),
                            dash::DistributionSpec<2>(dash::NONE, dash::CYCLIC));
    dash::Matrix<double> b2(dash::SizeSpec<2>(inner, cols));
    dash::Matrix<double> c2(dash::SizeSpec<2>(rows, cols),
                            dash::DistributionSpec<2>(dash::NONE, dash::BLOCKED));
    fill(a2, a_at);
    fill(b2, b_at);
    dash::summa(a2, b2, c2);
    check_product(c2, inner);

    bool threw = false;
    try {
      dash::summa(a2, a2, c2);
    } catch (const std::invalid_argument &) {
      threw = true;
    }
    CHECK(threw);
    dash::barrier();
  }
  dash::finalize();
  return compat::result();
}
