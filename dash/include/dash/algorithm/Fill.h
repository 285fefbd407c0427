#ifndef DASH_ALGORITHM_FILL_H
#define DASH_ALGORITHM_FILL_H

// fill: each unit writes its own elements of the range through plain
// pointers, then the team synchronizes (the writes are visible everywhere
// on return). Collective over the container's team.

#include <algorithm>
#include <cstddef>

#include <dash/internal/GlobalRange.h>
#include <dash/GlobPtr.h>
#include <dash/internal/Config.h>
#include <dash/iterator/GlobIter.h>
#include <dash/algorithm/LocalRange.h>
#include <dash/algorithm/Operation.h>
#include <dash/util/UnitLocality.h>

namespace dash {

/// Sets every element of [first, last) to `value`.
template <typename T, std::size_t N, typename P>
void fill(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, const std::remove_const_t<T> &value) {
  auto r = detail::make_range(first, last, "dash::fill");
  detail::for_each_local(
      r, [&](auto *data, const detail::LocalPiece &piece) { std::fill_n(data, piece.len, value); });
  r.team().barrier();
}

}  // namespace dash

#endif  // DASH_ALGORITHM_FILL_H
