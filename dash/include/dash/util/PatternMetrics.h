#ifndef DASH_UTIL_PATTERN_METRICS_H
#define DASH_UTIL_PATTERN_METRICS_H

// dash::util::PatternMetrics<PatternT>, as DASH's: how evenly a pattern's
// blocks are spread over its units.
//
//   dash::util::PatternMetrics<decltype(pattern)> pm(pattern);
//   pm.num_blocks(); pm.min_blocks_per_unit(); pm.imbalance_factor();
//
// A block counts for the unit owning its first element; element counts
// are block counts times the full block size (as in DASH).

#include <algorithm>
#include <cstddef>
#include <vector>

#include <dash/Types.h>

namespace dash::util {

template <typename PatternT>
class PatternMetrics {
 public:
  explicit PatternMetrics(const PatternT &pattern)
      : unit_blocks_(pattern.nunits(), 0),
        num_blocks_(static_cast<int>(pattern.nblocks())),
        block_size_(static_cast<int>(pattern.max_blocksize())) {
    for (std::size_t b = 0; b < pattern.nblocks(); ++b)
      ++unit_blocks_[pattern.unit_at(pattern.block(b).origin())];
    min_blocks_ = *std::min_element(unit_blocks_.begin(), unit_blocks_.end());
    max_blocks_ = *std::max_element(unit_blocks_.begin(), unit_blocks_.end());
    num_bal_units_ = static_cast<int>(std::count(unit_blocks_.begin(), unit_blocks_.end(), min_blocks_));
    num_imb_units_ =
        min_blocks_ == max_blocks_
            ? 0
            : static_cast<int>(std::count(unit_blocks_.begin(), unit_blocks_.end(), max_blocks_));
    imb_factor_ = static_cast<double>(max_elements_per_unit()) / static_cast<double>(min_elements_per_unit());
  }

  /// Number of blocks of the pattern.
  int num_blocks() const { return num_blocks_; }
  /// Most elements of a unit over fewest (infinite if a unit has none).
  double imbalance_factor() const { return imb_factor_; }
  int min_blocks_per_unit() const { return min_blocks_; }
  int max_blocks_per_unit() const { return max_blocks_; }
  int min_elements_per_unit() const { return min_blocks_ * block_size_; }
  int max_elements_per_unit() const { return max_blocks_ * block_size_; }
  /// Units with the fewest blocks.
  int num_balanced_units() const { return num_bal_units_; }
  /// Units with the most blocks, 0 if all units have as many.
  int num_imbalanced_units() const { return num_imb_units_; }
  /// Number of blocks of `unit` (unchecked).
  int unit_local_blocks(team_unit_t unit) const { return unit_blocks_[static_cast<std::size_t>(unit.id)]; }

 private:
  std::vector<int> unit_blocks_;
  int num_blocks_ = 0, block_size_ = 0, min_blocks_ = 0, max_blocks_ = 0, num_bal_units_ = 0,
      num_imb_units_ = 0;
  double imb_factor_ = 0;
};

}  // namespace dash::util

#endif  // DASH_UTIL_PATTERN_METRICS_H
