#ifndef DASH_ALGORITHM_GENERATE_H
#define DASH_ALGORITHM_GENERATE_H

// generate, generate_with_index: each unit writes its own elements of the
// range through plain pointers, calling the generator for them in range
// order, then the team synchronizes (the writes are visible everywhere on
// return). Collective over the container's team.

#include <algorithm>
#include <cstddef>

#include <dash/internal/GlobalRange.h>
#include <dash/GlobPtr.h>
#include <dash/algorithm/LocalRange.h>
#include <dash/algorithm/Operation.h>
#include <dash/iterator/GlobIter.h>

namespace dash {

/// Assigns gen() to every element; each unit calls gen for its own
/// elements, in range order.
template <typename T, std::size_t N, typename P, typename Gen>
void generate(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, Gen gen) {
  auto r = detail::make_range(first, last, "dash::generate");
  detail::for_each_local(
      r, [&](auto *data, const detail::LocalPiece &piece) { std::generate_n(data, piece.len, gen); });
  r.team().barrier();
}

/// Assigns gen(gindex) to every element, gindex its linear global index in
/// the container.
template <typename T, std::size_t N, typename P, typename Gen>
void generate_with_index(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, Gen gen) {
  auto r = detail::make_range(first, last, "dash::generate_with_index");
  detail::for_each_local(r, [&](auto *data, const detail::LocalPiece &piece) {
    for (std::size_t i = 0; i < piece.len; ++i) data[i] = gen(piece.gindex + i);
  });
  r.team().barrier();
}

}  // namespace dash

#endif  // DASH_ALGORITHM_GENERATE_H
