#ifndef DASH_VIEW_SETINTERSECT_H
#define DASH_VIEW_SETINTERSECT_H

// dash::intersect(a, b), as in DASH: the elements two global ranges of the
// same one-dimensional container have in common, as a view of the
// container. Throws std::invalid_argument for ranges of different
// containers.

#include <algorithm>
#include <stdexcept>
#include <type_traits>

#include <dash/view/ViewMod.h>
#include <dash/view/ViewTraits.h>

namespace dash {

template <typename RangeA, typename RangeB>
auto intersect(const RangeA &a, const RangeB &b) {
  auto &origin = detail::origin_of(a);
  if (static_cast<const void *>(&origin) != static_cast<const void *>(&detail::origin_of(b)))
    throw std::invalid_argument("dash::intersect: ranges of different containers");
  using C = std::remove_reference_t<decltype(origin)>;
  default_index_t first = std::max(detail::gbegin_of(a), detail::gbegin_of(b));
  default_index_t last = std::max(first, std::min(detail::gend_of(a), detail::gend_of(b)));
  return ViewSubMod<C>(origin, first, last);
}

}  // namespace dash

#endif  // DASH_VIEW_SETINTERSECT_H
