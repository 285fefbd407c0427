#ifndef DASH_RANGE_H
#define DASH_RANGE_H

// dash::begin / dash::end, as in DASH: the iterators of any range
// (containers, views, local ranges, index ranges). dash::IteratorRange and
// dash::make_range: a range of an iterator pair (global or local).

#include <cstddef>
#include <iterator>
#include <type_traits>
#include <utility>

#include <dash/Types.h>

namespace dash {

template <typename Range>
constexpr auto begin(Range &&range) -> decltype(std::forward<Range>(range).begin()) {
  return std::forward<Range>(range).begin();
}
template <typename Range>
constexpr auto end(Range &&range) -> decltype(std::forward<Range>(range).end()) {
  return std::forward<Range>(range).end();
}

/// The elements [begin, end) of an iterator pair as a range. Unlike DASH's
/// (which refers to the iterators it was made from), it holds copies, so a
/// range made of temporaries stays valid.
template <typename Iterator, typename Sentinel = Iterator>
class IteratorRange {
 public:
  using iterator = std::remove_const_t<Iterator>;
  using sentinel = std::remove_const_t<Sentinel>;
  using index_type = default_index_t;
  using value_type = typename std::iterator_traits<iterator>::value_type;

  constexpr IteratorRange(const iterator &begin, const sentinel &end) : begin_(begin), end_(end) {}
  /// The range of a container's begin() and end().
  template <class Container, typename = std::enable_if_t<!std::is_convertible_v<Container, iterator>>>
  constexpr explicit IteratorRange(Container &&c) : begin_(c.begin()), end_(c.end()) {}

  constexpr iterator begin() const { return begin_; }
  constexpr sentinel end() const { return end_; }
  constexpr std::size_t size() const { return static_cast<std::size_t>(std::distance(begin_, end_)); }
  constexpr bool empty() const { return begin_ == end_; }

  /// The calling unit's part as a range of raw pointers (a range of raw
  /// pointers is its own local range).
  constexpr auto local() const {
    if constexpr (std::is_pointer_v<iterator>)
      return *this;
    else
      return IteratorRange<decltype(begin_.local()), decltype(end_.local())>(begin_.local(), end_.local());
  }
  /// The pattern of the container the iterators walk (global iterators).
  constexpr decltype(auto) pattern() const { return begin_.pattern(); }

 private:
  iterator begin_;
  sentinel end_;
};

/// The range [begin, end).
template <typename Iterator, typename Sentinel>
constexpr IteratorRange<Iterator, Sentinel> make_range(const Iterator &begin, const Sentinel &end) {
  return IteratorRange<Iterator, Sentinel>(begin, end);
}

}  // namespace dash

#endif  // DASH_RANGE_H
