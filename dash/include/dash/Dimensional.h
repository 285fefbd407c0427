#ifndef DASH_DIMENSIONAL_H
#define DASH_DIMENSIONAL_H

// DASH's header name for dash::DistributionSpec (in pattern/distribution.h).

#include <dash/pattern/distribution.h>

#endif  // DASH_DIMENSIONAL_H
