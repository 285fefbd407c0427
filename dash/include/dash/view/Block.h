#ifndef DASH_VIEW_BLOCK_H
#define DASH_VIEW_BLOCK_H

// dash::blocks(range), as in DASH: the pattern's blocks a one-dimensional
// range touches, each restricted to it (see ViewBlocksMod.h);
// dash::block(b, range) is blocks(range)[b].

#include <cstddef>
#include <type_traits>

#include <dash/view/ViewBlocksMod.h>
#include <dash/view/ViewTraits.h>

namespace dash {

template <typename RangeT>
auto blocks(RangeT &&range) {
  using R = std::remove_reference_t<RangeT>;
  using U = std::remove_cv_t<R>;
  if constexpr (detail::range_rank<U>::value > 1) {
    if constexpr (detail::is_container<U>::value)
      return blocks(range.template sub<0>(0, range.extent(0)));
    else
      return ViewNBlocksMod<typename U::value_type, static_cast<std::size_t>(detail::range_rank<U>::value),
                            typename U::pattern_type>(range);
  } else {
    using D = std::conditional_t<detail::is_container<std::remove_cv_t<R>>::value, R, std::remove_cv_t<R>>;
    return ViewBlocksMod<D>(range);
  }
}

template <typename RangeT>
auto block(std::size_t b, RangeT &&range) {
  return blocks(std::forward<RangeT>(range))[b];
}

}  // namespace dash

#endif  // DASH_VIEW_BLOCK_H
