#ifndef DASH_PATTERN_DIM_MAPPING_H
#define DASH_PATTERN_DIM_MAPPING_H

// Index arithmetic of a single pattern dimension. Every distribution is
// block-cyclic here: BLOCKED is the block size ceil(extent / units) (so at
// most one block per unit), NONE a single block on one unit, CYCLIC blocks of
// one. Block g goes to unit coordinate g % units as the unit's (g / units)-th
// block; a unit's blocks are concatenated in order, so local coordinates are
// dense, and only the global last block, the last one of its owner, may be
// partial.
//
// Irregular (DASH's CSRPattern): one block per unit coordinate, of any size
// (also 0), given by their start coordinates; a unit coordinate's block is
// found by binary search over them.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

namespace dash::detail {

/// Division by a divisor fixed at construction, as one multiplication for
/// numerators below 2^32 (Lemire, Kaser, Kurz, "Faster remainder by direct
/// computation", 2019: with m = ceil(2^64 / d), x / d is the high word of
/// x * m for all 32-bit x and d); others divide. An element access divides
/// its index by the block size, and a 64-bit division takes 10-40 cycles.
class Divider {
 public:
  Divider() = default;
  explicit Divider(std::size_t d)
      : d_(d),
        m_(d > 1 && d >> 32 == 0 ? ~std::uint64_t{0} / d + 1 : 0),
        fast_below_(m_ ? std::uint64_t{1} << 32 : 0) {}
  std::size_t operator()(std::size_t x) const {
    if (__builtin_expect(x < fast_below_, 1))
      return static_cast<std::size_t>(static_cast<unsigned __int128>(x) * m_ >> 64);
    return d_ == 1 ? x : x / d_;
  }

 private:
  std::uint64_t d_ = 1, m_ = 0, fast_below_ = 0;
};

struct DimMapping {
  using size_type = std::size_t;

  DimMapping() = default;
  DimMapping(size_type n, size_type p, size_type b)
      : extent(n),
        units(p),
        block(b),
        nblocks((n + b - 1) / b),
        last_owner((nblocks - 1) % units),
        by_block(b),
        by_units(p) {}

  /// Irregular: unit coordinate u owns sizes[u] elements, in order.
  explicit DimMapping(const std::vector<size_type> &sizes)
      : extent(std::accumulate(sizes.begin(), sizes.end(), size_type{0})),
        units(sizes.size()),
        block(std::max<size_type>(1, *std::max_element(sizes.begin(), sizes.end()))),
        nblocks(sizes.size()),
        last_owner(sizes.size() - 1),
        by_block(block),
        by_units(units),
        starts(sizes.size() + 1, 0) {
    std::partial_sum(sizes.begin(), sizes.end(), starts.begin() + 1);
  }

  bool is_irregular() const { return !starts.empty(); }
  /// Global block containing global coordinate x.
  size_type block_of(size_type x) const {
    if (is_irregular())
      return static_cast<size_type>(std::upper_bound(starts.begin(), starts.end(), x) - starts.begin()) - 1;
    return by_block(x);
  }
  /// Unit coordinate owning global coordinate x. (A block q < units, as
  /// every block of BLOCKED, is its own unit coordinate and the first block
  /// of it: one division per element access.)
  size_type unit_of(size_type x) const {
    if (is_irregular()) return block_of(x);
    const size_type q = by_block(x);
    return q < units ? q : q - by_units(q) * units;
  }
  /// Local coordinate of global coordinate x in its owner.
  size_type local_of(size_type x) const {
    if (is_irregular()) return x - starts[block_of(x)];
    const size_type q = by_block(x), in_block = x - q * block;
    return q < units ? in_block : by_units(q) * block + in_block;
  }
  /// Global coordinate of local coordinate l of unit coordinate u.
  size_type global_of(size_type u, size_type l) const {
    if (is_irregular()) return starts[u] + l;
    const size_type q = by_block(l);
    return (q * units + u) * block + (l - q * block);
  }
  /// Number of blocks owned by unit coordinate u.
  size_type local_blocks(size_type u) const {
    if (is_irregular()) return starts[u + 1] > starts[u] ? 1 : 0;
    return u < nblocks ? (nblocks - 1 - u) / units + 1 : 0;
  }
  /// Number of elements owned by unit coordinate u.
  size_type local_extent(size_type u) const {
    if (is_irregular()) return starts[u + 1] - starts[u];
    size_type full = local_blocks(u) * block;
    return u == last_owner ? full - (nblocks * block - extent) : full;
  }
  /// The most elements any unit coordinate owns.
  size_type max_local_extent() const { return is_irregular() ? block : local_extent(0); }
  /// First global coordinate of global block g.
  size_type block_start(size_type g) const { return is_irregular() ? starts[g] : g * block; }
  /// Number of elements in global block g.
  size_type block_extent(size_type g) const {
    return is_irregular() ? starts[g + 1] - starts[g] : std::min(block, extent - g * block);
  }
  /// End (exclusive) of the block containing global coordinate x.
  size_type block_end(size_type x) const {
    return is_irregular() ? starts[block_of(x) + 1] : std::min((x / block + 1) * block, extent);
  }
  /// True if all of the dimension is on unit coordinate 0 with local ==
  /// global coordinates.
  bool is_whole() const { return units == 1 || (nblocks == 1 && !is_irregular()); }

  /// Appends to `out` the intervals [from, to) of global coordinates in
  /// [lo, hi) that unit coordinate u owns, in increasing order.
  template <typename Intervals>
  void unit_intervals(size_type u, size_type lo, size_type hi, Intervals &out) const {
    if (lo >= hi) return;
    if (is_irregular()) {
      size_type from = std::max(lo, starts[u]), to = std::min(hi, starts[u + 1]);
      if (from < to) out.push_back({from, to});
      return;
    }
    size_type g = lo / block, gend = (hi - 1) / block;
    g += (u + units - g % units) % units;  // first block >= g of this unit
    for (; g <= gend; g += units) out.push_back({std::max(lo, g * block), std::min(hi, (g + 1) * block)});
  }

  bool operator==(const DimMapping &o) const {
    return extent == o.extent && units == o.units && block == o.block && starts == o.starts;
  }

  size_type extent = 0;           // global elements
  size_type units = 1;            // unit coordinates along this dimension
  size_type block = 1;            // block size, > 0
  size_type nblocks = 0;          // ceil(extent / block)
  size_type last_owner = 0;       // unit coordinate of the last block
  Divider by_block, by_units;     // x / block, x / units
  std::vector<size_type> starts;  // irregular: block starts and the extent; else empty
};

}  // namespace dash::detail

#endif  // DASH_PATTERN_DIM_MAPPING_H
