#ifndef DASH_ATOMIC_H
#define DASH_ATOMIC_H

// Atomic<T>: one arithmetic value shared by a team (stored on unit 0) with
// atomic operations through DART atomics (CPU atomics within a node, MPI
// atomics across nodes; every access goes the same way, so they never
// mix). Every operation is complete on return. Construction (value
// initialized by the owner) and destruction are collective.

#include <cstddef>
#include <type_traits>

#include <dart/communication.h>
#include <dash/detail/dart_type.h>
#include <dash/detail/global_memory.h>
#include <dash/Exception.h>
#include <dash/Team.h>

namespace dash {

template <typename T>
class Atomic {
  static_assert(detail::is_dart_arithmetic_v<T>, "dash::Atomic: T must be an arithmetic type (not bool)");

 public:
  explicit Atomic(T initial = T{}, const Team &team = Team::All()) : mem_(team, 1, "dash::Atomic") {
    if (team.myid() == 0) store(initial);
    team.barrier();
  }

  T load() const { return fetch(T{}, DART_OP_NO_OP); }
  void store(T value) { fetch(value, DART_OP_REPLACE); }
  T exchange(T value) { return fetch(value, DART_OP_REPLACE); }
  T fetch_add(T value) { return fetch(value, DART_OP_SUM); }
  T fetch_sub(T value) { return fetch(negate(value), DART_OP_SUM); }
  /// Atomically: if value == expected, value = desired and return true;
  /// else expected = value and return false. Integer types only.
  bool compare_exchange(T &expected, T desired) {
    static_assert(std::is_integral_v<T>,
                  "dash::Atomic::compare_exchange: DART compare-and-swap needs an integer type");
    detail::check_alive(mem_.epoch(), "dash::Atomic");
    T old;
    detail::check(dart_compare_and_swap(mem_.gptr(0, 0), &desired, &expected, &old, detail::dart_type<T>()),
                  "dart_compare_and_swap");
    bool swapped = old == expected;
    expected = old;
    return swapped;
  }
  operator T() const { return load(); }
  T operator+=(T value) { return fetch_add(value) + value; }
  T operator-=(T value) { return fetch_sub(value) - value; }
  T operator++() { return fetch_add(T(1)) + T(1); }
  T operator++(int) { return fetch_add(T(1)); }

  const Team &team() const { return mem_.team(); }

 private:
  static T negate(T v) {
    if constexpr (std::is_integral_v<T>) {
      using U = std::make_unsigned_t<T>;
      return static_cast<T>(static_cast<U>(U(0) - static_cast<U>(v)));
    } else {
      return -v;
    }
  }
  T fetch(T value, dart_operation_t op) const {
    detail::check_alive(mem_.epoch(), "dash::Atomic");
    T old;
    detail::check(dart_fetch_and_op(mem_.gptr(0, 0), &value, &old, detail::dart_type<T>(), op),
                  "dart_fetch_and_op");
    return old;
  }

  detail::GlobalMemory<T> mem_;
};

}  // namespace dash

#endif  // DASH_ATOMIC_H
