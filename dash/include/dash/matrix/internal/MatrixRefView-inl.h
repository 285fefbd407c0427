#ifndef DASH_MATRIX_INTERNAL_MATRIX_REF_VIEW_INL_H
#define DASH_MATRIX_INTERNAL_MATRIX_REF_VIEW_INL_H

// Out-of-line members of MatrixRefView (matrix/MatrixRefView.h).

#include <dash/matrix/MatrixRefView.h>

namespace dash {

template <typename T, dim_t NumDimensions, class PatternT, typename LocalMemT>
auto MatrixRefView<T, NumDimensions, PatternT, LocalMemT>::dim() const -> dim_t {
  dim_t n = 0;
  for (bool f : fixed_) n += f ? 1 : 0;
  return n;
}

template <typename T, dim_t NumDimensions, class PatternT, typename LocalMemT>
auto MatrixRefView<T, NumDimensions, PatternT, LocalMemT>::free_dim(std::size_t k) const -> std::size_t {
  for (std::size_t d = 0; d < N; ++d)
    if (!fixed_[d] && k-- == 0) return d;
  return N;
}

template <typename T, dim_t NumDimensions, class PatternT, typename LocalMemT>
void MatrixRefView<T, NumDimensions, PatternT, LocalMemT>::fix(std::size_t d, std::size_t coord) {
  viewspec_.offsets()[d] = coord;
  viewspec_.extents()[d] = 1;
  fixed_[d] = true;
}

}  // namespace dash

#endif  // DASH_MATRIX_INTERNAL_MATRIX_REF_VIEW_INL_H
