#ifndef DASH_ALGORITHM_LOCAL_RANGE_H
#define DASH_ALGORITHM_LOCAL_RANGE_H

// The calling unit's part of a global range, as DASH's local_range and
// local_index_range(s): local indices (offsets in the container's local
// memory) or raw pointers. Not collective: pure index arithmetic.
//
//   auto lr = dash::local_range(arr.begin() + 10, arr.end());
//   std::sort(lr.begin, lr.end);            // the calling unit's elements

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include <dash/internal/GlobalRange.h>
#include <dash/GlobPtr.h>
#include <dash/Types.h>

namespace dash {

/// Local elements [begin, end) as raw pointers (as in DASH: data members).
template <typename T>
struct LocalRange {
  T *begin;
  T *end;

  /// A range of T is also one of const T (DASH's const overload).
  template <typename U = T, typename = std::enable_if_t<!std::is_const_v<U>>>
  operator LocalRange<const U>() const {
    return {begin, end};
  }
};

/// Local indices [begin, end).
template <typename IndexType>
struct LocalIndexRange {
  IndexType begin;
  IndexType end;
};

namespace detail {

template <typename It>
struct is_glob_ptr : std::false_type {};
/// Global iterators (GlobPtr) as opposed to local ones (pointers, std
/// iterators): the algorithms have an overload for each.
template <typename T, std::size_t N, typename P>
struct is_glob_ptr<GlobPtr<T, N, P>> : std::true_type {};

}  // namespace detail

}  // namespace dash

#include <dash/algorithm/LocalRanges.h>

namespace dash {

/// The local indices of the calling unit's elements of [first, last) as
/// one range ({0, 0} if it has none). They form one interval for every
/// range of a one-dimensional container and for whole N-dimensional ones
/// (of any pattern: the unit's whole memory); throws
/// std::invalid_argument if not (a sub-block of a matrix: use
/// local_index_ranges).
template <typename T, std::size_t N, typename P>
LocalIndexRange<default_index_t> local_index_range(const GlobPtr<T, N, P> &first,
                                                   const GlobPtr<T, N, P> &last) {
  auto runs = local_index_ranges(first, last).ranges;
  if (runs.empty()) return {0, 0};
  // In range order the runs may jump around in local memory (tile
  // patterns): they are one interval if, sorted, each continues the last.
  std::sort(runs.begin(), runs.end(), [](const auto &a, const auto &b) { return a.begin < b.begin; });
  for (std::size_t i = 1; i < runs.size(); ++i)
    if (runs[i].begin != runs[i - 1].end)
      throw std::invalid_argument(
          "dash::local_index_range: the calling unit's elements of the range are not contiguous in its "
          "memory (use dash::local_index_ranges)");
  return {runs.front().begin, runs.back().end};
}

/// A local range of raw pointers is its own local range.
template <typename T>
LocalRange<T> local_range(T *first, T *last) {
  return {first, last};
}

/// A local range of raw pointers: indices relative to first, {0, last -
/// first} (a pointer does not tell which container's memory it is in).
template <typename T>
LocalIndexRange<default_index_t> local_index_range(T *first, T *last) {
  return {0, static_cast<default_index_t>(last - first)};
}

/// The calling unit's elements of [first, last) as raw pointers ({nullptr,
/// nullptr} if it has none); throws like local_index_range.
template <typename T, std::size_t N, typename P>
LocalRange<T> local_range(const GlobPtr<T, N, P> &first, const GlobPtr<T, N, P> &last) {
  auto r = local_index_range(first, last);
  if (r.begin == r.end) return {nullptr, nullptr};
  T *base = first.core()->mem.local();
  return {base + r.begin, base + r.end};
}

}  // namespace dash

#endif  // DASH_ALGORITHM_LOCAL_RANGE_H
