#ifndef DASH_DISTRIBUTION_H
#define DASH_DISTRIBUTION_H

// How each dimension of a pattern is split into blocks and dealt to units:
// dash::BLOCKED, dash::CYCLIC, dash::BLOCKCYCLIC(b), dash::TILE(b), dash::NONE,
// (DistributionSpec<N>, one per dimension: dash/Dimensional.h).

#include <algorithm>
#include <array>
#include <cstddef>
#include <ostream>
#include <stdexcept>
#include <type_traits>

#include <dash/internal/Macro.h>
#include <dash/internal/Math.h>

namespace dash {

/// Kind of distribution of one dimension over the units along that dimension.
enum class DistributionType {
  None,         ///< not distributed: one block spanning the whole extent
  Blocked,      ///< one block of ceil(extent / units) elements per unit
  BlockCyclic,  ///< blocks of a fixed size, dealt round-robin to the units
  Tile          ///< as BlockCyclic, but local memory is stored tile by tile
};

/// Distribution of one dimension: a type plus, for BlockCyclic and Tile, a
/// fixed block size.
class Distribution {
 public:
  using size_type = std::size_t;

  /// NONE.
  constexpr Distribution() = default;

  /// Throws std::invalid_argument if `type` is BlockCyclic or Tile and
  /// `blocksize` is 0. The block size is ignored for None and Blocked.
  constexpr Distribution(DistributionType dist_type, size_type blocksize)
      : type(dist_type), blocksz(has_fixed_blocksize(dist_type) ? blocksize : 0) {
    if (has_fixed_blocksize(dist_type) && blocksize == 0)
      throw std::invalid_argument("dash::Distribution: block size must be > 0");
  }

  /// DASH's public members: the distribution type, and the fixed block
  /// size of BlockCyclic and Tile (0 for None and Blocked, whose block size
  /// depends on the extent, see blocksize(extent, nunits)).
  DistributionType type = DistributionType::None;
  size_type blocksz = 0;

  /// Returns the block size along a dimension of `extent` elements spread
  /// over `nunits` units: the extent for None, ceil(extent / nunits) for
  /// Blocked, the fixed block size otherwise.
  constexpr size_type blocksize(size_type extent, size_type nunits) const {
    switch (type) {
      case DistributionType::None: return extent;
      case DistributionType::Blocked: return (extent + nunits - 1) / nunits;
      default: return blocksz;
    }
  }

  /// DASH: the largest block along a range of `range` elements over
  /// `nunits` units (blocksize(range, nunits), at most `range`).
  template <typename IndexType, typename SizeType>
  IndexType max_blocksize_in_range(IndexType range, SizeType nunits) const {
    if (type == DistributionType::Blocked && nunits == 0) return 0;
    auto r = static_cast<size_type>(range);
    return static_cast<IndexType>(std::min(r, blocksize(r, static_cast<size_type>(nunits))));
  }

  /// DASH: the global block coordinate of local index `lindex` of the unit
  /// at coordinate `ucoord` along a dimension of `nunits` units.
  template <typename IndexType, typename SizeType>
  IndexType local_index_to_block_coord(IndexType ucoord, IndexType lindex, SizeType nunits) const {
    switch (type) {
      case DistributionType::None: return 0;
      case DistributionType::Blocked: return ucoord;
      default:
        return static_cast<IndexType>(lindex / static_cast<IndexType>(blocksz) *
                                      static_cast<IndexType>(nunits)) +
               ucoord;
    }
  }

  /// Returns true unless the type is None.
  constexpr bool is_distributed() const { return type != DistributionType::None; }

  constexpr bool operator==(const Distribution &other) const {
    return type == other.type && blocksz == other.blocksz;
  }
  constexpr bool operator!=(const Distribution &other) const { return !(*this == other); }

 private:
  static constexpr bool has_fixed_blocksize(DistributionType type) {
    return type == DistributionType::BlockCyclic || type == DistributionType::Tile;
  }
};

inline std::ostream &operator<<(std::ostream &os, const Distribution &dist) {
  static const char *const names[] = {"NONE", "BLOCKED", "BLOCKCYCLIC", "TILE"};
  os << "Distribution(" << names[static_cast<int>(dist.type)];
  if (dist.blocksz > 0) os << "," << dist.blocksz;
  return os << ")";
}

/// Dimension not distributed (its unit-grid extent must be 1).
inline constexpr Distribution NONE{DistributionType::None, 0};
/// One contiguous block of ceil(extent / units) elements per unit; the last
/// units may get fewer or no elements.
inline constexpr Distribution BLOCKED{DistributionType::Blocked, 0};
/// Round-robin, element by element: the same as BLOCKCYCLIC(1).
inline constexpr Distribution CYCLIC{DistributionType::BlockCyclic, 1};

/// Blocks of `blocksize` elements dealt round-robin; the last block may be
/// partial. Throws std::invalid_argument if `blocksize` is 0.
constexpr Distribution BLOCKCYCLIC(std::size_t blocksize) {
  return Distribution(DistributionType::BlockCyclic, blocksize);
}

/// Tiles of `blocksize` elements along this dimension, dealt round-robin
/// like BLOCKCYCLIC; a pattern with a TILE dimension stores each unit's
/// elements tile by tile (see Pattern). Throws std::invalid_argument if
/// `blocksize` is 0.
constexpr Distribution TILE(std::size_t blocksize) { return Distribution(DistributionType::Tile, blocksize); }

}  // namespace dash

#endif  // DASH_DISTRIBUTION_H
