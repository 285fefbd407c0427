#ifndef DASH_UTIL_INTERNAL_TIMESTAMPCLOCKPOSIX_H
#define DASH_UTIL_INTERNAL_TIMESTAMPCLOCKPOSIX_H

#include <chrono>

#include <dash/util/Timestamp.h>

namespace dash::util::internal {

/// Monotonic wall-clock time in nanoseconds (std::chrono::steady_clock,
/// clock_gettime(CLOCK_MONOTONIC) on POSIX systems).
class TimestampClockPosix : public Timestamp {
 public:
  TimestampClockPosix()
      : value_(static_cast<counter_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                          std::chrono::steady_clock::now().time_since_epoch())
                                          .count())) {}
  const counter_t &Value() const override { return value_; }

  /// Ticks per microsecond.
  static double FrequencyScaling() { return 1000.0; }
  static double FrequencyPrescale() { return 1.0; }
  /// Nothing to calibrate: the clock has a fixed period.
  static void Calibrate(unsigned int /*frequency*/ = 0) {}
  static const char *TimerName() { return "steady_clock"; }

 private:
  counter_t value_;
};

}  // namespace dash::util::internal

#endif  // DASH_UTIL_INTERNAL_TIMESTAMPCLOCKPOSIX_H
