#ifndef DASH_INTERNAL_DART_TYPE_H
#define DASH_INTERNAL_DART_TYPE_H

// The DART basic type of an arithmetic C++ type, for atomics and
// reductions. Transfers move bytes (DART_TYPE_BYTE) and work for any
// trivially copyable type.

#include <complex>
#include <string_view>
#include <type_traits>

#include <dart/types.h>

namespace dash::detail {

/// The first row of DART's basic type table (DART_BASIC_TYPES) with
/// arithmetic (class INT or FLOAT) whose C type has T's size, signedness
/// and kind: MPI operations see only the representation, so e.g. long long
/// may map to DART_TYPE_LONG. DART_TYPE_UNDEFINED if there is none (bool,
/// class types, 128-bit integers).
template <typename T>
constexpr dart_datatype_t dart_type() {
  if constexpr (std::is_arithmetic_v<T> && !std::is_same_v<T, bool>) {
#define DASH_DART_TYPE_ROW_(name, ctype, cls, mpi)                                    \
  if ((std::string_view(#cls) == "INT" || std::string_view(#cls) == "FLOAT") &&       \
      sizeof(ctype) == sizeof(T) && std::is_signed_v<ctype> == std::is_signed_v<T> && \
      std::is_floating_point_v<ctype> == std::is_floating_point_v<T>)                 \
    return DART_TYPE_##name;
    DART_BASIC_TYPES(DASH_DART_TYPE_ROW_)
#undef DASH_DART_TYPE_ROW_
  }
  return DART_TYPE_UNDEFINED;
}

/// True for the types DART atomics and reductions accept.
template <typename T>
inline constexpr bool is_dart_arithmetic_v = dart_type<T>() != DART_TYPE_UNDEFINED;

/// True for the integer types among them (bitwise operations).
template <typename T>
inline constexpr bool is_dart_integral_v = is_dart_arithmetic_v<T> &&std::is_integral_v<T>;

}  // namespace dash::detail

#endif  // DASH_INTERNAL_DART_TYPE_H
