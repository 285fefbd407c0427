#ifndef DASH_VIEW_LOCAL_H
#define DASH_VIEW_LOCAL_H

// dash::local, as in DASH: the calling unit's part of a container or of a
// 1-D global view, as plain memory (not collective).
//   dash::local(array)              == array.local
//   dash::local(dash::sub(3, 12, a)) the calling unit's elements of [3, 12)

#include <cstddef>

#include <dash/algorithm/LocalRange.h>
#include <dash/matrix/LocalMatrixRef.h>
#include <dash/Matrix.h>
#include <dash/View.h>

namespace dash {

template <typename T, std::size_t N, typename P>
LocalView<T, N, P> local(const detail::NArray<T, N, P> &array) {
  return array.local;
}

/// The calling unit's elements of a 1-D view (empty if none).
template <typename T, typename P>
LocalSpan<T> local(const View<T, 1, P> &view) {
  auto r = local_index_range(view.begin(), view.end());
  if (r.begin == r.end) return LocalSpan<T>();
  T *base = view.begin().core()->mem.local();
  return LocalSpan<T>(base + r.begin, base + r.end, static_cast<std::size_t>(r.begin));
}

}  // namespace dash

#endif  // DASH_VIEW_LOCAL_H
