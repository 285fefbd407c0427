#ifndef DASH_ARRAY_H
#define DASH_ARRAY_H

// DASH's header name for dash::Array (NArray<T, 1>, in narray.h).

#include <dash/narray.h>

#endif  // DASH_ARRAY_H
