#ifndef DASH_PATTERN_SHIFT_TILE_PATTERN_H
#define DASH_PATTERN_SHIFT_TILE_PATTERN_H

// ShiftTilePattern<N, Arrangement>, as DASH's: tiles dealt along diagonals,
// so that every slice of tiles in every dimension holds every unit:
//
//   dash::ShiftTilePattern<2> p(32, 24, dash::TILE(4), dash::TILE(3), teamspec);
//
// Tile (b0, ..., bN-1) of the global tile grid belongs to unit
// (b0 + ... + bN-1) % P, P the number of units (the teamspec's size; its
// shape does not matter). Along the major tiled dimension m (the last TILE
// dimension for ROW_MAJOR, the first for COL_MAJOR) each unit keeps every
// P-th tile: its local tile grid is the global one with nblocks[m] / P
// tiles along m, and tile b is its local tile b with b[m] replaced by
// b[m] / P. Storage, local coordinates and global order as in
// internal/TilePlacement.h. Requires a TILE dimension, every extent a multiple of
// its tile extent and the number of tiles along m a multiple of P (DASH's
// balanced property); the constructors throw std::invalid_argument
// otherwise.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <dash/pattern/PatternProperties.h>
#include <dash/pattern/internal/PatternArguments.h>
#include <dash/pattern/internal/TilePlacement.h>

namespace dash {

template <std::size_t N, MemArrange Arrangement = ROW_MAJOR, typename IndexType = default_index_t>
class ShiftTilePattern
    : public detail::TilePlacementPattern<ShiftTilePattern<N, Arrangement, IndexType>, N, Arrangement> {
  using base = detail::TilePlacementPattern<ShiftTilePattern, N, Arrangement>;
  friend base;

 public:
  static constexpr const char *PatternName = "ShiftTilePattern";
  /// DASH's pattern properties (pattern/PatternProperties.h).
  using partitioning_properties = pattern_partitioning_properties<pattern_partitioning_tag::rectangular,
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
  /// ShiftTilePattern<2>(rows, cols, TILE(r), TILE(c), teamspec).
  template <typename... Args, typename = std::enable_if_t<detail::is_pattern_arguments_v<N, Args...>>>
  explicit ShiftTilePattern(size_type extent0, const Args &...args)
      : base(detail::PatternArguments<N>(extent0, args...)) {
    init();
  }
  /// For the units of `teamspec` (bound to a container's team when used).
  ShiftTilePattern(const extents_type &extents, const DistributionSpec<N> &dist, const TeamSpec<N> &teamspec)
      : base(extents, dist, teamspec, teamspec.size(), nullptr) {
    init();
  }
  /// For the units of `team`, arranged as `teamspec`.
  ShiftTilePattern(const extents_type &extents, const DistributionSpec<N> &dist, const TeamSpec<N> &teamspec,
                   const Team &team)
      : base(extents, dist, teamspec, team.size(), &team) {
    init();
  }
  /// For all units of `team` (default: all units).
  ShiftTilePattern(const extents_type &extents, const DistributionSpec<N> &dist,
                   const Team &team = Team::All())
      : ShiftTilePattern(extents, dist, TeamSpec<N>(dist, team.size()), team) {}
  /// The mapping of `other` for the units of `team` (a container binds
  /// its pattern to its team so); throws std::invalid_argument unless team
  /// has other.nunits() units.
  ShiftTilePattern(const ShiftTilePattern &other, const Team &team) : ShiftTilePattern(other) {
    this->bind(team);
  }

 private:
  void init() {
    major_ = N;
    for (std::size_t k = 0; k < N; ++k) {  // the fastest TILE dimension
      std::size_t d = detail::dim_by_order<Arrangement, N>(N - 1 - k);
      if (this->distspec()[d].type == DistributionType::Tile) {
        major_ = d;
        break;
      }
    }
    if (major_ == N) throw std::invalid_argument("dash::ShiftTilePattern: no TILE dimension");
    std::size_t n = this->tile_grid()[major_], p = this->nunits();
    if (n % p != 0)
      throw std::invalid_argument("dash::ShiftTilePattern: " + std::to_string(n) + " tiles along dimension " +
                                  std::to_string(major_) + " are not a multiple of " + std::to_string(p) +
                                  " units");
  }

  size_type block_unit(const coords_type &bc) const {
    size_type sum = 0;
    for (size_type b : bc) sum += b;
    return sum % this->nunits();
  }
  coords_type local_block_coords(coords_type bc) const {
    bc[major_] /= this->nunits();
    return bc;
  }
  coords_type global_block_coords(size_type unit, coords_type lbc) const {
    size_type p = this->nunits(), others = 0;
    for (std::size_t d = 0; d < N; ++d)
      if (d != major_) others += lbc[d];
    lbc[major_] = lbc[major_] * p + (unit + p - others % p) % p;
    return lbc;
  }
  extents_type local_tile_grid(size_type) const {
    extents_type grid = this->tile_grid();
    grid[major_] /= this->nunits();
    return grid;
  }

  std::size_t major_ = 0;
};

}  // namespace dash

#endif  // DASH_PATTERN_SHIFT_TILE_PATTERN_H
