#ifndef DASH_PATTERN_LOAD_BALANCE_PATTERN_H
#define DASH_PATTERN_LOAD_BALANCE_PATTERN_H

// LoadBalancePattern<1>, as DASH's: a one-dimensional blocked pattern whose
// units own contiguous ranges sized by their weight, the product of a
// compute measure (default: CPU capacity, cores x threads x MHz) and a
// memory measure (default: shared memory bandwidth per cycle), both read
// from the team's locality (util/TeamLocality.h):
//
//   dash::util::TeamLocality tloc(dash::Team::All());
//   dash::LoadBalancePattern<1> pattern(dash::SizeSpec<1>(1000), tloc);
//   dash::Array<int, long, dash::LoadBalancePattern<1>> array(pattern);
//
// The index mapping is our irregular 1-D Pattern (CSRPattern) over the
// weighted local sizes. A measure without information (all units 0, e.g.
// no bandwidth known) weighs all units equally.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>
#include <type_traits>
#include <vector>

#include <dash/Cartesian.h>
#include <dash/Exception.h>
#include <dash/Team.h>
#include <dash/Types.h>
#include <dash/internal/Math.h>
#include <dash/pattern/CSRPattern.h>
#include <dash/pattern/PatternProperties.h>
#include <dash/util/LocalityDomain.h>
#include <dash/util/TeamLocality.h>

namespace dash {

namespace detail {
// Divides by the mean; all 1 if the values carry no information (sum not
// positive or not finite).
inline std::vector<double> relative_weights(std::vector<double> values) {
  double sum = std::accumulate(values.begin(), values.end(), 0.0);
  if (!(sum > 0) || !std::isfinite(sum)) return std::vector<double>(values.size(), 1.0);
  dash::math::div_mean(values.begin(), values.end());
  return values;
}
}  // namespace detail

/// Compute measure: a unit's cores x threads x CPU MHz, relative to the
/// team's mean.
class UnitClockFreqMeasure {
 public:
  static std::vector<double> unit_weights(const dash::util::TeamLocality &tloc) {
    std::vector<double> capacities;
    for (auto unit : tloc.global_units()) {
      auto uloc = tloc.unit_locality(unit);
      capacities.push_back(static_cast<double>(std::max(uloc.num_cores(), 1)) * uloc.num_threads() *
                           std::max(uloc.cpu_mhz(), 0));
    }
    return detail::relative_weights(std::move(capacities));
  }
};

/// Memory measure: a unit's shared memory bandwidth per CPU cycle
/// (MB/s per threads x MHz), relative to the team's mean.
class BytesPerCycleMeasure {
 public:
  static std::vector<double> unit_weights(const dash::util::TeamLocality &tloc) {
    std::vector<double> bytes_per_cycle;
    for (auto unit : tloc.global_units()) {
      auto uloc = tloc.unit_locality(unit);
      double cycles = static_cast<double>(uloc.num_threads()) * std::max(uloc.cpu_mhz(), 1);
      bytes_per_cycle.push_back(std::max(uloc.max_shmem_mbps(), 0) / cycles);
    }
    return detail::relative_weights(std::move(bytes_per_cycle));
  }
};

template <dim_t NumDimensions, typename CompBasedMeasure = UnitClockFreqMeasure,
          typename MemBasedMeasure = BytesPerCycleMeasure, MemArrange Arrangement = ROW_MAJOR,
          typename IndexType = default_index_t>
class LoadBalancePattern;

/// The one-dimensional LoadBalancePattern (DASH declares no other).
template <typename CompBasedMeasure, typename MemBasedMeasure, MemArrange Arrangement, typename IndexType>
class LoadBalancePattern<1, CompBasedMeasure, MemBasedMeasure, Arrangement, IndexType>
    : public CSRPattern<1, Arrangement, IndexType> {
  using base_t = CSRPattern<1, Arrangement, IndexType>;
  using self_t = LoadBalancePattern;

 public:
  static constexpr const char *PatternName = "LoadBalancePattern1D";
  using partitioning_properties = pattern_partitioning_properties<
      pattern_partitioning_tag::minimal, pattern_partitioning_tag::rectangular,
      pattern_partitioning_tag::balanced, pattern_partitioning_tag::unbalanced,
      pattern_partitioning_tag::dynamic>;
  using mapping_properties = pattern_mapping_properties<pattern_mapping_tag::unbalanced>;
  using layout_properties =
      pattern_layout_properties<pattern_layout_tag::blocked, pattern_layout_tag::linear>;

  using size_type = typename base_t::size_type;
  using index_type = IndexType;
  using SizeSpec_t = SizeSpec<1, std::make_unsigned_t<IndexType>>;
  using TeamLocality_t = dash::util::TeamLocality;
  using LocalityDomain_t = dash::util::LocalityDomain;

  /// `sizespec` elements over the units of `team_loc`'s team, weighted by
  /// the measures of `team_loc` (one weight per unit, in team order).
  LoadBalancePattern(const SizeSpec_t &sizespec, const TeamLocality_t &team_loc)
      : LoadBalancePattern(sizespec.size(), team_loc, CompBasedMeasure::unit_weights(team_loc),
                           MemBasedMeasure::unit_weights(team_loc)) {}
  /// Over `team`, with its locality.
  LoadBalancePattern(const SizeSpec_t &sizespec, dash::Team &team = dash::Team::All())
      : LoadBalancePattern(sizespec, TeamLocality_t(team)) {}

  /// The mapping of `other` for the units of `team` (containers bind their
  /// pattern to their team so). Throws std::invalid_argument unless `team`
  /// has as many units.
  LoadBalancePattern(const self_t &other, const Team &team)
      : base_t(other, team),
        cpu_weights_(other.cpu_weights_),
        membw_weights_(other.membw_weights_),
        load_weights_(other.load_weights_) {}
  LoadBalancePattern(const self_t &) = default;
  LoadBalancePattern(self_t &&) = default;
  self_t &operator=(const self_t &) = default;
  self_t &operator=(self_t &&) = default;

  /// Equal sizes per unit over equal unit grids (weights may differ).
  bool operator==(const self_t &other) const {
    return static_cast<const base_t &>(*this) == static_cast<const base_t &>(other);
  }
  bool operator!=(const self_t &other) const { return !(*this == other); }

  using base_t::global;
  /// Global index of local index `lindex` of `unit` (DASH's overload).
  IndexType global(team_unit_t unit, IndexType lindex) const {
    return static_cast<IndexType>(
        this->global_of_local(static_cast<std::size_t>(unit.id), static_cast<size_type>(lindex)));
  }

  /// A unit owns one block: DASH's block size is the largest local size.
  size_type blocksize(dim_t) const { return this->local_capacity(); }
  size_type max_blocksize() const { return this->local_capacity(); }

  /// Relative weights (mean 1) per unit of the compute measure, the
  /// memory measure and their product, which sized the units' ranges.
  const std::vector<double> &unit_cpu_weights() const { return cpu_weights_; }
  const std::vector<double> &unit_membw_weights() const { return membw_weights_; }
  const std::vector<double> &unit_load_weights() const { return load_weights_; }

 private:
  LoadBalancePattern(size_type total, const TeamLocality_t &team_loc, std::vector<double> cpu,
                     std::vector<double> membw)
      : base_t(weighted_sizes(total, team_loc.team().size(), load_weights(cpu, membw)), team_loc.team()),
        cpu_weights_(std::move(cpu)),
        membw_weights_(std::move(membw)),
        load_weights_(load_weights(cpu_weights_, membw_weights_)) {}

  static std::vector<double> load_weights(const std::vector<double> &cpu, const std::vector<double> &membw) {
    if (cpu.size() != membw.size())
      DASH_THROW(dash::exception::InvalidArgument,
                 "dash::LoadBalancePattern: " << cpu.size() << " CPU weights but " << membw.size()
                                              << " memory weights");
    std::vector<double> load(cpu.size());
    std::transform(cpu.begin(), cpu.end(), membw.begin(), load.begin(), std::multiplies<double>());
    return detail::relative_weights(std::move(load));
  }

  // Each unit gets floor(weight x mean size); the rounding remainder goes
  // to the (first) unit of largest weight, which suffers least from it.
  static std::vector<size_type> weighted_sizes(size_type total, std::size_t nunits,
                                               const std::vector<double> &weights) {
    if (weights.size() != nunits)
      DASH_THROW(dash::exception::InvalidArgument, "dash::LoadBalancePattern: " << weights.size()
                                                                                << " unit weights for "
                                                                                << nunits << " units");
    std::vector<size_type> sizes(nunits, 0);
    if (nunits == 0) return sizes;
    double mean_size = static_cast<double>(total) / static_cast<double>(nunits);
    size_type assigned = 0;
    for (std::size_t u = 0; u < nunits; ++u) {
      sizes[u] = std::min(total - assigned, static_cast<size_type>(std::floor(weights[u] * mean_size)));
      assigned += sizes[u];
    }
    auto heaviest = std::max_element(weights.begin(), weights.end()) - weights.begin();
    sizes[static_cast<std::size_t>(heaviest)] += total - assigned;
    return sizes;
  }

  std::vector<double> cpu_weights_;
  std::vector<double> membw_weights_;
  std::vector<double> load_weights_;
};

}  // namespace dash

#endif  // DASH_PATTERN_LOAD_BALANCE_PATTERN_H
