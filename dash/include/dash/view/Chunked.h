#ifndef DASH_VIEW_CHUNKED_H
#define DASH_VIEW_CHUNKED_H

// dash::block(b, range), as in DASH: block b of the blocks a range
// touches (dash::blocks(range)[b]), restricted to the range: a global
// view of a global range, the unit's local block b of a local one.

#include <cstddef>
#include <utility>

#include <dash/view/Block.h>

namespace dash {

template <typename OffsetT, typename RangeT>
auto block(OffsetT b, RangeT &&range) {
  return blocks(std::forward<RangeT>(range))[static_cast<std::size_t>(b)];
}

}  // namespace dash

#endif  // DASH_VIEW_CHUNKED_H
