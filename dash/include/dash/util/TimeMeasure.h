#ifndef DASH_UTIL_TIMEMEASURE_H
#define DASH_UTIL_TIMEMEASURE_H

namespace dash::util {

/// What a Timer reads (DASH's names): wall-clock time or a cycle counter.
class TimeMeasure {
 public:
  enum MeasureMode { Counter = 0, Clock = 1 };
};

}  // namespace dash::util

#endif  // DASH_UTIL_TIMEMEASURE_H
