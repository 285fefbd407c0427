#ifndef DASH_ALGORITHM_EQUAL_H
#define DASH_ALGORITHM_EQUAL_H

// equal: mismatch that finds no difference (the same local comparison and
// one allreduce). Any patterns. Collective over the first container's team;
// every unit gets the result.

#include <cstddef>
#include <functional>

#include <dash/algorithm/Mismatch.h>
#include <dash/GlobPtr.h>
#include <dash/algorithm/LocalRange.h>
#include <dash/algorithm/Operation.h>
#include <dash/iterator/GlobIter.h>

namespace dash {

/// True if first1[i] == first2[i] (pred) for every position of
/// [first1, last1).
template <typename T1, typename T2, std::size_t N, typename P, std::size_t M, typename Q,
          typename Pred = std::equal_to<>>
bool equal(GlobPtr<T1, N, P> first1, GlobPtr<T1, N, P> last1, GlobPtr<T2, M, Q> first2, Pred pred = Pred()) {
  return dash::mismatch(first1, last1, first2, pred).first == last1;
}

}  // namespace dash

#endif  // DASH_ALGORITHM_EQUAL_H
