#ifndef DASH_DISTRIBUTION_H
#define DASH_DISTRIBUTION_H

// DASH's header name for dash::Distribution, BLOCKED, CYCLIC, ... (in pattern/distribution.h).

#include <dash/pattern/distribution.h>

#endif  // DASH_DISTRIBUTION_H
