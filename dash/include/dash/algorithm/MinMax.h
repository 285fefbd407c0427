#ifndef DASH_ALGORITHM_MINMAX_H
#define DASH_ALGORITHM_MINMAX_H

// min_element, max_element.
//
// On a global range (collective over the container's team; every unit gets
// the result): each unit scans its own elements through plain pointers,
// then one allgather picks the best of the units' candidates; ties go to
// the earlier position, as std. On a local range of raw pointers (not
// collective): std::min_element / std::max_element.
//
// The comparator is std's: comp(a, b) is "a is less than b" for both
// functions (DASH's max_element instead takes a "greater" function and
// hands it to min_element; its default, std::greater, gives the same
// result as ours).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <type_traits>

#include <dash/internal/GlobalRange.h>
#include <dash/GlobPtr.h>
#include <dash/util/Config.h>
#include <dash/internal/Config.h>
#include <dash/Allocator.h>
#include <dash/util/Trace.h>
#include <dash/util/UnitLocality.h>
#include <dash/internal/Logging.h>
#include <dash/iterator/GlobIter.h>
#include <dash/algorithm/LocalRange.h>

namespace dash {

namespace detail {

/// A unit's best element (or reduction result) and its position in the
/// view, if it has one (valid).
template <typename V>
struct Partial {
  V value;
  std::uint64_t pos;
  std::uint8_t valid;
};

// The first element e with no other element preferred to it: prefer(a, b)
// true means a is better than b. Returns last if the range is empty.
template <typename T, std::size_t N, typename P, typename Prefer>
GlobPtr<T, N, P> best_element(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, Prefer prefer,
                              const char *what) {
  using V = std::remove_const_t<T>;
  static_assert(std::is_trivially_copyable_v<V>, "dash::min_element: elements are exchanged as bytes");
  auto r = make_range(first, last, what);
  Partial<V> mine{V{}, 0, 0};
  for_each_local(r, [&](auto *data, const LocalPiece &piece) {
    for (std::size_t i = 0; i < piece.len; ++i)
      if (!mine.valid || prefer(data[i], mine.value)) {
        mine = {data[i], piece.pos + i, 1};
      }
  });
  Partial<V> best{V{}, 0, 0};
  for (const auto &part : allgather_value(r.team(), mine)) {
    if (!part.valid) continue;
    // Ties go to the earlier position: the first best element, as std.
    if (!best.valid || prefer(part.value, best.value) ||
        (!prefer(best.value, part.value) && part.pos < best.pos))
      best = part;
  }
  if (!best.valid) return last;
  return first + static_cast<std::ptrdiff_t>(best.pos - r.first);
}

}  // namespace detail

/// The first smallest element of the local range [first, last) (comp:
/// less-than), or last if it is empty. Not collective.
template <typename ElementType, typename Compare = std::less<const ElementType &>>
const ElementType *min_element(const ElementType *first, const ElementType *last, Compare comp = Compare()) {
  return std::min_element(first, last, comp);
}

/// The first largest element of the local range [first, last), or last if
/// it is empty. Not collective.
template <typename ElementType, typename Compare = std::less<const ElementType &>>
const ElementType *max_element(const ElementType *first, const ElementType *last, Compare comp = Compare()) {
  return std::max_element(first, last, comp);
}

/// The first smallest element of [first, last) (comp: less-than), or last
/// if the range is empty.
template <typename T, std::size_t N, typename P, typename Compare = std::less<>>
GlobPtr<T, N, P> min_element(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, Compare comp = Compare()) {
  return detail::best_element(
      first, last, [&](const auto &a, const auto &b) { return comp(a, b); }, "dash::min_element");
}

/// The first largest element of [first, last), or last if it is empty.
template <typename T, std::size_t N, typename P, typename Compare = std::less<>>
GlobPtr<T, N, P> max_element(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, Compare comp = Compare()) {
  return detail::best_element(
      first, last, [&](const auto &a, const auto &b) { return comp(b, a); }, "dash::max_element");
}

}  // namespace dash

#endif  // DASH_ALGORITHM_MINMAX_H
