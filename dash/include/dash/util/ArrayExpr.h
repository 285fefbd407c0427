#ifndef DASH_UTIL_ARRAYEXPR_H
#define DASH_UTIL_ARRAYEXPR_H

// Compile-time list operations on std::array (dash::ce): drop, take, head,
// tail, append (an array or one element), reverse, replace_nth and split.
// Sizes are part of the types; dropping or taking more elements than there
// are gives an empty / the whole array.

#include <array>
#include <cstddef>
#include <initializer_list>
#include <utility>

#include <dash/util/IndexSequence.h>

namespace dash::ce {

namespace detail {
constexpr std::size_t dropped_size(std::size_t n_drop, std::size_t n_elem) {
  return n_drop > n_elem ? 0 : n_elem - n_drop;
}
constexpr std::size_t taken_size(std::size_t n_take, std::size_t n_elem) {
  return n_take > n_elem ? n_elem : n_take;
}
/// The elements at `Offset + Is`.
template <std::size_t Offset, class ValueT, std::size_t NElem, std::size_t... Is>
constexpr std::array<ValueT, sizeof...(Is)> pick(const std::array<ValueT, NElem> &values,
                                                 std::index_sequence<Is...>) {
  return {{std::get<Offset + Is>(values)...}};
}
template <class ValueT, std::size_t NLeft, std::size_t NRight, std::size_t... LIs, std::size_t... RIs>
constexpr std::array<ValueT, NLeft + NRight> join(const std::array<ValueT, NLeft> &left,
                                                  const std::array<ValueT, NRight> &right,
                                                  std::index_sequence<LIs...>, std::index_sequence<RIs...>) {
  return {{std::get<LIs>(left)..., std::get<RIs>(right)...}};
}
}  // namespace detail

/// All but the first NDrop elements.
template <std::size_t NDrop, class ValueT, std::size_t NElem>
constexpr std::array<ValueT, detail::dropped_size(NDrop, NElem)> drop(
    const std::array<ValueT, NElem> &values) {
  return detail::pick<(NDrop > NElem ? NElem : NDrop)>(
      values, std::make_index_sequence<detail::dropped_size(NDrop, NElem)>());
}

/// All but the first element.
template <class ValueT, std::size_t NElem>
constexpr auto tail(const std::array<ValueT, NElem> &values) {
  return drop<1>(values);
}

/// The first NTake elements.
template <std::size_t NTake, class ValueT, std::size_t NElem>
constexpr std::array<ValueT, detail::taken_size(NTake, NElem)> take(const std::array<ValueT, NElem> &values) {
  return detail::pick<0>(values, std::make_index_sequence<detail::taken_size(NTake, NElem)>());
}

/// The first element, as an array of one.
template <class ValueT, std::size_t NElem>
constexpr auto head(const std::array<ValueT, NElem> &values) {
  return take<1>(values);
}

/// An array of NElemLeft + NElemRight values, seen as its two parts.
template <class ValueT, std::size_t NElemLeft, std::size_t NElemRight>
class split {
  static constexpr std::size_t NElem = NElemLeft + NElemRight;

 public:
  constexpr split(const std::array<ValueT, NElem> &values) : values_(values) {}
  /// The first NElemLeft values of the list (missing ones value-initialised).
  constexpr split(const std::initializer_list<ValueT> &values) : values_(from_list(values)) {}

  constexpr std::array<ValueT, NElemLeft> left() const { return take<NElemLeft>(values_); }
  constexpr std::array<ValueT, NElemRight> right() const { return drop<NElemLeft>(values_); }

 private:
  static constexpr std::array<ValueT, NElem> from_list(const std::initializer_list<ValueT> &values) {
    std::array<ValueT, NElem> result{};
    std::size_t i = 0;
    for (const ValueT &v : values) {
      if (i == NElem) break;
      result[i++] = v;
    }
    return result;
  }

  std::array<ValueT, NElem> values_;
};

/// left followed by right.
template <class ValueT, std::size_t NElemLeft, std::size_t NElemRight>
constexpr std::array<ValueT, NElemLeft + NElemRight> append(const std::array<ValueT, NElemLeft> &left,
                                                            const std::array<ValueT, NElemRight> &right) {
  return detail::join(left, right, std::make_index_sequence<NElemLeft>(),
                      std::make_index_sequence<NElemRight>());
}

/// left followed by elem.
template <class ValueT, std::size_t NElemLeft>
constexpr std::array<ValueT, NElemLeft + 1> append(const std::array<ValueT, NElemLeft> &left,
                                                   const ValueT &elem) {
  return append(left, std::array<ValueT, 1>{{elem}});
}

/// The elements in reverse order.
template <class ValueT, std::size_t NElem>
constexpr std::array<ValueT, NElem> reverse(const std::array<ValueT, NElem> &values) {
  return detail::pick<0>(values, make_rev_index_sequence<NElem>());
}

/// The values with the one at index IElem replaced by elem.
template <std::size_t IElem, class ValueT, std::size_t NElem>
constexpr std::array<ValueT, NElem> replace_nth(const ValueT &elem, const std::array<ValueT, NElem> &values) {
  static_assert(IElem < NElem, "dash::ce::replace_nth: index out of range");
  std::array<ValueT, NElem> result = values;
  result[IElem] = elem;
  return result;
}

}  // namespace dash::ce

#endif  // DASH_UTIL_ARRAYEXPR_H
