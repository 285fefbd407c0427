#ifndef DASH_MATRIX_MATRIXREFVIEW_H
#define DASH_MATRIX_MATRIXREFVIEW_H

// MatrixRefView<T, N, P, M>: what a MatrixRef refers to: the container's
// state, a box of global coordinates (the viewspec) and which of the N
// dimensions are fixed (m[i] fixes dimension 0, m.col(j) dimension 1).

#include <array>
#include <cstddef>
#include <type_traits>

#include <dash/detail/array_core.h>
#include <dash/pattern/BlockPattern.h>
#include <dash/Types.h>

namespace dash {

class HostSpace;

template <typename T, dim_t NumDimensions, class PatternT = Pattern<NumDimensions>,
          typename LocalMemT = HostSpace>
class MatrixRefView {
  static constexpr std::size_t N = static_cast<std::size_t>(NumDimensions);

 public:
  using core_type = detail::ArrayCore<std::remove_const_t<T>, N, PatternT>;

  MatrixRefView() = default;
  MatrixRefView(const core_type *core, const Block<N> &viewspec) : core_(core), viewspec_(viewspec) {}

  const core_type *core() const { return core_; }
  const Block<N> &viewspec() const { return viewspec_; }
  Block<N> &viewspec() { return viewspec_; }
  /// Number of fixed dimensions.
  dim_t dim() const {
    dim_t n = 0;
    for (bool f : fixed_) n += f ? 1 : 0;
    return n;
  }
  bool is_fixed(std::size_t d) const { return fixed_[d]; }
  /// The k-th dimension that is not fixed (N if there is none).
  std::size_t free_dim(std::size_t k) const {
    for (std::size_t d = 0; d < N; ++d)
      if (!fixed_[d] && k-- == 0) return d;
    return N;
  }
  /// Fixes dimension d at global coordinate `coord`.
  void fix(std::size_t d, std::size_t coord) {
    viewspec_.offsets()[d] = coord;
    viewspec_.extents()[d] = 1;
    fixed_[d] = true;
  }

 private:
  const core_type *core_ = nullptr;
  Block<N> viewspec_{};
  std::array<bool, N> fixed_{};
};

}  // namespace dash

#endif  // DASH_MATRIX_MATRIXREFVIEW_H
