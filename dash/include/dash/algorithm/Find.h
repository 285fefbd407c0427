#ifndef DASH_ALGORITHM_FIND_H
#define DASH_ALGORITHM_FIND_H

// find, find_if, find_if_not, count, count_if, all_of, any_of, none_of: each unit scans
// its own elements through plain pointers (find stops at its first match),
// then one allreduce combines the results. Collective over the container's
// team; every unit gets the result.

#include <cstddef>
#include <cstdint>
#include <limits>

#include <dash/internal/GlobalRange.h>
#include <dash/GlobPtr.h>
#include <dash/Array.h>
#include <dash/algorithm/LocalRange.h>
#include <dash/algorithm/Operation.h>
#include <dash/iterator/GlobIter.h>

namespace dash {

/// The first element of [first, last) for which pred is true, or last.
template <typename T, std::size_t N, typename P, typename Pred>
GlobPtr<T, N, P> find_if(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, Pred pred) {
  auto r = detail::make_range(first, last, "dash::find_if");
  constexpr std::int64_t none = std::numeric_limits<std::int64_t>::max();
  std::int64_t mine = none;
  detail::for_each_local(r, [&](auto *data, const detail::LocalPiece &piece) {
    if (mine != none) return;  // pieces come in range order
    for (std::size_t i = 0; i < piece.len; ++i)
      if (pred(data[i])) {
        mine = static_cast<std::int64_t>(piece.pos + i);
        return;
      }
  });
  std::int64_t found = detail::allreduce_i64(r.team(), mine, DART_OP_MIN);
  return found == none ? last : first + (found - static_cast<std::ptrdiff_t>(r.first));
}

/// The first element of [first, last) for which pred is false, or last.
template <typename T, std::size_t N, typename P, typename Pred>
GlobPtr<T, N, P> find_if_not(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, Pred pred) {
  return find_if(first, last, [&](const auto &e) { return !pred(e); });
}

/// The first element equal to value, or last.
template <typename T, std::size_t N, typename P, typename V>
GlobPtr<T, N, P> find(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, const V &value) {
  return find_if(first, last, [&](const auto &e) { return e == value; });
}

/// The number of elements for which pred is true.
template <typename T, std::size_t N, typename P, typename Pred>
std::size_t count_if(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, Pred pred) {
  auto r = detail::make_range(first, last, "dash::count_if");
  std::int64_t mine = 0;
  detail::for_each_local(r, [&](auto *data, const detail::LocalPiece &piece) {
    for (std::size_t i = 0; i < piece.len; ++i)
      if (pred(data[i])) ++mine;
  });
  return static_cast<std::size_t>(detail::allreduce_i64(r.team(), mine, DART_OP_SUM));
}

/// The number of elements equal to value.
template <typename T, std::size_t N, typename P, typename V>
std::size_t count(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, const V &value) {
  return count_if(first, last, [&](const auto &e) { return e == value; });
}

/// True if pred is true for some element.
template <typename T, std::size_t N, typename P, typename Pred>
bool any_of(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, Pred pred) {
  auto r = detail::make_range(first, last, "dash::any_of");
  std::int64_t mine = 0;
  detail::for_each_local(r, [&](auto *data, const detail::LocalPiece &piece) {
    for (std::size_t i = 0; i < piece.len && !mine; ++i)
      if (pred(data[i])) mine = 1;
  });
  return detail::allreduce_i64(r.team(), mine, DART_OP_MAX) != 0;
}

/// True if pred is true for every element (also for an empty range).
template <typename T, std::size_t N, typename P, typename Pred>
bool all_of(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, Pred pred) {
  return !any_of(first, last, [&](const auto &e) { return !pred(e); });
}

/// True if pred is true for no element.
template <typename T, std::size_t N, typename P, typename Pred>
bool none_of(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, Pred pred) {
  return !any_of(first, last, pred);
}

}  // namespace dash

#endif  // DASH_ALGORITHM_FIND_H
