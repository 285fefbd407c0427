#ifndef DASH_UTIL_INDEXSEQUENCE_H
#define DASH_UTIL_INDEXSEQUENCE_H

// Compile-time index sequences under DASH's names (dash::ce): the standard
// ones, and a descending one (make_rev_index_sequence<3>: 2, 1, 0).

#include <cstddef>
#include <utility>

namespace dash::ce {

template <std::size_t... Is>
using index_sequence = std::index_sequence<Is...>;

/// 0, 1, ..., N-1.
template <std::size_t N>
using make_index_sequence = std::make_index_sequence<N>;

namespace detail {
template <std::size_t N, std::size_t... Is>
std::index_sequence<(N - 1 - Is)...> reversed(std::index_sequence<Is...>);
}  // namespace detail

/// N-1, ..., 1, 0.
template <std::size_t N>
using make_rev_index_sequence = decltype(detail::reversed<N>(std::make_index_sequence<N>()));

}  // namespace dash::ce

#endif  // DASH_UTIL_INDEXSEQUENCE_H
