#ifndef DASH_COARRAY_CO_EVENT_REF_H
#define DASH_COARRAY_CO_EVENT_REF_H

// CoEventRef: the event counter of one image of a dash::Coevent
// (events(u)): post() signals that image once; test() reads its count.

#include <dash/Array.h>
#include <dash/Atomic.h>
#include <dash/Team.h>

namespace dash::coarray {

class CoEventRef {
 public:
  using counter_iterator = typename Array<Atomic<int>>::iterator;

  explicit CoEventRef(const counter_iterator &counter, const Team &team = Team::All())
      : team_(team), counter_(counter) {}

  /// Adds one event to the image's counter (an atomic update).
  void post() const { (*counter_).add(1); }
  /// The number of events posted to the image and not yet waited for.
  int test() const { return (*counter_).load(); }
  const Team &team() const { return team_; }

  bool operator==(const CoEventRef &other) const noexcept {
    return counter_ == other.counter_ && team_ == other.team_;
  }
  bool operator!=(const CoEventRef &other) const noexcept { return !(*this == other); }

 private:
  Team team_;
  counter_iterator counter_;
};

}  // namespace dash::coarray

#endif  // DASH_COARRAY_CO_EVENT_REF_H
