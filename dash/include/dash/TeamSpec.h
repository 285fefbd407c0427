#ifndef DASH_PATTERN_TEAM_SPEC_H
#define DASH_PATTERN_TEAM_SPEC_H

// TeamSpec<N>: the units of a team arranged as an N-dimensional grid. Unit
// ids are the row-major linearization of the grid coordinates.

#include <algorithm>
#include <array>
#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <dash/Cartesian.h>
#include <dash/Distribution.h>

namespace dash {

// The number of units in Team::All() (Init.h): only the constructors that
// DASH defaults to all units ask the runtime (TeamSpec(), Pattern<1>(n)).
std::size_t size();

/// Tag selecting the balancing TeamSpec constructor.
struct balanced_t {
  explicit balanced_t() = default;
};
inline constexpr balanced_t balanced{};

/// IndexType is accepted for DASH source compatibility (TeamSpec<2, long>);
/// TeamSpecs of any index type convert to each other.
template <std::size_t N, typename IndexType = std::ptrdiff_t>
class TeamSpec {
  static_assert(N >= 1, "dash::TeamSpec needs at least one dimension");

 public:
  using size_type = std::size_t;
  using extents_type = std::array<size_type, N>;
  using coords_type = std::array<size_type, N>;

  /// All units of Team::All() along the first dimension, as in DASH (the
  /// runtime must be running).
  TeamSpec() : TeamSpec(first_dim(dash::size())) {}

  /// All `nunits` units along the first distributed dimension of `dist`,
  /// 1 along every other. Throws std::invalid_argument if `nunits` is 0, or
  /// if `nunits` > 1 and no dimension is distributed.
  TeamSpec(const DistributionSpec<N> &dist, size_type nunits) {
    std::vector<std::size_t> dims = distributed_dims(dist, nunits);
    extents_.fill(1);
    if (!dims.empty()) extents_[dims.front()] = nunits;
  }

  /// `nunits` units spread over the distributed dimensions of `dist` as evenly
  /// as possible, extents non-increasing over those dimensions (like
  /// MPI_Dims_create: 12 units over two dimensions give 4 x 3). Throws like
  /// the constructor above.
  TeamSpec(const DistributionSpec<N> &dist, size_type nunits, balanced_t) {
    std::vector<std::size_t> dims = distributed_dims(dist, nunits);
    extents_.fill(1);
    if (dims.empty()) return;
    std::vector<size_type> grid = balanced_grid(nunits, dims.size());
    for (std::size_t i = 0; i < dims.size(); ++i) extents_[dims[i]] = grid[i];
  }

  /// Explicit number of units along each dimension. Throws
  /// std::invalid_argument if any extent is 0.
  explicit TeamSpec(const extents_type &extents) : extents_(extents) {
    for (size_type extent : extents)
      if (extent == 0) throw std::invalid_argument("dash::TeamSpec: extent must be > 0");
  }
  /// The same grid under another index type.
  template <typename OtherIndex, typename = std::enable_if_t<!std::is_same_v<OtherIndex, IndexType>>>
  TeamSpec(const TeamSpec<N, OtherIndex> &other) : extents_(other.extents()) {}
  /// The same, one argument per dimension: TeamSpec<2>(2, 3).
  template <typename... Es,
            typename = std::enable_if_t<sizeof...(Es) == N && (std::is_integral_v<Es> && ...)>>
  explicit TeamSpec(Es... extents) : TeamSpec(extents_type{static_cast<size_type>(extents)...}) {}

  /// Spreads the units over all dimensions as evenly as possible, extents
  /// non-increasing (as the balanced constructor does over distributed
  /// dimensions; DASH's name).
  void balance_extents() {
    std::vector<size_type> grid = balanced_grid(size(), N);
    std::copy(grid.begin(), grid.end(), extents_.begin());
  }

  /// Returns the number of units along each dimension.
  const extents_type &extents() const { return extents_; }

  /// Returns the number of units along dimension `d` (unchecked).
  size_type extent(std::size_t d) const { return extents_[d]; }
  /// DASH's name for extent(d).
  size_type num_units(std::size_t d) const { return extents_[d]; }

  /// Returns the number of units in the grid (product of the extents).
  size_type size() const {
    size_type n = 1;
    for (size_type extent : extents_) n *= extent;
    return n;
  }

  /// Returns the number of dimensions with more than one unit (at least 1).
  std::size_t rank() const { return CartesianIndexSpace<N>(extents_).rank(); }

  /// Returns the unit id at grid coordinates `coords` (unchecked).
  size_type unit(const coords_type &coords) const {
    return detail::linear_index<ROW_MAJOR>(coords, extents_);
  }

  /// Returns the grid coordinates of unit id `unit` (unchecked).
  coords_type coords(size_type unit) const { return detail::linear_coords<ROW_MAJOR>(unit, extents_); }

  /// DASH's names: the unit id at grid coordinates given as an array or
  /// one per dimension (ts.at(1, 2)), as a signed index (unchecked).
  template <typename C, typename = std::enable_if_t<std::is_integral_v<C>>>
  IndexType at(const std::array<C, N> &coords) const {
    return static_cast<IndexType>(detail::linear_index<ROW_MAJOR>(coords, extents_));
  }
  template <typename... Cs,
            typename = std::enable_if_t<sizeof...(Cs) == N && (std::is_integral_v<Cs> && ...)>>
  IndexType at(Cs... coords) const {
    return at(std::array<IndexType, N>{{static_cast<IndexType>(coords)...}});
  }
  /// DASH's names: the grid coordinate of unit `unit` along the first,
  /// second and third dimension (unchecked).
  size_type x(size_type unit) const { return coords(unit)[0]; }
  template <std::size_t M = N, typename = std::enable_if_t<(M > 1)>>
  size_type y(size_type unit) const {
    return coords(unit)[1];
  }
  template <std::size_t M = N, typename = std::enable_if_t<(M > 2)>>
  size_type z(size_type unit) const {
    return coords(unit)[2];
  }

  bool operator==(const TeamSpec &other) const { return extents_ == other.extents_; }
  bool operator!=(const TeamSpec &other) const { return extents_ != other.extents_; }

 private:
  // `nunits` as a product of `ndims` factors, as equal as possible, largest
  // first: the largest prime factors first, each onto the smallest extent.
  static std::vector<size_type> balanced_grid(size_type nunits, std::size_t ndims) {
    std::vector<size_type> factors;
    size_type rest = nunits;
    for (size_type f = 2; f * f <= rest; ++f)
      for (; rest % f == 0; rest /= f) factors.push_back(f);
    if (rest > 1) factors.push_back(rest);
    std::vector<size_type> grid(ndims, 1);
    for (auto f = factors.rbegin(); f != factors.rend(); ++f)
      *std::min_element(grid.begin(), grid.end()) *= *f;
    std::sort(grid.begin(), grid.end(), std::greater<size_type>());
    return grid;
  }

  static extents_type first_dim(size_type nunits) {
    extents_type extents;
    extents.fill(1);
    extents[0] = nunits;
    return extents;
  }

  // The distributed dimensions of `dist`, after checking that `nunits` units
  // can be placed on them.
  static std::vector<std::size_t> distributed_dims(const DistributionSpec<N> &dist, size_type nunits) {
    if (nunits == 0) throw std::invalid_argument("dash::TeamSpec: number of units must be > 0");
    std::vector<std::size_t> dims;
    for (std::size_t d = 0; d < N; ++d)
      if (dist[d].is_distributed()) dims.push_back(d);
    if (dims.empty() && nunits > 1)
      throw std::invalid_argument("dash::TeamSpec: " + std::to_string(nunits) +
                                  " units but no distributed dimension");
    return dims;
  }

  extents_type extents_;
};

}  // namespace dash

#endif  // DASH_PATTERN_TEAM_SPEC_H
