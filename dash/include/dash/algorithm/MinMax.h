#ifndef DASH_ALGORITHM_MINMAX_H
#define DASH_ALGORITHM_MINMAX_H

// DASH's header name for dash::min_element, max_element (in Reduce.h).

#include <dash/algorithm/Reduce.h>

#endif  // DASH_ALGORITHM_MINMAX_H
