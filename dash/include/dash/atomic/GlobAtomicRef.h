#ifndef DASH_ATOMIC_GLOBATOMICREF_H
#define DASH_ATOMIC_GLOBATOMICREF_H

// GlobRef<Atomic<T>>: a reference to an atomic element (what arr[i] of a
// dash::Array<dash::Atomic<T>> and Shared<Atomic<T>>::get() return), with
// DASH's operations: load/get, store/set, exchange, compare_exchange,
// op/fetch_op with a dash:: operation (algorithm/Operation.h), add, sub,
// multiply, fetch_add, fetch_sub, fetch_multiply, fetch_and, fetch_or,
// fetch_xor, ++, --, +=, -=.
//
// Every operation is one DART atomic (dart_fetch_and_op, dart_compare_and_swap,
// or dart_accumulate + dart_flush), whoever owns the element, and is complete
// (visible to every unit) on return. Any number of units may operate on one
// element at the same time: every update is applied exactly once.
// GlobRef<const Atomic<T>> (from a const container) only reads.

#include <type_traits>

#include <dart/communication.h>
#include <dash/algorithm/Operation.h>
#include <dash/detail/dart_type.h>
#include <dash/Exception.h>
#include <dash/GlobRef.h>

namespace dash {

template <typename T>
class Atomic;

template <typename T>
class GlobRef<const Atomic<T>> {
 public:
  using value_type = T;

  explicit GlobRef(dart_gptr_t gptr) : gptr_(gptr) {}
  /// As containers make references (the address is not used: every access
  /// is a DART atomic).
  GlobRef(dart_gptr_t gptr, const Atomic<T> * /*direct*/) : gptr_(gptr) {}

  /// Atomically reads the value.
  T load() const { return fetch(T{}, DART_OP_NO_OP); }
  T get() const { return load(); }
  operator T() const { return load(); }

  /// The DART global pointer of the element.
  dart_gptr_t dart_gptr() const { return gptr_; }

 protected:
  T fetch(T value, dart_operation_t op) const {
    T old;
    detail::check(dart_fetch_and_op(gptr_, &value, &old, detail::dart_type<T>(), op), "dart_fetch_and_op");
    return old;
  }

  dart_gptr_t gptr_;
};

template <typename T>
class GlobRef<Atomic<T>> : public GlobRef<const Atomic<T>> {
  using base = GlobRef<const Atomic<T>>;
  using base::fetch;

 public:
  using value_type = T;

  explicit GlobRef(dart_gptr_t gptr) : base(gptr) {}
  GlobRef(dart_gptr_t gptr, Atomic<T> *direct) : base(gptr, direct) {}
  GlobRef(const GlobRef &) = default;

  /// Atomically replaces the value.
  void store(T value) const { fetch(value, DART_OP_REPLACE); }
  void set(T value) const { store(value); }
  T operator=(T value) const {
    store(value);
    return value;
  }
  /// Stores the value of another element (read, then stored: two atomics).
  const GlobRef &operator=(const GlobRef &other) const {
    store(other.load());
    return *this;
  }

  /// Atomically replaces the value and returns the previous one.
  T exchange(T value) const { return fetch(value, DART_OP_REPLACE); }
  /// Atomically: if the value is `expected`, replace it by `desired`.
  /// Returns whether it did (DASH's form; expected is not updated).
  /// Integer types only.
  bool compare_exchange(T expected, T desired) const {
    static_assert(std::is_integral_v<T>, "dash::GlobRef<Atomic<T>>::compare_exchange: integer types only");
    T old;
    detail::check(dart_compare_and_swap(this->gptr_, &desired, &expected, &old, detail::dart_type<T>()),
                  "dart_compare_and_swap");
    return old == expected;
  }

  /// Atomically value = binary_op(value, v), e.g. op(dash::max<T>(), v).
  template <typename BinaryOp>
  void op(BinaryOp binary_op, T v) const {
    detail::check(dart_accumulate(this->gptr_, &v, 1, detail::dart_type<T>(), binary_op.dart_operation()),
                  "dart_accumulate");
    detail::check(dart_flush(this->gptr_), "dart_flush");
  }
  /// As op, and returns the previous value.
  template <typename BinaryOp>
  T fetch_op(BinaryOp binary_op, T v) const {
    return fetch(v, binary_op.dart_operation());
  }

  void add(T v) const { op(plus<T>(), v); }
  void sub(T v) const { op(plus<T>(), negate(v)); }
  void multiply(T v) const { op(dash::multiply<T>(), v); }
  T fetch_add(T v) const { return fetch(v, DART_OP_SUM); }
  T fetch_sub(T v) const { return fetch(negate(v), DART_OP_SUM); }
  T fetch_multiply(T v) const { return fetch(v, DART_OP_PROD); }
  T fetch_and(T v) const { return fetch_int(v, DART_OP_BAND); }
  T fetch_or(T v) const { return fetch_int(v, DART_OP_BOR); }
  T fetch_xor(T v) const { return fetch_int(v, DART_OP_BXOR); }

  /// The new value.
  T operator++() const { return fetch_add(T(1)) + T(1); }
  T operator--() const { return fetch_sub(T(1)) - T(1); }
  /// The previous value.
  T operator++(int) const { return fetch_add(T(1)); }
  T operator--(int) const { return fetch_sub(T(1)); }
  /// The new value.
  T operator+=(T v) const { return fetch_add(v) + v; }
  T operator-=(T v) const { return fetch_sub(v) - v; }

 private:
  T fetch_int(T v, dart_operation_t op) const {
    static_assert(std::is_integral_v<T>, "dash::GlobRef<Atomic<T>>: bitwise operations need an integer type");
    return fetch(v, op);
  }
  static T negate(T v) {
    if constexpr (std::is_integral_v<T>) {
      // Two's complement wrap-around: defined for every value and type.
      using U = std::make_unsigned_t<T>;
      return static_cast<T>(static_cast<U>(U(0) - static_cast<U>(v)));
    } else {
      return -v;
    }
  }
};

}  // namespace dash

#endif  // DASH_ATOMIC_GLOBATOMICREF_H
