#ifndef DASH_GLOBSHAREDREF_H
#define DASH_GLOBSHAREDREF_H

// GlobSharedRef<T, GlobalPointerType>: a reference to an element that is
// either in the calling unit's memory (a local pointer: plain loads and
// stores) or elsewhere (a DART global pointer: blocking get and put), as
// DASH's containers with local insertion use it. Compound assignments read,
// compute and write back (not atomic, as in DASH). Dereferencing a
// reference with neither pointer throws dash::RuntimeError.

#include <ostream>
#include <typeinfo>

#include <dart/communication.h>
#include <dash/Exception.h>
#include <dash/GlobRef.h>
#include <dash/internal/ReadAhead.h>

namespace dash {

template <typename T, typename GlobalPointerType = void>
class GlobSharedRef {
  using self_t = GlobSharedRef<T, GlobalPointerType>;

 public:
  using global_pointer = GlobalPointerType;
  using const_global_pointer = GlobalPointerType;
  using local_pointer = T *;
  using const_local_pointer = const T *;

  template <typename U>
  struct rebind {
    using other = GlobSharedRef<U, typename GlobalPointerType::template rebind<U>>;
  };

  GlobSharedRef() : gptr_(DART_GPTR_NULL), lptr_(nullptr) {}
  explicit GlobSharedRef(dart_gptr_t gptr, local_pointer lptr) : gptr_(gptr), lptr_(lptr) {}
  /// From any global pointer type (anything with dart_gptr()).
  template <class GlobalType, typename = decltype(std::declval<GlobalType &>().dart_gptr())>
  GlobSharedRef(GlobalType &gptr, local_pointer lptr = nullptr) : gptr_(gptr.dart_gptr()), lptr_(lptr) {}
  GlobSharedRef(local_pointer lptr) : gptr_(DART_GPTR_NULL), lptr_(lptr) {}
  explicit GlobSharedRef(dart_gptr_t gptr) : gptr_(gptr), lptr_(nullptr) {}
  GlobSharedRef(const self_t &other) = default;

  /// Assigns the other element's value.
  self_t &operator=(const self_t &other) { return *this = static_cast<T>(other); }

  /// The same element (both pointers equal).
  bool operator==(const self_t &other) const noexcept {
    return lptr_ == other.lptr_ && detail::gptr_equal(gptr_, other.gptr_);
  }
  bool operator!=(const self_t &other) const noexcept { return !(*this == other); }

  operator T() const { return get(); }
  T get() const {
    detail::read_ahead_other_access();
    if (lptr_) return *lptr_;
    if (detail::gptr_equal(gptr_, DART_GPTR_NULL))
      DASH_THROW(dash::exception::RuntimeError, "dash::GlobSharedRef: dereferenced a null reference");
    T value;
    detail::check(dart_get_blocking(&value, gptr_, sizeof(T), DART_TYPE_BYTE, DART_TYPE_BYTE),
                  "dart_get_blocking");
    return value;
  }
  void put(const T &value) const {
    detail::read_ahead_other_access();
    if (lptr_) {
      *lptr_ = value;
      return;
    }
    if (detail::gptr_equal(gptr_, DART_GPTR_NULL))
      DASH_THROW(dash::exception::RuntimeError, "dash::GlobSharedRef: dereferenced a null reference");
    detail::check(dart_put_blocking(gptr_, &value, sizeof(T), DART_TYPE_BYTE, DART_TYPE_BYTE),
                  "dart_put_blocking");
    detail::read_ahead_invalidate();
  }
  self_t &operator=(const T &value) {
    put(value);
    return *this;
  }

  self_t &operator+=(const T &v) {
    return modify([&](T &x) { x += v; });
  }
  self_t &operator-=(const T &v) {
    return modify([&](T &x) { x -= v; });
  }
  self_t &operator*=(const T &v) {
    return modify([&](T &x) { x *= v; });
  }
  self_t &operator/=(const T &v) {
    return modify([&](T &x) { x /= v; });
  }
  self_t &operator^=(const T &v) {
    return modify([&](T &x) { x ^= v; });
  }
  self_t &operator++() {
    return modify([](T &x) { ++x; });
  }
  self_t &operator--() {
    return modify([](T &x) { --x; });
  }
  /// DASH's form: a copy of the reference (to the same element).
  self_t operator++(int) {
    self_t result = *this;
    ++*this;
    return result;
  }
  self_t operator--(int) {
    self_t result = *this;
    --*this;
    return result;
  }

  dart_gptr_t dart_gptr() const { return gptr_; }
  local_pointer local() const { return lptr_; }
  /// True if the element is in the calling unit's memory.
  bool is_local() const { return lptr_ != nullptr && detail::is_local(gptr_); }

  friend std::ostream &operator<<(std::ostream &os, const GlobSharedRef &ref) {
    os << "dash::GlobSharedRef<lptr: " << static_cast<const void *>(ref.lptr_)
       << ", gptr: " << typeid(T).name() << ">";
    return detail::print_gptr(os, ref.gptr_);
  }

 private:
  template <typename F>
  self_t &modify(F f) {
    T x = get();
    f(x);
    put(x);
    return *this;
  }

  dart_gptr_t gptr_;
  local_pointer lptr_;
};

}  // namespace dash

#endif  // DASH_GLOBSHAREDREF_H
