// dash::Matrix and dash::NArray as DASH programs use them: SizeSpec,
// DistributionSpec and TeamSpec, m[i][j], the local range.
#include <libdash.h>

#include <type_traits>

#include "check.h"

static_assert(std::is_same_v<dash::Matrix<int, 2, long, dash::Pattern<2>>, dash::Matrix<int, 2>>);
static_assert(std::is_same_v<dash::NArray<int, 2>, dash::Matrix<int>>);
// DASH's ex.11.halo-stencil: NArray with the index type and pattern type.
static_assert(std::is_same_v<dash::NArray<unsigned char, 2, dash::Pattern<2>::index_type, dash::Pattern<2>>,
                             dash::Matrix<unsigned char>>);
// As in DASH, the index type is a parameter of its own.
static_assert(std::is_same_v<dash::NArray<int, 3, int>::index_type, int>);

int main(int argc, char *argv[]) {
  dash::init(&argc, &argv);
  {
    const std::size_t size = dash::size();
    auto myid = dash::myid();

    // TeamSpec: all units in the first dimension unless told otherwise.
    dash::TeamSpec<2> ts;
    CHECK(ts.num_units(0) == size && ts.num_units(1) == 1);
    dash::TeamSpec<2> grid(size, 1);
    grid.balance_extents();
    CHECK(grid.size() == size && grid.num_units(0) >= grid.num_units(1));
    if (size == 4) CHECK(grid.num_units(0) == 2 && grid.num_units(1) == 2);

    const std::size_t rows = 6, cols = 5;
    dash::SizeSpec<2> sizespec(rows, cols);
    CHECK(sizespec.size() == rows * cols && sizespec.extent(1) == cols);
    dash::Matrix<int, 2> m(sizespec, dash::DistributionSpec<2>(dash::BLOCKED, dash::BLOCKED),
                           dash::Team::All(), grid);
    CHECK(m.extent(0) == rows && m.extent(1) == cols);
    CHECK(m.pattern().teamspec() == grid);
    dash::Pattern<2> pat(sizespec, dash::DistributionSpec<2>(dash::BLOCKED, dash::BLOCKED), grid);
    CHECK(pat == m.pattern());
    CHECK(m.lsize() == m.local.extent(0) * m.local.extent(1));
    CHECK(std::size_t(m.lend() - m.lbegin()) == m.lsize());

    if (myid == 0)
      for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j) m[i][j] = int(10 * i + j);
    m.barrier();
    if (myid == size - 1)
      for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j) CHECK(m(i, j) == int(10 * i + j));
    const auto &cm = m;
    CHECK(cm[rows - 1][cols - 1] == int(10 * (rows - 1) + cols - 1));

    dash::NArray<int, 3> cube(dash::SizeSpec<3>(4, 3, 2), dash::DistributionSpec<3>());
    if (myid == 0) cube[3][2][1] = 42;
    cube.barrier();
    CHECK(cube(3, 2, 1) == 42);
    dash::barrier();
  }
  dash::finalize();
  return compat::result();
}
