#ifndef DASH_ALGORITHM_ANYOF_H
#define DASH_ALGORITHM_ANYOF_H

// DASH's header name for dash::any_of (in Find.h).

#include <dash/algorithm/Find.h>

#endif  // DASH_ALGORITHM_ANYOF_H
