#ifndef DASH_ALGORITHM_EQUAL_H
#define DASH_ALGORITHM_EQUAL_H

// equal: each unit compares its own elements of the first range with the
// corresponding elements of the second (through plain pointers when both
// ranges match element by element, else fetched with bulk copies), then one
// allreduce combines the answers. Any patterns. Collective over the first
// container's team; every unit gets the result.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <type_traits>
#include <vector>

#include <dash/detail/range.h>
#include <dash/detail/transfer.h>
#include <dash/GlobPtr.h>

namespace dash {

/// True if first1[i] == first2[i] (pred) for every position of
/// [first1, last1).
template <typename T1, typename T2, std::size_t N, std::size_t M, typename Pred = std::equal_to<>>
bool equal(GlobPtr<T1, N> first1, GlobPtr<T1, N> last1, GlobPtr<T2, M> first2, Pred pred = Pred()) {
  auto a = detail::make_range(first1, last1, "dash::equal");
  auto b = detail::make_range(first2, first2 + static_cast<std::ptrdiff_t>(a.size()), "dash::equal");
  bool aligned = false;
  if constexpr (N == M)
    aligned =
        a.core->pattern == b.core->pattern && a.team() == b.team() && a.view == b.view && a.first == b.first;
  std::int64_t differ = 0;
  std::vector<std::remove_const_t<T2>> other;
  detail::for_each_local(a, [&](auto *data, const detail::LocalPiece &piece) {
    if (differ) return;
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
        differ = 1;
        return;
      }
  });
  return detail::allreduce_i64(a.team(), differ, DART_OP_MAX) == 0;
}

}  // namespace dash

#endif  // DASH_ALGORITHM_EQUAL_H
