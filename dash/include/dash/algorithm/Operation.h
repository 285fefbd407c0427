#ifndef DASH_ALGORITHM_OPERATION_H
#define DASH_ALGORITHM_OPERATION_H

// Binary operations with DASH's names, for reductions (dash::reduce),
// accumulating transforms (dash::transform), atomic updates
// (GlobRef<Atomic<T>>::op and fetch_op) and coarray reductions
// (dash::coarray::coreduce). Each is a function object, as std::plus, that
// also names the DART operation performing it (dart_operation()) and its
// kind (op_kind()), as DASH's. internal::dart_reduce_operation<Op> is the
// DART operation a collective may use for Op, or DART_OP_UNDEFINED for
// any other function (and for first/second, which only atomics know).
//
//   counts[i].fetch_op(dash::max<long>(), 7);
//   long total = dash::reduce(arr.begin(), arr.end(), 0L, dash::plus<long>());

#include <algorithm>
#include <type_traits>

#include <dart/types.h>
#include <dash/internal/DartType.h>

namespace dash {

namespace internal {

/// What an operation does: arithmetic (+, *, min, max), bitwise, or no
/// combination at all (first, second: atomics only).
enum class OpKind { ARITHMETIC, BITWISE, NOOP };

/// Base of DASH's operations: the DART operation and its kind. `enabled`
/// is false for arithmetic operations on non-arithmetic value types: they
/// then have no DART operation a collective could use.
template <typename ValueType, dart_operation_t Op, OpKind Kind, bool enabled = true>
class ReduceOperation {
 public:
  using value_type = ValueType;

  static constexpr dart_operation_t dart_operation() { return Op; }
  static constexpr OpKind op_kind() { return Kind; }
};

/// The DART operation a DART collective may use for BinaryOperation:
/// DART_OP_UNDEFINED unless it is one of the operations below, enabled,
/// and not a no-op.
template <typename BinaryOperation, typename = void>
struct dart_reduce_operation : std::integral_constant<dart_operation_t, DART_OP_UNDEFINED> {};

template <typename BinaryOperation>
struct dart_reduce_operation<
    BinaryOperation, std::enable_if_t<BinaryOperation::op_kind() != OpKind::NOOP &&
                                      std::is_base_of_v<ReduceOperation<typename BinaryOperation::value_type,
                                                                        BinaryOperation::dart_operation(),
                                                                        BinaryOperation::op_kind(), true>,
                                                        BinaryOperation>>>
    : std::integral_constant<dart_operation_t, BinaryOperation::dart_operation()> {};

/// True if BinaryOperation names a DART operation at all (any of the
/// operations below, also first/second), for atomic accumulation.
template <typename BinaryOperation, typename = void>
struct has_dart_operation : std::false_type {};

template <typename BinaryOperation>
struct has_dart_operation<BinaryOperation, std::void_t<decltype(BinaryOperation::dart_operation())>>
    : std::bool_constant<BinaryOperation::dart_operation() != DART_OP_UNDEFINED> {};

}  // namespace internal

#define DASH_BINARY_OPERATION_(name, dart_op, kind, enabled, expr)                                         \
  template <typename ValueType>                                                                            \
  struct name : internal::ReduceOperation<ValueType, DART_OP_##dart_op, internal::OpKind::kind, enabled> { \
    constexpr ValueType operator()(const ValueType &lhs, const ValueType &rhs) const { return expr; }      \
  };

/// The smaller operand (lhs if neither is smaller).
DASH_BINARY_OPERATION_(min, MIN, ARITHMETIC, std::is_arithmetic_v<ValueType>, rhs < lhs ? rhs : lhs)
/// The larger operand (lhs if neither is larger).
DASH_BINARY_OPERATION_(max, MAX, ARITHMETIC, std::is_arithmetic_v<ValueType>, lhs < rhs ? rhs : lhs)
DASH_BINARY_OPERATION_(plus, SUM, ARITHMETIC, std::is_arithmetic_v<ValueType>, lhs + rhs)
DASH_BINARY_OPERATION_(multiply, PROD, ARITHMETIC, std::is_arithmetic_v<ValueType>, lhs *rhs)
DASH_BINARY_OPERATION_(bit_and, BAND, BITWISE, true, lhs &rhs)
DASH_BINARY_OPERATION_(bit_or, BOR, BITWISE, true, lhs | rhs)
DASH_BINARY_OPERATION_(bit_xor, BXOR, BITWISE, true, lhs ^ rhs)
/// The first operand: an atomic op(first<T>(), v) only reads.
DASH_BINARY_OPERATION_(first, NO_OP, NOOP, true, ((void)rhs, lhs))
/// The second operand: an atomic fetch_op(second<T>(), v) is an exchange.
DASH_BINARY_OPERATION_(second, REPLACE, NOOP, true, ((void)lhs, rhs))

#undef DASH_BINARY_OPERATION_

}  // namespace dash

#endif  // DASH_ALGORITHM_OPERATION_H
