#ifndef DASH_ONESIDED_H
#define DASH_ONESIDED_H

// One-sided transfers of typed values through DART (DASH's Onesided.h):
// dash::internal::put/get (complete at the next flush), put_blocking /
// get_blocking, put_handle / get_handle (complete at dart_wait), and the
// value helpers on global pointers (anything with dart_gptr()):
//
//   dash::put_value(42, arr.begin() + 7);        // blocking
//   int v; dash::get_value(&v, arr.begin() + 7);
//   dash::put_value_async(1, p); dash::fence<int>(p);
//
// Sizes count values of T (moved as T's DART type, or as bytes). A DART
// error throws dash::RuntimeError.

#include <cstddef>

#include <dash/Exception.h>
#include <dash/Team.h>
#include <dash/Types.h>
#include <dash/dart/if/dart.h>
#include <dash/internal/ReadAhead.h>

namespace dash {

namespace detail {
inline void check_onesided(dart_ret_t status, const char *call) {
  if (status != DART_OK) DASH_THROW(dash::RuntimeError, call << " failed: " << dart_last_error());
}
}  // namespace detail

namespace internal {

template <typename T>
void put(const dart_gptr_t &gptr, const T *src, std::size_t nelem) {
  dart_storage<T> ds(nelem);
  detail::check_onesided(dart_put(gptr, src, ds.nelem, ds.dtype, ds.dtype), "dart_put");
  detail::read_ahead_invalidate();
}

template <typename T>
void get(const dart_gptr_t &gptr, T *dst, std::size_t nelem) {
  dart_storage<T> ds(nelem);
  detail::read_ahead_other_access();
  detail::check_onesided(dart_get(dst, gptr, ds.nelem, ds.dtype, ds.dtype), "dart_get");
}

template <typename T>
void put_blocking(const dart_gptr_t &gptr, const T *src, std::size_t nelem) {
  dart_storage<T> ds(nelem);
  detail::check_onesided(dart_put_blocking(gptr, src, ds.nelem, ds.dtype, ds.dtype), "dart_put_blocking");
  detail::read_ahead_invalidate();
}

template <typename T>
void get_blocking(const dart_gptr_t &gptr, T *dst, std::size_t nelem) {
  dart_storage<T> ds(nelem);
  detail::read_ahead_other_access();
  detail::check_onesided(dart_get_blocking(dst, gptr, ds.nelem, ds.dtype, ds.dtype), "dart_get_blocking");
}

template <typename T>
void put_handle(const dart_gptr_t &gptr, const T *src, std::size_t nelem, dart_handle_t *handle) {
  dart_storage<T> ds(nelem);
  detail::check_onesided(dart_put_handle(gptr, src, ds.nelem, ds.dtype, ds.dtype, handle), "dart_put_handle");
  detail::read_ahead_invalidate();
}

template <typename T>
void get_handle(const dart_gptr_t &gptr, T *dst, std::size_t nelem, dart_handle_t *handle) {
  dart_storage<T> ds(nelem);
  detail::read_ahead_other_access();
  detail::check_onesided(dart_get_handle(dst, gptr, ds.nelem, ds.dtype, ds.dtype, handle), "dart_get_handle");
}

}  // namespace internal

/// Completes the calling unit's transfers to gptr's unit (at the target).
template <typename T, typename GlobPtrType>
void fence(const GlobPtrType &gptr) {
  detail::check_onesided(dart_flush(gptr.dart_gptr()), "dart_flush");
  detail::read_ahead_invalidate();
}

/// Completes them at the origin (buffers may be reused).
template <typename T, typename GlobPtrType>
void fence_local(const GlobPtrType &gptr) {
  detail::check_onesided(dart_flush_local(gptr.dart_gptr()), "dart_flush_local");
}

/// Starts writing `newval` to *gptr (complete at fence).
template <typename T, typename GlobPtrType>
void put_value_async(const T &newval, const GlobPtrType &gptr) {
  internal::put(gptr.dart_gptr(), &newval, 1);
}

/// Starts reading *gptr into *ptr (complete at fence_local).
template <typename T, typename GlobPtrType>
void get_value_async(T *ptr, const GlobPtrType &gptr) {
  internal::get(gptr.dart_gptr(), ptr, 1);
}

/// Writes `newval` to *gptr; visible at the target on return.
template <typename T, typename GlobPtrType>
void put_value(const T &newval, const GlobPtrType &gptr) {
  internal::put_blocking(gptr.dart_gptr(), &newval, 1);
}

/// Reads *gptr into *ptr.
template <typename T, typename GlobPtrType>
void get_value(T *ptr, const GlobPtrType &gptr) {
  internal::get_blocking(gptr.dart_gptr(), ptr, 1);
}

}  // namespace dash

#endif  // DASH_ONESIDED_H
