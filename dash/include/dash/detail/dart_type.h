#ifndef DASH_DETAIL_DART_TYPE_H
#define DASH_DETAIL_DART_TYPE_H

// The DART basic type of an arithmetic C++ type, for atomics and
// reductions. Transfers move bytes (DART_TYPE_BYTE) and work for any
// trivially copyable type.

#include <cstdint>
#include <type_traits>

#include <dart/types.h>

namespace dash::detail {

/// True for the types DART atomics and reductions accept.
template <typename T>
inline constexpr bool is_dart_arithmetic_v =
    std::is_arithmetic_v<T> && !std::is_same_v<T, bool> &&
    (std::is_floating_point_v<T> || sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 ||
     sizeof(T) == 8);

/// True for the integer types among them (bitwise operations).
template <typename T>
inline constexpr bool is_dart_integral_v = is_dart_arithmetic_v<T> && std::is_integral_v<T>;

template <typename T>
constexpr dart_datatype_t dart_type() {
  static_assert(is_dart_arithmetic_v<T>, "dash: atomics need an arithmetic type (not bool)");
  if constexpr (std::is_same_v<T, float>) return DART_TYPE_FLOAT;
  else if constexpr (std::is_same_v<T, double>) return DART_TYPE_DOUBLE;
  else if constexpr (std::is_same_v<T, long double>) return DART_TYPE_LONG_DOUBLE;
  else if constexpr (std::is_signed_v<T>) {
    if constexpr (sizeof(T) == 1) return DART_TYPE_INT8;
    else if constexpr (sizeof(T) == 2) return DART_TYPE_INT16;
    else if constexpr (sizeof(T) == 4) return DART_TYPE_INT32;
    else return DART_TYPE_INT64;
  } else {
    if constexpr (sizeof(T) == 1) return DART_TYPE_UINT8;
    else if constexpr (sizeof(T) == 2) return DART_TYPE_UINT16;
    else if constexpr (sizeof(T) == 4) return DART_TYPE_UINT32;
    else return DART_TYPE_UINT64;
  }
}

}  // namespace dash::detail

#endif  // DASH_DETAIL_DART_TYPE_H
