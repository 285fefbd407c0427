#ifndef DASH_ALGORITHM_REDUCE_H
#define DASH_ALGORITHM_REDUCE_H

// reduce / accumulate. Collective; every unit gets the result. op must be
// associative and commutative (as for std::reduce).
//
// On a global range (over the container's team): each unit reduces its own
// elements through plain pointers. On local ranges (any iterators that are
// not global, over `team`, as MPI_Allreduce): each unit reduces its own
// range. Then one allgather combines the units' partial results, in unit
// order, so that every unit gets the same result; units without elements
// take no part. The result is init op (the elements' reduction), of the
// elements' type, as DASH's (accumulate keeps the type of init).

#include <cstddef>
#include <functional>
#include <iterator>
#include <type_traits>

#include <dash/algorithm/LocalRange.h>
#include <dash/algorithm/MinMax.h>
#include <dash/algorithm/Operation.h>
#include <dash/internal/GlobalRange.h>
#include <dash/GlobPtr.h>
#include <dash/Team.h>
#include <dash/iterator/GlobIter.h>
#include <dash/iterator/IteratorTraits.h>

namespace dash {

namespace detail {

/// Combines the units' partial results in unit order, then init op that.
template <typename R, typename V, typename Init, typename Op>
R combine_partials(const Team &team, const Partial<V> &mine, const Init &init, Op &op) {
  static_assert(std::is_trivially_copyable_v<V>, "dash::reduce: the elements are exchanged as bytes");
  Partial<V> total{V{}, 0, 0};
  for (const auto &part : allgather_value(team, mine)) {
    if (!part.valid) continue;
    total = total.valid ? Partial<V>{op(total.value, part.value), 0, 1} : part;
  }
  if (!total.valid) return static_cast<R>(init);
  return static_cast<R>(op(init, total.value));
}

}  // namespace detail

/// init op e0 op e1 ... over every unit's local range [first, last), any
/// association and order (DASH's local reduce). Collective over `team`.
/// non_empty is DASH's hint that every unit has elements; any value works.
template <typename LocalInputIter, typename InitType,
          typename BinaryOperation = dash::plus<typename std::iterator_traits<LocalInputIter>::value_type>,
          typename = std::enable_if_t<!detail::is_glob_ptr<LocalInputIter>::value>>
typename std::iterator_traits<LocalInputIter>::value_type reduce(LocalInputIter first, LocalInputIter last,
                                                                 InitType init,
                                                                 BinaryOperation op = BinaryOperation(),
                                                                 bool non_empty = true,
                                                                 const Team &team = Team::All()) {
  (void)non_empty;
  using V = typename std::iterator_traits<LocalInputIter>::value_type;
  detail::Partial<V> mine{V{}, 0, 0};
  if (first != last) {
    V acc = *first;
    for (++first; first != last; ++first) acc = op(acc, *first);
    mine = {acc, 0, 1};
  }
  return detail::combine_partials<V>(team, mine, init, op);
}

/// The sum over every unit's local range [first, last), plus init.
template <typename LocalInputIter,
          typename InitType = typename std::iterator_traits<LocalInputIter>::value_type,
          typename = std::enable_if_t<!detail::is_glob_ptr<LocalInputIter>::value>>
typename std::iterator_traits<LocalInputIter>::value_type reduce(LocalInputIter first, LocalInputIter last,
                                                                 InitType init, bool non_empty,
                                                                 const Team &team = Team::All()) {
  using V = typename std::iterator_traits<LocalInputIter>::value_type;
  return dash::reduce(first, last, init, dash::plus<V>(), non_empty, team);
}

/// init op e0 op e1 ... over the global range [first, last), any
/// association and order.
template <typename T, std::size_t N, typename P, typename InitType,
          typename BinaryOperation = dash::plus<std::remove_const_t<T>>>
std::remove_const_t<T> reduce(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, InitType init,
                              BinaryOperation op = BinaryOperation()) {
  using V = std::remove_const_t<T>;
  auto r = detail::make_range(first, last, "dash::reduce");
  detail::Partial<V> mine{V{}, 0, 0};
  detail::for_each_local(r, [&](auto *data, const detail::LocalPiece &piece) {
    std::size_t i = 0;
    if (!mine.valid) {
      mine = {data[0], 0, 1};
      i = 1;
    }
    for (; i < piece.len; ++i) mine.value = op(mine.value, data[i]);
  });
  return detail::combine_partials<V>(r.team(), mine, init, op);
}

/// The sum of the elements of [first, last).
template <typename T, std::size_t N, typename P>
std::remove_const_t<T> reduce(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last) {
  return dash::reduce(first, last, std::remove_const_t<T>{});
}

/// init op e0 op e1 ... over [first, last) in the type of init, as
/// std::accumulate (op(V, element) -> V; partial results of the units are
/// combined with op(V, V) too). Collective over the container's team.
template <typename T, std::size_t N, typename P, typename V, typename Op = std::plus<>>
V accumulate(GlobPtr<T, N, P> first, GlobPtr<T, N, P> last, V init, Op op = Op()) {
  static_assert(std::is_trivially_copyable_v<V>,
                "dash::accumulate: the result type must be trivially copyable");
  auto r = detail::make_range(first, last, "dash::accumulate");
  detail::Partial<V> mine{V{}, 0, 0};
  detail::for_each_local(r, [&](auto *data, const detail::LocalPiece &piece) {
    std::size_t i = 0;
    if (!mine.valid) {
      mine = {static_cast<V>(data[0]), 0, 1};
      i = 1;
    }
    for (; i < piece.len; ++i) mine.value = op(mine.value, data[i]);
  });
  return detail::combine_partials<V>(r.team(), mine, init, op);
}

}  // namespace dash

#endif  // DASH_ALGORITHM_REDUCE_H
