#ifndef DASH_ARRAY_H
#define DASH_ARRAY_H

// dash::Array<T>: a one-dimensional distributed array, NArray<T, 1> (in
// Matrix.h, as DASH's NArray). DASH names it with the index type and the
// pattern type as well: dash::Array<T, long, dash::Pattern<1>> is accepted
// and is the same type as dash::Array<T> (dash::Pattern<1> is the one
// pattern, CSRPattern<1> a name of it).

#include <dash/Matrix.h>
#include <dash/Types.h>

namespace dash {

/// A one-dimensional distributed array.
template <typename T, typename IndexType = default_index_t, typename PatternType = Pattern<1>>
using Array = NArray<T, 1>;

}  // namespace dash

#endif  // DASH_ARRAY_H
