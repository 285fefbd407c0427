#ifndef DASH_VIEW_LOCAL_H
#define DASH_VIEW_LOCAL_H

// dash::local(range), as in DASH: the calling unit's part of a range, as
// plain memory (not collective).
//   dash::local(array)               all of its elements (LocalOrigin) of a
//                                    one-dimensional container; the local
//                                    view (array.local) of a matrix
//   dash::local(dash::sub(3, 12, a)) the unit's elements of [3, 12)
//   dash::local(dash::blocks(v))     the blocks of v the unit owns
//   dash::local(local range)         the range itself

#include <cstddef>
#include <type_traits>

#include <dash/algorithm/LocalRange.h>
#include <dash/matrix/LocalMatrixRef.h>
#include <dash/Matrix.h>
#include <dash/view/CartView.h>
#include <dash/view/Sub.h>
#include <dash/view/ViewBlocksMod.h>
#include <dash/view/ViewMod.h>
#include <dash/view/ViewTraits.h>

namespace dash {

namespace detail {
/// A container's local view (array.local) holds the unit's elements.
template <typename T, std::size_t N, typename P>
struct view_local_flag<LocalView<T, N, P>, void> : std::true_type {};
}  // namespace detail

template <typename RangeT>
auto local(RangeT &&range) {
  using R = std::remove_reference_t<RangeT>;
  using U = std::remove_cv_t<R>;
  if constexpr (detail::is_container<U>::value) {
    if constexpr (detail::is_container_1d<U>::value)
      return LocalOrigin<R>(range);
    else
      return range.local;
  } else if constexpr (detail::is_matrix_view<U>::value) {
    using T = std::remove_reference_t<decltype(*range.begin().core()->mem.local())>;
    if constexpr (detail::range_rank<U>::value > 1) {
      constexpr std::size_t N = static_cast<std::size_t>(detail::range_rank<U>::value);
      return LocalBoxView<T, N, typename U::pattern_type>(range.core(), range.block());
    } else {
      auto r = local_index_range(range.begin(), range.end());
      if (r.begin == r.end) return LocalSpan<T>();
      T *base = range.begin().core()->mem.local();
      return LocalSpan<T>(base + r.begin, base + r.end, static_cast<std::size_t>(r.begin));
    }
  } else if constexpr (detail::is_local_box<U>::value) {
    return U(range);
  } else if constexpr (detail::is_local_span<U>::value) {
    return U(range);
  } else {
    static_assert(detail::is_view_type<U>, "dash::local: not a range of dash");
    if constexpr (view_traits<U>::is_local::value)
      return U(range);
    else
      return range.local();
  }
}

}  // namespace dash

#endif  // DASH_VIEW_LOCAL_H
