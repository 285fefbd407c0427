#ifndef DASH_PATTERN_DISTRIBUTION_H
#define DASH_PATTERN_DISTRIBUTION_H

// How each dimension of a pattern is split into blocks and dealt to units:
// dash::BLOCKED, dash::CYCLIC, dash::BLOCKCYCLIC(b), dash::TILE(b), dash::NONE,
// and DistributionSpec<N>, one of those per dimension.

#include <array>
#include <cstddef>
#include <stdexcept>
#include <type_traits>

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
  constexpr Distribution(DistributionType type, size_type blocksize)
      : type_(type), blocksize_(has_fixed_blocksize(type) ? blocksize : 0) {
    if (has_fixed_blocksize(type) && blocksize == 0)
      throw std::invalid_argument("dash::Distribution: block size must be > 0");
  }

  /// Returns the distribution type.
  constexpr DistributionType type() const { return type_; }

  /// Returns the fixed block size of BlockCyclic and Tile, 0 for None and
  /// Blocked (their block size depends on the extent, see below).
  constexpr size_type blocksize() const { return blocksize_; }

  /// Returns the block size along a dimension of `extent` elements spread
  /// over `nunits` units: the extent for None, ceil(extent / nunits) for
  /// Blocked, the fixed block size otherwise.
  constexpr size_type blocksize(size_type extent, size_type nunits) const {
    switch (type_) {
      case DistributionType::None: return extent;
      case DistributionType::Blocked: return (extent + nunits - 1) / nunits;
      default: return blocksize_;
    }
  }

  /// Returns true unless the type is None.
  constexpr bool is_distributed() const { return type_ != DistributionType::None; }

  constexpr bool operator==(const Distribution &other) const {
    return type_ == other.type_ && blocksize_ == other.blocksize_;
  }
  constexpr bool operator!=(const Distribution &other) const { return !(*this == other); }

 private:
  static constexpr bool has_fixed_blocksize(DistributionType type) {
    return type == DistributionType::BlockCyclic || type == DistributionType::Tile;
  }

  DistributionType type_ = DistributionType::None;
  size_type blocksize_ = 0;
};

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

/// One Distribution per dimension of an N-dimensional pattern.
template <std::size_t N>
class DistributionSpec {
  static_assert(N >= 1, "dash::DistributionSpec needs at least one dimension");

 public:
  /// BLOCKED in the first dimension, NONE in all others.
  constexpr DistributionSpec() { dists_[0] = BLOCKED; }

  /// One distribution per dimension, e.g. DistributionSpec<2>(BLOCKED, NONE).
  template <typename... Ds, typename = std::enable_if_t<sizeof...(Ds) == N &&
                                                        (std::is_convertible_v<Ds, Distribution> && ...)>>
  constexpr DistributionSpec(Ds... dists) : dists_{{Distribution(dists)...}} {}

  /// Returns the distribution of dimension `d` (unchecked).
  constexpr const Distribution &operator[](std::size_t d) const { return dists_[d]; }

  /// Returns true if any dimension is TILE (tile-by-tile local storage).
  constexpr bool is_tiled() const {
    for (const Distribution &dist : dists_)
      if (dist.type() == DistributionType::Tile) return true;
    return false;
  }

  constexpr bool operator==(const DistributionSpec &other) const {
    for (std::size_t d = 0; d < N; ++d)
      if (dists_[d] != other.dists_[d]) return false;
    return true;
  }
  constexpr bool operator!=(const DistributionSpec &other) const { return !(*this == other); }

 private:
  std::array<Distribution, N> dists_{};
};

template <typename... Ds>
DistributionSpec(Ds...) -> DistributionSpec<sizeof...(Ds)>;

}  // namespace dash

#endif  // DASH_PATTERN_DISTRIBUTION_H
