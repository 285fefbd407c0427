#ifndef DASH_HALO_STENCIL_H
#define DASH_HALO_STENCIL_H

// Stencil specifications, with DASH's names: a StencilPoint<N> is an offset
// from the centre element (one signed distance per dimension, and a
// coefficient for the user); a StencilSpec<StencilPoint<N>, K> is K points.
//
//   dash::halo::StencilSpec<dash::halo::StencilPoint<2>, 4> five_point(
//       StencilPoint<2>(-1, 0), StencilPoint<2>(1, 0), StencilPoint<2>(0, -1), StencilPoint<2>(0, 1));
//
// widths() is the halo the stencil needs: per dimension, the farthest
// reach below (lo) and above (hi) the centre.
// StencilSpecFactory<P>::full_stencil_spec(d) is every point within
// distance d along each dimension reachable by moving ±d or 0 per
// dimension (3^N - 1 points, the centre excluded).

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdlib>
#include <ostream>
#include <type_traits>
#include <utility>
#include <vector>

#include <dash/halo/Types.h>

namespace dash::halo {

template <std::size_t N, typename CoeffT = double>
class StencilPoint {
 public:
  using coefficient_t = CoeffT;
  using value_type = spoint_value_t;

  static constexpr std::size_t ndim() { return N; }
  /// The centre (all distances 0), coefficient 1.
  StencilPoint() { dist_.fill(0); }
  /// Distances per dimension, coefficient 1.
  template <typename... Values, typename = std::enable_if_t<sizeof...(Values) + 1 == N>>
  constexpr StencilPoint(spoint_value_t first, Values... rest)
      : dist_{first, static_cast<spoint_value_t>(rest)...} {}
  /// A coefficient, then the distances per dimension.
  template <typename... Values, typename = std::enable_if_t<sizeof...(Values) + 1 == N>>
  constexpr StencilPoint(CoeffT coefficient, spoint_value_t first, Values... rest)
      : dist_{first, static_cast<spoint_value_t>(rest)...}, coefficient_(coefficient) {}

  constexpr spoint_value_t operator[](std::size_t d) const { return dist_[d]; }
  spoint_value_t &operator[](std::size_t d) { return dist_[d]; }
  const std::array<spoint_value_t, N> &values() const { return dist_; }
  CoeffT coefficient() const { return coefficient_; }

  /// The largest absolute distance over all dimensions.
  int max() const {
    int m = 0;
    for (spoint_value_t v : dist_) m = std::max(m, std::abs(static_cast<int>(v)));
    return m;
  }

  /// `coords` moved by this point.
  template <typename ElementCoordsT>
  ElementCoordsT stencil_coords(ElementCoordsT coords) const {
    return stencil_coords(coords, *this);
  }
  template <typename ElementCoordsT>
  static ElementCoordsT stencil_coords(ElementCoordsT coords, const StencilPoint &point) {
    for (std::size_t d = 0; d < N; ++d) coords[d] += point[d];
    return coords;
  }
  /// `coords` moved by this point, and whether they left `view`.
  template <typename ElementCoordsT, typename ViewSpecT>
  std::pair<ElementCoordsT, bool> stencil_coords_check(ElementCoordsT coords, const ViewSpecT &view) const {
    bool outside = false;
    for (std::size_t d = 0; d < N; ++d) {
      coords[d] += dist_[d];
      outside = outside || !inside(coords[d], view, d);
    }
    return {coords, outside};
  }
  /// As stencil_coords_check, but stops moving at the first dimension
  /// that leaves `view`.
  template <typename ElementCoordsT, typename ViewSpecT>
  std::pair<ElementCoordsT, bool> stencil_coords_check_abort(ElementCoordsT coords,
                                                             const ViewSpecT &view) const {
    for (std::size_t d = 0; d < N; ++d) {
      coords[d] += dist_[d];
      if (!inside(coords[d], view, d)) return {coords, true};
    }
    return {coords, false};
  }

  bool operator==(const StencilPoint &o) const { return dist_ == o.dist_; }
  bool operator!=(const StencilPoint &o) const { return !(*this == o); }

 private:
  template <typename V, typename ViewSpecT>
  static bool inside(V c, const ViewSpecT &view, std::size_t d) {
    auto lo = static_cast<long>(view.offset(d));
    return static_cast<long>(c) >= lo && static_cast<long>(c) < lo + static_cast<long>(view.extent(d));
  }

  std::array<spoint_value_t, N> dist_{};
  CoeffT coefficient_ = 1;
};

template <std::size_t N, typename CoeffT>
std::ostream &operator<<(std::ostream &os, const StencilPoint<N, CoeffT> &p) {
  os << "dash::halo::StencilPoint<" << N << ">(coefficient = " << p.coefficient() << " - points: ";
  for (std::size_t d = 0; d < N; ++d) os << (d > 0 ? "," : "") << p[d];
  return os << ")";
}

template <typename StencilPointT, std::size_t NumStencilPoints>
class StencilSpec {
 public:
  using stencil_size_t = std::size_t;
  using stencil_index_t = std::size_t;
  using StencilArray_t = std::array<StencilPointT, NumStencilPoints>;
  using StencilPoint_t = StencilPointT;
  using DistanceDim_t = std::pair<spoint_value_t, spoint_value_t>;
  using DistanceAll_t = std::array<DistanceDim_t, StencilPointT::ndim()>;
  using DistanceTotal_t = std::array<spoint_distance_t, StencilPointT::ndim()>;
  using points_type = StencilArray_t;

  static constexpr std::size_t ndim() { return StencilPointT::ndim(); }
  static constexpr stencil_size_t num_stencil_points() { return NumStencilPoints; }
  static constexpr stencil_size_t size() { return NumStencilPoints; }

  constexpr StencilSpec(const StencilArray_t &points) : points_(points) {}
  template <typename... Points, typename = std::enable_if_t<sizeof...(Points) + 1 == NumStencilPoints>>
  constexpr StencilSpec(const StencilPointT &first, const Points &...rest) : points_{first, rest...} {}

  constexpr const StencilArray_t &specs() const { return points_; }
  constexpr const StencilPointT &operator[](stencil_index_t i) const { return points_[i]; }

  /// The position of `point` in this specification, and whether it is in.
  std::pair<stencil_index_t, bool> index(const StencilPointT &point) const {
    for (std::size_t i = 0; i < NumStencilPoints; ++i)
      if (points_[i] == point) return {i, true};
    return {0, false};
  }

  /// Per dimension, the lowest (<= 0) and highest (>= 0) distance.
  DistanceAll_t minmax_distances() const {
    DistanceAll_t m{};
    for (std::size_t d = 0; d < ndim(); ++d) m[d] = minmax_distances(static_cast<dim_t>(d));
    return m;
  }
  DistanceDim_t minmax_distances(dim_t dim) const {
    DistanceDim_t m{0, 0};
    for (const StencilPointT &p : points_) {
      m.first = std::min(m.first, p[static_cast<std::size_t>(dim)]);
      m.second = std::max(m.second, p[static_cast<std::size_t>(dim)]);
    }
    return m;
  }
  /// Per dimension, the span from the lowest to the highest distance.
  DistanceTotal_t total_distances() const {
    DistanceTotal_t t{};
    for (std::size_t d = 0; d < ndim(); ++d) t[d] = total_distances(static_cast<dim_t>(d));
    return t;
  }
  spoint_distance_t total_distances(dim_t dim) const {
    auto m = minmax_distances(dim);
    return static_cast<spoint_distance_t>(m.second - m.first);
  }

  /// The halo widths this stencil needs.
  HaloWidths<ndim()> widths() const {
    HaloWidths<ndim()> w;
    for (std::size_t d = 0; d < ndim(); ++d) {
      auto m = minmax_distances(static_cast<dim_t>(d));
      w.lo[d] = static_cast<std::size_t>(-m.first);
      w.hi[d] = static_cast<std::size_t>(m.second);
    }
    return w;
  }

 private:
  StencilArray_t points_;
};

template <typename StencilPointT, std::size_t K>
std::ostream &operator<<(std::ostream &os, const StencilSpec<StencilPointT, K> &spec) {
  os << "dash::halo::StencilSpec<" << K << ">(";
  for (std::size_t i = 0; i < K; ++i) os << (i > 0 ? "," : "") << spec[i];
  return os << ")";
}

template <typename StencilPointT>
class StencilSpecFactory {
  static constexpr std::size_t N = StencilPointT::ndim();

 public:
  using StencilSpec_t = StencilSpec<StencilPointT, NumRegionsMax<N> - 1>;

  /// All points with distance -dist, 0 or +dist per dimension but the centre.
  static StencilSpec_t full_stencil_spec(spoint_value_t dist) {
    typename StencilSpec_t::StencilArray_t points;
    std::size_t k = 0;
    for (region_index_t r = 0; r < NumRegionsMax<N>; ++r) {
      if (r == NumRegionsMax<N> / 2) continue;
      StencilPointT p;
      region_index_t rest = r;
      for (std::size_t d = N; d-- > 0;) {
        p[d] = static_cast<spoint_value_t>((static_cast<int>(rest % 3) - 1) * std::abs(dist));
        rest /= 3;
      }
      points[k++] = p;
    }
    return StencilSpec_t(points);
  }
};

}  // namespace dash::halo

#endif  // DASH_HALO_STENCIL_H
