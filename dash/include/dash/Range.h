#ifndef DASH_RANGE_H
#define DASH_RANGE_H

// dash::begin / dash::end, as in DASH: the iterators of any range
// (containers, views, local ranges, index ranges).

#include <utility>

namespace dash {

template <typename Range>
constexpr auto begin(Range &&range) -> decltype(std::forward<Range>(range).begin()) {
  return std::forward<Range>(range).begin();
}
template <typename Range>
constexpr auto end(Range &&range) -> decltype(std::forward<Range>(range).end()) {
  return std::forward<Range>(range).end();
}

}  // namespace dash

#endif  // DASH_RANGE_H
