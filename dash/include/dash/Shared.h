#ifndef DASH_SHARED_H
#define DASH_SHARED_H

// Shared<T>: one value of trivially copyable T that every unit of a team
// can read and write, stored on one unit (the owner, unit 0 by default).
// get() and set() are one-sided and complete on return; order them with a
// barrier (team.barrier()). Construction and destruction are collective.
// Shared<Atomic<U>> is one atomic value (as in DASH): get() gives the
// reference with the atomic operations, e.g. hits.get().fetch_add(1).

#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <dash/Atomic.h>
#include <dash/detail/global_memory.h>
#include <dash/GlobRef.h>
#include <dash/Team.h>

namespace dash {

template <typename T>
class Shared {
  static_assert(std::is_trivially_copyable_v<T>, "dash::Shared: T must be trivially copyable");

 public:
  /// The value on unit `owner` of `team`, value-initialized (T{}).
  explicit Shared(const Team &team = Team::All(), std::size_t owner = 0)
      : mem_(team, 1, "dash::Shared"), owner_(owner) {
    if (owner >= team.size())
      throw std::invalid_argument("dash::Shared: owner " + std::to_string(owner) +
                                  " is not a unit of the team (size " + std::to_string(team.size()) + ")");
    if (team.myid() == owner) *mem_.local() = T{};
    team.barrier();
  }

  /// The value `value` on unit `owner` of `team` (DASH's constructor).
  explicit Shared(const T &value, team_unit_t owner = team_unit_t(0), const Team &team = Team::All())
      : Shared(team, static_cast<std::size_t>(owner.id)) {
    if (team.myid() == owner_) *mem_.local() = value;
    team.barrier();
  }

  /// Reads the value; for Shared<Atomic<U>> returns ref() instead.
  decltype(auto) get() const {
    if constexpr (is_atomic_v<T>)
      return ref();
    else
      return ref().get();
  }
  /// Writes the value.
  void set(const T &value) { ref().set(value); }
  /// A global reference to the value (compound assignments are atomic).
  GlobRef<T> ref() const {
    detail::check_alive_access(mem_.epoch(), "dash::Shared");
    T *direct = mem_.direct(owner_);
    return GlobRef<T>(mem_.gptr(owner_, 0), direct);
  }
  std::size_t owner() const { return owner_; }
  const Team &team() const { return mem_.team(); }

 private:
  detail::GlobalMemory<T> mem_;
  std::size_t owner_;
};

}  // namespace dash

#endif  // DASH_SHARED_H
