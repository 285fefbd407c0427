#ifndef DASH_UTIL_TIMER_H
#define DASH_UTIL_TIMER_H

// Wall-clock timing for benchmarks, with DASH's interface:
//
//   using Timer = dash::util::Timer<dash::util::TimeMeasure::Clock>;
//   Timer::Calibrate(0);
//   auto start = Timer::Now();
//   ...
//   double us = Timer::ElapsedSince(start);     // microseconds
//
// Both measure modes read std::chrono::steady_clock (monotonic, nanosecond
// ticks): DASH's cycle counter (Counter) is not portable, and the interface
// only ever returns microseconds.

#include <chrono>
#include <cstdint>

namespace dash::util {

/// What a Timer reads (DASH's names).
class TimeMeasure {
 public:
  enum MeasureMode { Counter = 0, Clock = 1 };
};

template <TimeMeasure::MeasureMode Mode = TimeMeasure::Clock>
class Timer {
 public:
  /// Nanoseconds of the steady clock.
  using timestamp_t = std::uint64_t;

  /// Starts measuring.
  Timer() : start_(Now()) {}

  /// Microseconds since construction.
  double Elapsed() const { return ElapsedSince(start_); }
  /// The timestamp of construction.
  timestamp_t Start() const { return start_; }

  static timestamp_t Now() {
    return static_cast<timestamp_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                        std::chrono::steady_clock::now().time_since_epoch())
                                        .count());
  }
  /// Microseconds since `start`.
  static double ElapsedSince(timestamp_t start) { return FromInterval(start, Now()); }
  /// Microseconds from `start` to `end`.
  static double FromInterval(timestamp_t start, timestamp_t end) {
    return static_cast<double>(end - start) * 1e-3;
  }
  /// Nothing to calibrate: the steady clock has a fixed period.
  static void Calibrate(unsigned int /*frequency*/ = 0) {}
  static const char *TimerName() { return "steady_clock"; }

 private:
  timestamp_t start_;
};

}  // namespace dash::util

#endif  // DASH_UTIL_TIMER_H
