#ifndef DASH_ITERATOR_H
#define DASH_ITERATOR_H

// DASH's iterator header: the global iterator types (iterator/) and
// dash::distance, the number of elements between two iterators, pointers
// or indices (last - first; for global iterators the distance in their
// range, whichever units the elements live on). dash::index(it) is in
// view/IndexSet.h.

#include <cstddef>
#include <iterator>
#include <type_traits>

#include <dash/iterator/GlobAsyncIter.h>
#include <dash/iterator/GlobIter.h>
#include <dash/iterator/GlobViewIter.h>
#include <dash/iterator/IteratorTraits.h>
#include <dash/Types.h>

namespace dash {

template <class RandomAccessIt, typename = std::enable_if_t<!std::is_integral_v<RandomAccessIt>>>
typename RandomAccessIt::difference_type distance(const RandomAccessIt &first, const RandomAccessIt &last) {
  return last - first;
}

template <class T>
constexpr std::ptrdiff_t distance(T *const first, T *const last) {
  return last - first;
}

template <class OffsetType>
constexpr std::enable_if_t<std::is_integral_v<OffsetType>, OffsetType> distance(OffsetType first,
                                                                                OffsetType last) {
  return last - first;
}

}  // namespace dash

#endif  // DASH_ITERATOR_H
