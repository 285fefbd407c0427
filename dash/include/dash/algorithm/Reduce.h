#ifndef DASH_ALGORITHM_REDUCE_H
#define DASH_ALGORITHM_REDUCE_H

// reduce / accumulate, min_element, max_element: each unit reduces its own
// elements through plain pointers, then one allgather combines the partial
// results on every unit (in unit order, so every unit gets the same
// result). Collective over the container's team; every unit gets the
// result. op must be associative and commutative (as for std::reduce).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <type_traits>

#include <dash/detail/range.h>
#include <dash/GlobPtr.h>

namespace dash {

namespace detail {

template <typename V>
struct Partial {
  V value;
  std::uint64_t pos;  // position in the view (min/max_element)
  std::uint8_t valid;
};

}  // namespace detail

/// init op e0 op e1 ... over [first, last), any association and order.
template <typename T, std::size_t N, typename P, typename V, typename Op = std::plus<>>
V reduce(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, V init, Op op = Op()) {
  static_assert(std::is_trivially_copyable_v<V>,
                "dash::reduce: the result type must be "
                "trivially copyable");
  auto r = detail::make_range(first, last, "dash::reduce");
  detail::Partial<V> mine{init, 0, 0};
  detail::for_each_local(r, [&](auto *data, const detail::LocalPiece &piece) {
    std::size_t i = 0;
    if (!mine.valid) {
      mine.value = static_cast<V>(data[0]);
      mine.valid = 1;
      i = 1;
    }
    for (; i < piece.len; ++i) mine.value = op(mine.value, data[i]);
  });
  V result = init;
  for (const auto &part : detail::allgather_value(r.team(), mine))
    if (part.valid) result = op(result, part.value);
  return result;
}

/// As reduce with the sum of the elements and T{} as init.
template <typename T, std::size_t N, typename P>
std::remove_const_t<T> reduce(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last) {
  return reduce(first, last, std::remove_const_t<T>{}, std::plus<>());
}

/// As reduce: the name std::accumulate users know.
template <typename T, std::size_t N, typename P, typename V, typename Op = std::plus<>>
V accumulate(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, V init, Op op = Op()) {
  return reduce(first, last, init, op);
}

namespace detail {

// The first element e with no other element preferred to it: prefer(a, b)
// true means a is better than b. Returns last if the range is empty.
template <typename T, std::size_t N, typename P, typename Prefer>
GlobPtr<T, N, P> best_element(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, Prefer prefer,
                              const char *what) {
  using V = std::remove_const_t<T>;
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

#endif  // DASH_ALGORITHM_REDUCE_H
