#ifndef DASH_ALGORITHM_SORT_H
#define DASH_ALGORITHM_SORT_H

// sort: a parallel sample sort with exact splitting, for any global range.
//
//  1. Each unit sorts its elements of the range where they are (in the
//     container's memory when they are contiguous there), with threads when
//     it has cores of its own (algorithm/internal/Sort-inl.h).
//  2. One allgather: each unit's count, layout and regular samples.
//  3. Keys are (value, unit, local position): all distinct, so the element
//     of any global rank R is unique, however many values are equal. Each
//     unit finds the cut of every unit's sorted run at the two ranks that
//     bound its own bucket: the samples give every run a small window that
//     holds the cut; the unit reads those windows (one-sided gets) and
//     counts off the rest. No other unit takes part.
//  4. Each unit reads its bucket's part of every run with one-sided gets
//     (a memcpy on the same node) and, after a barrier, merges the runs
//     (linear per merge round, log2 of the number of runs rounds).
//  5. When each unit's part of the range is one stretch of positions
//     (blocked layouts), its bucket is exactly that stretch: the merge
//     writes straight into the container. Otherwise it writes a buffer
//     that goes to its final positions with bulk puts.
//
// Work O(n/p log n) per unit; data moves once. Two collectives (allgather,
// barrier) and the closing barrier; a team of one unit only std::sorts.
// A local part scattered in local memory (a unit's piece of a matrix
// block) is sorted in a copy, which goes to a symmetric scratch
// allocation so that others can read it: one allocation, one barrier and
// one free more.

#include <cstddef>
#include <functional>
#include <type_traits>

#include <dash/GlobPtr.h>
#include <dash/algorithm/internal/Sort-inl.h>
#include <dash/internal/GlobalRange.h>

namespace dash {

/// Sorts [first, last) in ascending order of `order`; equal elements may
/// be reordered. `order` is a comparator order(a, b) -> bool (a strict
/// weak order, default std::less<>), or, as in DASH, a projection
/// order(a) -> key whose results compare with operator<. Element i of the
/// sorted sequence ends at position i of the range, so a container keeps
/// its distribution. Collective over the container's team: every unit
/// passes the same range and an equivalent order; complete on every unit
/// when it returns. Throws std::invalid_argument for a range that is not
/// one of a live container.
template <typename T, std::size_t N, typename P, typename Order = std::less<>>
void sort(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, Order order = Order()) {
  static_assert(!std::is_const_v<T>, "dash::sort: cannot sort a const range");
  static_assert(std::is_trivially_copyable_v<T>, "dash::sort: elements are moved as bytes");
  auto r = detail::make_range(first, last, "dash::sort");
  if (r.size() == 0) return r.team().barrier();  // still a synchronization point, as DASH's
  auto comp = detail::sort_comparator<T>(order);
  detail::SampleSort<T, N, P, decltype(comp)>(r, comp).run();
}

}  // namespace dash

#endif  // DASH_ALGORITHM_SORT_H
