#ifndef DASH_HALO_HALOMATRIXWRAPPER_H
#define DASH_HALO_HALOMATRIXWRAPPER_H

// HaloMatrixWrapper<MatrixT>: DASH's front of a halo for a matrix over a
// Pattern<N> (ROW_MAJOR or COL_MAJOR), on the one engine dash::Halo. The
// halo regions are the union of the regions the given stencil
// specifications reach (a HaloSpec; halo_block() describes the unit's block
// with it); the global boundary conditions come from a GlobalBoundarySpec
// (default NONE everywhere).
//
//   using Point = dash::halo::StencilPoint<2>;
//   dash::halo::StencilSpec<Point, 4> spec(Point(-1, 0), Point(1, 0), Point(0, -1), Point(0, 1));
//   dash::halo::GlobalBoundarySpec<2> bound(dash::halo::BoundaryProp::CYCLIC,
//                                           dash::halo::BoundaryProp::CYCLIC);
//   dash::halo::HaloMatrixWrapper<dash::Matrix<double>> halomat(matrix, bound, spec);
//   auto op = halomat.stencil_operator(spec);
//   halomat.update_async();   // inner elements meanwhile: op.inner
//   halomat.wait();           // then op.boundary
//
// update_async()/wait() are Halo::exchange_async()/wait(): neighbour
// notification, no team barrier; read the halo before the next update.
// Iterating a stencil operator's boundary completes a pending update.
// The engine exchanges every region of the widths (per dimension and
// side, the farthest reach of the HaloSpec), so update_at(r) and
// update_async_at(r) update all regions, r included.

#include <algorithm>
#include <array>
#include <cstddef>
#include <type_traits>
#include <utility>

#include <dash/Matrix.h>
#include <dash/halo/Halo.h>
#include <dash/halo/Region.h>
#include <dash/halo/Stencil.h>
#include <dash/halo/StencilOperator.h>
#include <dash/halo/Types.h>

namespace dash::halo {

template <typename MatrixT, SignalReady SigReady = SignalReady::OFF>
class HaloMatrixWrapper {
 public:
  using Pattern_t = typename MatrixT::pattern_type;
  static constexpr std::size_t NumDimensions = Pattern_t::ndim();
  using Element_t = typename MatrixT::value_type;
  using value_type = Element_t;
  using ViewSpec_t = ViewSpec<NumDimensions>;
  using GlobBoundSpec_t = GlobalBoundarySpec<NumDimensions>;
  using HaloSpec_t = HaloSpec<NumDimensions>;
  using HaloBlock_t = HaloBlock<Element_t, Pattern_t>;
  using ElementCoords_t = std::array<default_index_t, NumDimensions>;
  using region_index_t = internal::region_index_t;
  using stencil_dist_t = internal::spoint_value_t;
  using halo_type = Halo<Element_t, NumDimensions, Pattern_t>;

  static constexpr std::size_t ndim() { return NumDimensions; }

  /// The union of the stencils' regions, with global boundary conditions.
  /// Collective over the matrix's team.
  template <std::size_t K, typename... StencilSpecRestT>
  HaloMatrixWrapper(MatrixT &matrix, const GlobBoundSpec_t &bound,
                    const StencilSpec<StencilPoint<NumDimensions>, K> &first, const StencilSpecRestT &...rest)
      : HaloMatrixWrapper(matrix, bound, HaloSpec_t(first, rest...)) {}
  /// Every point within `dist` (StencilSpecFactory::full_stencil_spec).
  template <typename StencilPointT = StencilPoint<NumDimensions>>
  HaloMatrixWrapper(MatrixT &matrix, const GlobBoundSpec_t &bound, stencil_dist_t dist)
      : HaloMatrixWrapper(matrix, bound, StencilSpecFactory<StencilPointT>::full_stencil_spec(dist)) {}
  template <typename StencilPointT = StencilPoint<NumDimensions>>
  HaloMatrixWrapper(MatrixT &matrix, stencil_dist_t dist)
      : HaloMatrixWrapper(matrix, GlobBoundSpec_t(),
                          StencilSpecFactory<StencilPointT>::full_stencil_spec(dist)) {}
  /// Boundary NONE along every dimension.
  template <typename StencilPointT, std::size_t K, typename... StencilSpecRestT>
  HaloMatrixWrapper(MatrixT &matrix, const StencilSpec<StencilPointT, K> &first,
                    const StencilSpecRestT &...rest)
      : HaloMatrixWrapper(matrix, GlobBoundSpec_t(), HaloSpec_t(first, rest...)) {}
  /// The regions of `halo_spec`. Collective.
  HaloMatrixWrapper(MatrixT &matrix, const GlobBoundSpec_t &bound, const HaloSpec_t &halo_spec)
      : matrix_(matrix),
        bound_(bound),
        halo_spec_(halo_spec),
        halo_(matrix, halo_spec.widths(), bound.conditions()),
        block_(matrix.pattern(), halo_spec_, bound_) {}

  HaloMatrixWrapper(const HaloMatrixWrapper &) = delete;
  HaloMatrixWrapper &operator=(const HaloMatrixWrapper &) = delete;

  const HaloBlock_t &halo_block() { return block_; }

  /// Exchanges the halo and waits for it. Collective.
  void update() { halo_.exchange(); }
  /// As update(): the engine updates all regions together.
  void update_at(region_index_t) { update(); }
  /// Starts the exchange: sends this unit's boundary, notifies neighbours.
  void update_async() { halo_.exchange_async(); }
  void update_async_at(region_index_t) { update_async(); }
  /// Waits until the neighbours' values of this exchange have arrived (if
  /// it was not completed already by iterating a stencil's boundary).
  void wait() {
    if (halo_.pending()) halo_.wait();
  }
  void wait(region_index_t) { wait(); }

  /// The unit's block in local coordinates (offsets 0, local extents).
  const ViewSpec_t &view_local() const { return block_.view_local(); }

  MatrixT &matrix() { return matrix_; }
  const MatrixT &matrix() const { return matrix_; }
  /// The engine (element access halo()(i, j), regions, inner/boundary boxes).
  halo_type &halo() { return halo_; }
  const halo_type &halo() const { return halo_; }

  /// Sets the halo elements beyond CUSTOM boundaries to f(coords), coords
  /// the global coordinates (std::array<default_index_t, N>). Local.
  template <typename F>
  void set_custom_halos(F &&f) {
    halo_.set_custom_halos([&](const std::array<long, NumDimensions> &c) {
      ElementCoords_t coords;
      for (std::size_t d = 0; d < NumDimensions; ++d) coords[d] = static_cast<default_index_t>(c[d]);
      return static_cast<Element_t>(f(coords));
    });
  }

  /// The stencil `spec` on this unit's block (inner and boundary
  /// iteration). Throws std::invalid_argument if spec reaches beyond the
  /// halo.
  template <typename StencilSpecT>
  StencilOperator<HaloBlock_t, StencilSpecT> stencil_operator(const StencilSpecT &spec) {
    return StencilOperator<HaloBlock_t, StencilSpecT>(&block_, &halo_, matrix_.lbegin(), spec);
  }

 private:
  MatrixT &matrix_;
  GlobBoundSpec_t bound_;
  HaloSpec_t halo_spec_;
  halo_type halo_;
  HaloBlock_t block_;
};

}  // namespace dash::halo

#endif  // DASH_HALO_HALOMATRIXWRAPPER_H
