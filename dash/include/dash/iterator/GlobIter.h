#ifndef DASH_ITERATOR_GLOBITER_H
#define DASH_ITERATOR_GLOBITER_H

// GlobIter<T, PatternType>: DASH's name of a container's global iterator.
// Ours is GlobPtr<T, N, PatternType> (GlobPtr.h), which walks whole
// containers and views alike; DASH's further parameters (memory space,
// pointer and reference type) follow from the pattern here and are
// accepted and ignored.

#include <dash/GlobPtr.h>
#include <dash/pattern/BlockPattern.h>

namespace dash {

template <typename ElementType, class PatternType = Pattern<1>, class... /*GlobMem, Pointer, Reference*/>
using GlobIter = GlobPtr<ElementType, PatternType::ndim(), PatternType>;

}  // namespace dash

#endif  // DASH_ITERATOR_GLOBITER_H
