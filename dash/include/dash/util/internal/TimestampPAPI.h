#ifndef DASH_UTIL_INTERNAL_TIMESTAMPPAPI_H
#define DASH_UTIL_INTERNAL_TIMESTAMPPAPI_H

// DASH reads PAPI's timers when built with PAPI. This library does not use
// PAPI: a program that names the PAPI timestamp gets the POSIX source of
// the same measure mode, which reads the same hardware.

#include <dash/util/TimeMeasure.h>
#include <dash/util/internal/TimestampClockPosix.h>
#include <dash/util/internal/TimestampCounterPosix.h>

namespace dash::util::internal {

template <TimeMeasure::MeasureMode Mode>
class TimestampPAPI : public TimestampClockPosix {};

template <>
class TimestampPAPI<TimeMeasure::Counter> : public TimestampCounterPosix {};

}  // namespace dash::util::internal

#endif  // DASH_UTIL_INTERNAL_TIMESTAMPPAPI_H
