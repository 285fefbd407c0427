#ifndef DASH_ALGORITHM_OPERATION_H
#define DASH_ALGORITHM_OPERATION_H

// Binary operations with DASH's names, for atomic updates
// (GlobRef<Atomic<T>>::op and fetch_op) and coarray reductions
// (dash::coarray::coreduce): each is a function object, as std::plus, that
// also names the DART operation performing it (dart_operation()).
//
//   counts[i].fetch_op(dash::max<long>(), 7);

#include <algorithm>
#include <type_traits>

#include <dart/types.h>
#include <dash/detail/dart_type.h>

namespace dash {

#define DASH_BINARY_OPERATION_(name, dart_op, expr)                                  \
  template <typename T>                                                              \
  struct name {                                                                      \
    constexpr T operator()(const T &a, const T &b) const { return expr; }            \
    static constexpr dart_operation_t dart_operation() { return DART_OP_##dart_op; } \
  };

DASH_BINARY_OPERATION_(plus, SUM, a + b)
DASH_BINARY_OPERATION_(multiply, PROD, a *b)
DASH_BINARY_OPERATION_(min, MIN, std::min(a, b))
DASH_BINARY_OPERATION_(max, MAX, std::max(a, b))
DASH_BINARY_OPERATION_(bit_and, BAND, a &b)
DASH_BINARY_OPERATION_(bit_or, BOR, a | b)
DASH_BINARY_OPERATION_(bit_xor, BXOR, a ^ b)
/// The second operand: an atomic fetch_op(second<T>(), v) is an exchange.
DASH_BINARY_OPERATION_(second, REPLACE, ((void)a, b))

#undef DASH_BINARY_OPERATION_

namespace internal {

/// DASH's trait: the DART operation a DART collective performs for the
/// binary operation Op, DART_OP_UNDEFINED if none does (a lambda, an
/// operation on a type DART cannot reduce, or dash::second, which only
/// atomics know).
template <typename Op, typename = void>
struct dart_reduce_operation : std::integral_constant<dart_operation_t, DART_OP_UNDEFINED> {};

template <template <typename> class Op, typename T>
struct dart_reduce_operation<
    Op<T>, std::enable_if_t<(Op<T>::dart_operation() != DART_OP_REPLACE) && detail::is_dart_arithmetic_v<T>>>
    : std::integral_constant<dart_operation_t, Op<T>::dart_operation()> {};

}  // namespace internal

}  // namespace dash

#endif  // DASH_ALGORITHM_OPERATION_H
