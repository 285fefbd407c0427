#ifndef DASH_UTIL_TIMESTAMP_H
#define DASH_UTIL_TIMESTAMP_H

#include <cstdint>

namespace dash::util {

/// A point in time read from one clock source (util/internal/Timestamp*.h).
/// Every source also has static FrequencyScaling() (ticks per microsecond),
/// FrequencyPrescale(), Calibrate(), TimerName() and the infinities, which
/// Timer<Mode> uses.
class Timestamp {
 public:
  using counter_t = std::uint64_t;
  virtual ~Timestamp() = default;
  /// The tick count read at construction.
  virtual const counter_t &Value() const = 0;
};

}  // namespace dash::util

#endif  // DASH_UTIL_TIMESTAMP_H
