#ifndef DASH_ALGORITHM_TRANSFORM_H
#define DASH_ALGORITHM_TRANSFORM_H

// transform between ranges with the same pattern: every unit computes its
// own output elements from its own input elements, with plain pointers and
// no communication, then the team synchronizes. The ranges must correspond
// element by element on the same units: same pattern, same team, same view
// extents and the same positions; otherwise std::invalid_argument.
// In-place (out == first) is allowed. Collective over the team.

#include <cstddef>
#include <stdexcept>
#include <string>

#include <dash/detail/range.h>
#include <dash/GlobPtr.h>

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

/// The range of n positions starting at `first`, checked.
template <typename T, std::size_t N, typename P>
auto range_from(const GlobPtr<T, N, P> &first, std::size_t n, const char *what) {
  return make_range(first, first + static_cast<std::ptrdiff_t>(n), what);
}

}  // namespace detail

/// out[i] = op(first[i]) for every position of [first, last); returns the
/// end of the output range.
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

/// out[i] = op(first1[i], first2[i]) for every position of [first1, last1);
/// returns the end of the output range.
template <typename T1, typename T2, typename U, std::size_t N, typename P, typename Op>
GlobPtr<U, N, P> transform(GlobPtr<T1, N, P> first1, GlobPtr<T1, N, P> last1, GlobPtr<T2, N, P> first2,
                           GlobPtr<U, N, P> out, Op op) {
  auto in1 = detail::make_range(first1, last1, "dash::transform");
  auto in2 = detail::range_from(first2, in1.size(), "dash::transform");
  auto dst = detail::range_from(out, in1.size(), "dash::transform");
  detail::require_aligned(in1, in2, "dash::transform", "the second input range");
  detail::require_aligned(in1, dst, "dash::transform", "the output range");
  const auto *in2_base = in2.core->mem.local();
  auto *out_base = dst.core->mem.local();
  detail::for_each_local(in1, [&](auto *data, const detail::LocalPiece &piece) {
    const auto *b = in2_base + piece.lindex;
    auto *o = out_base + piece.lindex;
    for (std::size_t i = 0; i < piece.len; ++i) o[i] = op(data[i], b[i]);
  });
  in1.team().barrier();
  return out + static_cast<std::ptrdiff_t>(in1.size());
}

}  // namespace dash

#endif  // DASH_ALGORITHM_TRANSFORM_H
