#ifndef DASH_ALGORITHM_NONE_OF_H
#define DASH_ALGORITHM_NONE_OF_H

// DASH's header name for dash::none_of (in Find.h).

#include <dash/algorithm/Find.h>

#endif  // DASH_ALGORITHM_NONE_OF_H
