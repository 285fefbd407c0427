#ifndef DASH_CARTESIAN_H
#define DASH_CARTESIAN_H

// DASH's header name for dash::CartesianIndexSpace (in pattern/cartesian.h).

#include <dash/pattern/cartesian.h>

#endif  // DASH_CARTESIAN_H
