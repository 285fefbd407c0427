#ifndef DASH_ALGORITHM_LOCAL_RANGES_H
#define DASH_ALGORITHM_LOCAL_RANGES_H

// local_index_ranges: the calling unit's part of a global range as local
// index runs, one per contiguous stretch of its memory, in range order.
// Exact for any range of any pattern (a matrix block, tiles): where
// local_index_range would need one interval, this gives the pieces. Not
// collective: pure index arithmetic.
//
//   for (auto r : dash::local_index_ranges(m.begin() + 5, m.end()).ranges)
//     std::fill(m.lbegin() + r.begin, m.lbegin() + r.end, 0);

#include <vector>

#include <dash/algorithm/LocalRange.h>
#include <dash/internal/GlobalRange.h>
#include <dash/GlobPtr.h>
#include <dash/Types.h>

namespace dash {

/// The calling unit's local indices of the elements of a range, one entry
/// per contiguous run, in range order.
template <typename IndexType>
struct LocalIndexRanges {
  std::vector<LocalIndexRange<IndexType>> ranges;
};

/// The local index runs of the calling unit's elements of [first, last).
template <typename T, std::size_t N, typename P>
LocalIndexRanges<default_index_t> local_index_ranges(const GlobPtr<T, N, P> &first,
                                                     const GlobPtr<T, N, P> &last) {
  auto r = detail::make_range(first, last, "dash::local_index_ranges");
  LocalIndexRanges<default_index_t> result;
  detail::for_each_local(r, [&](auto *, const detail::LocalPiece &piece) {
    auto begin = static_cast<default_index_t>(piece.lindex);
    auto end = begin + static_cast<default_index_t>(piece.len);
    if (!result.ranges.empty() && result.ranges.back().end == begin)
      result.ranges.back().end = end;
    else
      result.ranges.push_back({begin, end});
  });
  return result;
}

}  // namespace dash

#endif  // DASH_ALGORITHM_LOCAL_RANGES_H
