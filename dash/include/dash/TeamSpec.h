#ifndef DASH_PATTERN_TEAM_SPEC_H
#define DASH_PATTERN_TEAM_SPEC_H

// TeamSpec<N>: the units of a team arranged as an N-dimensional grid. Unit
// ids are the row-major linearization of the grid coordinates.

#include <algorithm>
#include <array>
#include <cstddef>
#include <functional>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <dash/Cartesian.h>
#include <dash/Dimensional.h>
#include <dash/Distribution.h>
#include <dash/Team.h>
#include <dash/Types.h>

namespace dash {

/// Tag selecting the balancing TeamSpec constructor.
struct balanced_t {
  explicit balanced_t() = default;
};
inline constexpr balanced_t balanced{};

/// The units of a team as an N-dimensional grid (DASH's TeamSpec): a
/// CartesianIndexSpace of unit coordinates, row-major (unit ids are the
/// row-major linearization of the grid coordinates).
template <std::size_t N, typename IndexType = default_index_t>
class TeamSpec : public CartesianIndexSpace<N, ROW_MAJOR, IndexType> {
  static_assert(N >= 1, "dash::TeamSpec needs at least one dimension");
  using base = CartesianIndexSpace<N, ROW_MAJOR, IndexType>;

 public:
  using size_type = std::size_t;
  using index_type = IndexType;
  using extents_type = std::array<size_type, N>;
  using coords_type = std::array<size_type, N>;

  /// All units of `team` (default: all units) along the first dimension.
  TeamSpec(const Team &team = Team::All()) : base(first_dim(team.is_null() ? 0 : team.size())) {
    if (!team.is_null()) myid_ = team.myid();
  }

  /// As DASH: a grid of the extents of `other` for the units of `team`
  /// (DASH adjusts only grids that were never resized, which none is
  /// after construction: the extents are copied).
  TeamSpec(const TeamSpec &other, const DistributionSpec<N> &, const Team &team = Team::All())
      : base(other.extents()) {
    if (!team.is_null()) myid_ = team.myid();
  }

  /// As DASH: all units of `team` along the distributed dimension of
  /// `dist` (the first TILE dimension if any is TILE). Throws
  /// std::invalid_argument if more than one dimension is distributed and
  /// none is TILE.
  TeamSpec(const DistributionSpec<N> &dist, const Team &team = Team::All()) {
    size_type nunits = team.is_null() ? 0 : team.size();
    this->extents_.fill(1);
    if (!team.is_null()) myid_ = team.myid();
    if (dist.is_tiled()) {
      for (std::size_t d = 0; d < N; ++d)
        if (dist[d].type == DistributionType::Tile) {
          this->extents_[d] = nunits;
          return;
        }
    }
    bool placed = false;
    for (std::size_t d = 0; d < N; ++d) {
      if (!dist[d].is_distributed()) continue;
      if (placed)
        throw std::invalid_argument("dash::TeamSpec(DistributionSpec, Team): only one distributed dimension");
      this->extents_[d] = nunits;
      placed = true;
    }
  }

  /// All `nunits` units along the first distributed dimension of `dist`,
  /// 1 along every other. Throws std::invalid_argument if `nunits` is 0, or
  /// if `nunits` > 1 and no dimension is distributed.
  TeamSpec(const DistributionSpec<N> &dist, size_type nunits) {
    std::vector<std::size_t> dims = distributed_dims(dist, nunits);
    this->extents_.fill(1);
    if (!dims.empty()) this->extents_[dims.front()] = nunits;
  }

  /// `nunits` units spread over the distributed dimensions of `dist` as evenly
  /// as possible, extents non-increasing over those dimensions (like
  /// MPI_Dims_create: 12 units over two dimensions give 4 x 3). Throws like
  /// the constructor above.
  TeamSpec(const DistributionSpec<N> &dist, size_type nunits, balanced_t) {
    std::vector<std::size_t> dims = distributed_dims(dist, nunits);
    this->extents_.fill(1);
    if (dims.empty()) return;
    std::vector<size_type> grid = balanced_grid(nunits, dims.size());
    for (std::size_t i = 0; i < dims.size(); ++i) this->extents_[dims[i]] = grid[i];
  }

  /// Explicit number of units along each dimension. Throws
  /// std::invalid_argument if any extent is 0.
  TeamSpec(const extents_type &extents) : base(extents) { check_extents(); }
  /// The same grid under another index type.
  template <typename OtherIndex, typename = std::enable_if_t<!std::is_same_v<OtherIndex, IndexType>>>
  TeamSpec(const TeamSpec<N, OtherIndex> &other) : base(other.extents()) {
    myid_ = other.myid_;
  }
  /// The same, one argument per dimension: TeamSpec<2>(2, 3).
  template <typename... Es,
            typename = std::enable_if_t<sizeof...(Es) == N && (std::is_integral_v<Es> && ...)>>
  TeamSpec(Es... extents) : TeamSpec(extents_type{static_cast<size_type>(extents)...}) {}

  /// Spreads the units over all dimensions as evenly as possible, extents
  /// non-increasing (as the balanced constructor does over distributed
  /// dimensions; DASH's name).
  void balance_extents() {
    std::vector<size_type> grid = balanced_grid(size(), N);
    std::copy(grid.begin(), grid.end(), this->extents_.begin());
  }

  /// New extents (DASH): one per dimension or as an array.
  using base::resize;
  /// New extent of dimension `d`.
  void resize_dim(dim_t d, size_type extent) { this->extents_[static_cast<std::size_t>(d)] = extent; }

  /// Returns the number of units along dimension `d` (unchecked).
  size_type num_units(dim_t d) const { return this->extent(d); }

  /// Returns the number of units in the grid (product of the extents).
  size_type size() const { return base::size(); }

  /// Returns the number of dimensions with more than one unit (at least 1),
  /// as DASH's TeamSpec (CartesianIndexSpace::rank() is N).
  dim_t rank() const {
    dim_t r = 0;
    for (size_type e : this->extents_) r += e > 1;
    return r == 0 ? 1 : r;
  }

  /// Returns the unit id at grid coordinates `coords` (unchecked).
  size_type unit(const coords_type &coords) const {
    return detail::linear_index<ROW_MAJOR>(coords, this->extents_);
  }
  /// Returns the grid coordinates of unit id `unit` (unchecked).
  coords_type unit_coords(size_type unit) const {
    return detail::linear_coords<ROW_MAJOR>(unit, this->extents_);
  }

  /// True if `index` is a unit of a one-dimensional grid (DASH; other
  /// grids: whether it is a valid coordinate along `dim` from `offset`).
  bool includes_index(IndexType index, dim_t dim, IndexType offset) const {
    if (rank() == 1) return index >= 0 && static_cast<size_type>(index) < size();
    IndexType c = index + offset;
    return c >= 0 && static_cast<size_type>(c) < this->extent(dim);
  }

  /// The unit at the calling unit's grid coordinates plus `offsets`
  /// (one per leading dimension), UNDEFINED_TEAM_UNIT_ID outside the grid.
  team_unit_t neighbor(std::initializer_list<int> offsets) const { return shifted(offsets, false); }
  team_unit_t neighbor(const std::array<int, N> &offsets) const { return shifted(offsets, false); }
  /// As neighbor(), the grid wrapping around in every dimension.
  team_unit_t periodic_neighbor(std::initializer_list<int> offsets) const { return shifted(offsets, true); }
  team_unit_t periodic_neighbor(const std::array<int, N> &offsets) const { return shifted(offsets, true); }

  bool operator==(const TeamSpec &other) const { return this->extents_ == other.extents_; }
  bool operator!=(const TeamSpec &other) const { return this->extents_ != other.extents_; }

 private:
  template <std::size_t, typename>
  friend class TeamSpec;

  template <typename Offsets>
  team_unit_t shifted(const Offsets &offsets, bool periodic) const {
    team_unit_t me = myid_.id >= 0 ? myid_ : Team::All().myid();
    coords_type c = unit_coords(static_cast<size_type>(me.id));
    std::size_t d = 0;
    for (int off : offsets) {
      if (d >= N) break;
      auto ext = static_cast<long>(this->extents_[d]);
      long v = static_cast<long>(c[d]) + off;
      if (periodic)
        v = ((v % ext) + ext) % ext;
      else if (v < 0 || v >= ext)
        return UNDEFINED_TEAM_UNIT_ID;
      c[d++] = static_cast<size_type>(v);
    }
    return team_unit_t(static_cast<dart_unit_t>(unit(c)));
  }

  void check_extents() const {
    for (size_type extent : this->extents_)
      if (extent == 0) throw std::invalid_argument("dash::TeamSpec: extent must be > 0");
  }

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

  team_unit_t myid_ = UNDEFINED_TEAM_UNIT_ID;  // of the team given, else Team::All()'s at use
};

}  // namespace dash

#endif  // DASH_PATTERN_TEAM_SPEC_H
