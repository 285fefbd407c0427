#ifndef DASH_ATOMIC_GLOBATOMICASYNCREF_H
#define DASH_ATOMIC_GLOBATOMICASYNCREF_H

// GlobAsyncRef<Atomic<T>>: an asynchronous reference to an atomic element
// (what arr.async[i] of a dash::Array<dash::Atomic<T>> returns), with DASH's
// operations. Updates without a result (set/store, op, add, sub, multiply)
// are DART atomics that return once their operand is no longer needed and
// complete at the target at flush() (or the container's flush()); the
// fetching forms (get(T *), fetch_op, exchange, compare_exchange,
// fetch_add, ...) write the previous value through their result pointer,
// valid at the latest after flush(). get() reads (blocking).
// GlobAsyncRef<Atomic<const T>> and GlobAsyncRef<const Atomic<T>> only
// read.

#include <ostream>
#include <type_traits>

#include <dart/communication.h>
#include <dash/algorithm/Operation.h>
#include <dash/atomic/GlobAtomicRef.h>
#include <dash/internal/DartType.h>
#include <dash/Exception.h>
#include <dash/GlobAsyncRef.h>
#include <dash/internal/ReadAhead.h>

namespace dash {

template <typename T>
class GlobAsyncRef<Atomic<T>> {
 public:
  using value_type = std::remove_const_t<T>;
  using const_value_type = std::add_const_t<T>;
  using nonconst_value_type = std::remove_const_t<T>;
  using atomic_t = Atomic<T>;
  using const_atomic_t = Atomic<const_value_type>;
  using nonconst_atomic_t = Atomic<nonconst_value_type>;
  using self_t = GlobAsyncRef<atomic_t>;
  using const_type = GlobAsyncRef<const_atomic_t>;
  using nonconst_type = GlobAsyncRef<nonconst_atomic_t>;

  explicit GlobAsyncRef(dart_gptr_t gptr) : gptr_(gptr) {}
  /// As containers make references (every access is a DART atomic).
  GlobAsyncRef(dart_gptr_t gptr, const void * /*direct*/) : gptr_(gptr) {}
  GlobAsyncRef(const GlobAsyncRef &) = default;
  GlobAsyncRef &operator=(const GlobAsyncRef &) = delete;

  template <typename U, std::enable_if_t<internal::is_implicit_ref_conversion_v<T, U>, int> = 0>
  GlobAsyncRef(const GlobAsyncRef<Atomic<U>> &other) : gptr_(other.dart_gptr()) {}
  template <typename U, std::enable_if_t<internal::is_explicit_ref_conversion_v<T, U>, long> = 0>
  explicit GlobAsyncRef(const GlobAsyncRef<Atomic<U>> &other) : gptr_(other.dart_gptr()) {}
  template <typename U,
            std::enable_if_t<std::is_same_v<T, U> || internal::is_implicit_ref_conversion_v<T, U>, int> = 0>
  GlobAsyncRef(const GlobRef<Atomic<U>> &other) : gptr_(other.dart_gptr()) {}
  template <typename U, std::enable_if_t<internal::is_explicit_ref_conversion_v<T, U>, long> = 0>
  explicit GlobAsyncRef(const GlobRef<Atomic<U>> &other) : gptr_(other.dart_gptr()) {}

  /// Compares the values (two atomic reads).
  bool operator==(const GlobAsyncRef &other) const { return get() == other.get(); }
  bool operator!=(const GlobAsyncRef &other) const { return !(*this == other); }
  bool operator==(const value_type &) const = delete;
  bool operator!=(const value_type &) const = delete;

  /// Atomically replaces the value.
  void set(const value_type &value) const {
    accumulate(&value, DART_OP_REPLACE);
    detail::check(dart_flush_local(gptr_), "dart_flush_local");
  }
  /// The same from *value, which must stay unchanged until flush().
  void set(const value_type *value) const { accumulate(value, DART_OP_REPLACE); }
  void store(const value_type &value) const { set(value); }
  void store(const value_type *value) const { set(value); }
  value_type operator=(const value_type &value) const {
    set(value);
    return value;
  }

  /// Atomically reads the value (blocking).
  value_type get() const {
    value_type old;
    fetch(value_type{}, &old, DART_OP_NO_OP);
    return old;
  }
  value_type load() const { return get(); }
  /// Atomically reads the value into *result.
  void get(value_type *result) const { fetch(value_type{}, result, DART_OP_NO_OP); }

  /// Atomically value = binary_op(value, v).
  template <typename BinaryOp>
  void op(BinaryOp binary_op, const value_type &v) const {
    accumulate(&v, binary_op.dart_operation());
    detail::check(dart_flush_local(gptr_), "dart_flush_local");
  }
  /// As op; the previous value goes to *result.
  template <typename BinaryOp>
  void fetch_op(BinaryOp binary_op, const value_type &v, value_type *result) const {
    modify(v, result, binary_op.dart_operation());
  }
  void exchange(const value_type &value, value_type *result) const { modify(value, result, DART_OP_REPLACE); }
  /// If the value is `expected`, replace it by `desired`; the previous
  /// value goes to *result. Integer types only.
  void compare_exchange(const value_type &expected, const value_type &desired, value_type *result) const {
    static_assert(std::is_integral_v<value_type>,
                  "dash::GlobAsyncRef<Atomic<T>>::compare_exchange: integer types only");
    static_assert(!std::is_const_v<T>, "dash::GlobAsyncRef<Atomic<const T>>: read-only");
    detail::check(dart_compare_and_swap(gptr_, &desired, &expected, result, detail::dart_type<value_type>()),
                  "dart_compare_and_swap");
    detail::read_ahead_invalidate();
  }
  void add(const value_type &v) const { op(plus<value_type>(), v); }
  void fetch_add(const value_type &v, value_type *result) const { modify(v, result, DART_OP_SUM); }
  void sub(const value_type &v) const { op(plus<value_type>(), detail::negate(v)); }
  void fetch_sub(const value_type &v, value_type *result) const {
    modify(detail::negate(v), result, DART_OP_SUM);
  }
  void multiply(const value_type &v) const { op(dash::multiply<value_type>(), v); }
  void fetch_multiply(const value_type &v, value_type *result) const { modify(v, result, DART_OP_PROD); }

  /// Completes the calling unit's operations on the element's unit.
  void flush() const {
    detail::check(dart_flush(gptr_), "dart_flush");
    detail::read_ahead_invalidate();
  }

  dart_gptr_t dart_gptr() const { return gptr_; }
  bool is_local() const { return detail::is_local(gptr_); }

  friend std::ostream &operator<<(std::ostream &os, const GlobAsyncRef &ref) {
    return detail::print_gptr(os << "dash::GlobAsyncRef<dash::Atomic>", ref.gptr_);
  }

 private:
  void accumulate(const value_type *value, dart_operation_t op) const {
    static_assert(!std::is_const_v<T>, "dash::GlobAsyncRef<Atomic<const T>>: read-only");
    detail::check(dart_accumulate(gptr_, value, 1, detail::dart_type<value_type>(), op), "dart_accumulate");
    detail::read_ahead_invalidate();
  }
  void modify(const value_type &value, value_type *result, dart_operation_t op) const {
    static_assert(!std::is_const_v<T>, "dash::GlobAsyncRef<Atomic<const T>>: read-only");
    fetch(value, result, op);
  }
  void fetch(const value_type &value, value_type *result, dart_operation_t op) const {
    detail::check(dart_fetch_and_op(gptr_, &value, result, detail::dart_type<value_type>(), op),
                  "dart_fetch_and_op");
    if (op != DART_OP_NO_OP)
      detail::read_ahead_invalidate();
    else
      detail::read_ahead_other_access();
  }

  dart_gptr_t gptr_;
};

/// What a const container's async access returns: the read-only reference.
template <typename T>
class GlobAsyncRef<const Atomic<T>> : public GlobAsyncRef<Atomic<const T>> {
  using base = GlobAsyncRef<Atomic<const T>>;

 public:
  explicit GlobAsyncRef(dart_gptr_t gptr) : base(gptr) {}
  GlobAsyncRef(dart_gptr_t gptr, const void *direct) : base(gptr, direct) {}
  GlobAsyncRef(const GlobAsyncRef &) = default;
  GlobAsyncRef(const GlobAsyncRef<Atomic<T>> &other) : base(other.dart_gptr()) {}
  GlobAsyncRef(const GlobAsyncRef<Atomic<const T>> &other) : base(other) {}
};

}  // namespace dash

#endif  // DASH_ATOMIC_GLOBATOMICASYNCREF_H
