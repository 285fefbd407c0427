#ifndef DASH_ALGORITHM_COPY_H
#define DASH_ALGORITHM_COPY_H

// copy between a global range and a local buffer, in either direction: one
// transfer per unit block (strided for blocks of a matrix view), never one
// per element. These are one-sided: any unit may call them alone, for any
// range. copy_async starts the same transfers and returns a dash::Future;
// the buffer must stay untouched until it completes (wait()/get()). The
// buffer's element type may differ from the range's as DASH allows
// (internal::is_dash_copyable: int <-> unsigned, not int <-> long).
//
// copy between two global ranges is collective over the source's team:
// the team synchronizes, every unit writes its own source elements to the
// destination, and the team synchronizes again. Both containers must be on
// the same team; the ranges must not overlap.

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <dash/internal/GlobalRange.h>
#include <dash/internal/Transfer.h>
#include <dash/Future.h>
#include <dash/GlobPtr.h>
#include <dash/Iterator.h>
#include <dash/internal/Config.h>

namespace dash {

namespace internal {

/// DASH's rule for the element types dash::copy may copy between (the
/// bytes are moved unchanged): the same type up to cv-qualification, or
/// integral to integral and floating point to floating point of the same
/// size (signed <-> unsigned).
template <typename FromType, typename ToType>
struct is_dash_copyable
    : std::bool_constant<std::is_same_v<std::remove_cv_t<FromType>, std::remove_cv_t<ToType>> ||
                         (((std::is_integral_v<FromType> && std::is_integral_v<ToType>) ||
                           (std::is_floating_point_v<FromType> && std::is_floating_point_v<ToType>)) &&
                          sizeof(FromType) == sizeof(ToType))> {};

template <typename It>
struct is_glob_ptr : std::false_type {};
template <typename T, std::size_t N, typename P>
struct is_glob_ptr<GlobPtr<T, N, P>> : std::true_type {};

}  // namespace internal

/// Starts copying [first, last) into out[0 .. last - first).
template <typename T, std::size_t N, typename P, typename ValueType>
Future<ValueType *> copy_async(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, ValueType *out) {
  static_assert(!std::is_const_v<ValueType>, "dash::copy: cannot write to a const buffer");
  static_assert(internal::is_dash_copyable<T, ValueType>::value,
                "dash::copy: the element types must be the same, or arithmetic of the same kind and size");
  using V = std::remove_const_t<T>;
  auto r = detail::make_range(first, last, "dash::copy_async");
  detail::Transfers transfers;
  detail::start_transfer(*r.core, r.view, r.first, r.last, reinterpret_cast<V *>(out), false, transfers);
  return Future<ValueType *>(out + r.size(), std::move(transfers));
}

/// Copies [first, last) into out[0 .. last - first); returns the end of
/// the written buffer.
template <typename T, std::size_t N, typename P, typename ValueType>
ValueType *copy(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, ValueType *out) {
  return copy_async(first, last, out).get();
}

/// The same, called with DASH's explicit template arguments
/// copy<ValueType, GlobInputIt, UseHandles>(...); UseHandles only picks
/// DASH's transfer strategy, the result is the same.
template <typename ValueType, typename GlobInputIt, bool UseHandles = false,
          typename = std::enable_if_t<internal::is_glob_ptr<GlobInputIt>::value>>
ValueType *copy(GlobInputIt first, GlobInputIt last, ValueType *out) {
  return copy_async(first, last, out).get();
}

/// Starts copying the local buffer [first, last) to the global range
/// starting at out (last may be const where first is not).
template <typename ValueType, typename T, std::size_t N, typename P>
Future<GlobPtr<T, N, P>> copy_async(ValueType *first, std::add_const_t<ValueType> *last,
                                    GlobPtr<T, N, P> out) {
  static_assert(!std::is_const_v<T>, "dash::copy: cannot write to a const range");
  static_assert(internal::is_dash_copyable<ValueType, T>::value,
                "dash::copy: the element types must be the same, or arithmetic of the same kind and size");
  std::size_t n = static_cast<std::size_t>(last - first);
  auto r = detail::make_range(out, out + static_cast<std::ptrdiff_t>(n), "dash::copy_async");
  detail::Transfers transfers;
  T *buf = reinterpret_cast<T *>(const_cast<std::remove_const_t<ValueType> *>(first));
  detail::start_transfer(*r.core, r.view, r.first, r.last, buf, true, transfers);
  return Future<GlobPtr<T, N, P>>(out + static_cast<std::ptrdiff_t>(n), std::move(transfers));
}

/// Copies the local buffer [first, last) to the global range starting at
/// out; returns the end of the written range.
template <typename ValueType, typename T, std::size_t N, typename P>
GlobPtr<T, N, P> copy(ValueType *first, std::add_const_t<ValueType> *last, GlobPtr<T, N, P> out) {
  return copy_async(first, last, out).get();
}

/// Copies the local range [first, last) to the local buffer out (std::copy;
/// for ranges that are plain memory, e.g. a local view's row). Returns the
/// end of the written buffer.
template <typename ValueType, typename OutputType>
OutputType *copy(ValueType *first, std::add_const_t<ValueType> *last, OutputType *out) {
  static_assert(!std::is_const_v<OutputType>, "dash::copy: cannot write to a const buffer");
  return std::copy(static_cast<const ValueType *>(first), last, out);
}

/// As copy between local ranges, as a ready future.
template <typename ValueType, typename OutputType>
Future<OutputType *> copy_async(ValueType *first, std::add_const_t<ValueType> *last, OutputType *out) {
  return Future<OutputType *>(dash::copy(first, last, out), detail::Transfers{});
}

/// Copies the global range [first, last) to the global range starting at
/// out (any patterns). Collective over the team of both containers.
template <typename T, typename U, std::size_t N, typename P, std::size_t M, typename Q,
          typename = std::enable_if_t<std::is_same_v<std::remove_const_t<T>, U>>>
GlobPtr<U, M, Q> copy(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, GlobPtr<U, M, Q> out) {
  auto in = detail::make_range(first, last, "dash::copy");
  auto dst = detail::make_range(out, out + static_cast<std::ptrdiff_t>(in.size()), "dash::copy");
  if (in.team() != dst.team())
    throw std::invalid_argument(
        "dash::copy: global-to-global copy needs both containers on the "
        "same team");
  in.team().barrier();  // the destination's owners are done with it
  detail::Transfers transfers;
  detail::for_each_local(in, [&](U *data, const detail::LocalPiece &piece) {
    std::size_t at = dst.first + (piece.pos - in.first);
    detail::start_transfer(*dst.core, dst.view, at, at + piece.len, data, true, transfers);
  });
  transfers.wait();
  in.team().barrier();
  return out + static_cast<std::ptrdiff_t>(in.size());
}

}  // namespace dash

#endif  // DASH_ALGORITHM_COPY_H
