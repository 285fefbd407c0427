#ifndef DASH_ALGORITHM_TRANSFORM_H
#define DASH_ALGORITHM_TRANSFORM_H

// transform.
//
// Element by element, a binary transform computes
//   out[i] = b[i] op a[i]   for DASH's operations (dash::plus, ...: the
//                           DART accumulate order, DASH's "B = op(B, A)")
//   out[i] = op(a[i], b[i]) for any other function, as std::transform.
//
// Global input range a (collective over the team of a, which must be the
// team of b and out; the team synchronizes at the end): ranges that
// match element by element (same pattern, view and positions) are
// computed by every unit on its own elements with plain pointers, without
// communication; any other ranges of any patterns too: each unit reads
// the b elements matching its own a elements with bulk copies and writes
// the results with bulk copies, or, for b == out and a DASH operation,
// with atomic accumulates (DASH's MPI_Accumulate semantics).
//
// Local input range a (any iterators that are not global; not
// collective, one-sided as DASH's): for b == out and a DASH operation the
// values are accumulated atomically into out (every unit may add to the
// same elements at once); otherwise b is read, combined and written with
// bulk copies (not atomic).
//
// The unary transform out[i] = op(a[i]) works on matching global ranges.

#include <cstddef>
#include <iterator>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <dart/communication.h>
#include <dash/algorithm/LocalRange.h>
#include <dash/algorithm/Operation.h>
#include <dash/internal/DartType.h>
#include <dash/internal/GlobalRange.h>
#include <dash/internal/Transfer.h>
#include <dash/Future.h>
#include <dash/GlobPtr.h>
#include <dash/GlobAsyncRef.h>
#include <dash/GlobRef.h>
#include <dash/Iterator.h>
#include <dash/internal/Config.h>
#include <dash/util/Trace.h>
#include <dash/internal/ReadAhead.h>

namespace dash {

namespace detail {

template <typename A, typename B, std::size_t N, typename P>
void require_aligned(const Range<A, N, P> &a, const Range<B, N, P> &b, const char *what, const char *name) {
  const char *problem = nullptr;
  if (a.core->pattern != b.core->pattern)
    problem = "has a different pattern (extents, distribution or unit grid)";
  else if (a.team() != b.team())
    problem = "is on a different team";
  else if (a.view != b.view || a.first != b.first)
    problem = "starts at a different position or view";
  if (problem)
    throw std::invalid_argument(std::string(what) + ": " + name + " " + problem +
                                " than the input range; transform needs ranges that match "
                                "element by element (copy the data first)");
}

/// True if the two ranges match element by element on the same units.
template <typename A, std::size_t N, typename P, typename B, std::size_t M, typename Q>
bool aligned(const Range<A, N, P> &a, const Range<B, M, Q> &b) {
  if constexpr (N == M && std::is_same_v<P, Q>)
    return a.core->pattern == b.core->pattern && a.team() == b.team() && a.view == b.view &&
           a.first == b.first;
  return false;
}

/// The range of n positions starting at `first`, checked.
template <typename T, std::size_t N, typename P>
auto range_from(const GlobPtr<T, N, P> &first, std::size_t n, const char *what) {
  return make_range(first, first + static_cast<std::ptrdiff_t>(n), what);
}

/// The two ranges are the same elements.
template <typename A, std::size_t N, typename P, typename B, std::size_t M, typename Q>
bool same_range(const GlobPtr<A, N, P> &a, const GlobPtr<B, M, Q> &b) {
  if constexpr (N == M && std::is_same_v<P, Q> &&
                std::is_same_v<std::remove_const_t<A>, std::remove_const_t<B>>)
    return a.core() == b.core() && a.view() == b.view() && a.pos() == b.pos();
  return false;
}

/// A DASH operation: computes b op a (the accumulate order).
template <typename Op>
constexpr bool is_dash_operation_v = internal::has_dart_operation<Op>::value;

/// One element of a binary transform (see the top of the file).
template <typename Op, typename A, typename B>
decltype(auto) transform_element(Op &op, const A &a, const B &b) {
  if constexpr (is_dash_operation_v<Op>)
    return op(b, a);
  else
    return op(a, b);
}

/// Atomically out[first + i] = out[first + i] op values[i] for positions
/// [first, last) of `view` of `core`, one accumulate per unit run or
/// strided group; complete on return.
template <typename T, std::size_t N, typename P>
void accumulate_into(const ArrayCore<T, N, P> &core, const Block<N> &view, std::size_t first,
                     std::size_t last, const T *values, dart_operation_t op) {
  constexpr dart_datatype_t type = dart_type<T>();
  static_assert(type != DART_TYPE_UNDEFINED,
                "dash::transform: DASH's operations accumulate atomically, on arithmetic element types");
  std::vector<dart_gptr_t> targets;
  for (const TransferGroup &g : transfer_plan(core.pattern, view, first, last)) {
    for (std::size_t i = 0; i < g.count; ++i) {
      dart_gptr_t target = core.mem.gptr(g.unit, g.lindex + i * g.lstride);
      check(dart_accumulate(target, values + g.pos + i * g.pstride, g.len, type, op), "dart_accumulate");
      if (i == 0) targets.push_back(target);
    }
  }
  for (const dart_gptr_t &target : targets) check(dart_flush(target), "dart_flush");
  read_ahead_invalidate();
}

/// Reads positions [first, first + n) of a global range into a buffer.
template <typename T, std::size_t N, typename P>
std::vector<std::remove_const_t<T>> read_range(const Range<T, N, P> &r, std::size_t first, std::size_t n) {
  std::vector<std::remove_const_t<T>> buf(n);
  Transfers transfers;
  start_transfer(*r.core, r.view, first, first + n, buf.data(), false, transfers);
  transfers.wait();
  return buf;
}

/// Writes `values` (n of them) to positions [first, first + n) of a global
/// range, or accumulates them there with the DART operation op.
template <typename U, std::size_t N, typename P>
void write_range(const Range<U, N, P> &r, std::size_t first, std::vector<U> &values, dart_operation_t op) {
  if (op != DART_OP_UNDEFINED)
    return accumulate_into(*r.core, r.view, first, first + values.size(), values.data(), op);
  Transfers transfers;
  start_transfer(*r.core, r.view, first, first + values.size(), values.data(), true, transfers);
  transfers.wait();
}

}  // namespace detail

/// out[i] = op(first[i]) for every position of [first, last); the ranges
/// must match element by element (std::invalid_argument otherwise).
/// Returns the end of the output range. Collective.
template <typename T, typename U, std::size_t N, typename P, typename Op>
GlobPtr<U, N, P> transform(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, GlobPtr<U, N, P> out, Op op) {
  auto in = detail::make_range(first, last, "dash::transform");
  auto dst = detail::range_from(out, in.size(), "dash::transform");
  detail::require_aligned(in, dst, "dash::transform", "the output range");
  auto *out_base = dst.core->mem.local();
  detail::for_each_local(in, [&](auto *data, const detail::LocalPiece &piece) {
    auto *o = out_base + piece.lindex;
    for (std::size_t i = 0; i < piece.len; ++i) o[i] = op(data[i]);
  });
  in.team().barrier();
  return out + static_cast<std::ptrdiff_t>(in.size());
}

/// The binary transform of the global ranges [first1, last1) and
/// [first2, ...) into out (see the top of the file); returns the end of
/// the output range. Collective over the team of the first range.
template <typename T1, std::size_t N1, typename P1, typename T2, std::size_t N2, typename P2, typename U,
          std::size_t N3, typename P3, typename Op>
GlobPtr<U, N3, P3> transform(GlobPtr<T1, N1, P1> first1, GlobPtr<T1, N1, P1> last1,
                             GlobPtr<T2, N2, P2> first2, GlobPtr<U, N3, P3> out, Op op) {
  static_assert(!std::is_const_v<U>, "dash::transform: cannot write to a const range");
  auto in1 = detail::make_range(first1, last1, "dash::transform");
  auto in2 = detail::range_from(first2, in1.size(), "dash::transform");
  auto dst = detail::range_from(out, in1.size(), "dash::transform");
  if (in1.team() != dst.team() || in1.team() != in2.team())
    throw std::invalid_argument("dash::transform: the input and output ranges are on different teams");
  if (detail::aligned(in1, in2) && detail::aligned(in1, dst)) {
    // Each unit computes its own elements in place.
    const auto *in2_base = in2.core->mem.local();
    auto *out_base = dst.core->mem.local();
    detail::for_each_local(in1, [&](auto *data, const detail::LocalPiece &piece) {
      const auto *b = in2_base + piece.lindex;
      auto *o = out_base + piece.lindex;
      for (std::size_t i = 0; i < piece.len; ++i) o[i] = detail::transform_element(op, data[i], b[i]);
    });
  } else {
    // The team's ranges differ in layout: read b and write out in bulk per
    // local piece of a. No unit may change b before all have read it.
    in1.team().barrier();
    dart_operation_t acc = DART_OP_UNDEFINED;
    if constexpr (detail::is_dash_operation_v<Op>)
      if (detail::same_range(first2, out)) acc = Op::dart_operation();
    std::vector<U> values;
    detail::for_each_local(in1, [&](auto *data, const detail::LocalPiece &piece) {
      std::size_t at = piece.pos - in1.first;
      values.resize(piece.len);
      if (acc != DART_OP_UNDEFINED) {
        for (std::size_t i = 0; i < piece.len; ++i) values[i] = static_cast<U>(data[i]);
      } else {
        auto b = detail::read_range(in2, in2.first + at, piece.len);
        for (std::size_t i = 0; i < piece.len; ++i)
          values[i] = static_cast<U>(detail::transform_element(op, data[i], b[i]));
      }
      detail::write_range(dst, dst.first + at, values, acc);
    });
  }
  in1.team().barrier();
  return out + static_cast<std::ptrdiff_t>(in1.size());
}

/// The binary transform of the local range [first1, last1) (any iterators
/// that are not global) and the global range [first2, ...) into out (see
/// the top of the file); not collective. Returns the end of the output
/// range.
template <typename InputIt, typename T2, std::size_t N2, typename P2, typename U, std::size_t N3, typename P3,
          typename Op, typename = std::enable_if_t<!detail::is_glob_ptr<InputIt>::value>>
GlobPtr<U, N3, P3> transform(InputIt first1, InputIt last1, GlobPtr<T2, N2, P2> first2,
                             GlobPtr<U, N3, P3> out, Op op) {
  static_assert(!std::is_const_v<U>, "dash::transform: cannot write to a const range");
  std::vector<U> values;
  for (InputIt it = first1; it != last1; ++it) values.push_back(static_cast<U>(*it));
  const std::size_t n = values.size();
  auto dst = detail::range_from(out, n, "dash::transform");
  dart_operation_t acc = DART_OP_UNDEFINED;
  if constexpr (detail::is_dash_operation_v<Op>)
    if (detail::same_range(first2, out)) acc = Op::dart_operation();
  if (acc == DART_OP_UNDEFINED && n > 0) {
    auto in2 = detail::range_from(first2, n, "dash::transform");
    auto b = detail::read_range(in2, in2.first, n);
    for (std::size_t i = 0; i < n; ++i)
      values[i] = static_cast<U>(detail::transform_element(op, values[i], b[i]));
  }
  if (n > 0) detail::write_range(dst, dst.first, values, acc);
  return out + static_cast<std::ptrdiff_t>(n);
}

}  // namespace dash

#endif  // DASH_ALGORITHM_TRANSFORM_H
