#ifndef DASH_VIEW_SUB_H
#define DASH_VIEW_SUB_H

// dash::sub, as in DASH: the indices [first, last) of a range along
// dimension D (default 0), as a range of the same kind: a global view of
// an array or view, a local range of a local one. Nests:
//   dash::sub(2, 8, dash::local(array)), dash::sub(1, 3, dash::sub(0, 5, array)).
// Throws std::out_of_range unless first <= last lie within the range.

#include <cstddef>
#include <stdexcept>
#include <string>

#include <dash/matrix/LocalMatrixRef.h>
#include <dash/Matrix.h>
#include <dash/Types.h>
#include <dash/View.h>

namespace dash {

namespace detail {
inline void check_sub(std::size_t first, std::size_t last, std::size_t size) {
  if (first > last || last > size)
    throw std::out_of_range("dash::sub: [" + std::to_string(first) + ", " + std::to_string(last) +
                            ") not in [0, " + std::to_string(size) + ")");
}
}  // namespace detail

template <dim_t D = 0, typename T, std::size_t N, typename P>
View<T, N, P> sub(std::size_t first, std::size_t last, detail::NArray<T, N, P> &array) {
  detail::check_sub(first, last, array.extent(D));
  return array.template sub<D>(first, last - first);
}
template <dim_t D = 0, typename T, std::size_t N, typename P>
View<const T, N, P> sub(std::size_t first, std::size_t last, const detail::NArray<T, N, P> &array) {
  detail::check_sub(first, last, array.extent(D));
  return array.template sub<D>(first, last - first);
}
template <dim_t D = 0, typename T, std::size_t N, typename P>
View<T, N, P> sub(std::size_t first, std::size_t last, const View<T, N, P> &view) {
  detail::check_sub(first, last, view.extent(D));
  return view.template sub<D>(first, last - first);
}

template <dim_t D = 0, typename T, typename P>
LocalSpan<T> sub(std::size_t first, std::size_t last, const LocalView<T, 1, P> &local) {
  static_assert(D == 0, "dash::sub: a 1-D local range has only dimension 0");
  detail::check_sub(first, last, local.size());
  return LocalSpan<T>(local.begin() + first, local.begin() + last, first);
}
template <dim_t D = 0, typename T>
LocalSpan<T> sub(std::size_t first, std::size_t last, const LocalSpan<T> &local) {
  static_assert(D == 0, "dash::sub: a local span has only dimension 0");
  detail::check_sub(first, last, local.size());
  return LocalSpan<T>(local.begin() + first, local.begin() + last, local.first_index() + first);
}

}  // namespace dash

#endif  // DASH_VIEW_SUB_H
