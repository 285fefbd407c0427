#ifndef DASH_ALGORITHM_MISMATCH_H
#define DASH_ALGORITHM_MISMATCH_H

// mismatch: the first position where two global ranges differ. Each unit
// compares its own elements of the first range with the corresponding
// elements of the second (fetched with bulk copies unless both ranges
// match element by element), then one allreduce takes the first
// difference. Any patterns. Collective over the first container's team;
// every unit gets the result.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include <dash/internal/GlobalRange.h>
#include <dash/internal/Transfer.h>
#include <dash/GlobPtr.h>
#include <dash/Array.h>
#include <dash/iterator/GlobIter.h>
#include <dash/algorithm/LocalRange.h>
#include <dash/algorithm/Operation.h>

namespace dash {

/// The first pair (first1 + i, first2 + i) with !pred(first1[i],
/// first2[i]), or (last1, first2 + (last1 - first1)) if there is none.
/// The second range must have at least last1 - first1 elements.
template <typename T1, typename T2, std::size_t N, typename P, std::size_t M, typename Q,
          typename Pred = std::equal_to<>>
std::pair<GlobPtr<T1, N, P>, GlobPtr<T2, M, Q>> mismatch(GlobPtr<T1, N, P> first1, GlobPtr<T1, N, P> last1,
                                                         GlobPtr<T2, M, Q> first2, Pred pred = Pred()) {
  auto a = detail::make_range(first1, last1, "dash::mismatch");
  auto b = detail::make_range(first2, first2 + static_cast<std::ptrdiff_t>(a.size()), "dash::mismatch");
  bool aligned = false;
  if constexpr (std::is_same_v<P, Q>)
    aligned =
        a.core->pattern == b.core->pattern && a.team() == b.team() && a.view == b.view && a.first == b.first;
  constexpr std::int64_t none = std::numeric_limits<std::int64_t>::max();
  std::int64_t mine = none;
  std::vector<std::remove_const_t<T2>> other;
  detail::for_each_local(a, [&](auto *data, const detail::LocalPiece &piece) {
    if (mine != none) return;  // pieces come in range order
    const std::remove_const_t<T2> *theirs;
    if (aligned) {
      theirs = b.core->mem.local() + piece.lindex;
    } else {
      other.resize(piece.len);
      std::size_t at = b.first + (piece.pos - a.first);
      detail::Transfers transfers;
      detail::start_transfer(*b.core, b.view, at, at + piece.len, other.data(), false, transfers);
      transfers.wait();
      theirs = other.data();
    }
    for (std::size_t i = 0; i < piece.len; ++i)
      if (!pred(data[i], theirs[i])) {
        mine = static_cast<std::int64_t>(piece.pos - a.first + i);
        return;
      }
  });
  std::int64_t found = detail::allreduce_i64(a.team(), mine, DART_OP_MIN);
  std::ptrdiff_t offset = found == none ? static_cast<std::ptrdiff_t>(a.size()) : found;
  return {first1 + offset, first2 + offset};
}

/// As above over the first min(last1 - first1, last2 - first2) positions
/// (DASH's and std's four-iterator form).
template <typename T1, typename T2, std::size_t N, typename P, std::size_t M, typename Q,
          typename Pred = std::equal_to<>>
std::pair<GlobPtr<T1, N, P>, GlobPtr<T2, M, Q>> mismatch(GlobPtr<T1, N, P> first1, GlobPtr<T1, N, P> last1,
                                                         GlobPtr<T2, M, Q> first2, GlobPtr<T2, M, Q> last2,
                                                         Pred pred = Pred()) {
  auto n = std::min(last1 - first1, last2 - first2);
  if (n < 0) n = 0;
  return dash::mismatch(first1, first1 + n, first2, pred);
}

}  // namespace dash

#endif  // DASH_ALGORITHM_MISMATCH_H
