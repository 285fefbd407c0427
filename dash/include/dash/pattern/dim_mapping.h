#ifndef DASH_PATTERN_DIM_MAPPING_H
#define DASH_PATTERN_DIM_MAPPING_H

// Index arithmetic of a single pattern dimension. Every distribution is
// block-cyclic here: BLOCKED is the block size ceil(extent / units) (so at
// most one block per unit), NONE a single block on one unit, CYCLIC blocks of
// one. Block g goes to unit coordinate g % units as the unit's (g / units)-th
// block; a unit's blocks are concatenated in order, so local coordinates are
// dense, and only the global last block, the last one of its owner, may be
// partial.

#include <algorithm>
#include <cstddef>

namespace dash::detail {

struct DimMapping {
  using size_type = std::size_t;

  DimMapping() = default;
  DimMapping(size_type n, size_type p, size_type b)
      : extent(n), units(p), block(b), nblocks((n + b - 1) / b), last_owner((nblocks - 1) % units) {}

  /// Unit coordinate owning global coordinate x.
  size_type unit_of(size_type x) const { return (x / block) % units; }
  /// Local coordinate of global coordinate x in its owner.
  size_type local_of(size_type x) const { return x / block / units * block + x % block; }
  /// Global coordinate of local coordinate l of unit coordinate u.
  size_type global_of(size_type u, size_type l) const { return (l / block * units + u) * block + l % block; }
  /// Number of blocks owned by unit coordinate u.
  size_type local_blocks(size_type u) const { return u < nblocks ? (nblocks - 1 - u) / units + 1 : 0; }
  /// Number of elements owned by unit coordinate u.
  size_type local_extent(size_type u) const {
    size_type full = local_blocks(u) * block;
    return u == last_owner ? full - (nblocks * block - extent) : full;
  }
  /// Number of elements in global block g.
  size_type block_extent(size_type g) const { return std::min(block, extent - g * block); }
  /// End (exclusive) of the block containing global coordinate x.
  size_type block_end(size_type x) const { return std::min((x / block + 1) * block, extent); }
  /// True if all of the dimension is on unit coordinate 0 with local ==
  /// global coordinates.
  bool is_whole() const { return units == 1 || nblocks == 1; }

  size_type extent = 0;      // global elements
  size_type units = 1;       // unit coordinates along this dimension
  size_type block = 1;       // block size, > 0
  size_type nblocks = 0;     // ceil(extent / block)
  size_type last_owner = 0;  // unit coordinate of the last block
};

}  // namespace dash::detail

#endif  // DASH_PATTERN_DIM_MAPPING_H
