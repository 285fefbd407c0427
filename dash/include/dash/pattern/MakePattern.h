#ifndef DASH_PATTERN_MAKE_PATTERN_H
#define DASH_PATTERN_MAKE_PATTERN_H

// make_pattern, as in DASH: a pattern chosen from properties an algorithm
// needs (e.g. dash::summa's constraints), for given extents and unit grid:
//
//   auto pattern = dash::make_pattern<dash::summa_pattern_partitioning_constraints,
//                                     dash::summa_pattern_mapping_constraints,
//                                     dash::summa_pattern_layout_constraints>(sizespec, teamspec);
//
// The property tags are DASH's. What they select here: a "blocked" layout
// gives a TilePattern (ShiftTilePattern with a "diagonal" mapping) of TILE
// distributions, each tile contiguous in local memory; others a Pattern of
// BLOCKCYCLIC/NONE ones; a "diagonal" or "neighbor" mapping cuts each
// dimension into as many blocks as there are units; the mapping "multiple" gives each unit two blocks per
// distributed dimension where the extent allows it (so that an algorithm
// can prefetch the next block), else one. Blocks are balanced (equal)
// where the extent divides evenly; otherwise the last one is smaller.

#include <array>
#include <cstddef>
#include <set>
#include <tuple>
#include <type_traits>
#include <utility>

#include <dash/Distribution.h>
#include <dash/pattern/BlockPattern.h>
#include <dash/pattern/SeqTilePattern.h>
#include <dash/pattern/ShiftTilePattern.h>
#include <dash/Dimensional.h>
#include <dash/TeamSpec.h>
#include <dash/pattern/PatternProperties.h>
#include <dash/pattern/TilePattern.h>
#include <dash/Team.h>
#include <dash/internal/Math.h>
#include <dash/util/UnitLocality.h>

namespace dash {

namespace detail {
// (0, 1, ..., N-1) as a tuple of std::size_t.
template <std::size_t N, std::size_t... I>
constexpr auto dim_indices_(std::index_sequence<I...>) {
  return std::make_tuple(I...);
}
template <std::size_t N>
constexpr auto dim_indices() {
  return dim_indices_<N>(std::make_index_sequence<N>());
}
}  // namespace detail

namespace detail {
// The distributions make_pattern chooses (see make_pattern).
template <typename Mapping, typename Layout, std::size_t N, typename SizeT, typename IndexT>
DistributionSpec<N> make_pattern_dist(const SizeSpec<N, SizeT> &sizespec,
                                      const TeamSpec<N, IndexT> &teamspec) {
  constexpr bool tiled = Layout::has(pattern_layout_tag::blocked);
  constexpr bool multiple = Mapping::has(pattern_mapping_tag::multiple);
  std::array<Distribution, N> dists;
  for (std::size_t d = 0; d < N; ++d) {
    std::size_t extent = sizespec.extent(d), units = teamspec.extent(d);
    // Every unit in every hyperplane: as many blocks along each dimension
    // as there are units.
    if (Mapping::diagonal || Mapping::neighbor) units = teamspec.size();
    std::size_t per_unit = multiple && extent % (2 * units) == 0 ? 2 : 1;
    std::size_t block = (extent + units * per_unit - 1) / (units * per_unit);
    if (units == 1 && !multiple && !tiled)
      dists[d] = NONE;
    else
      dists[d] = tiled ? TILE(block) : BLOCKCYCLIC(block);
  }
  auto spec = [&dists](auto... d) { return DistributionSpec<N>(dists[d]...); };
  return std::apply(spec, dim_indices<N>());
}
}  // namespace detail

namespace detail {
// The pattern type make_pattern returns, as DASH's: ShiftTilePattern for a
// blocked layout with a diagonal mapping, TilePattern for other blocked
// layouts, else Pattern.
template <typename Mapping, typename Layout, std::size_t N>
using made_pattern_t = std::conditional_t<
    Layout::has(pattern_layout_tag::blocked),
    std::conditional_t<Mapping::has(pattern_mapping_tag::diagonal), ShiftTilePattern<N>, TilePattern<N>>,
    Pattern<N>>;
}  // namespace detail

/// A unit grid for `sizespec` over `nunits` units suited to the given
/// properties (DASH's make_team_spec). One dimension: all units. More,
/// given the machine (`nnodes` nodes of `nnuma` NUMA domains and `ncores`
/// cores), as DASH: on one node the units are balanced over the first two
/// dimensions in multiples of the NUMA domains; on several nodes, for
/// rectangular partitioning or a plain mapping (not diagonal, neighbor or
/// multiple), in multiples of the cores per node; else 1 x nunits. (DASH's
/// further adjustment for multiple blocks per unit never applies: its
/// condition excludes the factors it tries.) Without machine counts (all
/// 0) the units are balanced over the first two dimensions, larger extent
/// first (DASH would leave 1 x nunits).
template <typename Partitioning = pattern_partitioning_properties<>,
          typename Mapping = pattern_mapping_properties<>, typename Layout = pattern_layout_properties<>,
          std::size_t N, typename SizeT>
TeamSpec<N, std::make_signed_t<SizeT>> make_team_spec(const SizeSpec<N, SizeT> &sizespec, int nunits,
                                                      typename std::common_type<SizeT>::type nnodes = 0,
                                                      typename std::common_type<SizeT>::type nnuma = 0,
                                                      typename std::common_type<SizeT>::type ncores = 0) {
  (void)sizespec;
  std::array<std::size_t, N> extents;
  extents.fill(1);
  extents[0] = static_cast<std::size_t>(nunits);
  TeamSpec<N, std::make_signed_t<SizeT>> teamspec(extents);
  if constexpr (N > 1) {
    std::array<std::size_t, 2> grid{{1, static_cast<std::size_t>(nunits)}};
    if (nnodes == 0 && nnuma == 0 && ncores == 0) {
      TeamSpec<2> two(std::array<std::size_t, 2>{{grid[1], 1}});
      two.balance_extents();
      grid = {{two.extent(0), two.extent(1)}};
    } else if (nnodes == 1) {
      grid = math::balance_extents(grid, std::set<std::size_t>{static_cast<std::size_t>(nnuma)});
    } else if (nnodes > 1 && (Partitioning::rectangular ||
                              (!Mapping::diagonal && !Mapping::neighbor && !Mapping::multiple))) {
      grid = math::balance_extents(grid, std::set<std::size_t>{static_cast<std::size_t>(ncores)});
    }
    teamspec.resize_dim(0, grid[0]);
    teamspec.resize_dim(1, grid[1]);
  }
  return teamspec;
}
/// As above, for the units of `team` (default: all units).
template <typename Partitioning = pattern_partitioning_properties<>,
          typename Mapping = pattern_mapping_properties<>, typename Layout = pattern_layout_properties<>,
          std::size_t N, typename SizeT>
TeamSpec<N, std::make_signed_t<SizeT>> make_team_spec(const SizeSpec<N, SizeT> &sizespec,
                                                      const Team &team = Team::All(),
                                                      typename std::common_type<SizeT>::type nnodes = 0,
                                                      typename std::common_type<SizeT>::type nnuma = 0,
                                                      typename std::common_type<SizeT>::type ncores = 0) {
  return make_team_spec<Partitioning, Mapping, Layout>(sizespec, static_cast<int>(team.size()), nnodes, nnuma,
                                                       ncores);
}

/// A pattern with the given properties for `sizespec` over the units of
/// `teamspec`, of `team` if given (else for the teamspec's units, bound to
/// a container's team when used); its type as in DASH (see
/// detail::made_pattern_t). Throws like the patterns' constructors: a
/// blocked layout needs extents that the chosen tiles divide.
template <typename Partitioning = pattern_partitioning_properties<>,
          typename Mapping = pattern_mapping_properties<>, typename Layout = pattern_layout_properties<>,
          std::size_t N, typename SizeT, typename IndexT>
detail::made_pattern_t<Mapping, Layout, N> make_pattern(const SizeSpec<N, SizeT> &sizespec,
                                                        const TeamSpec<N, IndexT> &teamspec) {
  return detail::made_pattern_t<Mapping, Layout, N>(
      sizespec.extents(), detail::make_pattern_dist<Mapping, Layout>(sizespec, teamspec),
      TeamSpec<N>(teamspec));
}
template <typename Partitioning = pattern_partitioning_properties<>,
          typename Mapping = pattern_mapping_properties<>, typename Layout = pattern_layout_properties<>,
          std::size_t N, typename SizeT, typename IndexT>
detail::made_pattern_t<Mapping, Layout, N> make_pattern(const SizeSpec<N, SizeT> &sizespec,
                                                        const TeamSpec<N, IndexT> &teamspec,
                                                        const Team &team) {
  return detail::made_pattern_t<Mapping, Layout, N>(
      sizespec.extents(), detail::make_pattern_dist<Mapping, Layout>(sizespec, teamspec),
      TeamSpec<N>(teamspec), team);
}

}  // namespace dash

#endif  // DASH_PATTERN_MAKE_PATTERN_H
