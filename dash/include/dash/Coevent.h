#ifndef DASH_COEVENT_H
#define DASH_COEVENT_H

// Coevent: Fortran's event_type coarray (DASH's dash::Coevent). Every image
// has an event counter; events(u).post() signals image u, events.wait(n)
// blocks until n events arrived at the calling image and consumes them.
//
//   dash::Coevent events;
//   if (dash::myid() == 0) events(1).post();
//   if (dash::myid() == 1) events.wait();
//
// Made before dash::init (a global), it is set up later by initialize().
// Construction is collective over the team.

#include <cstddef>
#include <stdexcept>
#include <string>

#include <dash/Array.h>
#include <dash/Atomic.h>
#include <dash/coarray/CoEventIter.h>
#include <dash/coarray/CoEventRef.h>
#include <dash/Init.h>
#include <dash/Team.h>
#include <dash/Types.h>

namespace dash {

class Coevent {
  using counters_type = Array<Atomic<int>>;

 public:
  using iterator = coarray::CoEventIter;
  using const_iterator = coarray::CoEventIter;
  using reference = coarray::CoEventRef;
  using size_type = int;

  /// Collective over `team` (deferred to initialize() before dash::init).
  Coevent() {
    if (dash::is_initialized()) initialize(Team::All());
  }
  explicit Coevent(const Team &team) {
    if (dash::is_initialized()) initialize(team);
  }

  /// Collective: one zeroed counter per unit of `team` (once).
  void initialize(const Team &team = Team::All()) {
    if (counters_.is_allocated()) return;
    counters_type counters(team.size(), team);
    for (Atomic<int> *c = counters.lbegin(); c != counters.lend(); ++c) *c = Atomic<int>(0);
    counters_ = std::move(counters);
    counters_.barrier();
  }

  iterator begin() const { return iterator(counters().begin(), team()); }
  iterator end() const { return iterator(counters().end(), team()); }
  size_type size() const { return static_cast<size_type>(team().size()); }
  const Team &team() const { return counters().team(); }

  /// The event counter of image `unit` (team-relative); std::out_of_range
  /// outside the team.
  reference operator()(const int &unit) const {
    if (unit < 0 || unit >= size())
      throw std::out_of_range("dash::Coevent: image " + std::to_string(unit) + " not in [0, " +
                              std::to_string(size()) + ")");
    return reference(counters().begin() + unit, team());
  }
  reference operator()(const team_unit_t &unit) const { return operator()(static_cast<int>(unit.id)); }

  /// Blocks until `count` events were posted to the calling image, then
  /// consumes them.
  void wait(int count = 1) {
    auto own = *(counters().begin() + team().myid().id);
    while (own.load() < count) {
    }
    own.sub(count);
  }
  /// Events posted to the calling image and not yet consumed.
  int test() const { return (*(counters().begin() + team().myid().id)).load(); }

 private:
  counters_type &counters() const {
    if (!counters_.is_allocated()) throw std::logic_error("dash::Coevent: not initialized");
    return counters_;
  }
  mutable counters_type counters_;
};

}  // namespace dash

#endif  // DASH_COEVENT_H
