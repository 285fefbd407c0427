#ifndef DASH_PATTERN_CARTESIAN_H
#define DASH_PATTERN_CARTESIAN_H

// Linear order of an N-dimensional box of coordinates [0, extents): the one
// place where coordinates and linear indices are converted. ROW_MAJOR: the
// last dimension varies fastest; COL_MAJOR: the first one does.
//
// CartesianIndexSpace<N, Arrangement> is DASH's name for such a box
// (pattern.blockspec(), a TeamSpec's unit grid):
//
//   dash::CartesianIndexSpace<2> grid(3, 4);
//   grid.at(1, 2);        // 6
//   grid.coords(6);       // {1, 2}
//   grid.x(6), grid.y(6)  // 1, 2

#include <array>
#include <cstddef>
#include <type_traits>

#include <dash/Types.h>

namespace dash {

namespace detail {

/// The dimension that is k-th slowest in `Arrangement` (k = 0: slowest).
template <MemArrange Arrangement, std::size_t N>
constexpr std::size_t dim_by_order(std::size_t k) {
  return Arrangement == COL_MAJOR ? N - 1 - k : k;
}

/// Linear index of `coords` in a box of `extents` (unchecked).
template <MemArrange Arrangement, std::size_t N, typename C>
std::size_t linear_index(const std::array<C, N> &coords, const std::array<std::size_t, N> &extents) {
  std::size_t index = 0;
  for (std::size_t k = 0; k < N; ++k) {
    std::size_t d = dim_by_order<Arrangement, N>(k);
    index = index * extents[d] + static_cast<std::size_t>(coords[d]);
  }
  return index;
}

/// Coordinates of linear index `index` in a box of `extents` (unchecked).
template <MemArrange Arrangement, std::size_t N>
std::array<std::size_t, N> linear_coords(std::size_t index, const std::array<std::size_t, N> &extents) {
  std::array<std::size_t, N> coords;
  for (std::size_t k = N; k-- > 0;) {
    std::size_t d = dim_by_order<Arrangement, N>(k);
    coords[d] = index % extents[d];
    index /= extents[d];
  }
  return coords;
}

}  // namespace detail

/// A box of N-dimensional coordinates with a linear order (DASH's name).
template <std::size_t N, MemArrange Arrangement = ROW_MAJOR, typename IndexType = default_index_t>
class CartesianIndexSpace {
  static_assert(N >= 1, "dash::CartesianIndexSpace needs at least one dimension");
  static_assert(Arrangement == ROW_MAJOR || Arrangement == COL_MAJOR,
                "dash::CartesianIndexSpace: ROW_MAJOR or COL_MAJOR");

 public:
  using index_type = IndexType;
  using size_type = std::size_t;
  using extents_type = std::array<size_type, N>;

  /// Extent 0 in every dimension.
  CartesianIndexSpace() { extents_.fill(0); }
  explicit CartesianIndexSpace(const extents_type &extents) : extents_(extents) {}
  /// One extent per dimension: CartesianIndexSpace<2>(3, 4).
  template <typename... Es,
            typename = std::enable_if_t<sizeof...(Es) == N && (std::is_integral_v<Es> && ...)>>
  explicit CartesianIndexSpace(Es... extents) : extents_{{static_cast<size_type>(extents)...}} {}

  static constexpr std::size_t ndim() { return N; }
  static constexpr MemArrange memory_order() { return Arrangement; }
  const extents_type &extents() const { return extents_; }
  /// Extent of dimension `d` (unchecked).
  size_type extent(std::size_t d) const { return extents_[d]; }
  /// Number of coordinates in the box.
  size_type size() const {
    size_type n = 1;
    for (size_type e : extents_) n *= e;
    return n;
  }
  /// Number of dimensions with an extent above 1 (at least 1).
  std::size_t rank() const {
    std::size_t r = 0;
    for (size_type e : extents_) r += e > 1;
    return r == 0 ? 1 : r;
  }

  /// Linear index of `coords` (unchecked).
  template <typename C, typename = std::enable_if_t<std::is_integral_v<C>>>
  IndexType at(const std::array<C, N> &coords) const {
    return static_cast<IndexType>(detail::linear_index<Arrangement>(coords, extents_));
  }
  /// Linear index of coordinates given one per dimension (unchecked).
  template <typename... Cs,
            typename = std::enable_if_t<sizeof...(Cs) == N && (std::is_integral_v<Cs> && ...)>>
  IndexType at(Cs... coords) const {
    return at(std::array<IndexType, N>{{static_cast<IndexType>(coords)...}});
  }
  /// Coordinates of linear index `index` (unchecked).
  std::array<IndexType, N> coords(IndexType index) const {
    std::array<size_type, N> c = detail::linear_coords<Arrangement>(static_cast<size_type>(index), extents_);
    std::array<IndexType, N> result;
    for (std::size_t d = 0; d < N; ++d) result[d] = static_cast<IndexType>(c[d]);
    return result;
  }
  /// Coordinate of linear index `index` along the first, second and third
  /// dimension (DASH's x, y, z).
  size_type x(IndexType index) const { return static_cast<size_type>(coords(index)[0]); }
  template <std::size_t M = N, typename = std::enable_if_t<(M > 1)>>
  size_type y(IndexType index) const {
    return static_cast<size_type>(coords(index)[1]);
  }
  template <std::size_t M = N, typename = std::enable_if_t<(M > 2)>>
  size_type z(IndexType index) const {
    return static_cast<size_type>(coords(index)[2]);
  }

  bool operator==(const CartesianIndexSpace &o) const { return extents_ == o.extents_; }
  bool operator!=(const CartesianIndexSpace &o) const { return extents_ != o.extents_; }

 protected:
  extents_type extents_;
};

}  // namespace dash

#endif  // DASH_PATTERN_CARTESIAN_H
