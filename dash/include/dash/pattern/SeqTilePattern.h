#ifndef DASH_PATTERN_SEQ_TILE_PATTERN_H
#define DASH_PATTERN_SEQ_TILE_PATTERN_H

// SeqTilePattern<N, Arrangement>, as DASH's: the tiles, in Arrangement
// order of the global tile grid, dealt round robin to the units:
//
//   dash::SeqTilePattern<2> p(30, 30, dash::TILE(10), dash::TILE(10), teamspec);
//
// Tile number k (blockspec() order) belongs to unit k % P, P the number of
// units (the teamspec's size; its shape does not matter), as the unit's
// local tile k / P. A unit's tiles form a one-dimensional local tile grid
// (n, 1, ..., 1): local coordinates are (k / P * tile extent 0 + row in the
// tile, position in the tile in the other dimensions). The first
// (number of tiles % P) units get one tile more. Storage and global order
// as in internal/TilePlacement.h. Every extent must be a multiple of its tile
// extent; the constructors throw std::invalid_argument otherwise.

#include <cstddef>
#include <type_traits>

#include <dash/pattern/PatternProperties.h>
#include <dash/pattern/internal/PatternArguments.h>
#include <dash/pattern/internal/TilePlacement.h>

namespace dash {

template <std::size_t N, MemArrange Arrangement = ROW_MAJOR, typename IndexType = default_index_t>
class SeqTilePattern
    : public detail::TilePlacementPattern<SeqTilePattern<N, Arrangement, IndexType>, N, Arrangement> {
  using base = detail::TilePlacementPattern<SeqTilePattern, N, Arrangement>;
  friend base;

 public:
  static constexpr const char *PatternName = "SeqTilePattern";
  /// DASH's pattern properties (pattern/PatternProperties.h).
  using partitioning_properties = pattern_partitioning_properties<pattern_partitioning_tag::minimal,
                                                                  pattern_partitioning_tag::rectangular,
                                                                  pattern_partitioning_tag::balanced>;
  using mapping_properties =
      pattern_mapping_properties<pattern_mapping_tag::balanced, pattern_mapping_tag::unbalanced,
                                 pattern_mapping_tag::diagonal>;
  using layout_properties =
      pattern_layout_properties<pattern_layout_tag::blocked, pattern_layout_tag::linear>;
  using typename base::coords_type;
  using typename base::extents_type;
  using typename base::size_type;

  /// DASH's variadic constructor (see pattern/internal/PatternArguments.h):
  /// SeqTilePattern<2>(rows, cols, TILE(r), TILE(c), teamspec).
  template <typename... Args, typename = std::enable_if_t<detail::is_pattern_arguments_v<N, Args...>>>
  explicit SeqTilePattern(size_type extent0, const Args &...args)
      : base(detail::PatternArguments<N>(extent0, args...)) {}
  /// For the units of `teamspec` (bound to a container's team when used).
  SeqTilePattern(const extents_type &extents, const DistributionSpec<N> &dist, const TeamSpec<N> &teamspec)
      : base(extents, dist, teamspec, teamspec.size(), nullptr) {}
  /// For the units of `team`, arranged as `teamspec`.
  SeqTilePattern(const extents_type &extents, const DistributionSpec<N> &dist, const TeamSpec<N> &teamspec,
                 const Team &team)
      : base(extents, dist, teamspec, team.size(), &team) {}
  /// For all units of `team` (default: all units).
  SeqTilePattern(const extents_type &extents, const DistributionSpec<N> &dist, const Team &team = Team::All())
      : SeqTilePattern(extents, dist, TeamSpec<N>(dist, team.size()), team) {}
  /// The mapping of `other` for the units of `team` (a container binds
  /// its pattern to its team so); throws std::invalid_argument unless team
  /// has other.nunits() units.
  SeqTilePattern(const SeqTilePattern &other, const Team &team) : SeqTilePattern(other) { this->bind(team); }

 private:
  size_type block_unit(const coords_type &bc) const {
    return detail::linear_index<Arrangement>(bc, this->tile_grid()) % this->nunits();
  }
  coords_type local_block_coords(const coords_type &bc) const {
    coords_type lbc{};
    lbc[0] = detail::linear_index<Arrangement>(bc, this->tile_grid()) / this->nunits();
    return lbc;
  }
  coords_type global_block_coords(size_type unit, const coords_type &lbc) const {
    return detail::linear_coords<Arrangement>(lbc[0] * this->nunits() + unit, this->tile_grid());
  }
  extents_type local_tile_grid(size_type unit) const {
    size_type total = 1, p = this->nunits();
    for (size_type n : this->tile_grid()) total *= n;
    extents_type grid;
    grid.fill(1);
    grid[0] = total / p + (unit < total % p ? 1 : 0);
    return grid;
  }
};

}  // namespace dash

#endif  // DASH_PATTERN_SEQ_TILE_PATTERN_H
