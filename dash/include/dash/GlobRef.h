#ifndef DASH_GLOBREF_H
#define DASH_GLOBREF_H

// GlobRef<T>: a reference to one element in global memory, what arr[i],
// matrix(i, j) and *iterator return. Reading converts to T (a get), assigning
// stores (a put); both are complete on return. Elements the calling unit can
// reach by load/store (its own, and on the shared-memory path those of units
// on its node) are accessed directly, the others through DART; both with
// DART's ordering (detail/direct_access.h), so that a loop polling an element
// another unit writes sees the write.
//
// Compound assignments on arithmetic types are atomic (dart_accumulate, or
// dart_fetch_and_op for the postfix forms) and complete on return. /= and %=
// are not offered: there is no atomic operation for them.

#include <ostream>
#include <type_traits>

#include <dart/communication.h>
#include <dart/init.h>
#include <dash/detail/dart_type.h>
#include <dash/detail/direct_access.h>
#include <dash/Exception.h>

namespace dash {

template <typename T>
class GlobRef {
 public:
  using value_type = std::remove_const_t<T>;

  /// `direct` points to the element if it is reachable by load/store.
  GlobRef(dart_gptr_t gptr, T *direct) : gptr_(gptr), direct_(direct) {}

  /// Reads the element.
  value_type get() const {
    if (direct_) return detail::direct_load(direct_);
    value_type value;
    detail::check(dart_get_blocking(&value, gptr_, sizeof(value_type), DART_TYPE_BYTE, DART_TYPE_BYTE),
                  "dart_get_blocking");
    return value;
  }
  operator value_type() const { return get(); }

  /// Writes the element.
  void set(const value_type &value) const {
    static_assert(!std::is_const_v<T>, "dash::GlobRef: cannot write through a const reference");
    if (direct_) {
      detail::direct_store(direct_, value);
      return;
    }
    detail::check(dart_put_blocking(gptr_, &value, sizeof(value_type), DART_TYPE_BYTE, DART_TYPE_BYTE),
                  "dart_put_blocking");
  }

  /// DASH's explicit forms: read into / write from the caller's object.
  void get(value_type *out) const { *out = get(); }
  void get(value_type &out) const { out = get(); }
  void put(const value_type *in) const { set(*in); }
  void put(const value_type &in) const { set(in); }

  const GlobRef &operator=(const value_type &value) const {
    set(value);
    return *this;
  }
  /// Assigns the value of another element (not the reference itself).
  const GlobRef &operator=(const GlobRef &other) const {
    set(other.get());
    return *this;
  }
  template <typename U, typename = std::enable_if_t<std::is_same_v<std::remove_const_t<U>, value_type>>>
  const GlobRef &operator=(const GlobRef<U> &other) const {
    set(other.get());
    return *this;
  }
  GlobRef(const GlobRef &) = default;

  // ---- atomic compound assignment (arithmetic types) ----

  template <typename V = value_type, std::enable_if_t<detail::is_dart_arithmetic_v<V>, int> = 0>
  const GlobRef &operator+=(const value_type &v) const {
    return update(v, DART_OP_SUM);
  }
  template <typename V = value_type, std::enable_if_t<detail::is_dart_arithmetic_v<V>, int> = 0>
  const GlobRef &operator-=(const value_type &v) const {
    return update(negate(v), DART_OP_SUM);
  }
  template <typename V = value_type, std::enable_if_t<detail::is_dart_arithmetic_v<V>, int> = 0>
  const GlobRef &operator*=(const value_type &v) const {
    return update(v, DART_OP_PROD);
  }
  template <typename V = value_type, std::enable_if_t<detail::is_dart_integral_v<V>, int> = 0>
  const GlobRef &operator&=(const value_type &v) const {
    return update(v, DART_OP_BAND);
  }
  template <typename V = value_type, std::enable_if_t<detail::is_dart_integral_v<V>, int> = 0>
  const GlobRef &operator|=(const value_type &v) const {
    return update(v, DART_OP_BOR);
  }
  template <typename V = value_type, std::enable_if_t<detail::is_dart_integral_v<V>, int> = 0>
  const GlobRef &operator^=(const value_type &v) const {
    return update(v, DART_OP_BXOR);
  }
  template <typename V = value_type, std::enable_if_t<detail::is_dart_arithmetic_v<V>, int> = 0>
  const GlobRef &operator++() const {
    return update(value_type(1), DART_OP_SUM);
  }
  template <typename V = value_type, std::enable_if_t<detail::is_dart_arithmetic_v<V>, int> = 0>
  const GlobRef &operator--() const {
    return update(negate(value_type(1)), DART_OP_SUM);
  }
  /// Atomically adds one and returns the previous value.
  template <typename V = value_type, std::enable_if_t<detail::is_dart_arithmetic_v<V>, int> = 0>
  value_type operator++(int) const {
    return fetch_op(value_type(1), DART_OP_SUM);
  }
  /// Atomically subtracts one and returns the previous value.
  template <typename V = value_type, std::enable_if_t<detail::is_dart_arithmetic_v<V>, int> = 0>
  value_type operator--(int) const {
    return fetch_op(negate(value_type(1)), DART_OP_SUM);
  }

  /// Atomically `element = element op value`, returns the previous value.
  /// op: DART_OP_SUM, PROD, MIN, MAX, BAND, BOR, BXOR, REPLACE, NO_OP.
  value_type fetch_op(const value_type &value, dart_operation_t op) const {
    static_assert(!std::is_const_v<T>, "dash::GlobRef: cannot modify through a const reference");
    value_type old;
    detail::check(dart_fetch_and_op(gptr_, &value, &old, detail::dart_type<value_type>(), op),
                  "dart_fetch_and_op");
    return old;
  }

  /// The DART global pointer of the element.
  dart_gptr_t dart_gptr() const { return gptr_; }
  /// True if the element is in the calling unit's memory (as in DASH: not
  /// merely on its node).
  bool is_local() const {
    dart_unit_t me = DART_UNDEFINED_UNIT_ID;
    dart_myid(&me);
    return gptr_.unitid == me;
  }

 private:
  static value_type negate(const value_type &v) {
    if constexpr (std::is_integral_v<value_type>) {
      // Two's complement wrap-around: defined for every value and type.
      using U = std::make_unsigned_t<value_type>;
      return static_cast<value_type>(static_cast<U>(U(0) - static_cast<U>(v)));
    } else {
      return -v;
    }
  }

  const GlobRef &update(const value_type &value, dart_operation_t op) const {
    static_assert(!std::is_const_v<T>, "dash::GlobRef: cannot modify through a const reference");
    detail::check(dart_accumulate(gptr_, &value, 1, detail::dart_type<value_type>(), op), "dart_accumulate");
    detail::check(dart_flush(gptr_), "dart_flush");
    return *this;
  }

  dart_gptr_t gptr_;
  T *direct_;
};

template <typename T>
std::ostream &operator<<(std::ostream &os, const GlobRef<T> &ref) {
  return os << ref.get();
}

/// Swaps the values of two elements (not atomically).
template <typename T>
void swap(const GlobRef<T> &a, const GlobRef<T> &b) {
  std::remove_const_t<T> tmp = a.get();
  a.set(b.get());
  b.set(tmp);
}

}  // namespace dash

#endif  // DASH_GLOBREF_H
