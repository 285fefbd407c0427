#ifndef DASH_PATTERN_DYNAMIC_PATTERN_H
#define DASH_PATTERN_DYNAMIC_PATTERN_H

// DynamicPattern<1>, as DASH's: a one-dimensional blocked pattern whose
// per-unit local sizes can change after construction:
//
//   dash::DynamicPattern<1> pattern(std::vector<std::size_t>{4, 8, 2});
//   pattern.local_resize(dash::team_unit_t{2}, 6);  // size() is now 18
//   pattern.balance();                               // 6, 6, 6
//
// The index mapping is our irregular 1-D Pattern (CSRPattern); every
// change rebuilds it, so all mappings stay consistent with the new sizes.
// It is pure index arithmetic: a container built on the pattern keeps its
// memory (changing sizes is the caller's collective business, on every
// unit alike).

#include <cstddef>
#include <numeric>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include <dash/Cartesian.h>
#include <dash/Distribution.h>
#include <dash/Exception.h>
#include <dash/Team.h>
#include <dash/TeamSpec.h>
#include <dash/Types.h>
#include <dash/pattern/CSRPattern.h>
#include <dash/pattern/PatternProperties.h>
#include <dash/pattern/internal/PatternArguments.h>

namespace dash {

template <dim_t NumDimensions, MemArrange Arrangement = ROW_MAJOR, typename IndexType = default_index_t>
class DynamicPattern;

/// The one-dimensional DynamicPattern (DASH declares no other).
template <MemArrange Arrangement, typename IndexType>
class DynamicPattern<1, Arrangement, IndexType> : public CSRPattern<1, Arrangement, IndexType> {
  using base_t = CSRPattern<1, Arrangement, IndexType>;
  using self_t = DynamicPattern;

 public:
  static constexpr const char *PatternName = "DynamicPattern1D";
  using partitioning_properties = pattern_partitioning_properties<pattern_partitioning_tag::rectangular,
                                                                  pattern_partitioning_tag::unbalanced,
                                                                  pattern_partitioning_tag::dynamic>;
  using mapping_properties =
      pattern_mapping_properties<pattern_mapping_tag::balanced, pattern_mapping_tag::unbalanced>;
  using layout_properties = pattern_layout_properties<pattern_layout_tag::blocked, pattern_layout_tag::linear,
                                                      pattern_layout_tag::canonical>;

  using size_type = typename base_t::size_type;
  using index_type = IndexType;
  using SizeSpec_t = SizeSpec<1, std::make_unsigned_t<IndexType>>;
  using DistributionSpec_t = DistributionSpec<1>;
  using TeamSpec_t = TeamSpec<1, IndexType>;

  /// `n` elements and optional distribution and team arguments as for
  /// Pattern<1>; BLOCKED or TILE (equal blocks, the last one smaller) or
  /// NONE (all on unit 0). Throws dash::exception::InvalidArgument for
  /// other distributions.
  template <typename... Args>
  explicit DynamicPattern(size_type n, Args &&...args)
      : DynamicPattern(initial_sizes(n, distribution_of(args...), team_of(args...)), team_of(args...)) {}
  DynamicPattern(const SizeSpec_t &sizespec, const DistributionSpec_t &distspec, const TeamSpec_t &teamspec,
                 Team &team = Team::All())
      : DynamicPattern(sizespec, distspec, team) {
    check_units(static_cast<size_type>(teamspec.size()));
  }
  DynamicPattern(const SizeSpec_t &sizespec, const DistributionSpec_t &distspec, Team &team = Team::All())
      : DynamicPattern(initial_sizes(sizespec.size(), distspec[0], team), team) {}
  /// Unit u owns the next local_sizes[u] elements; the total is checked
  /// against `n` (DASH's extent argument, further arguments as for
  /// Pattern<1>: the team is taken from them).
  template <typename... Args>
  DynamicPattern(const std::vector<size_type> &local_sizes, size_type n, Args &&...args)
      : DynamicPattern(local_sizes, team_of(args...)) {
    if (this->size() != n)
      DASH_THROW(dash::exception::InvalidArgument,
                 "dash::DynamicPattern: local sizes sum to " << this->size() << ", expected " << n);
  }
  DynamicPattern(const std::vector<size_type> &local_sizes, const TeamSpec_t &teamspec,
                 Team &team = Team::All())
      : DynamicPattern(local_sizes, team) {
    check_units(static_cast<size_type>(teamspec.size()));
  }
  /// Unit u of `team` owns the next local_sizes[u] elements. Throws
  /// std::invalid_argument unless there is one size per unit and their sum
  /// is not 0.
  DynamicPattern(const std::vector<size_type> &local_sizes, const Team &team = Team::All())
      : base_t(local_sizes, team), local_sizes_(local_sizes) {}
  /// The mapping of `other` for the units of `team` (containers bind their
  /// pattern to their team so).
  DynamicPattern(const self_t &other, const Team &team)
      : base_t(other, team), local_sizes_(other.local_sizes_) {}

  DynamicPattern(const self_t &) = default;
  DynamicPattern(self_t &&) = default;
  self_t &operator=(const self_t &) = default;
  self_t &operator=(self_t &&) = default;

  bool operator==(const self_t &other) const {
    return local_sizes_ == other.local_sizes_ && base() == other.base();
  }
  bool operator!=(const self_t &other) const { return !(*this == other); }

  /// The current number of elements of every unit.
  const std::vector<size_type> &local_sizes() const { return local_sizes_; }

  /// Sets the number of elements of `unit` (the total changes with it).
  /// Throws std::out_of_range for an invalid unit, std::invalid_argument if
  /// all sizes would be 0.
  void local_resize(team_unit_t unit, size_type local_size) {
    auto sizes = local_sizes_;
    sizes.at(static_cast<std::size_t>(unit.id)) = local_size;
    rebuild(std::move(sizes));
  }
  /// Sets the number of elements of the calling unit.
  void local_resize(size_type local_size) { local_resize(this->team().myid(), local_size); }

  /// Spreads the current total evenly (BLOCKED: equal blocks, the last
  /// ones smaller).
  void balance() { rebuild(initial_sizes(this->size(), BLOCKED, this->team())); }

  using base_t::global;
  /// Global index of local index `lindex` of `unit` (DASH's overload).
  IndexType global(team_unit_t unit, IndexType lindex) const {
    return static_cast<IndexType>(
        this->global_of_local(static_cast<std::size_t>(unit.id), static_cast<size_type>(lindex)));
  }

  using base_t::local_capacity;
  /// As DASH: the same for every unit (the largest local size).
  size_type local_capacity(team_unit_t) const { return this->local_capacity(); }

  /// A unit owns one block: the block size is the largest local size.
  size_type blocksize(dim_t) const { return this->local_capacity(); }
  size_type max_blocksize() const { return this->local_capacity(); }

 private:
  const base_t &base() const { return *this; }

  void rebuild(std::vector<size_type> sizes) {
    static_cast<base_t &>(*this) = base_t(sizes, this->team());
    local_sizes_ = std::move(sizes);
  }

  void check_units(size_type teamspec_units) const {
    if (teamspec_units != this->num_units())
      DASH_THROW(dash::exception::InvalidArgument, "dash::DynamicPattern: a teamspec of "
                                                       << teamspec_units << " units for a team of "
                                                       << this->num_units());
  }

  // BLOCKED and TILE: one contiguous range per unit, equal shares (the
  // last ones smaller); NONE: everything on unit 0.
  static std::vector<size_type> initial_sizes(size_type n, const Distribution &dist, const Team &team) {
    auto type = dist.type;
    std::vector<size_type> sizes(team.size(), 0);
    if (type == DistributionType::None) {
      if (!sizes.empty()) sizes[0] = n;
      return sizes;
    }
    if (type != DistributionType::Blocked && type != DistributionType::Tile)
      DASH_THROW(dash::exception::InvalidArgument, "dash::DynamicPattern: BLOCKED, TILE or NONE expected");
    base_t blocked(n, BLOCKED, team);
    for (std::size_t u = 0; u < sizes.size(); ++u) sizes[u] = blocked.local_size(u);
    return sizes;
  }

  template <typename... Args>
  static const Team &team_of(const Args &...args) {
    return detail::PatternArguments<1>::team_of(args...);
  }
  // The Distribution among `args` (also inside a DistributionSpec), else
  // BLOCKED.
  template <typename... Args>
  static Distribution distribution_of(const Args &...args) {
    Distribution found = BLOCKED;
    auto pick = [&found](const auto &arg) {
      using A = std::decay_t<decltype(arg)>;
      if constexpr (std::is_same_v<A, Distribution>) found = arg;
      if constexpr (std::is_same_v<A, DistributionSpec<1>>) found = arg[0];
    };
    (void)pick;
    (pick(args), ...);
    return found;
  }

  std::vector<size_type> local_sizes_;
};

}  // namespace dash

#endif  // DASH_PATTERN_DYNAMIC_PATTERN_H
