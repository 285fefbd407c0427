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

#include <algorithm>
#include <array>
#include <cstddef>

#include <dash/halo/Halo.h>

namespace dash::halo {

template <std::size_t N, typename CoeffT = double>
class StencilPoint {
 public:
  static constexpr std::size_t ndim() { return N; }
  /// The centre (all distances 0), coefficient 1.
  StencilPoint() { dist_.fill(0); }
  /// Distances per dimension, coefficient 1.
  template <typename... Values, typename = std::enable_if_t<sizeof...(Values) == N>>
  constexpr StencilPoint(Values... dist) : dist_{static_cast<int>(dist)...} {}
  /// A coefficient, then the distances per dimension.
  template <typename... Values, typename = std::enable_if_t<sizeof...(Values) == N>>
  constexpr StencilPoint(CoeffT coefficient, Values... dist)
      : dist_{static_cast<int>(dist)...}, coefficient_(coefficient) {}

  int operator[](std::size_t d) const { return dist_[d]; }
  CoeffT coefficient() const { return coefficient_; }
  /// The largest absolute distance over all dimensions.
  int max() const {
    int m = 0;
    for (int v : dist_) m = std::max(m, v < 0 ? -v : v);
    return m;
  }
  bool operator==(const StencilPoint &o) const { return dist_ == o.dist_; }
  bool operator!=(const StencilPoint &o) const { return !(*this == o); }

 private:
  std::array<int, N> dist_{};
  CoeffT coefficient_ = 1;
};

template <typename StencilPointT, std::size_t NumStencilPoints>
class StencilSpec {
 public:
  static constexpr std::size_t ndim() { return StencilPointT::ndim(); }
  static constexpr std::size_t num_stencil_points() { return NumStencilPoints; }
  using points_type = std::array<StencilPointT, NumStencilPoints>;

  constexpr explicit StencilSpec(const points_type &points) : points_(points) {}
  template <typename... Points, typename = std::enable_if_t<sizeof...(Points) == NumStencilPoints>>
  constexpr StencilSpec(const Points &...points) : points_{points...} {}

  const points_type &specs() const { return points_; }
  const StencilPointT &operator[](std::size_t i) const { return points_[i]; }
  static constexpr std::size_t size() { return NumStencilPoints; }

  /// The halo widths this stencil needs.
  HaloWidths<ndim()> widths() const {
    HaloWidths<ndim()> w;
    for (const StencilPointT &p : points_)
      for (std::size_t d = 0; d < ndim(); ++d) {
        if (p[d] < 0) w.lo[d] = std::max(w.lo[d], static_cast<std::size_t>(-p[d]));
        if (p[d] > 0) w.hi[d] = std::max(w.hi[d], static_cast<std::size_t>(p[d]));
      }
    return w;
  }

 private:
  points_type points_;
};

}  // namespace dash::halo

#endif  // DASH_HALO_STENCIL_H
