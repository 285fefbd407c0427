/* Reduction and atomic operations (internal): which (operation, basic type)
 * pairs are defined, their MPI counterparts and names.
 *
 * The table follows MPI's (MPI-3.1 section 5.9.2):
 *   MIN MAX (and MINMAX)   C integers, floating point
 *   SUM PROD               C integers, floating point, complex
 *   BAND BOR BXOR          C integers, byte
 *   LAND LOR LXOR          C integers
 *   REPLACE NO_OP          every basic type (atomics only)
 *   compare-and-swap       C integers, byte
 * DART_TYPE_CHAR is MPI_CHAR, which MPI excludes from the C integers: it
 * supports REPLACE and NO_OP only. Any other pair is DART_ERR_INVAL. */
#ifndef DART_SRC_AMO_H
#define DART_SRC_AMO_H

#include "state.h"

/* The class column of DART_BASIC_TYPES (dart/types.h). */
typedef enum {
  DART_TC_NONE = 0,
  DART_TC_INT,    /* C integers */
  DART_TC_BYTE,   /* uninterpreted bytes: bitwise only */
  DART_TC_CHAR,   /* text: no arithmetic */
  DART_TC_FLOAT,  /* float, double, long double */
  DART_TC_COMPLEX /* float complex, double complex */
} dart_type_class_t;

static inline dart_type_class_t dart__type_class(dart_datatype_t t) {
  switch (t) {
#define DART_TYPE_CLASS_(name, ctype, cls, mpi) \
  case DART_TYPE_##name: return DART_TC_##cls;
    DART_BASIC_TYPES(DART_TYPE_CLASS_)
#undef DART_TYPE_CLASS_
    default: return DART_TC_NONE;
  }
}

/* 1 if op is defined on basic type t (see the table above). */
static inline int dart__op_defined(dart_operation_t op, dart_datatype_t t) {
  dart_type_class_t c = dart__type_class(t);
  switch (op) {
    case DART_OP_MIN:
    case DART_OP_MAX:
    case DART_OP_MINMAX: return c == DART_TC_INT || c == DART_TC_FLOAT;
    case DART_OP_SUM:
    case DART_OP_PROD: return c == DART_TC_INT || c == DART_TC_FLOAT || c == DART_TC_COMPLEX;
    case DART_OP_BAND:
    case DART_OP_BOR:
    case DART_OP_BXOR: return c == DART_TC_INT || c == DART_TC_BYTE;
    case DART_OP_LAND:
    case DART_OP_LOR:
    case DART_OP_LXOR: return c == DART_TC_INT;
    case DART_OP_REPLACE:
    case DART_OP_NO_OP: return c != DART_TC_NONE;
    default: return 0;
  }
}

/* The predefined MPI operation (MPI_OP_NULL for MINMAX and UNDEFINED). */
static inline MPI_Op dart__op_mpi(dart_operation_t op) {
  switch (op) {
    case DART_OP_MIN: return MPI_MIN;
    case DART_OP_MAX: return MPI_MAX;
    case DART_OP_SUM: return MPI_SUM;
    case DART_OP_PROD: return MPI_PROD;
    case DART_OP_BAND: return MPI_BAND;
    case DART_OP_BOR: return MPI_BOR;
    case DART_OP_BXOR: return MPI_BXOR;
    case DART_OP_LAND: return MPI_LAND;
    case DART_OP_LOR: return MPI_LOR;
    case DART_OP_LXOR: return MPI_LXOR;
    case DART_OP_REPLACE: return MPI_REPLACE;
    case DART_OP_NO_OP: return MPI_NO_OP;
    default: return MPI_OP_NULL;
  }
}

static inline const char *dart__op_name(dart_operation_t op) {
  static const char *const names[] = {"UNDEFINED", "MIN",    "MAX",     "SUM",   "PROD",
                                      "BAND",      "BOR",    "BXOR",    "LAND",  "LOR",
                                      "LXOR",      "MINMAX", "REPLACE", "NO_OP", "MINMAX_ELEMENTS"};
  return (unsigned)op < sizeof names / sizeof *names ? names[op] : "unknown";
}

static inline const char *dart__type_name(dart_datatype_t t) {
  static const char *const names[] = {"UNDEFINED",
#define DART_TYPE_NAME_(name, ctype, cls, mpi) #name,
                                      DART_BASIC_TYPES(DART_TYPE_NAME_)
#undef DART_TYPE_NAME_
  };
  return t >= 0 && t <= DART_TYPE_LAST_BASIC ? names[t] : "derived";
}

#endif
