// DASH's halo description (RegionCoords, RegionSpec, HaloSpec, HaloBlock)
// and the StencilOperator's region-wise boundary, over ROW_MAJOR and
// COL_MAJOR matrices: every value a stencil reads equals the element of a
// periodic grid the serial formula gives.
#include <array>
#include <vector>

#include "dash_test.h"

namespace {

using namespace dash::halo;

TEST(HaloRegions, CoordsAndIndices) {
  RegionCoords<3> c(2, 0, 1);
  EXPECT_EQ(c.index(), 2u * 9 + 0 * 3 + 1);
  EXPECT_EQ(RegionCoords<3>(19u), c);
  EXPECT_EQ(RegionCoords<3>().index(), RegionCoords<3>::center_index());
  EXPECT_EQ(c.level(), 2);
  EXPECT_EQ(RegionCoords<2>::index(0, RegionPos::PRE), 1u);
  EXPECT_EQ(RegionCoords<2>::index(1, RegionPos::POST), 5u);
  EXPECT_EQ(RegionCoords<2>::index(StencilPoint<2>(-3, 2)), 2u);
  EXPECT_EQ(NumRegionsMax<4>, 81u);
  // A corner depends on itself and on the two faces it touches.
  EXPECT_EQ(RegionCoords<2>::boundary_dependencies(8), (std::vector<region_index_t>{8, 5, 7}));
  EXPECT_TRUE(RegionCoords<2>::boundary_dependencies(4).empty());
}

TEST(HaloRegions, HaloSpecFromStencilsAndRegions) {
  using P = StencilPoint<2>;
  // (-2, 1) reaches the corner (0, 2) by 2, face (0, 1) by 2, face (1, 2) by 1.
  HaloSpec<2> hs(StencilSpec<P, 2>(P(-2, 1), P(0, -1)));
  EXPECT_EQ(hs.extent(RegionCoords<2>(0, 2).index()), 2);
  EXPECT_EQ(hs.extent(RegionCoords<2>(0, 1).index()), 2);
  EXPECT_EQ(hs.extent(RegionCoords<2>(1, 2).index()), 1);
  EXPECT_EQ(hs.extent(RegionCoords<2>(1, 0).index()), 1);
  EXPECT_EQ(hs.num_regions(), 4u);
  EXPECT_EQ(hs.halo_extension_max(0), (std::pair<std::uint16_t, std::uint16_t>(2, 0)));
  // A region's extent applies to all its dimensions: the corner (0, 2)
  // widens the halo above along dimension 1 to 2.
  EXPECT_EQ(hs.halo_extension_max(1), (std::pair<std::uint16_t, std::uint16_t>(1, 2)));
  HaloSpec<2> regions(RegionSpec<2>(RegionCoords<2>(2, 1), 3), RegionSpec<2>(RegionCoords<2>(2, 1), 1));
  EXPECT_EQ(regions.extent(7), 3);  // the largest extent of a region wins
  EXPECT_EQ(regions.num_regions(), 1u);
  auto full = StencilSpecFactory<StencilPoint<3>>::full_stencil_spec(2);
  EXPECT_EQ(full.num_stencil_points(), 26u);
  EXPECT_EQ(full.minmax_distances(1), (std::pair<spoint_value_t, spoint_value_t>(-2, 2)));
}

// A periodic n x m grid with value 100 * i + j; each unit checks that every
// stencil value of every element it iterates (inner, then boundary region
// by region) is the grid's, and that inner + boundary cover its block.
template <dash::MemArrange Order>
void periodic_grid(bool region_wise) {
  using Pattern = dash::Pattern<2, Order>;
  using Matrix = dash::Matrix<long, 2, long, Pattern>;
  const long n = 12, m = 10;
  dash::TeamSpec<2> ts{};
  ts.balance_extents();
  Pattern pat(dash::SizeSpec<2>(n, m), dash::DistributionSpec<2>(dash::BLOCKED, dash::BLOCKED), ts,
              dash::Team::All());
  Matrix mat(pat);
  using P = StencilPoint<2>;
  StencilSpec<P, 5> spec(P(-1, -1), P(1, 0), P(0, 2), P(0, -1), P(1, 1));
  GlobalBoundarySpec<2> bound(BoundaryProp::CYCLIC, BoundaryProp::CYCLIC);
  HaloMatrixWrapper<Matrix> hw(mat, bound, spec);
  const auto &view = hw.halo_block().view();
  for (std::size_t i = 0; i < view.extents()[0]; ++i)
    for (std::size_t j = 0; j < view.extents()[1]; ++j)
      mat.local(i, j) = long(view.offsets()[0] + i) * 100 + long(view.offsets()[1] + j);
  auto op = hw.stencil_operator(spec);
  auto expect = [&](const std::array<std::size_t, 2> &lc, const P &p) {
    long i = (long(view.offsets()[0] + lc[0]) + p[0] + n) % n,
         j = (long(view.offsets()[1] + lc[1]) + p[1] + m) % m;
    return i * 100 + j;
  };
  std::size_t visited = 0, wrong = 0;
  auto check = [&](auto it) {
    ++visited;
    wrong += *it != expect(it.coords(), P(0, 0));
    for (std::size_t k = 0; k < spec.num_stencil_points(); ++k) {
      wrong += it.value_at(k) != expect(it.coords(), spec[k]);
      wrong += it.value_at(spec[k]) != expect(it.coords(), spec[k]);
    }
  };
  dash::Team::All().barrier();
  hw.update_async();
  for (auto it = op.inner.begin(); it != op.inner.end(); ++it) check(it);
  // No wait(): the boundary completes the update itself.
  if (region_wise) {
    for (region_index_t r = 0; r < NumRegionsMax<2>; ++r) {
      auto range = op.boundary.iterator_at(r);
      for (auto it = range.first; it != range.second; ++it) check(it);
    }
  } else {
    for (auto it = op.boundary.begin(); it != op.boundary.end(); ++it) check(it);
  }
  hw.wait();
  EXPECT_EQ(wrong, 0u);
  // The halo by coordinates and by region: the row above the block wraps around.
  auto access = hw.coordinate_access();
  long above = (long(view.offsets()[0]) - 1 + n) % n;
  EXPECT_EQ(access[-1][0], above * 100 + long(view.offsets()[1]));
  EXPECT_EQ(access(0, -1), long(view.offsets()[0]) * 100 + (long(view.offsets()[1]) - 1 + m) % m);
  auto memory = hw.halo_memory();
  region_index_t north = RegionCoords<2>(0, 1).index();
  ASSERT_EQ(memory.size_at(north), view.extents()[1]);  // one row of halo above
  EXPECT_EQ(*memory.first_element_at(north), above * 100 + long(view.offsets()[1]));
  EXPECT_EQ(memory.range_at(north).second - memory.range_at(north).first, long(view.extents()[1]));
  EXPECT_EQ(visited, view.size());
  EXPECT_EQ(op.inner.size() + op.boundary.size(), view.size());
  dash::Team::All().barrier();
}

TEST(HaloRegions, RowMajorBoundaryAtOnce) { periodic_grid<dash::ROW_MAJOR>(false); }
TEST(HaloRegions, RowMajorBoundaryByRegion) { periodic_grid<dash::ROW_MAJOR>(true); }
TEST(HaloRegions, ColMajorBoundaryAtOnce) { periodic_grid<dash::COL_MAJOR>(false); }
TEST(HaloRegions, ColMajorBoundaryByRegion) { periodic_grid<dash::COL_MAJOR>(true); }

TEST(HaloRegions, BlockDependenciesFollowTheStencils) {
  using P = StencilPoint<2>;
  dash::Matrix<int> mat(dash::SizeSpec<2>(8, 8));
  // Only north and south: corners depend on the face they share with them.
  HaloMatrixWrapper<dash::Matrix<int>> hw(mat, StencilSpec<P, 2>(P(-1, 0), P(1, 0)));
  EXPECT_EQ(hw.halo_block().boundary_dependencies(0), (std::vector<region_index_t>{1}));
  EXPECT_EQ(hw.halo_block().boundary_dependencies(7), (std::vector<region_index_t>{7}));
  EXPECT_TRUE(hw.halo_block().boundary_dependencies(3).empty());
  EXPECT_EQ(hw.halo_block().halo_spec().extent(1), 1);
  EXPECT_EQ(hw.halo_block().halo_spec().extent(0), 0);
}

}  // namespace
