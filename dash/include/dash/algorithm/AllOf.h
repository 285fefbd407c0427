#ifndef DASH_ALGORITHM_ALLOF_H
#define DASH_ALGORITHM_ALLOF_H

// DASH's header name for dash::all_of (in Find.h).

#include <dash/algorithm/Find.h>

#endif  // DASH_ALGORITHM_ALLOF_H
