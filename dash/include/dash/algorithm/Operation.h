#ifndef DASH_ALGORITHM_OPERATION_H
#define DASH_ALGORITHM_OPERATION_H

// Binary operations with DASH's names, for atomic updates
// (GlobRef<Atomic<T>>::op and fetch_op) and coarray reductions
// (dash::coarray::coreduce): each is a function object, as std::plus, that
// also names the DART operation performing it (dart_operation()).
//
//   counts[i].fetch_op(dash::max<long>(), 7);

#include <algorithm>

#include <dart/types.h>

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

}  // namespace dash

#endif  // DASH_ALGORITHM_OPERATION_H
