#ifndef DASH_SHAREDCOUNTER_H
#define DASH_SHAREDCOUNTER_H

// SharedCounter<T>: a counter that every unit of a team changes at the cost
// of an update of its own memory (DASH's SharedCounter). Each unit keeps its
// contribution in its own atomic element; get() adds up all contributions
// (one atomic read per unit). Updates are atomic, so units may also count
// from several places at once; get() is exact once the updates it must see
// are ordered before it (e.g. by a barrier). Construction and destruction
// are collective.
//
//   dash::SharedCounter<long> found;
//   if (match) found.inc(1);
//   dash::barrier();
//   long total = found.get();

#include <cstddef>

#include <dash/Array.h>
#include <dash/Atomic.h>
#include <dash/Team.h>

namespace dash {

template <typename T = int>
class SharedCounter {
 public:
  explicit SharedCounter(const Team &team = Team::All()) : counts_(team.size(), team) {
    counts_.local[0] = Atomic<T>(T(0));
    team.barrier();
  }

  /// Adds `increment` to the calling unit's contribution.
  void inc(T increment) { mine().add(increment); }
  /// Subtracts `decrement` from the calling unit's contribution.
  void dec(T decrement) { mine().sub(decrement); }
  /// The sum of all contributions.
  T get() const {
    T sum = T(0);
    for (std::size_t u = 0; u < counts_.size(); ++u) sum += counts_[u].load();
    return sum;
  }
  const Team &team() const { return counts_.team(); }

 private:
  GlobRef<Atomic<T>> mine() { return counts_[static_cast<std::size_t>(counts_.team().myid().id)]; }

  Array<Atomic<T>> counts_;  // one element per unit
};

}  // namespace dash

#endif  // DASH_SHAREDCOUNTER_H
