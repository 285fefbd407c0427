#ifndef DASH_UTIL_FUNCTIONALEXPR_H
#define DASH_UTIL_FUNCTIONALEXPR_H

// Compile-time arithmetic on std::array (dash::ce): the operations as
// constexpr function templates (usable as values: ce::plus<int>), integer
// pow, accumulate and inner_product over an index range.

#include <array>
#include <cstddef>
#include <functional>
#include <type_traits>

#include <dash/util/IndexSequence.h>

namespace dash::ce {

/// True if every type is integral.
template <typename T, typename... Ts>
struct are_integral : std::bool_constant<(std::is_integral_v<T> && ... && std::is_integral_v<Ts>)> {};

template <typename T>
constexpr T plus(const T x, const T y) {
  return x + y;
}
template <typename T>
constexpr T minus(const T x, const T y) {
  return x - y;
}
template <typename T>
constexpr T multiplies(const T x, const T y) {
  return x * y;
}
template <typename T>
constexpr T divides(const T x, const T y) {
  return x / y;
}

/// base to the power exp (integers, exp unsigned).
template <typename BaseT, typename ExpT>
constexpr BaseT pow(BaseT base, ExpT exp) {
  static_assert(std::is_integral_v<BaseT>, "dash::ce::pow: the base must be an integer");
  static_assert(std::is_integral_v<ExpT> && std::is_unsigned_v<ExpT>,
                "dash::ce::pow: the exponent must be an unsigned integer");
  BaseT result = 1;
  for (ExpT i = 0; i < exp; ++i) result *= base;
  return result;
}

/// op(arr[first], op(arr[first + 1], ... op(arr[final - 1], init))):
/// folded from the right, as DASH's.
template <typename T, std::size_t N, typename ReduceOp>
constexpr T accumulate(const std::array<T, N> &arr, const std::size_t first_idx, const std::size_t final_idx,
                       const T initial_value, const ReduceOp &op) {
  T result = initial_value;
  for (std::size_t i = final_idx; i > first_idx; --i) result = op(arr[i - 1], result);
  return result;
}

/// Sum (op_sum, folded from the right onto init) of op_prod(arr_1[first_1
/// + i], arr_2[first_2 + i]) for i < length.
template <typename T, typename T_1, std::size_t N_1, typename T_2, std::size_t N_2, typename SumOp,
          typename MulOp>
constexpr T inner_product(const std::array<T_1, N_1> &arr_1, const std::size_t first_1,
                          const std::array<T_2, N_2> &arr_2, const std::size_t first_2,
                          const std::size_t length, const T initial_value, const SumOp &op_sum,
                          const MulOp &op_prod) {
  T result = initial_value;
  for (std::size_t i = length; i > 0; --i)
    result = op_sum(op_prod(arr_1[first_1 + i - 1], arr_2[first_2 + i - 1]), result);
  return result;
}

}  // namespace dash::ce

#endif  // DASH_UTIL_FUNCTIONALEXPR_H
