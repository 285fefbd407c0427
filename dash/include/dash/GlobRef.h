#ifndef DASH_GLOBREF_H
#define DASH_GLOBREF_H

// GlobRef<T>: a reference to one element in global memory, what arr[i],
// matrix(i, j) and *iterator return. Reading converts to T (a get), assigning
// stores (a put); both are complete on return. Elements the calling unit can
// reach by load/store (its own, and on the shared-memory path those of units
// on its node) are accessed directly, the others through DART; both with
// DART's ordering (internal/DirectAccess.h), so that a loop polling an element
// another unit writes sees the write.
//
// GlobRef<const T> only reads; GlobRef<T> converts to it implicitly, the
// other way only explicitly (as DASH's). member() refers to a member of a
// referenced struct.
//
// Compound assignments complete on return. On the types DART atomics take
// +=, -=, *=, &=, |=, ^=, ++ and -- are atomic (dart_accumulate, or
// dart_fetch_and_op for the postfix forms); /= and %= (no atomic operation
// exists for them) and all of them on other types read, compute and write
// back (not atomic, as in DASH).

#include <cstddef>
#include <cstdio>
#include <ostream>
#include <type_traits>

#include <dart/communication.h>
#include <dart/globmem.h>
#include <dart/init.h>
#include <dash/internal/DartType.h>
#include <dash/internal/DirectAccess.h>
#include <dash/internal/Printable.h>
#include <dash/Exception.h>
#include <dash/iterator/internal/GlobRefBase.h>
#include <dash/internal/ReadAhead.h>

namespace dash {

template <typename T>
class GlobRef;
template <typename T>
class GlobAsyncRef;

namespace detail {

/// Whether two DART global pointers are equal (all fields).
inline bool gptr_equal(const dart_gptr_t &a, const dart_gptr_t &b) {
  return a.unitid == b.unitid && a.segid == b.segid && a.flags == b.flags && a.offset == b.offset;
}

/// The address of the element at `gptr` if the calling unit reaches it by
/// load/store, else nullptr.
template <typename T>
T *direct_address(dart_gptr_t gptr) {
  void *addr = nullptr;
  if (gptr_equal(gptr, DART_GPTR_NULL) || dart_gptr_getaddr(gptr, &addr) != DART_OK) return nullptr;
  return static_cast<T *>(addr);
}

/// Whether the element at `gptr` is in the calling unit's memory (not
/// merely on its node).
inline bool is_local(dart_gptr_t gptr) {
  dart_unit_t me = DART_UNDEFINED_UNIT_ID;
  dart_myid(&me);
  return gptr.unitid == me;
}

/// `gptr` moved by `offset` bytes.
inline dart_gptr_t gptr_offset(dart_gptr_t gptr, std::size_t offset) {
  check(dart_gptr_incaddr(&gptr, static_cast<std::int64_t>(offset)), "dart_gptr_incaddr");
  return gptr;
}

/// Byte offset of the member `mem` in a P.
template <typename P, typename M>
std::size_t member_offset(M P::*mem) {
  alignas(P) unsigned char storage[sizeof(P)] = {};
  const P *object = reinterpret_cast<const P *>(storage);
  return static_cast<std::size_t>(reinterpret_cast<const unsigned char *>(&(object->*mem)) - storage);
}

/// Reads the element at `gptr` (blocking), directly if `direct`. Inlined
/// with the read-ahead's common case: a call would take the 16-byte global
/// pointer through memory, a stall per element of a walk.
template <typename V>
[[gnu::noinline]] void get_element_by_get(dart_gptr_t gptr, V *out) {
  read_ahead_other_access();
  check(dart_get_blocking(out, gptr, sizeof(V), DART_TYPE_BYTE, DART_TYPE_BYTE), "dart_get_blocking");
}
template <typename V>
[[gnu::always_inline]] inline void get_element(dart_gptr_t gptr, const V *direct,
                                               std::remove_const_t<V> *out) {
  if (direct) {
    read_ahead_other_access();
    *out = direct_load(direct);
    return;
  }
  if (!read_ahead_get(gptr, out)) get_element_by_get(gptr, out);
}

/// Writes the element at `gptr` (blocking), directly if `direct`.
template <typename V>
void put_element(dart_gptr_t gptr, V *direct, const V &value) {
  if (direct) {
    read_ahead_other_access();
    direct_store(direct, value);
    return;
  }
  check(dart_put_blocking(gptr, &value, sizeof(V), DART_TYPE_BYTE, DART_TYPE_BYTE), "dart_put_blocking");
  read_ahead_invalidate();
}

/// Two's complement negation for integers (defined for every value).
template <typename V>
V negate(const V &v) {
  if constexpr (std::is_integral_v<V>) {
    using U = std::make_unsigned_t<V>;
    return static_cast<V>(static_cast<U>(U(0) - static_cast<U>(v)));
  } else {
    return -v;
  }
}

/// Prints a DART global pointer's fields.
inline std::ostream &print_gptr(std::ostream &os, dart_gptr_t gptr) {
  char buf[80];
  std::snprintf(buf, sizeof buf, "(unit %d, segment %d, offset %llu)", static_cast<int>(gptr.unitid),
                static_cast<int>(gptr.segid), static_cast<unsigned long long>(gptr.offset));
  return os << buf;
}

}  // namespace detail

template <typename T>
class GlobRef {
  template <typename U>
  friend class GlobRef;

 public:
  using value_type = std::remove_const_t<T>;
  using const_value_type = std::add_const_t<T>;
  using nonconst_value_type = std::remove_const_t<T>;
  using self_t = GlobRef<T>;
  using const_type = GlobRef<const_value_type>;
  using nonconst_type = GlobRef<nonconst_value_type>;

  /// `direct` points to the element if it is reachable by load/store.
  GlobRef(dart_gptr_t gptr, T *direct) : gptr_(gptr), direct_(direct) {}
  /// The element at a DART global pointer.
  explicit GlobRef(dart_gptr_t gptr) : gptr_(gptr), direct_(detail::direct_address<T>(gptr)) {}
  GlobRef(const GlobRef &) = default;

  /// GlobRef<T> to GlobRef<const T>.
  template <typename U, std::enable_if_t<internal::is_implicit_ref_conversion_v<T, U>, int> = 0>
  GlobRef(const GlobRef<U> &other) : gptr_(other.gptr_), direct_(other.direct_) {}
  /// GlobRef<const T> to GlobRef<T>: explicit.
  template <typename U, std::enable_if_t<internal::is_explicit_ref_conversion_v<T, U>, long> = 0>
  explicit GlobRef(const GlobRef<U> &other) : gptr_(other.gptr_), direct_(const_cast<T *>(other.direct_)) {}
  /// From an asynchronous reference to the same element.
  template <typename U,
            std::enable_if_t<std::is_same_v<T, U> || internal::is_implicit_ref_conversion_v<T, U>, int> = 0>
  GlobRef(const GlobAsyncRef<U> &other) : gptr_(other.dart_gptr()), direct_(other.direct()) {}
  template <typename U, std::enable_if_t<internal::is_explicit_ref_conversion_v<T, U>, long> = 0>
  explicit GlobRef(const GlobAsyncRef<U> &other)
      : gptr_(other.dart_gptr()), direct_(const_cast<T *>(other.direct())) {}

  /// Reads the element (inlined: see get_element).
  [[gnu::always_inline]] value_type get() const {
    value_type value;
    detail::get_element(gptr_, direct_, &value);
    return value;
  }
  void get(value_type *out) const { detail::get_element(gptr_, direct_, out); }
  void get(value_type &out) const { detail::get_element(gptr_, direct_, &out); }
  [[gnu::always_inline]] operator value_type() const { return get(); }

  /// Writes the element.
  void set(const value_type &value) const {
    static_assert(!std::is_const_v<T>, "dash::GlobRef: cannot write through GlobRef<const T>");
    detail::put_element(gptr_, direct_, value);
  }
  void put(const value_type &value) const { set(value); }
  void put(const value_type *value) const { set(*value); }

  const GlobRef &operator=(const value_type &value) const {
    set(value);
    return *this;
  }
  /// Assigns the value of another element (not the reference itself).
  const GlobRef &operator=(const GlobRef &other) const {
    if (!detail::gptr_equal(gptr_, other.gptr_)) set(other.get());
    return *this;
  }
  template <typename U, typename = std::enable_if_t<std::is_same_v<std::remove_const_t<U>, value_type>>>
  const GlobRef &operator=(const GlobRef<U> &other) const {
    set(other.get());
    return *this;
  }

  /// Compares the referenced values.
  template <typename U>
  [[gnu::always_inline]] bool operator==(const GlobRef<U> &other) const {
    return get() == other.get();
  }
  template <typename U>
  bool operator!=(const GlobRef<U> &other) const {
    return !(*this == other);
  }
  template <typename V, typename = std::enable_if_t<!std::is_base_of_v<GlobRef, V>>>
  [[gnu::always_inline]] bool operator==(const V &value) const {
    return get() == value;
  }
  template <typename V, typename = std::enable_if_t<!std::is_base_of_v<GlobRef, V>>>
  [[gnu::always_inline]] bool operator!=(const V &value) const {
    return !(get() == value);
  }

  // ---- compound assignment ----

  const GlobRef &operator+=(const value_type &v) const {
    if constexpr (detail::is_dart_arithmetic_v<value_type>)
      return update(v, DART_OP_SUM);
    else
      return modify([&](value_type &x) { x += v; });
  }
  const GlobRef &operator-=(const value_type &v) const {
    if constexpr (detail::is_dart_arithmetic_v<value_type>)
      return update(detail::negate(v), DART_OP_SUM);
    else
      return modify([&](value_type &x) { x -= v; });
  }
  const GlobRef &operator*=(const value_type &v) const {
    if constexpr (detail::is_dart_arithmetic_v<value_type>)
      return update(v, DART_OP_PROD);
    else
      return modify([&](value_type &x) { x *= v; });
  }
  const GlobRef &operator/=(const value_type &v) const {
    return modify([&](value_type &x) { x /= v; });
  }
  const GlobRef &operator%=(const value_type &v) const {
    return modify([&](value_type &x) { x %= v; });
  }
  const GlobRef &operator&=(const value_type &v) const {
    if constexpr (detail::is_dart_integral_v<value_type>)
      return update(v, DART_OP_BAND);
    else
      return modify([&](value_type &x) { x &= v; });
  }
  const GlobRef &operator|=(const value_type &v) const {
    if constexpr (detail::is_dart_integral_v<value_type>)
      return update(v, DART_OP_BOR);
    else
      return modify([&](value_type &x) { x |= v; });
  }
  const GlobRef &operator^=(const value_type &v) const {
    if constexpr (detail::is_dart_integral_v<value_type>)
      return update(v, DART_OP_BXOR);
    else
      return modify([&](value_type &x) { x ^= v; });
  }
  const GlobRef &operator++() const {
    if constexpr (detail::is_dart_arithmetic_v<value_type>)
      return update(value_type(1), DART_OP_SUM);
    else
      return modify([](value_type &x) { ++x; });
  }
  const GlobRef &operator--() const {
    if constexpr (detail::is_dart_arithmetic_v<value_type>)
      return update(detail::negate(value_type(1)), DART_OP_SUM);
    else
      return modify([](value_type &x) { --x; });
  }
  /// Adds one and returns the previous value.
  value_type operator++(int) const {
    if constexpr (detail::is_dart_arithmetic_v<value_type>) {
      return fetch_op(value_type(1), DART_OP_SUM);
    } else {
      value_type old = get();
      value_type x = old;
      ++x;
      set(x);
      return old;
    }
  }
  /// Subtracts one and returns the previous value.
  value_type operator--(int) const {
    if constexpr (detail::is_dart_arithmetic_v<value_type>) {
      return fetch_op(detail::negate(value_type(1)), DART_OP_SUM);
    } else {
      value_type old = get();
      value_type x = old;
      --x;
      set(x);
      return old;
    }
  }

  /// Atomically `element = element op value`, returns the previous value.
  /// op: DART_OP_SUM, PROD, MIN, MAX, BAND, BOR, BXOR, REPLACE, NO_OP.
  value_type fetch_op(const value_type &value, dart_operation_t op) const {
    static_assert(!std::is_const_v<T>, "dash::GlobRef: cannot modify through GlobRef<const T>");
    value_type old;
    detail::check(dart_fetch_and_op(gptr_, &value, &old, detail::dart_type<value_type>(), op),
                  "dart_fetch_and_op");
    if (op != DART_OP_NO_OP) detail::read_ahead_invalidate();
    return old;
  }

  /// Swaps the values of the two elements (not atomically).
  void swap(const GlobRef &other) const {
    value_type mine = get();
    set(other.get());
    other.set(mine);
  }

  /// A reference to the member at byte offset `offset`, of type M.
  template <typename M>
  GlobRef<typename internal::add_const_from_type<T, M>::type> member(std::size_t offset) const {
    using R = typename internal::add_const_from_type<T, M>::type;
    R *direct =
        direct_ ? reinterpret_cast<R *>(
                      reinterpret_cast<std::conditional_t<std::is_const_v<T>, const char, char> *>(direct_) +
                      offset)
                : nullptr;
    return GlobRef<R>(detail::gptr_offset(gptr_, offset), direct);
  }
  /// A reference to the member `mem` of the referenced struct.
  template <typename M, typename P = value_type>
  GlobRef<typename internal::add_const_from_type<T, M>::type> member(const M P::*mem) const {
    return member<M>(detail::member_offset(mem));
  }

  /// The DART global pointer of the element.
  dart_gptr_t dart_gptr() const { return gptr_; }
  /// The element's address if the calling unit reaches it by load/store.
  T *direct() const { return direct_; }
  /// True if the element is in the calling unit's memory (as in DASH: not
  /// merely on its node).
  bool is_local() const { return detail::is_local(gptr_); }

  /// Prints the value if T can be printed, else the global pointer.
  friend std::ostream &operator<<(std::ostream &os, const GlobRef &ref) {
    if constexpr (detail::is_printable_v<value_type>)
      return os << ref.get();
    else
      return detail::print_gptr(os << "dash::GlobRef", ref.gptr_);
  }

 private:
  const GlobRef &update(const value_type &value, dart_operation_t op) const {
    static_assert(!std::is_const_v<T>, "dash::GlobRef: cannot modify through GlobRef<const T>");
    detail::check(dart_accumulate(gptr_, &value, 1, detail::dart_type<value_type>(), op), "dart_accumulate");
    detail::check(dart_flush(gptr_), "dart_flush");
    detail::read_ahead_invalidate();
    return *this;
  }
  template <typename F>
  const GlobRef &modify(F f) const {
    value_type x = get();
    f(x);
    set(x);
    return *this;
  }

  dart_gptr_t gptr_;
  T *direct_;
};

/// Swaps the values of two elements (not atomically).
template <typename T>
void swap(const GlobRef<T> &a, const GlobRef<T> &b) {
  a.swap(b);
}
template <typename T>
void swap(GlobRef<T> &&a, GlobRef<T> &&b) {
  a.swap(b);
}

}  // namespace dash

#endif  // DASH_GLOBREF_H
