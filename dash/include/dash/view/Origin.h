#ifndef DASH_VIEW_ORIGIN_H
#define DASH_VIEW_ORIGIN_H

// dash::origin(range), as in DASH: the container at the bottom of a chain
// of views (a container is its own origin).

#include <type_traits>
#include <utility>

#include <dash/view/ViewMod.h>
#include <dash/view/ViewTraits.h>

namespace dash {

template <typename RangeT>
decltype(auto) origin(RangeT &&range) {
  using U = std::remove_cv_t<std::remove_reference_t<RangeT>>;
  if constexpr (detail::is_view_type<U>)
    return range.origin();
  else
    return std::forward<RangeT>(range);
}

}  // namespace dash

#endif  // DASH_VIEW_ORIGIN_H
