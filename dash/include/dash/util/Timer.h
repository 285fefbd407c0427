#ifndef DASH_UTIL_TIMER_H
#define DASH_UTIL_TIMER_H

// Timing for benchmarks, with DASH's interface:
//
//   using Timer = dash::util::Timer<dash::util::TimeMeasure::Clock>;
//   Timer::Calibrate(0);
//   auto start = Timer::Now();
//   ...
//   double us = Timer::ElapsedSince(start);     // microseconds
//
// Clock reads the monotonic clock, Counter the cycle counter (call
// Calibrate first for its rate); both report microseconds.

#include <type_traits>

#include <dash/util/TimeMeasure.h>
#include <dash/util/Timestamp.h>
#include <dash/util/internal/TimestampClockPosix.h>
#include <dash/util/internal/TimestampCounterPosix.h>

namespace dash::util {

template <TimeMeasure::MeasureMode Mode = TimeMeasure::Clock>
class Timer {
 public:
  /// The clock source of this mode.
  using Timestamp_t = std::conditional_t<Mode == TimeMeasure::Clock, internal::TimestampClockPosix,
                                         internal::TimestampCounterPosix>;
  using timestamp_t = Timestamp::counter_t;
  using timestamp_type = Timestamp_t;
  using timestamp = timestamp_t;
  using self_t = Timer;

  /// Starts measuring.
  Timer() : start_(Now()) {}

  /// Microseconds since construction.
  double Elapsed() const { return ElapsedSince(start_); }
  /// The timestamp of construction.
  const timestamp_t &Start() const { return start_; }

  static timestamp_t Now() { return Timestamp_t().Value(); }
  /// Microseconds since `start`.
  static double ElapsedSince(timestamp_t start) { return FromInterval(start, Now()); }
  /// Microseconds from `start` to `end`.
  static double FromInterval(timestamp_t start, timestamp_t end) {
    return static_cast<double>(end - start) * Timestamp_t::FrequencyPrescale() /
           Timestamp_t::FrequencyScaling();
  }
  /// The same for interpolated timestamps (a template so that integer
  /// arguments pick the overload above).
  template <typename D, typename = std::enable_if_t<std::is_floating_point_v<D>>>
  static double FromInterval(D start, D end) {
    return (end - start) * Timestamp_t::FrequencyPrescale() / Timestamp_t::FrequencyScaling();
  }
  static void Calibrate(unsigned int frequency = 0) { Timestamp_t::Calibrate(frequency); }
  static const char *TimerName() { return Timestamp_t::TimerName(); }
  static timestamp_t TimestampInfinity() { return Timestamp_t::TimestampInfinity(); }
  static timestamp_t TimestampNegInfinity() { return Timestamp_t::TimestampNegInfinity(); }
  /// Ticks per microsecond.
  static double FrequencyScaling() { return Timestamp_t::FrequencyScaling(); }

 private:
  timestamp_t start_;
};

}  // namespace dash::util

#endif  // DASH_UTIL_TIMER_H
