#ifndef DASH_GLOBASYNCREF_H
#define DASH_GLOBASYNCREF_H

// GlobAsyncRef<T>: a reference to one element in global memory whose writes
// do not wait for completion (what arr.async[i] returns). set(v) / `= v`
// start a put and return; flush() (or the container's flush()) completes
// the calling unit's writes at the target. The value written is kept in
// the reference until the put has left it, at the latest when the
// reference is destroyed, so temporaries may be assigned. set(const T *)
// and get(T *) use the caller's buffer, which must stay valid until the
// flush. get() reads (blocking).
//
// Elements reachable by load/store are written directly, as dart_put
// writes them (visible to others at the latest after the flush's fence).
// GlobAsyncRef<const T> only reads; conversions to and from GlobRef follow
// GlobRef's (constness added implicitly, removed explicitly).

#include <atomic>
#include <cstddef>
#include <cstdio>
#include <ostream>
#include <type_traits>

#include <dart/communication.h>
#include <dash/internal/DirectAccess.h>
#include <dash/Exception.h>
#include <dash/GlobRef.h>
#include <dash/internal/ReadAhead.h>

namespace dash {

template <typename T>
class GlobAsyncRef {
  template <typename U>
  friend class GlobAsyncRef;

 public:
  using value_type = std::remove_const_t<T>;
  using const_value_type = std::add_const_t<T>;
  using nonconst_value_type = std::remove_const_t<T>;
  using self_t = GlobAsyncRef<T>;
  using const_type = GlobAsyncRef<const_value_type>;
  using nonconst_type = GlobAsyncRef<nonconst_value_type>;

  /// `direct` points to the element if it is reachable by load/store.
  GlobAsyncRef(dart_gptr_t gptr, T *direct) : gptr_(gptr), direct_(direct) {}
  /// The element at a DART global pointer.
  explicit GlobAsyncRef(dart_gptr_t gptr) : gptr_(gptr), direct_(detail::direct_address<T>(gptr)) {}

  /// Constness is added implicitly, removed only explicitly.
  template <typename U, std::enable_if_t<internal::is_implicit_ref_conversion_v<T, U>, int> = 0>
  GlobAsyncRef(const GlobAsyncRef<U> &other) : gptr_(other.gptr_), direct_(other.direct_) {}
  template <typename U, std::enable_if_t<internal::is_explicit_ref_conversion_v<T, U>, long> = 0>
  explicit GlobAsyncRef(const GlobAsyncRef<U> &other)
      : gptr_(other.gptr_), direct_(const_cast<T *>(other.direct_)) {}
  template <typename U,
            std::enable_if_t<std::is_same_v<T, U> || internal::is_implicit_ref_conversion_v<T, U>, int> = 0>
  GlobAsyncRef(const GlobRef<U> &other) : gptr_(other.dart_gptr()), direct_(other.direct()) {}
  template <typename U, std::enable_if_t<internal::is_explicit_ref_conversion_v<T, U>, long> = 0>
  explicit GlobAsyncRef(const GlobRef<U> &other)
      : gptr_(other.dart_gptr()), direct_(const_cast<T *>(other.direct())) {}

  /// A copy refers to the same element; writes in flight stay with the
  /// original.
  GlobAsyncRef(const GlobAsyncRef &other) : gptr_(other.gptr_), direct_(other.direct_) {}
  GlobAsyncRef(GlobAsyncRef &&other) : gptr_(other.gptr_), direct_(other.direct_) { other.complete_local(); }
  GlobAsyncRef &operator=(const GlobAsyncRef &) = delete;
  ~GlobAsyncRef() {
    try {
      complete_local();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "dash::GlobAsyncRef: completing a write failed: %s\n", e.what());
    }
  }

  /// Reads the element (blocking).
  value_type get() const {
    value_type value;
    detail::get_element(gptr_, direct_, &value);
    return value;
  }
  /// Starts reading the element into *out; complete at flush().
  void get(value_type *out) const {
    detail::read_ahead_other_access();
    if (direct_) {
      *out = detail::direct_load(direct_);
      return;
    }
    detail::check(dart_get(out, gptr_, sizeof(value_type), DART_TYPE_BYTE, DART_TYPE_BYTE), "dart_get");
  }
  void get(value_type &out) const { get(&out); }

  /// Starts writing `value`; complete at flush().
  void set(const value_type &value) const {
    static_assert(!std::is_const_v<T>, "dash::GlobAsyncRef: cannot write through GlobAsyncRef<const T>");
    if (direct_) {
      detail::direct_store_unfenced(direct_, value);
      return;
    }
    complete_local();  // the buffer is free again
    value_ = value;
    detail::check(
        dart_put_handle(gptr_, &value_, sizeof(value_type), DART_TYPE_BYTE, DART_TYPE_BYTE, &handle_),
        "dart_put_handle");
  }
  /// Starts writing *value, which must stay unchanged until flush().
  void set(const value_type *value) const {
    static_assert(!std::is_const_v<T>, "dash::GlobAsyncRef: cannot write through GlobAsyncRef<const T>");
    if (direct_) {
      detail::direct_store_unfenced(direct_, *value);
      return;
    }
    detail::check(dart_put(gptr_, value, sizeof(value_type), DART_TYPE_BYTE, DART_TYPE_BYTE), "dart_put");
  }
  const GlobAsyncRef &operator=(const value_type &value) const {
    set(value);
    return *this;
  }

  /// Completes the calling unit's reads and writes to the element's unit.
  void flush() const {
    complete_local();
    if (direct_)
      std::atomic_thread_fence(std::memory_order_seq_cst);
    else
      detail::check(dart_flush(gptr_), "dart_flush");
    detail::read_ahead_invalidate();
  }

  /// An asynchronous reference to the member at byte offset `offset`.
  template <typename M>
  GlobAsyncRef<typename internal::add_const_from_type<T, M>::type> member(std::size_t offset) const {
    GlobRef<T> ref(gptr_, direct_);
    return GlobAsyncRef<typename internal::add_const_from_type<T, M>::type>(ref.template member<M>(offset));
  }
  /// An asynchronous reference to the member `mem`.
  template <typename M, typename P = value_type>
  GlobAsyncRef<typename internal::add_const_from_type<T, M>::type> member(const M P::*mem) const {
    return member<M>(detail::member_offset(mem));
  }

  /// Swaps the values of two elements (reads, then asynchronous writes).
  friend void swap(const GlobAsyncRef &a, const GlobAsyncRef &b) {
    value_type va = a.get();
    a.set(b.get());
    b.set(va);
  }

  template <class U>
  bool operator==(const GlobAsyncRef<U> &) = delete;
  template <class U>
  bool operator!=(const GlobAsyncRef<U> &) = delete;

  dart_gptr_t dart_gptr() const { return gptr_; }
  T *direct() const { return direct_; }
  /// True if the element is in the calling unit's memory.
  bool is_local() const { return detail::is_local(gptr_); }

  friend std::ostream &operator<<(std::ostream &os, const GlobAsyncRef &ref) {
    return detail::print_gptr(os << "dash::GlobAsyncRef", ref.gptr_);
  }

 private:
  /// Waits until the put from value_ has left it.
  void complete_local() const {
    if (handle_ == DART_HANDLE_NULL) return;
    dart_handle_t handle = handle_;
    handle_ = DART_HANDLE_NULL;
    detail::check(dart_wait_local(&handle), "dart_wait_local");
  }

  dart_gptr_t gptr_;
  T *direct_;
  mutable value_type value_{};
  mutable dart_handle_t handle_ = DART_HANDLE_NULL;
};

}  // namespace dash

#endif  // DASH_GLOBASYNCREF_H
