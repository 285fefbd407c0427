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
//
// Read-only references: GlobRef<Atomic<const T>> (DASH's name) and
// GlobRef<const Atomic<T>> (from a const container; it converts to the
// former). Constness is added implicitly, removed only explicitly.

#include <ostream>
#include <type_traits>

#include <dart/communication.h>
#include <dash/algorithm/Operation.h>
#include <dash/internal/DartType.h>
#include <dash/Exception.h>
#include <dash/GlobRef.h>
#include <dash/internal/ReadAhead.h>

namespace dash {

template <typename T>
class Atomic;

template <typename T>
class GlobRef<Atomic<T>> {
  template <typename U>
  friend class GlobRef;

 public:
  using value_type = std::remove_const_t<T>;
  using const_value_type = std::add_const_t<T>;
  using nonconst_value_type = std::remove_const_t<T>;
  using atomic_t = Atomic<T>;
  using const_atomic_t = Atomic<const_value_type>;
  using nonconst_atomic_t = Atomic<nonconst_value_type>;
  using self_t = GlobRef<atomic_t>;
  using const_type = GlobRef<const_atomic_t>;
  using nonconst_type = GlobRef<nonconst_atomic_t>;

  explicit GlobRef(dart_gptr_t gptr) : gptr_(gptr) {}
  /// As containers make references (the address is not used: every access
  /// is a DART atomic).
  GlobRef(dart_gptr_t gptr, const void * /*direct*/) : gptr_(gptr) {}
  GlobRef(const GlobRef &) = default;

  template <typename U, std::enable_if_t<internal::is_implicit_ref_conversion_v<T, U>, int> = 0>
  GlobRef(const GlobRef<Atomic<U>> &other) : gptr_(other.dart_gptr()) {}
  template <typename U, std::enable_if_t<internal::is_explicit_ref_conversion_v<T, U>, long> = 0>
  explicit GlobRef(const GlobRef<Atomic<U>> &other) : gptr_(other.dart_gptr()) {}
  template <typename U,
            std::enable_if_t<std::is_same_v<T, U> || internal::is_implicit_ref_conversion_v<T, U>, int> = 0>
  GlobRef(const GlobAsyncRef<Atomic<U>> &other) : gptr_(other.dart_gptr()) {}
  template <typename U, std::enable_if_t<internal::is_explicit_ref_conversion_v<T, U>, long> = 0>
  explicit GlobRef(const GlobAsyncRef<Atomic<U>> &other) : gptr_(other.dart_gptr()) {}

  /// Atomically reads the value.
  value_type load() const { return fetch(value_type{}, DART_OP_NO_OP); }
  value_type get() const { return load(); }
  operator value_type() const { return load(); }

  /// Atomically replaces the value.
  void store(const value_type &value) const { modify(value, DART_OP_REPLACE); }
  void set(const value_type &value) const { store(value); }
  value_type operator=(const value_type &value) const {
    store(value);
    return value;
  }
  /// Stores the value of another element (read, then stored: two atomics).
  const GlobRef &operator=(const GlobRef &other) const {
    store(other.load());
    return *this;
  }

  /// Atomically replaces the value and returns the previous one.
  value_type exchange(const value_type &value) const { return modify(value, DART_OP_REPLACE); }
  /// Atomically: if the value is `expected`, replace it by `desired`.
  /// Returns whether it did (DASH's form; expected is not updated).
  /// Integer types only.
  bool compare_exchange(const value_type &expected, const value_type &desired) const {
    static_assert(std::is_integral_v<value_type>,
                  "dash::GlobRef<Atomic<T>>::compare_exchange: integer types only");
    static_assert(!std::is_const_v<T>, "dash::GlobRef<Atomic<const T>>: read-only");
    value_type old;
    detail::check(dart_compare_and_swap(gptr_, &desired, &expected, &old, detail::dart_type<value_type>()),
                  "dart_compare_and_swap");
    detail::read_ahead_invalidate();
    return old == expected;
  }

  /// Atomically value = binary_op(value, v), e.g. op(dash::max<T>(), v).
  template <typename BinaryOp>
  void op(BinaryOp binary_op, const value_type &v) const {
    static_assert(!std::is_const_v<T>, "dash::GlobRef<Atomic<const T>>: read-only");
    detail::check(dart_accumulate(gptr_, &v, 1, detail::dart_type<value_type>(), binary_op.dart_operation()),
                  "dart_accumulate");
    detail::check(dart_flush(gptr_), "dart_flush");
    detail::read_ahead_invalidate();
  }
  /// As op, and returns the previous value.
  template <typename BinaryOp>
  value_type fetch_op(BinaryOp binary_op, const value_type &v) const {
    return modify(v, binary_op.dart_operation());
  }

  void add(const value_type &v) const { op(plus<value_type>(), v); }
  void sub(const value_type &v) const { op(plus<value_type>(), detail::negate(v)); }
  void multiply(const value_type &v) const { op(dash::multiply<value_type>(), v); }
  value_type fetch_add(const value_type &v) const { return modify(v, DART_OP_SUM); }
  value_type fetch_sub(const value_type &v) const { return modify(detail::negate(v), DART_OP_SUM); }
  value_type fetch_multiply(const value_type &v) const { return modify(v, DART_OP_PROD); }
  value_type fetch_and(const value_type &v) const { return fetch_int(v, DART_OP_BAND); }
  value_type fetch_or(const value_type &v) const { return fetch_int(v, DART_OP_BOR); }
  value_type fetch_xor(const value_type &v) const { return fetch_int(v, DART_OP_BXOR); }

  /// The new value.
  value_type operator++() const { return fetch_add(value_type(1)) + value_type(1); }
  value_type operator--() const { return fetch_sub(value_type(1)) - value_type(1); }
  /// The previous value.
  value_type operator++(int) const { return fetch_add(value_type(1)); }
  value_type operator--(int) const { return fetch_sub(value_type(1)); }
  /// The new value.
  value_type operator+=(const value_type &v) const { return fetch_add(v) + v; }
  value_type operator-=(const value_type &v) const { return fetch_sub(v) - v; }

  /// The DART global pointer of the element.
  dart_gptr_t dart_gptr() const { return gptr_; }
  /// True if the element is in the calling unit's memory.
  bool is_local() const { return detail::is_local(gptr_); }

  friend std::ostream &operator<<(std::ostream &os, const GlobRef &ref) { return os << ref.load(); }

 protected:
  value_type fetch(const value_type &value, dart_operation_t op) const {
    value_type old;
    detail::check(dart_fetch_and_op(gptr_, &value, &old, detail::dart_type<value_type>(), op),
                  "dart_fetch_and_op");
    if (op != DART_OP_NO_OP)
      detail::read_ahead_invalidate();
    else
      detail::read_ahead_other_access();
    return old;
  }

 private:
  /// fetch for the operations that change the value.
  value_type modify(const value_type &value, dart_operation_t op) const {
    static_assert(!std::is_const_v<T>, "dash::GlobRef<Atomic<const T>>: read-only");
    return fetch(value, op);
  }
  value_type fetch_int(const value_type &v, dart_operation_t op) const {
    static_assert(std::is_integral_v<value_type>,
                  "dash::GlobRef<Atomic<T>>: bitwise operations need an integer type");
    return modify(v, op);
  }

  dart_gptr_t gptr_;
};

/// What a const container's element access returns: the same read-only
/// reference as GlobRef<Atomic<const T>>.
template <typename T>
class GlobRef<const Atomic<T>> : public GlobRef<Atomic<const T>> {
  using base = GlobRef<Atomic<const T>>;

 public:
  explicit GlobRef(dart_gptr_t gptr) : base(gptr) {}
  GlobRef(dart_gptr_t gptr, const void *direct) : base(gptr, direct) {}
  GlobRef(const GlobRef &) = default;
  GlobRef(const GlobRef<Atomic<T>> &other) : base(other.dart_gptr()) {}
  GlobRef(const GlobRef<Atomic<const T>> &other) : base(other) {}
};

}  // namespace dash

#endif  // DASH_ATOMIC_GLOBATOMICREF_H
