#ifndef DASH_VIEW_DOMAIN_H
#define DASH_VIEW_DOMAIN_H

// dash::domain(view), as in DASH: the range a view was taken from (a
// reference: the container itself for a view of a container), or of an
// index set the index set of its view's domain. A range that is no view
// is its own domain.

#include <type_traits>
#include <utility>

#include <dash/view/ViewTraits.h>

namespace dash {

template <typename RangeT>
decltype(auto) domain(RangeT &&range) {
  using U = std::remove_cv_t<std::remove_reference_t<RangeT>>;
  if constexpr (detail::has_type_domain_type<U>::value)
    return range.domain();
  else
    return std::forward<RangeT>(range);
}

}  // namespace dash

#endif  // DASH_VIEW_DOMAIN_H
