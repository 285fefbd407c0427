#ifndef DASH_INTERNAL_UNIT_H
#define DASH_INTERNAL_UNIT_H

// Unit ids typed by their scope (DASH's header for them; <dash/Types.h>
// includes it):
//
//   dash::global_unit_t me = dash::myid();            // id in Team::All()
//   dash::team_unit_t   tm = team.myid();             // id in `team`
//   if (me == 0) ...                                  // compares with integers
//   buf[tm] = x;                                      // usable as an index
//   dash::global_unit_t g{3};                         // explicit from an integer
//   dash::team_unit_t   t(g);                         // explicit across scopes
//
// A unit id converts implicitly to dart_unit_t (as in DASH), so it can be
// used wherever a number is expected; constructing one from a number, or
// from an id of the other scope, must be explicit. Comparisons with any
// integer type compare values (also between signed and unsigned types).
// DART's typed ids in DASH's form (dart_global_unit_t, dart_team_unit_t,
// <dash/dart/if/dart_types.h>) are these types.

#include <ostream>
#include <type_traits>

#include <dart/types.h>

namespace dash {

/// The scope a unit id is relative to: a team, or Team::All().
enum unit_scope { local_unit, global_unit };

namespace detail {
// Value comparisons of integers of any signedness (std::cmp_equal and
// std::cmp_less are C++20).
template <typename A, typename B>
constexpr bool int_equal(A a, B b) {
  if constexpr (std::is_signed_v<A> == std::is_signed_v<B>)
    return a == b;
  else if constexpr (std::is_signed_v<A>)
    return a >= 0 && std::make_unsigned_t<A>(a) == b;
  else
    return b >= 0 && a == std::make_unsigned_t<B>(b);
}
template <typename A, typename B>
constexpr bool int_less(A a, B b) {
  if constexpr (std::is_signed_v<A> == std::is_signed_v<B>)
    return a < b;
  else if constexpr (std::is_signed_v<A>)
    return a < 0 || std::make_unsigned_t<A>(a) < b;
  else
    return b >= 0 && a < std::make_unsigned_t<B>(b);
}
template <typename I>
inline constexpr bool is_int_v = std::is_integral_v<I> && !std::is_same_v<I, bool>;
}  // namespace detail

/// A unit id relative to `Scope`. Default: DART_UNDEFINED_UNIT_ID.
template <unit_scope Scope>
struct unit_id {
  using self_t = unit_id;
  dart_unit_t id = DART_UNDEFINED_UNIT_ID;

  constexpr unit_id() = default;
  constexpr unit_id(const unit_id &) = default;
  template <typename I, typename = std::enable_if_t<detail::is_int_v<I>>>
  constexpr explicit unit_id(I value) : id(static_cast<dart_unit_t>(value)) {}
  /// Across scopes only explicitly: the same number names another unit
  /// unless the team is Team::All().
  template <unit_scope Other, typename = std::enable_if_t<Other != Scope>>
  constexpr explicit unit_id(unit_id<Other> other) : id(other.id) {}

  /// From DART's C id of the same scope (the domain tree's unit ids).
  using c_id_t = std::conditional_t<Scope == global_unit, dart_global_unit_id_t, dart_team_unit_id_t>;
  constexpr unit_id(c_id_t c) : id(c.id) {}

  constexpr operator dart_unit_t() const { return id; }

  unit_id &operator++() {
    ++id;
    return *this;
  }
  unit_id &operator--() {
    --id;
    return *this;
  }
  unit_id operator++(int) {
    unit_id old = *this;
    ++id;
    return old;
  }
  unit_id operator--(int) {
    unit_id old = *this;
    --id;
    return old;
  }
  template <typename I, typename = std::enable_if_t<detail::is_int_v<I>>>
  unit_id &operator+=(I n) {
    id = static_cast<dart_unit_t>(id + n);
    return *this;
  }
  template <typename I, typename = std::enable_if_t<detail::is_int_v<I>>>
  unit_id &operator-=(I n) {
    id = static_cast<dart_unit_t>(id - n);
    return *this;
  }
  template <typename I, typename = std::enable_if_t<detail::is_int_v<I>>>
  unit_id &operator*=(I n) {
    id = static_cast<dart_unit_t>(id * n);
    return *this;
  }
  template <typename I, typename = std::enable_if_t<detail::is_int_v<I>>>
  unit_id &operator/=(I n) {
    id = static_cast<dart_unit_t>(id / n);
    return *this;
  }
  template <typename I, typename = std::enable_if_t<detail::is_int_v<I>>>
  unit_id &operator%=(I n) {
    id = static_cast<dart_unit_t>(id % n);
    return *this;
  }
  /// As DASH: `unit = 3;` sets the id (construction from a number stays
  /// explicit).
  template <typename I, typename = std::enable_if_t<detail::is_int_v<I>>>
  unit_id &operator=(I value) {
    id = static_cast<dart_unit_t>(value);
    return *this;
  }
  unit_id &operator=(const unit_id &) = default;

  friend constexpr bool operator==(unit_id a, unit_id b) { return a.id == b.id; }
  friend constexpr bool operator!=(unit_id a, unit_id b) { return a.id != b.id; }
  friend constexpr bool operator<(unit_id a, unit_id b) { return a.id < b.id; }
  friend constexpr bool operator>(unit_id a, unit_id b) { return a.id > b.id; }
  friend constexpr bool operator<=(unit_id a, unit_id b) { return a.id <= b.id; }
  friend constexpr bool operator>=(unit_id a, unit_id b) { return a.id >= b.id; }

  // With integers: by value, so that `dash::myid() == dash::size() - 1` is
  // right (and warning-free) although ids are signed and sizes unsigned.
  template <typename I, typename = std::enable_if_t<detail::is_int_v<I>>>
  friend constexpr bool operator==(unit_id a, I b) {
    return detail::int_equal(a.id, b);
  }
  template <typename I, typename = std::enable_if_t<detail::is_int_v<I>>>
  friend constexpr bool operator==(I a, unit_id b) {
    return detail::int_equal(a, b.id);
  }
  template <typename I, typename = std::enable_if_t<detail::is_int_v<I>>>
  friend constexpr bool operator!=(unit_id a, I b) {
    return !detail::int_equal(a.id, b);
  }
  template <typename I, typename = std::enable_if_t<detail::is_int_v<I>>>
  friend constexpr bool operator!=(I a, unit_id b) {
    return !detail::int_equal(a, b.id);
  }
  template <typename I, typename = std::enable_if_t<detail::is_int_v<I>>>
  friend constexpr bool operator<(unit_id a, I b) {
    return detail::int_less(a.id, b);
  }
  template <typename I, typename = std::enable_if_t<detail::is_int_v<I>>>
  friend constexpr bool operator<(I a, unit_id b) {
    return detail::int_less(a, b.id);
  }
  template <typename I, typename = std::enable_if_t<detail::is_int_v<I>>>
  friend constexpr bool operator>(unit_id a, I b) {
    return detail::int_less(b, a.id);
  }
  template <typename I, typename = std::enable_if_t<detail::is_int_v<I>>>
  friend constexpr bool operator>(I a, unit_id b) {
    return detail::int_less(b.id, a);
  }
  template <typename I, typename = std::enable_if_t<detail::is_int_v<I>>>
  friend constexpr bool operator<=(unit_id a, I b) {
    return !detail::int_less(b, a.id);
  }
  template <typename I, typename = std::enable_if_t<detail::is_int_v<I>>>
  friend constexpr bool operator<=(I a, unit_id b) {
    return !detail::int_less(b.id, a);
  }
  template <typename I, typename = std::enable_if_t<detail::is_int_v<I>>>
  friend constexpr bool operator>=(unit_id a, I b) {
    return !detail::int_less(a.id, b);
  }
  template <typename I, typename = std::enable_if_t<detail::is_int_v<I>>>
  friend constexpr bool operator>=(I a, unit_id b) {
    return !detail::int_less(a, b.id);
  }

  friend std::ostream &operator<<(std::ostream &os, unit_id u) { return os << u.id; }
};

/// A unit's id relative to a team (Team::myid()).
using team_unit_t = unit_id<local_unit>;
/// A unit's id in Team::All() (dash::myid(), Team::global_id()).
using global_unit_t = unit_id<global_unit>;

inline constexpr team_unit_t UNDEFINED_TEAM_UNIT_ID{DART_UNDEFINED_UNIT_ID};
inline constexpr global_unit_t UNDEFINED_GLOBAL_UNIT_ID{DART_UNDEFINED_UNIT_ID};

}  // namespace dash

/// DASH's DART unit ids typed by scope: the same types as
/// dash::global_unit_t and dash::team_unit_t (member `id`).
using dart_global_unit_t = dash::global_unit_t;
using dart_team_unit_t = dash::team_unit_t;

#endif  // DASH_INTERNAL_UNIT_H
