#ifndef DASH_INTERNAL_PRINTABLE_H
#define DASH_INTERNAL_PRINTABLE_H

// is_printable_v<T>: whether `std::ostream << T` is well-formed, so that
// printing a reference or future prints the value where it can.

#include <ostream>
#include <type_traits>
#include <utility>

namespace dash::detail {

template <typename T, typename = void>
inline constexpr bool is_printable_v = false;
template <typename T>
inline constexpr bool
    is_printable_v<T, std::void_t<decltype(std::declval<std::ostream &>() << std::declval<const T &>())>> =
        true;

}  // namespace dash::detail

#endif  // DASH_INTERNAL_PRINTABLE_H
