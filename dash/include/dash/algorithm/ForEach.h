#ifndef DASH_ALGORITHM_FOR_EACH_H
#define DASH_ALGORITHM_FOR_EACH_H

// for_each, for_each_with_index: each unit calls the function on its own
// elements of the range (by reference: it may modify them), in range
// order, then the team synchronizes. Collective over the container's team.

#include <cstddef>

#include <dash/internal/GlobalRange.h>
#include <dash/GlobPtr.h>
#include <dash/algorithm/LocalRange.h>
#include <dash/iterator/GlobIter.h>

namespace dash {

/// Calls f(T& element) for every element of [first, last).
template <typename T, std::size_t N, typename P, typename F>
void for_each(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, F f) {
  auto r = detail::make_range(first, last, "dash::for_each");
  detail::for_each_local(r, [&](auto *data, const detail::LocalPiece &piece) {
    for (std::size_t i = 0; i < piece.len; ++i) f(data[i]);
  });
  r.team().barrier();
}

/// Calls f(T& element, std::size_t gindex) for every element, gindex its
/// linear global index in the container.
template <typename T, std::size_t N, typename P, typename F>
void for_each_with_index(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, F f) {
  auto r = detail::make_range(first, last, "dash::for_each_with_index");
  detail::for_each_local(r, [&](auto *data, const detail::LocalPiece &piece) {
    for (std::size_t i = 0; i < piece.len; ++i) f(data[i], piece.gindex + i);
  });
  r.team().barrier();
}

}  // namespace dash

#endif  // DASH_ALGORITHM_FOR_EACH_H
