#ifndef DASH_HALO_HALOMATRIXWRAPPER_H
#define DASH_HALO_HALOMATRIXWRAPPER_H

// HaloMatrixWrapper<MatrixT>: DASH's front of a halo for a matrix, on
// dash::Halo. The halo widths are the union of the reach of the given
// stencil specifications; the global boundary conditions come from a
// GlobalBoundarySpec (default NONE everywhere).
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

#include <cstddef>
#include <type_traits>

#include <dash/Matrix.h>
#include <dash/halo/Halo.h>
#include <dash/halo/Stencil.h>
#include <dash/halo/StencilOperator.h>
#include <dash/halo/Types.h>

namespace dash::halo {

template <typename MatrixT>
class HaloMatrixWrapper {
 public:
  using value_type = typename MatrixT::value_type;
  static constexpr std::size_t ndim() { return std::tuple_size_v<typename MatrixT::extents_type>; }
  using halo_type = Halo<value_type, ndim()>;

  /// Collective over the matrix's team.
  template <typename... StencilSpecT>
  HaloMatrixWrapper(MatrixT &matrix, const GlobalBoundarySpec<ndim()> &bound, const StencilSpecT &...specs)
      : matrix_(matrix), halo_(matrix, union_widths(specs...), bound.conditions()) {}
  /// Boundary NONE along every dimension. Collective.
  template <typename StencilPointT, std::size_t K>
  HaloMatrixWrapper(MatrixT &matrix, const StencilSpec<StencilPointT, K> &spec)
      : HaloMatrixWrapper(matrix, GlobalBoundarySpec<ndim()>(), spec) {}

  /// Exchanges the halo and waits for it.
  void update() { halo_.exchange(); }
  /// Starts the exchange: sends this unit's boundary, notifies neighbours.
  void update_async() { halo_.exchange_async(); }
  /// Waits until the neighbours' values of this exchange have arrived.
  void wait() { halo_.wait(); }

  /// The unit's block in local coordinates (offsets 0, local extents).
  ViewSpec<ndim()> view_local() const { return ViewSpec<ndim()>{{}, halo_.extents()}; }

  MatrixT &matrix() { return matrix_; }
  const MatrixT &matrix() const { return matrix_; }
  /// The halo itself (element access halo()(i, j), regions, inner/boundary boxes).
  halo_type &halo() { return halo_; }
  const halo_type &halo() const { return halo_; }

  /// Sets the halo elements beyond CUSTOM boundaries to f(coords), coords
  /// the global coordinates (std::array<long, N>). Local.
  template <typename F>
  void set_custom_halos(F &&f) {
    halo_.set_custom_halos(std::forward<F>(f));
  }

  /// The stencil `spec` on this unit's block (inner and boundary
  /// iteration). Throws std::invalid_argument if spec reaches beyond the
  /// halo widths.
  template <typename StencilSpecT>
  StencilOperator<value_type, ndim(), StencilSpecT> stencil_operator(const StencilSpecT &spec) {
    return StencilOperator<value_type, ndim(), StencilSpecT>(&halo_, matrix_.lbegin(), spec);
  }

 private:
  template <typename... StencilSpecT>
  static HaloWidths<ndim()> union_widths(const StencilSpecT &...specs) {
    static_assert(sizeof...(specs) > 0,
                  "dash::halo::HaloMatrixWrapper: give at least one stencil specification");
    HaloWidths<ndim()> w;
    auto add = [&](const auto &spec) {
      auto s = spec.widths();
      for (std::size_t d = 0; d < ndim(); ++d) {
        w.lo[d] = std::max(w.lo[d], s.lo[d]);
        w.hi[d] = std::max(w.hi[d], s.hi[d]);
      }
    };
    (add(specs), ...);
    return w;
  }

  MatrixT &matrix_;
  halo_type halo_;
};

}  // namespace dash::halo

#endif  // DASH_HALO_HALOMATRIXWRAPPER_H
