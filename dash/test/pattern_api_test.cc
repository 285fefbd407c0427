// DASH's pattern vocabulary as DASH programs use it: CartesianIndexSpace
// (rank() is the number of dimensions), SizeSpec, Dimensional and
// DistributionSpec, TeamSpec from a team and a distribution, neighbours in
// the unit grid, pattern properties and traits, make_team_spec, the signed
// coordinate overloads of every pattern type, CSRPattern in an Array and
// dash::math.
#include <array>
#include <numeric>
#include <vector>

#include "dash_test.h"

namespace {

using index_t = dash::default_index_t;

TEST(PatternApi, CartesianIndexSpaceRankIsTheNumberOfDimensions) {
  dash::CartesianIndexSpace<3> space(4, 1, 1);
  EXPECT_EQ(space.rank(), 3);
  EXPECT_EQ(space.size(), 4u);
  dash::CartesianIndexSpace<2, dash::COL_MAJOR> col(3, 4);
  EXPECT_EQ(col.at(2, 1), 2 + 1 * 3);
  EXPECT_EQ(col.coords(7), (std::array<index_t, 2>{{1, 2}}));
  EXPECT_EQ(col.at<dash::ROW_MAJOR>(std::array<index_t, 2>{{1, 2}}), 1 * 4 + 2);
  col.resize(5, 6);
  EXPECT_EQ(col.size(), 30u);
  dash::SizeSpec<2> sizes(3, 5);
  EXPECT_EQ(sizes.rank(), 2);
  EXPECT_EQ(sizes.size(), 15u);
}

TEST(PatternApi, DistributionSpecIsDimensional) {
  dash::DistributionSpec<3> spec(dash::NONE, dash::TILE(4), dash::BLOCKED);
  EXPECT_TRUE(spec.is_tiled());
  EXPECT_TRUE(spec.is_tiled_in_dimension(1));
  EXPECT_FALSE(spec.is_tiled_in_dimension(2));
  EXPECT_EQ(spec.dim(1).blocksz, 4u);
  EXPECT_EQ(dash::rank(spec), 3);
  EXPECT_EQ(dash::BLOCKED.max_blocksize_in_range(10, 4), 3);
  EXPECT_EQ(dash::BLOCKCYCLIC(4).local_index_to_block_coord(1L, 9L, 3), 2 * 3 + 1);
}

TEST(PatternApi, TeamSpecFromTeamAndDistribution) {
  std::size_t p = dash::size();
  dash::TeamSpec<2> all(dash::Team::All());
  EXPECT_EQ(all.extent(0), p);
  EXPECT_EQ(all.rank(), 1);
  dash::TeamSpec<3> along_z(dash::DistributionSpec<3>(dash::NONE, dash::NONE, dash::CYCLIC),
                            dash::Team::All());
  EXPECT_EQ(along_z.extents(), (std::array<std::size_t, 3>{{1, 1, p}}));
  // The first TILE dimension takes the units.
  dash::TeamSpec<2> tiled(dash::DistributionSpec<2>(dash::BLOCKED, dash::TILE(2)), dash::Team::All());
  EXPECT_EQ(tiled.extents(), (std::array<std::size_t, 2>{{1, p}}));
  EXPECT_THROW(dash::TeamSpec<2>(dash::DistributionSpec<2>(dash::BLOCKED, dash::CYCLIC), dash::Team::All()),
               std::invalid_argument);
  dash::TeamSpec<2> copied(all, dash::DistributionSpec<2>(dash::NONE, dash::BLOCKED), dash::Team::All());
  EXPECT_EQ(copied.extents(), all.extents());
}

TEST(PatternApi, TeamSpecNeighbours) {
  std::size_t p = dash::size();
  dash::TeamSpec<1> ring(dash::Team::All());
  long me = dash::myid();
  dash::team_unit_t right = ring.neighbor({1});
  EXPECT_EQ(right, me + 1 < static_cast<long>(p) ? dash::team_unit_t(me + 1) : dash::UNDEFINED_TEAM_UNIT_ID);
  EXPECT_EQ(ring.periodic_neighbor({1}), dash::team_unit_t((me + 1) % static_cast<long>(p)));
  EXPECT_EQ(ring.periodic_neighbor({-1}),
            dash::team_unit_t((me + static_cast<long>(p) - 1) % static_cast<long>(p)));
  dash::TeamSpec<2> grid(std::array<std::size_t, 2>{{12, 1}});
  grid.balance_extents();
  EXPECT_EQ(grid.extents(), (std::array<std::size_t, 2>{{4, 3}}));
  EXPECT_EQ(grid.rank(), 2);
}

TEST(PatternApi, PropertiesAndTraits) {
  using layout = dash::pattern_layout_traits<dash::TilePattern<2>>::type;
  EXPECT_TRUE(layout::blocked);
  EXPECT_FALSE(layout::canonical);
  EXPECT_TRUE((dash::pattern_layout_traits<dash::Pattern<2>>::type::canonical));
  EXPECT_TRUE((dash::pattern_mapping_traits<dash::ShiftTilePattern<2>>::type::diagonal));
  EXPECT_TRUE((dash::pattern_partitioning_traits<dash::SeqTilePattern<2>>::type::minimal));
  using first_wins =
      dash::pattern_layout_properties<dash::pattern_layout_tag::canonical, dash::pattern_layout_tag::blocked>;
  EXPECT_TRUE(first_wins::canonical);
  EXPECT_FALSE(first_wins::blocked);
  using needs_blocked = dash::pattern_layout_properties<dash::pattern_layout_tag::blocked>;
  EXPECT_TRUE(
      (dash::pattern_constraints<dash::pattern_partitioning_properties<>, dash::pattern_mapping_properties<>,
                                 needs_blocked, dash::TilePattern<2>>::satisfied::value));
  EXPECT_FALSE(
      (dash::pattern_constraints<dash::pattern_partitioning_properties<>, dash::pattern_mapping_properties<>,
                                 needs_blocked, dash::Pattern<2>>::satisfied::value));
}

TEST(PatternApi, MakeTeamSpecAndDiagonalPattern) {
  std::size_t p = dash::size();
  dash::SizeSpec<2> sizes(6 * p, 4 * p);
  auto ts = dash::make_team_spec<dash::pattern_partitioning_properties<>, dash::pattern_mapping_properties<>,
                                 dash::pattern_layout_properties<>>(sizes);
  EXPECT_EQ(ts.size(), p);
  EXPECT_GE(ts.extent(0), ts.extent(1));
  auto diag =
      dash::make_pattern<dash::pattern_partitioning_properties<dash::pattern_partitioning_tag::balanced>,
                         dash::pattern_mapping_properties<dash::pattern_mapping_tag::diagonal>,
                         dash::pattern_layout_properties<dash::pattern_layout_tag::blocked>>(
          sizes, dash::TeamSpec<2>(p, 1));
  // Every unit owns a tile in every tile row.
  EXPECT_EQ(diag.blockspec().extent(0), p);
  EXPECT_EQ(diag.blockspec().extent(1), p);
  for (std::size_t u = 0; u < p; ++u) EXPECT_EQ(diag.local_blockspec(u).size(), p);
}

TEST(PatternApi, SignedCoordinatesOfEveryPatternType) {
  std::size_t p = dash::size();
  dash::Pattern<2> blocked(4 * p, 6, dash::BLOCKED, dash::NONE);
  dash::TilePattern<2> tiled(4 * p, 6, dash::TILE(2), dash::TILE(3));
  for (index_t g = 0; g < static_cast<index_t>(blocked.size()); ++g) {
    std::array<index_t, 2> c = blocked.coords(g);
    EXPECT_EQ(c, (std::array<index_t, 2>{{g / 6, g % 6}}));
    auto lpos = blocked.local(c);
    EXPECT_EQ(lpos.unit, blocked.unit_at(c));
    EXPECT_EQ(lpos.unit, dash::team_unit_t(g / 24));
    EXPECT_EQ(lpos.coords, (std::array<index_t, 2>{{g / 6 % 4, g % 6}}));
    EXPECT_EQ(blocked.global(lpos.unit, lpos.coords), c);
    EXPECT_EQ(blocked.at(c), g % 24);
    EXPECT_EQ(blocked.global_at(c), g);
  }
  for (index_t g = 0; g < static_cast<index_t>(tiled.size()); ++g) {
    std::array<index_t, 2> c = tiled.coords(g);
    auto lpos = tiled.local(c);
    EXPECT_EQ(tiled.global(lpos.unit, lpos.coords), c);
    EXPECT_EQ(tiled.global_at(c), g);  // global order is tile by tile
    EXPECT_EQ(tiled.local_index(c).index, static_cast<std::size_t>(tiled.at(c)));
    if (lpos.unit == tiled.team().myid()) {
      EXPECT_EQ(tiled.local_at(lpos.coords), tiled.at(c));
    }
  }
  EXPECT_THROW(blocked.global_at(std::array<index_t, 2>{{-1, 0}}), std::out_of_range);
}

TEST(PatternApi, CsrPatternInAnArray) {
  std::size_t p = dash::size();
  std::vector<std::size_t> sizes(p);
  for (std::size_t u = 0; u < p; ++u) sizes[u] = 3 * u + 1;
  dash::CSRPattern<1> pattern(sizes);
  dash::Array<int, index_t, dash::CSRPattern<1>> arr(pattern);
  std::size_t me = dash::myid();
  EXPECT_EQ(arr.lsize(), sizes[me]);
  EXPECT_EQ(arr.lcapacity(), sizes[p - 1]);
  std::iota(arr.lbegin(), arr.lend(),
            static_cast<int>(std::accumulate(sizes.begin(), sizes.begin() + me, 0ul)));
  arr.barrier();
  for (std::size_t g = 0; g < arr.size(); ++g) EXPECT_EQ(static_cast<int>(arr[g]), static_cast<int>(g));
  arr.barrier();
}

TEST(PatternApi, Math) {
  EXPECT_EQ(dash::math::div_ceil(10, 4), 3);
  auto f = dash::math::factorize(360);
  EXPECT_EQ(f[2], 3u);
  EXPECT_EQ(f[3], 2u);
  EXPECT_EQ(f[5], 1u);
  EXPECT_EQ(dash::math::balance_extents(std::array<int, 2>{{36, 1}}), (std::array<int, 2>{{6, 6}}));
  EXPECT_THROW(dash::math::factorize(0), std::invalid_argument);
}

}  // namespace

TEST(PatternApi, ViewSpecAccessorsAreSigned) {
  dash::ViewSpec<2> view(std::array<index_t, 2>{{2, 3}}, std::array<std::size_t, 2>{{4, 5}});
  std::array<index_t, 2> offsets = view.offsets();
  EXPECT_EQ(offsets, (std::array<index_t, 2>{{2, 3}}));
  EXPECT_EQ(view.extents(), (std::array<std::size_t, 2>{{4, 5}}));
  EXPECT_EQ(view.offset(1), 3);
  EXPECT_EQ(view.extent(0), 4u);
  EXPECT_EQ(view.range(1).begin, 3);
  EXPECT_EQ(view.range(1).end, 8);
  EXPECT_EQ(view.size(), 20u);
  EXPECT_EQ(view.size(0), 4u);
  EXPECT_EQ(view.origin(), (std::array<std::size_t, 2>{{2, 3}}));
  dash::Distribution tile = dash::TILE(3);
  EXPECT_EQ(tile.type, dash::DistributionType::Tile);
  EXPECT_EQ(tile.blocksz, 3u);
}

TEST(PatternApi, BlockQueriesWithViewSpecsAndLocalBlocks) {
  // 6 x 4 over a 2 x 1 unit grid when there are two units, tiles of 2 x 2.
  const std::size_t nunits = dash::size();
  dash::TilePattern<2> tiles(dash::SizeSpec<2>(6, 4), dash::DistributionSpec<2>(dash::TILE(2), dash::TILE(2)),
                             dash::TeamSpec<2>(nunits, 1));
  for (std::size_t b = 0; b < tiles.blockspec().size(); ++b) {
    auto blk = tiles.block(b);
    // unit_at relative to the block's offsets: its first element's owner.
    EXPECT_EQ(tiles.unit_at(std::array<index_t, 2>{{0, 0}}, blk), tiles.unit_at(blk.offsets()));
    auto lb = tiles.local_block_at(blk.offsets());
    EXPECT_EQ(lb.unit, static_cast<std::size_t>(tiles.unit_at(blk.offsets()).id));
    EXPECT_EQ(tiles.local_block(lb.unit, lb.index), blk);
  }
  dash::Pattern<2> rows(dash::SizeSpec<2>(4 * nunits, 3),
                        dash::DistributionSpec<2>(dash::BLOCKED, dash::NONE), dash::TeamSpec<2>(nunits, 1));
  EXPECT_EQ(rows.global_at(std::array<std::size_t, 2>{{1, 2}}), 1 * 3 + 2);
  EXPECT_EQ(rows.global_at(std::array<index_t, 2>{{0, 1}}, rows.block(nunits - 1)),
            static_cast<index_t>((4 * (nunits - 1)) * 3 + 1));
  // local_at(local coordinates): the calling unit's local index.
  EXPECT_EQ(rows.local_at({1, 2}), 1u * 3 + 2);
  auto lb = rows.local_block_at(std::array<index_t, 2>{{static_cast<index_t>(4 * nunits - 1), 0}});
  EXPECT_EQ(lb.unit, nunits - 1);
  EXPECT_EQ(lb.index, 0u);
  EXPECT_EQ(rows.global_index(dash::team_unit_t(0), {{1, 1}}), 4);
}
