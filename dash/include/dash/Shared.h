#ifndef DASH_SHARED_H
#define DASH_SHARED_H

// Shared<T>: one value of trivially copyable T that every unit of a team
// can read and write, stored on one unit (the owner, unit 0 by default).
// get() returns a global reference to it (reading converts, set() writes);
// both are one-sided and complete on return; order them with barrier().
// Construction (with a running runtime) and destruction are collective.
// Shared<Atomic<U>> is one atomic value (as in DASH): get() gives the
// reference with the atomic operations, e.g. hits.get().fetch_add(1), and
// the value type is U.
//
// As in DASH, a Shared may be declared before dash::init (e.g. a global):
// it then holds nothing until init(), which is collective; get() before that
// throws dash::NotInitialized.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include <dart/communication.h>
#include <dash/Atomic.h>
#include <dash/internal/GlobalMemory.h>
#include <dash/Exception.h>
#include <dash/GlobRef.h>
#include <dash/Init.h>
#include <dash/Team.h>
#include <dash/internal/ReadAhead.h>

namespace dash {

template <typename ElementType>
class Shared {
  static_assert(std::is_trivially_copyable_v<ElementType>, "dash::Shared: T must be trivially copyable");

 public:
  using element_type = ElementType;
  using size_type = std::size_t;
  using difference_type = std::size_t;
  using reference = GlobRef<ElementType>;
  using const_reference = GlobRef<const ElementType>;
  using value_type = typename reference::value_type;

  /// The value-initialized value on unit `owner` of `team` (Team::All()
  /// if not given). Collective if the runtime is running, else it waits
  /// for init().
  Shared() : Shared(value_type{}, team_unit_t(0)) {}
  explicit Shared(team_unit_t owner) : Shared(value_type{}, owner) {}
  Shared(team_unit_t owner, const Team &team) : Shared(value_type{}, owner, team) {}
  /// `value` on unit `owner` of `team`.
  Shared(const value_type &value, team_unit_t owner = team_unit_t(0)) : owner_(owner) {
    if (is_initialized()) init(value);
  }
  Shared(const value_type &value, team_unit_t owner, const Team &team) : team_(team), owner_(owner) {
    if (is_initialized()) init(value);
  }
  /// Our earlier form: team first, owner as a number.
  explicit Shared(const Team &team, std::size_t owner = 0) : Shared(value_type{}, team_unit_t(owner), team) {}

  Shared(Shared &&) noexcept = default;
  Shared &operator=(Shared &&) noexcept = default;
  Shared(const Shared &) = delete;
  Shared &operator=(const Shared &) = delete;

  /// Allocates the value and sets it to `value` (collective). Returns false
  /// if it was already allocated. Throws dash::NotInitialized outside
  /// init/finalize and std::invalid_argument if the owner is not a unit of
  /// the team.
  bool init(value_type value = value_type{}) {
    if (!is_initialized()) throw NotInitialized("dash::Shared::init: dash is not initialized");
    if (mem_.is_alive()) return false;
    if (team_.is_null()) team_ = Team::All();
    if (owner_.id < 0 || static_cast<std::size_t>(owner_.id) >= team_.size())
      throw std::invalid_argument("dash::Shared: owner " + std::to_string(owner_.id) +
                                  " is not a unit of the team (size " + std::to_string(team_.size()) + ")");
    mem_ = detail::GlobalMemory<ElementType>(team_, 1, "dash::Shared");
    if (team_.myid() == owner_) *mem_.local() = ElementType(value);
    team_.barrier();
    return true;
  }

  /// A global reference to the value (compound assignments are atomic).
  reference get() { return ref(); }
  const_reference get() const { return const_reference(ref()); }
  /// Writes the value.
  void set(const value_type &value) { ref().set(value); }
  /// The global reference to the value.
  reference ref() const {
    detail::check_alive_access(mem_.epoch(), "dash::Shared");
    return reference(mem_.gptr(owner_index(), 0), mem_.direct(owner_index()));
  }

  /// The value in local memory: on the owner, else nullptr.
  value_type *local() noexcept { return local_value(); }
  const value_type *local() const noexcept { return local_value(); }

  team_unit_t owner() const noexcept { return owner_; }
  Team &team() const noexcept { return team_; }
  dart_gptr_t dart_gptr() const { return mem_.is_alive() ? mem_.gptr(owner_index(), 0) : DART_GPTR_NULL; }

  /// Completes the calling unit's writes to the value.
  void flush() {
    detail::check_alive(mem_.epoch(), "dash::Shared::flush");
    detail::check(dart_flush(mem_.gptr(owner_index(), 0)), "dart_flush");
    detail::read_ahead_invalidate();
  }
  /// flush(), then a barrier of the team. Collective.
  void barrier() {
    flush();
    team_.barrier();
  }

  /// Exchanges the values' memory, teams and owners (not collective).
  void swap(Shared &other) noexcept {
    std::swap(mem_, other.mem_);
    std::swap(team_, other.team_);
    std::swap(owner_, other.owner_);
  }

 private:
  std::size_t owner_index() const { return static_cast<std::size_t>(owner_.id); }
  value_type *local_value() const noexcept {
    if (!mem_.is_alive() || team_.myid() != owner_) return nullptr;
    // Atomic<U> has the layout of U.
    return reinterpret_cast<value_type *>(mem_.local());
  }

  detail::GlobalMemory<ElementType> mem_;
  mutable Team team_;
  team_unit_t owner_{0};
};

template <typename T>
void swap(Shared<T> &a, Shared<T> &b) noexcept {
  a.swap(b);
}

}  // namespace dash

#endif  // DASH_SHARED_H
