#ifndef DASH_ALGORITHM_OPERATION_H
#define DASH_ALGORITHM_OPERATION_H

// DASH's reduction operations: function objects that also name their DART
// operation, so that a program can pass them to DART collectives directly:
//
//   dart_allreduce(in, out, n, dash::dart_datatype<int>::value,
//                  dash::plus<int>().dart_operation(), team.dart_id());
//
// Each is usable wherever a binary function object is (dash::reduce,
// std::accumulate).

#include <algorithm>

#include <dart/types.h>

namespace dash {

namespace detail {
template <typename T, dart_operation_t Op>
struct ReduceOperation {
  using value_type = T;
  /// The DART operation of the same meaning.
  static constexpr dart_operation_t dart_operation() { return Op; }
};
}  // namespace detail

template <typename T>
struct min : detail::ReduceOperation<T, DART_OP_MIN> {
  constexpr T operator()(const T &a, const T &b) const { return std::min(a, b); }
};
template <typename T>
struct max : detail::ReduceOperation<T, DART_OP_MAX> {
  constexpr T operator()(const T &a, const T &b) const { return std::max(a, b); }
};
template <typename T>
struct plus : detail::ReduceOperation<T, DART_OP_SUM> {
  constexpr T operator()(const T &a, const T &b) const { return a + b; }
};
template <typename T>
struct multiply : detail::ReduceOperation<T, DART_OP_PROD> {
  constexpr T operator()(const T &a, const T &b) const { return a * b; }
};
template <typename T>
struct bit_and : detail::ReduceOperation<T, DART_OP_BAND> {
  constexpr T operator()(const T &a, const T &b) const { return a & b; }
};
template <typename T>
struct bit_or : detail::ReduceOperation<T, DART_OP_BOR> {
  constexpr T operator()(const T &a, const T &b) const { return a | b; }
};
template <typename T>
struct bit_xor : detail::ReduceOperation<T, DART_OP_BXOR> {
  constexpr T operator()(const T &a, const T &b) const { return a ^ b; }
};

}  // namespace dash

#endif  // DASH_ALGORITHM_OPERATION_H
