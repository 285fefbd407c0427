#ifndef DASH_CARTESIAN_H
#define DASH_CARTESIAN_H

// Cartesian spaces, as DASH's:
//
// - CartesianSpace<N, SizeType>: N extents and their product;
// - SizeSpec<N, SizeType>: the global extents of a container or pattern;
// - CartesianIndexSpace<N, Arrangement, IndexType>: a box of coordinates
//   [0, extents) with a linear order, the one place where coordinates and
//   linear indices are converted. ROW_MAJOR: the last dimension varies
//   fastest; COL_MAJOR: the first one does.
//
//   dash::CartesianIndexSpace<2> grid(3, 4);
//   grid.at(1, 2);        // 6
//   grid.coords(6);       // {1, 2}
//   grid.x(6), grid.y(6)  // 1, 2
//
// rank() is the number of dimensions N, as in DASH (TeamSpec::rank() counts
// the dimensions with more than one unit).

#include <array>
#include <cstddef>
#include <ostream>
#include <sstream>
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
template <MemArrange Arrangement, std::size_t N, typename C, typename E = std::size_t>
std::size_t linear_index(const std::array<C, N> &coords, const std::array<E, N> &extents) {
  std::size_t index = 0;
  for (std::size_t k = 0; k < N; ++k) {
    std::size_t d = dim_by_order<Arrangement, N>(k);
    index = index * static_cast<std::size_t>(extents[d]) + static_cast<std::size_t>(coords[d]);
  }
  return index;
}

/// Coordinates of linear index `index` in a box of `extents` (unchecked).
template <MemArrange Arrangement, std::size_t N>
std::array<std::size_t, N> linear_coords(std::size_t index, const std::array<std::size_t, N> &extents) {
  std::array<std::size_t, N> coords;
  for (std::size_t k = N; k-- > 0;) {
    std::size_t d = dim_by_order<Arrangement, N>(k);
    if (k == 0 && index < extents[d]) {  // the outermost dimension, inside: no division
      coords[d] = index;
      break;
    }
    coords[d] = index % extents[d];
    index /= extents[d];
  }
  return coords;
}

template <std::size_t N, typename E>
std::string extents_string(const char *name, const std::array<E, N> &extents) {
  std::ostringstream ss;
  ss << name << "<" << N << ">: extents(";
  for (std::size_t d = 0; d < N; ++d) ss << (d > 0 ? "," : "") << extents[d];
  ss << ")";
  return ss.str();
}

}  // namespace detail

/// N extents and the number of points they span.
template <std::size_t N, typename SizeType = default_size_t>
class CartesianSpace {
  static_assert(N >= 1, "dash::CartesianSpace needs at least one dimension");

 public:
  using index_type = std::make_signed_t<SizeType>;
  using size_type = SizeType;
  using extents_type = std::array<SizeType, N>;

  /// Extent 0 in every dimension.
  constexpr CartesianSpace() : extents_{} {}
  /// One extent per dimension: CartesianSpace<2>(3, 4).
  template <typename... Es,
            typename = std::enable_if_t<sizeof...(Es) == N && (std::is_integral_v<Es> && ...)>>
  constexpr CartesianSpace(Es... extents) : extents_{{static_cast<SizeType>(extents)...}} {}
  constexpr CartesianSpace(const extents_type &extents) : extents_(extents) {}

  static constexpr std::size_t ndim() { return N; }
  /// The number of dimensions.
  static constexpr dim_t rank() noexcept { return static_cast<dim_t>(N); }
  constexpr SizeType size() const noexcept {
    SizeType n = 1;
    for (SizeType e : extents_) n *= e;
    return n;
  }
  constexpr const extents_type &extents() const noexcept { return extents_; }
  /// Extent of dimension `d` (unchecked).
  constexpr SizeType extent(dim_t d) const { return extents_[static_cast<std::size_t>(d)]; }

  /// New extents, one per dimension or as an array.
  template <typename... Es,
            typename = std::enable_if_t<sizeof...(Es) == N && (std::is_integral_v<Es> && ...)>>
  void resize(Es... extents) {
    extents_ = {{static_cast<SizeType>(extents)...}};
  }
  template <typename S>
  void resize(const std::array<S, N> &extents) {
    for (std::size_t d = 0; d < N; ++d) extents_[d] = static_cast<SizeType>(extents[d]);
  }
  /// New extent of dimension `d` (N > 1; for N == 1 resize(e) sets it).
  template <std::size_t M = N, typename = std::enable_if_t<(M > 1)>>
  void resize(dim_t d, SizeType extent) {
    extents_[static_cast<std::size_t>(d)] = extent;
  }

  constexpr bool operator==(const CartesianSpace &o) const { return extents_ == o.extents_; }
  constexpr bool operator!=(const CartesianSpace &o) const { return !(*this == o); }

  /// Converts to the plain extents (what the library takes).
  constexpr operator const extents_type &() const { return extents_; }

 protected:
  extents_type extents_;
};

template <std::size_t N, typename S>
std::ostream &operator<<(std::ostream &os, const CartesianSpace<N, S> &space) {
  return os << detail::extents_string("dash::CartesianSpace", space.extents());
}

/// The global extents of an N-dimensional index space (DASH's way of
/// passing them): dash::Matrix<int> m(dash::SizeSpec<2>(rows, cols), dist).
template <std::size_t N, typename SizeType = default_size_t>
class SizeSpec : public CartesianSpace<N, SizeType> {
  using base = CartesianSpace<N, SizeType>;

 public:
  using typename base::extents_type;
  using typename base::size_type;

  constexpr SizeSpec() = default;
  template <typename... Es,
            typename = std::enable_if_t<sizeof...(Es) == N && (std::is_arithmetic_v<Es> && ...)>>
  constexpr SizeSpec(Es... extents) : base(static_cast<SizeType>(extents)...) {}
  constexpr SizeSpec(const extents_type &extents) : base(extents) {}
  /// The same extents under another size type (the library's are size_t).
  template <typename S, typename = std::enable_if_t<!std::is_same_v<S, SizeType> && std::is_integral_v<S>>>
  constexpr SizeSpec(const std::array<S, N> &extents) : base(convert(extents)) {}

 private:
  template <typename S>
  static constexpr extents_type convert(const std::array<S, N> &extents) {
    extents_type r{};
    for (std::size_t d = 0; d < N; ++d) r[d] = static_cast<SizeType>(extents[d]);
    return r;
  }
};

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
  CartesianIndexSpace(const extents_type &extents) : extents_(extents) {}
  /// The extents of a SizeSpec (or any CartesianSpace).
  template <typename S>
  CartesianIndexSpace(const CartesianSpace<N, S> &space) {
    resize(space.extents());
  }
  /// One extent per dimension: CartesianIndexSpace<2>(3, 4).
  template <typename... Es,
            typename = std::enable_if_t<sizeof...(Es) == N && (std::is_integral_v<Es> && ...)>>
  explicit CartesianIndexSpace(Es... extents) : extents_{{static_cast<size_type>(extents)...}} {}

  static constexpr std::size_t ndim() { return N; }
  static constexpr MemArrange memory_order() { return Arrangement; }
  /// The number of dimensions (DASH).
  static constexpr dim_t rank() noexcept { return static_cast<dim_t>(N); }
  const extents_type &extents() const { return extents_; }
  /// Extent of dimension `d` (unchecked).
  size_type extent(dim_t d) const { return extents_[static_cast<std::size_t>(d)]; }
  /// Number of coordinates in the box.
  size_type size() const {
    size_type n = 1;
    for (size_type e : extents_) n *= e;
    return n;
  }

  /// New extents, one per dimension or as an array.
  template <typename... Es,
            typename = std::enable_if_t<sizeof...(Es) == N && (std::is_integral_v<Es> && ...)>>
  void resize(Es... extents) {
    extents_ = {{static_cast<size_type>(extents)...}};
  }
  template <typename S>
  void resize(const std::array<S, N> &extents) {
    for (std::size_t d = 0; d < N; ++d) extents_[d] = static_cast<size_type>(extents[d]);
  }
  /// New extent of dimension `d` (N > 1).
  template <std::size_t M = N, typename = std::enable_if_t<(M > 1)>>
  void resize(dim_t d, size_type extent) {
    extents_[static_cast<std::size_t>(d)] = extent;
  }

  /// Linear index of `coords` in order AtArrangement (default: the
  /// space's; unchecked).
  template <MemArrange AtArrangement = Arrangement, typename C,
            typename = std::enable_if_t<std::is_integral_v<C>>>
  IndexType at(const std::array<C, N> &coords) const {
    return static_cast<IndexType>(detail::linear_index<AtArrangement>(coords, extents_));
  }
  /// Linear index of `coords` relative to the offsets of `view` (a
  /// ViewSpec: offset(d)).
  template <MemArrange AtArrangement = Arrangement, typename C, typename View,
            typename = std::enable_if_t<std::is_integral_v<C>>>
  IndexType at(const std::array<C, N> &coords, const View &view) const {
    std::array<IndexType, N> shifted;
    for (std::size_t d = 0; d < N; ++d)
      shifted[d] = static_cast<IndexType>(coords[d]) + static_cast<IndexType>(view.offset(d));
    return at<AtArrangement>(shifted);
  }
  /// Linear index of coordinates given one per dimension (unchecked).
  template <typename... Cs,
            typename = std::enable_if_t<sizeof...(Cs) == N && (std::is_integral_v<Cs> && ...)>>
  IndexType at(Cs... coords) const {
    return at(std::array<IndexType, N>{{static_cast<IndexType>(coords)...}});
  }
  /// Coordinates of linear index `index` in order CoordArrangement
  /// (unchecked).
  template <MemArrange CoordArrangement = Arrangement>
  std::array<IndexType, N> coords(IndexType index) const {
    std::array<size_type, N> c =
        detail::linear_coords<CoordArrangement>(static_cast<size_type>(index), extents_);
    std::array<IndexType, N> result;
    for (std::size_t d = 0; d < N; ++d) result[d] = static_cast<IndexType>(c[d]);
    return result;
  }
  /// Coordinates of linear index `index` in the box of `view` (a ViewSpec:
  /// offset(d), extent(d)), shifted by its offsets.
  template <MemArrange CoordArrangement = Arrangement, typename View>
  std::array<IndexType, N> coords(IndexType index, const View &view) const {
    extents_type vext;
    for (std::size_t d = 0; d < N; ++d) vext[d] = static_cast<size_type>(view.extent(d));
    std::array<size_type, N> c = detail::linear_coords<CoordArrangement>(static_cast<size_type>(index), vext);
    std::array<IndexType, N> result;
    for (std::size_t d = 0; d < N; ++d)
      result[d] = static_cast<IndexType>(c[d]) + static_cast<IndexType>(view.offset(d));
    return result;
  }
  /// Coordinate of linear index `index` along the first, second and third
  /// dimension (DASH's x, y, z).
  size_type x(size_type index) const {
    return static_cast<size_type>(coords(static_cast<IndexType>(index))[0]);
  }
  template <std::size_t M = N, typename = std::enable_if_t<(M > 1)>>
  size_type y(size_type index) const {
    return static_cast<size_type>(coords(static_cast<IndexType>(index))[1]);
  }
  template <std::size_t M = N, typename = std::enable_if_t<(M > 2)>>
  size_type z(size_type index) const {
    return static_cast<size_type>(coords(static_cast<IndexType>(index))[2]);
  }

  bool operator==(const CartesianIndexSpace &o) const { return extents_ == o.extents_; }
  bool operator!=(const CartesianIndexSpace &o) const { return extents_ != o.extents_; }

 protected:
  extents_type extents_;
};

template <std::size_t N, MemArrange A, typename I>
std::ostream &operator<<(std::ostream &os, const CartesianIndexSpace<N, A, I> &space) {
  return os << detail::extents_string("dash::CartesianIndexSpace", space.extents());
}

}  // namespace dash

#endif  // DASH_CARTESIAN_H
