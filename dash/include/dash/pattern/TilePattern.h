#ifndef DASH_PATTERN_TILE_PATTERN_H
#define DASH_PATTERN_TILE_PATTERN_H

// TilePattern<N, Arrangement>, as DASH's: equal, full tiles dealt round
// robin along each dimension over the units of the teamspec:
//
//   dash::TilePattern<2> p(20, 15, dash::TILE(5), dash::TILE(5), dash::TeamSpec<2>(2, 2));
//
// Tile (b0, ..., bN-1) belongs to the unit at teamspec coordinates
// (b0 % T0, ..., bN-1 % TN-1), T the teamspec's extents, as its local tile
// (b0 / T0, ..., bN-1 / TN-1): the same owners as Pattern<N> with those
// distributions. Unlike Pattern<N>, every extent must be a multiple of its
// tile extent, and global indices run tile by tile (internal/TilePlacement.h): a
// container's iterators visit one tile after the other, as in DASH.
// Storage and local coordinates as in internal/TilePlacement.h.

#include <cstddef>
#include <type_traits>

#include <dash/pattern/PatternProperties.h>
#include <dash/pattern/internal/PatternArguments.h>
#include <dash/pattern/internal/TilePlacement.h>

namespace dash {

template <std::size_t N, MemArrange Arrangement = ROW_MAJOR, typename IndexType = default_index_t>
class TilePattern
    : public detail::TilePlacementPattern<TilePattern<N, Arrangement, IndexType>, N, Arrangement> {
  using base = detail::TilePlacementPattern<TilePattern, N, Arrangement>;
  friend base;

 public:
  static constexpr const char *PatternName = "TilePattern";
  /// DASH's pattern properties (pattern/PatternProperties.h).
  using partitioning_properties = pattern_partitioning_properties<pattern_partitioning_tag::rectangular,
                                                                  pattern_partitioning_tag::balanced>;
  using mapping_properties =
      pattern_mapping_properties<pattern_mapping_tag::balanced, pattern_mapping_tag::unbalanced>;
  using layout_properties =
      pattern_layout_properties<pattern_layout_tag::blocked, pattern_layout_tag::linear>;
  using typename base::coords_type;
  using typename base::extents_type;
  using typename base::size_type;

  /// DASH's variadic constructor (see pattern/internal/PatternArguments.h):
  /// TilePattern<2>(rows, cols, TILE(r), TILE(c), teamspec).
  template <typename... Args, typename = std::enable_if_t<detail::is_pattern_arguments_v<N, Args...>>>
  explicit TilePattern(size_type extent0, const Args &...args)
      : base(detail::PatternArguments<N>(extent0, args...)) {}
  /// For the units of `teamspec` (bound to a container's team when used).
  TilePattern(const extents_type &extents, const DistributionSpec<N> &dist, const TeamSpec<N> &teamspec)
      : base(extents, dist, teamspec, teamspec.size(), nullptr) {}
  /// For the units of `team`, arranged as `teamspec`.
  TilePattern(const extents_type &extents, const DistributionSpec<N> &dist, const TeamSpec<N> &teamspec,
              const Team &team)
      : base(extents, dist, teamspec, team.size(), &team) {}
  /// For all units of `team` (default: all units).
  TilePattern(const extents_type &extents, const DistributionSpec<N> &dist, const Team &team = Team::All())
      : TilePattern(extents, dist, TeamSpec<N>(dist, team.size()), team) {}
  /// The mapping of `other` for the units of `team` (a container binds
  /// its pattern to its team so); throws std::invalid_argument unless team
  /// has other.nunits() units.
  TilePattern(const TilePattern &other, const Team &team) : TilePattern(other) { this->bind(team); }

 private:
  size_type block_unit(const coords_type &bc) const {
    coords_type uc;
    for (std::size_t d = 0; d < N; ++d) uc[d] = bc[d] % this->teamspec().extent(d);
    return this->teamspec().unit(uc);
  }
  coords_type local_block_coords(coords_type bc) const {
    for (std::size_t d = 0; d < N; ++d) bc[d] /= this->teamspec().extent(d);
    return bc;
  }
  coords_type global_block_coords(size_type unit, coords_type lbc) const {
    coords_type uc = this->teamspec().unit_coords(unit);
    for (std::size_t d = 0; d < N; ++d) lbc[d] = lbc[d] * this->teamspec().extent(d) + uc[d];
    return lbc;
  }
  extents_type local_tile_grid(size_type unit) const {
    coords_type uc = this->teamspec().unit_coords(unit);
    extents_type grid = this->tile_grid();
    for (std::size_t d = 0; d < N; ++d) {
      size_type t = this->teamspec().extent(d);
      grid[d] = grid[d] / t + (uc[d] < grid[d] % t ? 1 : 0);
    }
    return grid;
  }
};

}  // namespace dash

#endif  // DASH_PATTERN_TILE_PATTERN_H
