#ifndef DASH_VIEW_GLOBAL_H
#define DASH_VIEW_GLOBAL_H

// dash::global(range), as in DASH: the global range a local view was taken
// from (its domain); a global range itself.

#include <type_traits>

#include <dash/view/ViewMod.h>
#include <dash/view/ViewTraits.h>

namespace dash {

template <typename RangeT>
decltype(auto) global(RangeT &&range) {
  using U = std::remove_cv_t<std::remove_reference_t<RangeT>>;
  if constexpr (detail::is_view_type<U> && view_traits<U>::is_local::value)
    return range.global();
  else
    return std::forward<RangeT>(range);
}

}  // namespace dash

#endif  // DASH_VIEW_GLOBAL_H
