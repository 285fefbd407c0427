#ifndef DASH_ALGORITHM_COPY_H
#define DASH_ALGORITHM_COPY_H

// copy between a global range and a local buffer, in either direction: one
// transfer per unit block (strided for blocks of a matrix view), never one
// per element. These are one-sided: any unit may call them alone, for any
// range. copy_async starts the same transfers and returns a dash::Future;
// the buffer must stay untouched until it completes (wait()/get()).
//
// copy between two global ranges is collective over the source's team:
// the team synchronizes, every unit writes its own source elements to the
// destination, and the team synchronizes again. Both containers must be on
// the same team; the ranges must not overlap.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <dash/detail/range.h>
#include <dash/detail/transfer.h>
#include <dash/Future.h>
#include <dash/GlobPtr.h>

namespace dash {

/// Starts copying [first, last) into out[0 .. last - first).
template <typename T, std::size_t N, typename P>
Future<std::remove_const_t<T> *> copy_async(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last,
                                            std::remove_const_t<T> *out) {
  auto r = detail::make_range(first, last, "dash::copy_async");
  detail::Transfers transfers;
  detail::start_transfer(*r.core, r.view, r.first, r.last, out, false, transfers);
  return Future<std::remove_const_t<T> *>(out + r.size(), std::move(transfers));
}

/// Copies [first, last) into out[0 .. last - first); returns the end of
/// the written buffer.
template <typename T, std::size_t N, typename P>
std::remove_const_t<T> *copy(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, std::remove_const_t<T> *out) {
  return copy_async(first, last, out).get();
}

/// Starts copying the local buffer [first, last) to the global range
/// starting at out.
template <typename T, std::size_t N, typename P>
Future<GlobPtr<T, N, P>> copy_async(const T *first, const T *last, GlobPtr<T, N, P> out) {
  static_assert(!std::is_const_v<T>, "dash::copy: cannot write to a const range");
  std::size_t n = static_cast<std::size_t>(last - first);
  auto r = detail::make_range(out, out + static_cast<std::ptrdiff_t>(n), "dash::copy_async");
  detail::Transfers transfers;
  detail::start_transfer(*r.core, r.view, r.first, r.last, const_cast<T *>(first), true, transfers);
  return Future<GlobPtr<T, N, P>>(out + static_cast<std::ptrdiff_t>(n), std::move(transfers));
}

/// Copies the local buffer [first, last) to the global range starting at
/// out; returns the end of the written range.
template <typename T, std::size_t N, typename P>
GlobPtr<T, N, P> copy(const T *first, const T *last, GlobPtr<T, N, P> out) {
  return copy_async(first, last, out).get();
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
