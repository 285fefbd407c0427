#ifndef DASH_DIMENSIONAL_H
#define DASH_DIMENSIONAL_H

// Per-dimension values, as DASH's: Dimensional<T, N> (one T per
// dimension) and DistributionSpec<N>, one Distribution per dimension of a
// pattern; the free functions ndim(x), rank(x), extent<d>(x), extent(d, x).
// (SizeSpec and the Cartesian spaces: dash/Cartesian.h, included here as
// DASH programs get them through this header too.)

#include <array>
#include <cstddef>
#include <ostream>
#include <type_traits>

#include <dash/Cartesian.h>
#include <dash/Distribution.h>
#include <dash/Types.h>

namespace dash {

template <typename DimensionalType>
constexpr dim_t ndim(const DimensionalType &d) {
  return static_cast<dim_t>(d.ndim());
}
template <typename DimensionalType>
constexpr dim_t rank(const DimensionalType &d) {
  return static_cast<dim_t>(d.rank());
}
template <dim_t Dim, typename DimensionalType>
constexpr auto extent(const DimensionalType &d) {
  return d.extent(Dim);
}
template <typename DimensionalType>
constexpr auto extent(dim_t dim, const DimensionalType &d) {
  return d.extent(dim);
}

/// One value of type T per dimension.
template <typename T, std::size_t N>
class Dimensional {
  static_assert(N >= 1, "dash::Dimensional needs at least one dimension");

 public:
  /// One value per dimension: Dimensional<int, 2>(3, 4).
  template <typename... Vs,
            typename = std::enable_if_t<sizeof...(Vs) == N && (std::is_convertible_v<Vs, T> && ...)>>
  constexpr Dimensional(Vs... values) : values_{{static_cast<T>(values)...}} {}
  constexpr Dimensional(const std::array<T, N> &values) : values_(values) {}

  constexpr const std::array<T, N> &values() const { return values_; }
  /// The value of dimension `d` (unchecked).
  constexpr const T &dim(dim_t d) const { return values_[static_cast<std::size_t>(d)]; }
  constexpr const T &operator[](std::size_t d) const { return values_[d]; }
  T &operator[](std::size_t d) { return values_[d]; }

  /// The number of dimensions.
  static constexpr dim_t rank() { return static_cast<dim_t>(N); }
  static constexpr std::size_t ndim() { return N; }

  constexpr bool operator==(const Dimensional &o) const {
    for (std::size_t d = 0; d < N; ++d)
      if (!(values_[d] == o.values_[d])) return false;
    return true;
  }
  constexpr bool operator!=(const Dimensional &o) const { return !(*this == o); }

 protected:
  constexpr Dimensional() : values_{} {}

  std::array<T, N> values_;
};

template <typename T, std::size_t N>
std::ostream &operator<<(std::ostream &os, const Dimensional<T, N> &dims) {
  os << "dash::Dimensional<" << N << ">(";
  for (std::size_t d = 0; d < N; ++d) os << (d > 0 ? "," : "") << dims[d];
  return os << ")";
}

/// One Distribution per dimension of an N-dimensional pattern.
template <std::size_t N>
class DistributionSpec : public Dimensional<Distribution, N> {
  using base = Dimensional<Distribution, N>;

 public:
  /// BLOCKED in the first dimension, NONE in all others.
  constexpr DistributionSpec() { this->values_[0] = BLOCKED; }

  /// One distribution per dimension, e.g. DistributionSpec<2>(BLOCKED, NONE).
  template <typename... Ds, typename = std::enable_if_t<sizeof...(Ds) == N &&
                                                        (std::is_convertible_v<Ds, Distribution> && ...)>>
  constexpr DistributionSpec(Ds... dists) : base(Distribution(dists)...) {}
  constexpr DistributionSpec(const std::array<Distribution, N> &dists) : base(dists) {}

  /// Returns true if any dimension is TILE (tile-by-tile local storage).
  constexpr bool is_tiled() const {
    for (const Distribution &dist : this->values_)
      if (dist.type == DistributionType::Tile) return true;
    return false;
  }
  /// Returns true if dimension `d` is TILE.
  constexpr bool is_tiled_in_dimension(unsigned d) const {
    return this->values_[d].type == DistributionType::Tile;
  }
};

template <typename... Ds>
DistributionSpec(Ds...) -> DistributionSpec<sizeof...(Ds)>;

template <std::size_t N>
std::ostream &operator<<(std::ostream &os, const DistributionSpec<N> &spec) {
  os << "dash::DistributionSpec<" << N << ">(";
  for (std::size_t d = 0; d < N; ++d) os << (d > 0 ? "," : "") << spec[d];
  return os << ")";
}

}  // namespace dash

#endif  // DASH_DIMENSIONAL_H
