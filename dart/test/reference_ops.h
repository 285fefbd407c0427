// The serial reference of the reduction and atomic operations, and the
// basic types as a typed list (generated from DART_BASIC_TYPES), shared by
// the collective and atomic tests.
#ifndef DART_TEST_REFERENCE_OPS_H
#define DART_TEST_REFERENCE_OPS_H

#include <complex>
#include <type_traits>

#include <dart/types.h>

// The class column of DART_BASIC_TYPES.
enum class TypeClass { INT, BYTE, CHAR, FLOAT, COMPLEX };

// Which operations MPI defines on which class in reductions (MPI-3.1
// 5.9.2), written independently of the runtime's table (amo.h).
inline bool reduction_defined(dart_operation_t op, TypeClass c) {
  const bool integer = c == TypeClass::INT, ordered = integer || c == TypeClass::FLOAT;
  switch (op) {
    case DART_OP_MIN:
    case DART_OP_MAX:
    case DART_OP_MINMAX: return ordered;
    case DART_OP_SUM:
    case DART_OP_PROD: return ordered || c == TypeClass::COMPLEX;
    case DART_OP_BAND:
    case DART_OP_BOR:
    case DART_OP_BXOR: return integer || c == TypeClass::BYTE;
    case DART_OP_LAND:
    case DART_OP_LOR:
    case DART_OP_LXOR: return integer;
    default: return false;
  }
}

// Atomics: the same without MINMAX, and REPLACE and NO_OP on every type.
inline bool atomic_defined(dart_operation_t op, TypeClass c) {
  return op == DART_OP_REPLACE || op == DART_OP_NO_OP || (op != DART_OP_MINMAX && reduction_defined(op, c));
}

template <class T>
struct is_complex : std::false_type {};
template <class T>
struct is_complex<std::complex<T>> : std::true_type {};

// a op b; REPLACE gives b; NO_OP and operations T does not have give a.
template <class T>
T apply_op(dart_operation_t op, T a, T b) {
  switch (op) {
    case DART_OP_SUM: return static_cast<T>(a + b);
    case DART_OP_PROD: return static_cast<T>(a * b);
    case DART_OP_REPLACE: return b;
    default: break;
  }
  if constexpr (!is_complex<T>::value) {
    switch (op) {
      case DART_OP_MIN: return b < a ? b : a;
      case DART_OP_MAX: return b > a ? b : a;
      case DART_OP_LAND: return static_cast<T>(a && b);
      case DART_OP_LOR: return static_cast<T>(a || b);
      case DART_OP_LXOR: return static_cast<T>(!a != !b);
      default: break;
    }
  }
  if constexpr (std::is_integral<T>::value) {
    switch (op) {
      case DART_OP_BAND: return static_cast<T>(a & b);
      case DART_OP_BOR: return static_cast<T>(a | b);
      case DART_OP_BXOR: return static_cast<T>(a ^ b);
      default: break;
    }
  }
  return a;
}

template <class T>
struct type_tag {
  using type = T;
};

// Calls f(type_tag<C type>{}, DART_TYPE_<NAME>, class) for every basic type.
template <class F>
void for_each_basic_type(F &&f) {
#define REFERENCE_TYPE_(name, ctype, cls, mpi) f(type_tag<ctype>{}, DART_TYPE_##name, TypeClass::cls);
  DART_BASIC_TYPES(REFERENCE_TYPE_)
#undef REFERENCE_TYPE_
}

#endif  // DART_TEST_REFERENCE_OPS_H
