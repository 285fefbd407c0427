#ifndef DASH_ITERATOR_GLOBVIEWITER_H
#define DASH_ITERATOR_GLOBVIEWITER_H

// GlobViewIter<T, PatternType>: DASH's name of the global iterator of a view
// (a sub-range of a container in its memory order). Our GlobPtr carries its
// view box itself, so it is the same type as GlobIter.

#include <dash/iterator/GlobIter.h>

namespace dash {

template <typename ElementType, class PatternType = Pattern<1>, class... /*GlobMem, Pointer, Reference*/>
using GlobViewIter = GlobPtr<ElementType, PatternType::ndim(), PatternType>;

}  // namespace dash

#endif  // DASH_ITERATOR_GLOBVIEWITER_H
