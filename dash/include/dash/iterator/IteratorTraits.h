#ifndef DASH_ITERATOR_ITERATORTRAITS_H
#define DASH_ITERATOR_ITERATORTRAITS_H

// dash::iterator_traits<It>: std::iterator_traits plus whether It is a
// global iterator (is_global_iterator) and its index type (It::index_type,
// else dash::default_index_t).

#include <cstddef>
#include <iterator>
#include <type_traits>

#include <dash/GlobPtr.h>
#include <dash/iterator/GlobAsyncIter.h>
#include <dash/Types.h>

namespace dash {

namespace detail {

template <typename Iterator>
struct is_global_iterator : std::false_type {};
template <typename T, std::size_t N, typename P>
struct is_global_iterator<GlobPtr<T, N, P>> : std::true_type {};
template <typename T, class P, class... Rest>
struct is_global_iterator<GlobAsyncIter<T, P, Rest...>> : std::true_type {};

template <class Iterator, class = void>
struct iterator_traits_index_type {
  using type = dash::default_index_t;
};
template <class Iterator>
struct iterator_traits_index_type<Iterator, std::void_t<typename Iterator::index_type>> {
  using type = typename Iterator::index_type;
};

}  // namespace detail

template <typename Iterator>
struct iterator_traits : std::iterator_traits<Iterator> {
  using is_global_iterator = typename detail::is_global_iterator<Iterator>;
  using index_type = typename detail::iterator_traits_index_type<Iterator>::type;
  using value_type = typename std::iterator_traits<Iterator>::value_type;
};

}  // namespace dash

#endif  // DASH_ITERATOR_ITERATORTRAITS_H
