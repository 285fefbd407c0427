#ifndef DASH_UTIL_TIMESTAMP_H
#define DASH_UTIL_TIMESTAMP_H

#include <cstdint>
#include <limits>

namespace dash::util {

/// A point in time read from one clock source (util/internal/Timestamp*.h).
/// Every source also has static FrequencyScaling() (ticks per microsecond),
/// FrequencyPrescale(), Calibrate() and TimerName(), which Timer<Mode> uses.
class Timestamp {
 public:
  using counter_t = std::uint64_t;
  virtual ~Timestamp() = default;
  /// The tick count read at construction.
  virtual const counter_t &Value() const = 0;
  /// DASH's bounds of a counter: "never" and "before everything".
  static constexpr counter_t TimestampInfinity() { return std::numeric_limits<counter_t>::max(); }
  static constexpr counter_t TimestampNegInfinity() { return std::numeric_limits<counter_t>::min(); }
};

}  // namespace dash::util

#endif  // DASH_UTIL_TIMESTAMP_H
