#ifndef DASH_DIMENSIONAL_H
#define DASH_DIMENSIONAL_H

// DASH's header name for dash::DistributionSpec and dash::SizeSpec.

#include <dash/pattern/distribution.h>
#include <dash/pattern/size_spec.h>

#endif  // DASH_DIMENSIONAL_H
