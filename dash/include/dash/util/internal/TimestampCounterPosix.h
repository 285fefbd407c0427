#ifndef DASH_UTIL_INTERNAL_TIMESTAMPCOUNTERPOSIX_H
#define DASH_UTIL_INTERNAL_TIMESTAMPCOUNTERPOSIX_H

#include <chrono>

#include <dash/util/Timestamp.h>
#include <dash/util/internal/TimestampClockPosix.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

namespace dash::util::internal {

/// The processor's cycle counter (rdtsc on x86; the monotonic clock's
/// nanoseconds elsewhere). Calibrate() measures its ticks per microsecond
/// against the monotonic clock; until then it assumes 1 GHz.
class TimestampCounterPosix : public Timestamp {
 public:
  TimestampCounterPosix() : value_(read()) {}
  const counter_t &Value() const override { return value_; }

  static double FrequencyScaling() { return ticks_per_us(); }
  static double FrequencyPrescale() { return 1.0; }
  /// Measures the counter over `frequency` microseconds (default 10 ms).
  static void Calibrate(unsigned int frequency = 0) {
#if defined(__x86_64__) || defined(__i386__)
    const double span_us = frequency ? frequency : 10000.0;
    TimestampClockPosix c0;
    counter_t t0 = read();
    for (;;) {
      TimestampClockPosix c1;
      double us = static_cast<double>(c1.Value() - c0.Value()) / 1000.0;
      if (us >= span_us) {
        ticks_per_us() = static_cast<double>(read() - t0) / us;
        return;
      }
    }
#else
    (void)frequency;
#endif
  }
  static const char *TimerName() {
#if defined(__x86_64__) || defined(__i386__)
    return "rdtsc";
#else
    return "steady_clock";
#endif
  }

 private:
  static counter_t read() {
#if defined(__x86_64__) || defined(__i386__)
    return static_cast<counter_t>(__rdtsc());
#else
    return TimestampClockPosix().Value();
#endif
  }
  static double &ticks_per_us() {
    static double value = 1000.0;
    return value;
  }
  counter_t value_;
};

}  // namespace dash::util::internal

#endif  // DASH_UTIL_INTERNAL_TIMESTAMPCOUNTERPOSIX_H
