#ifndef DASH_ARRAY_H
#define DASH_ARRAY_H

// dash::Array<T, Index, PatternType>: a one-dimensional distributed array,
// NArray<T, 1, Index, PatternType> (in Matrix.h, as DASH's NArray).
// dash::Array<T, long, dash::Pattern<1>> is the same type as
// dash::Array<T>; other 1-D pattern types (SeqTilePattern<1>, ...) lay it
// out their way.

#include <dash/Matrix.h>
#include <dash/Types.h>

namespace dash {

/// A one-dimensional distributed array.
template <typename T, typename IndexType = default_index_t, typename PatternType = Pattern<1>>
using Array = NArray<T, 1, IndexType, PatternType>;

}  // namespace dash

#endif  // DASH_ARRAY_H
