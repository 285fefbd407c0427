#ifndef DASH_VIEW_SUB_H
#define DASH_VIEW_SUB_H

// dash::sub<D>(first, last, range), as in DASH: the indices [first, last)
// of a range along dimension D (default 0), as a range of the same kind:
//   one-dimensional container or global view  ->  ViewSubMod (global)
//   dash::local(...) of one, local views       ->  ViewLocalMod (local)
//   matrix or matrix view (N > 1)              ->  View<T, N, P>
//   a LocalView / LocalSpan                    ->  LocalSpan
// Nests: dash::sub(1, 3, dash::sub(0, 5, array)). Throws
// std::out_of_range unless first <= last lie within the range.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>

#include <dash/matrix/LocalMatrixRef.h>
#include <dash/Matrix.h>
#include <dash/Types.h>
#include <dash/view/CartView.h>
#include <dash/view/ViewMod.h>
#include <dash/view/ViewTraits.h>

namespace dash {

namespace detail {
template <typename R>
struct is_matrix_view : std::false_type {};
template <typename T, std::size_t N, typename P>
struct is_matrix_view<View<T, N, P>> : std::true_type {};

template <typename R>
struct is_local_box : std::false_type {};
template <typename T, std::size_t N, typename P>
struct is_local_box<LocalBoxView<T, N, P>> : std::true_type {};

template <typename R>
struct is_local_span : std::false_type {};
template <typename T>
struct is_local_span<LocalSpan<T>> : std::true_type {};
template <typename T, typename P>
struct is_local_span<LocalView<T, 1, P>> : std::true_type {};
}  // namespace detail

template <dim_t D = 0, typename RangeT>
auto sub(std::size_t first, std::size_t last, RangeT &&range) {
  using R = std::remove_reference_t<RangeT>;
  using U = std::remove_cv_t<R>;
  if constexpr (detail::is_container<U>::value) {
    detail::check_sub(first, last, range.extent(D));
    if constexpr (detail::is_container_1d<U>::value)
      return ViewSubMod<R>(range, static_cast<default_index_t>(first), static_cast<default_index_t>(last));
    else
      return range.template sub<D>(first, last - first);
  } else if constexpr (detail::is_matrix_view<U>::value) {
    detail::check_sub(first, last, range.extent(D));
    return range.template sub<D>(first, last - first);
  } else if constexpr (detail::is_local_box<U>::value) {
    return range.template sub<D>(first, last);
  } else if constexpr (detail::is_local_span<U>::value) {
    static_assert(D == 0, "dash::sub: a local range has only dimension 0");
    detail::check_sub(first, last, range.size());
    std::size_t base = 0;
    if constexpr (std::is_same_v<U, LocalSpan<typename U::value_type>>) base = range.first_index();
    return LocalSpan<std::remove_pointer_t<decltype(range.begin())>>(range.begin() + first,
                                                                     range.begin() + last, base + first);
  } else {
    static_assert(detail::is_view_type<U>, "dash::sub: not a range of dash");
    static_assert(D == 0, "dash::sub: the views of one-dimensional containers have only dimension 0");
    detail::check_sub(first, last, range.size());
    if constexpr (view_traits<U>::is_local::value) {
      using origin_type = typename U::origin_type;
      auto b = range.lbegin_index() + static_cast<default_index_t>(first);
      return ViewLocalMod<origin_type>(range.origin(), b, b + static_cast<default_index_t>(last - first));
    } else {
      const U &domain = range;
      return ViewSubMod<U>(domain, static_cast<default_index_t>(first), static_cast<default_index_t>(last));
    }
  }
}

}  // namespace dash

#endif  // DASH_VIEW_SUB_H
