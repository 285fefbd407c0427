#ifndef DASH_ALGORITHM_GENERATE_H
#define DASH_ALGORITHM_GENERATE_H

// DASH's header name for dash::generate (in Fill.h, with fill).

#include <dash/algorithm/Fill.h>

#endif  // DASH_ALGORITHM_GENERATE_H
