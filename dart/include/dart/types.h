/**
 * @file dart/types.h
 * Types shared by every part of the DART API: status codes, unit and team
 * ids, the 128-bit global pointer, data types and reduction operations.
 */
#ifndef DART_TYPES_H
#define DART_TYPES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Status returned by every DART function. */
typedef enum {
  DART_OK = 0,            /**< success */
  DART_PENDING = 1,       /**< operation not yet complete (dart_test) */
  DART_ERR_INVAL = -1,    /**< invalid argument: pointer, unit, size, type, team */
  DART_ERR_NOTFOUND = -2, /**< the object does not exist (freed segment, destroyed team) */
  DART_ERR_NOTINIT = -3,  /**< called before dart_init or after dart_exit */
  DART_ERR_NOMEM = -4,    /**< out of memory: pool, segment handles, /dev/shm */
  DART_ERR_OTHER = -5,    /**< an MPI call failed */
  DART_ERR_NOTSUP = -6,   /**< operation not supported for these arguments */
  DART_ERR_BUSY = -7      /**< resource in use (e.g. destroying a held lock) */
} dart_ret_t;

/**
 * Thread support of the runtime (dart_init_thread). The names and values are
 * DASH's.
 * - DART_THREAD_SINGLE: one thread at a time calls DART (the program
 *   serialises its calls; with MPI initialised at MPI_THREAD_SINGLE or
 *   FUNNELED by the program, always the same thread).
 * - DART_THREAD_MULTIPLE: any number of threads call DART at the same time,
 *   within the thread-safety class each function documents.
 */
typedef enum { DART_THREAD_SINGLE = 0, DART_THREAD_MULTIPLE = 10 } dart_thread_support_level_t;

/** Absolute unit id (rank in DART_TEAM_ALL), 0 .. dart_size()-1. */
typedef int32_t dart_unit_t;
/** No unit (e.g. a unit id translated into a team it is not in). */
#define DART_UNDEFINED_UNIT_ID ((dart_unit_t)-1)

/**
 * A unit id as a struct, typed by what it is relative to: DART_TEAM_ALL
 * (global) or a team. The domain tree (<dart/domain.h>) stores its units
 * so; C++ code of DASH converts them to and from dash::global_unit_t and
 * dash::team_unit_t (DASH's dart_global_unit_t / dart_team_unit_t).
 */
typedef struct {
  dart_unit_t id; /**< the unit's id in DART_TEAM_ALL */
} dart_global_unit_id_t;
/** A team-relative unit id as a struct (see dart_global_unit_id_t). */
typedef struct {
  dart_unit_t id; /**< the unit's id in its team */
} dart_team_unit_id_t;

/**
 * Team id. Ids are never reused within a run; the low bits index a slot
 * table so that looking a team up by id is O(1).
 */
typedef int64_t dart_team_t;
/** The team of all units, from dart_init to dart_exit. */
#define DART_TEAM_ALL ((dart_team_t)0)
/** No team (dart_team_create on a unit outside the new team gives it). */
#define DART_TEAM_NULL ((dart_team_t)-1)

/**
 * Global pointer: 128 bits, laid out as in the DART-MPI paper.
 * - unitid: absolute id of the unit whose memory is addressed
 * - segid:  the allocation (segment); the same on every member, never that
 *           of another live segment of the unit; may be negative
 * - flags:  with segid, the segment's 32-bit handle (which also identifies
 *           its team); treat as opaque. A handle comes back only after 2^32
 *           allocations, so pointers into freed segments and destroyed
 *           teams stay invalid
 * - offset: byte offset within the unit's part of the segment (also named
 *   addr_or_offs.offset, as in DASH)
 */
typedef struct {
  int32_t unitid; /**< absolute id of the unit addressed */
  int16_t segid;  /**< the allocation (segment) */
  uint16_t flags; /**< with segid, the segment's handle: opaque */
  union {
    uint64_t offset;
    /** DASH's name of the same field: addr_or_offs.offset is offset */
    union {
      uint64_t offset;
      void *addr;
    } addr_or_offs;
  };
} dart_gptr_t;

/** The null global pointer: all bits zero. Never refers to memory. */
#define DART_GPTR_NULL ((dart_gptr_t){0, 0, 0, {0}})

/**
 * Data type of transferred elements: one of the basic types below, or a
 * strided or indexed layout of a basic type made with dart_type_create_*.
 */
typedef int32_t dart_datatype_t;
/**
 * The basic types, one row each in id order (ids 1..DART_TYPE_LAST_BASIC):
 * X(NAME, C type, class, MPI type). NAME gives DART_TYPE_<NAME>; the class
 * says which operations apply (INT: C integers, BYTE: uninterpreted bytes,
 * CHAR: text, FLOAT: floating point, COMPLEX: complex floating point). Code
 * that needs a row per type (type maps, per-type switches) expands this
 * table instead of listing the types again. The C types of the complex rows
 * are DART_FLOAT_COMPLEX_T / DART_DOUBLE_COMPLEX_T (C: `float _Complex`; C++:
 * `std::complex<float>`, which needs `<complex>` where it is expanded).
 */
#define DART_BASIC_TYPES(X)                                            \
  X(BYTE, unsigned char, BYTE, MPI_BYTE)                               \
  X(SHORT, short, INT, MPI_SHORT)                                      \
  X(INT, int, INT, MPI_INT)                                            \
  X(UINT, unsigned int, INT, MPI_UNSIGNED)                             \
  X(LONG, long, INT, MPI_LONG)                                         \
  X(ULONG, unsigned long, INT, MPI_UNSIGNED_LONG)                      \
  X(LONGLONG, long long, INT, MPI_LONG_LONG)                           \
  X(ULONGLONG, unsigned long long, INT, MPI_UNSIGNED_LONG_LONG)        \
  X(FLOAT, float, FLOAT, MPI_FLOAT)                                    \
  X(DOUBLE, double, FLOAT, MPI_DOUBLE)                                 \
  X(LONG_DOUBLE, long double, FLOAT, MPI_LONG_DOUBLE)                  \
  X(INT8, int8_t, INT, MPI_INT8_T)                                     \
  X(INT16, int16_t, INT, MPI_INT16_T)                                  \
  X(INT32, int32_t, INT, MPI_INT32_T)                                  \
  X(INT64, int64_t, INT, MPI_INT64_T)                                  \
  X(UINT8, uint8_t, INT, MPI_UINT8_T)                                  \
  X(UINT16, uint16_t, INT, MPI_UINT16_T)                               \
  X(UINT32, uint32_t, INT, MPI_UINT32_T)                               \
  X(UINT64, uint64_t, INT, MPI_UINT64_T)                               \
  X(CHAR, char, CHAR, MPI_CHAR)                                        \
  X(FLOAT_COMPLEX, DART_FLOAT_COMPLEX_T, COMPLEX, MPI_C_FLOAT_COMPLEX) \
  X(DOUBLE_COMPLEX, DART_DOUBLE_COMPLEX_T, COMPLEX, MPI_C_DOUBLE_COMPLEX)

#ifdef __cplusplus
#define DART_FLOAT_COMPLEX_T std::complex<float>
#define DART_DOUBLE_COMPLEX_T std::complex<double>
#else
/** The C type of DART_TYPE_FLOAT_COMPLEX (C++: `std::complex<float>`). */
#define DART_FLOAT_COMPLEX_T float _Complex
/** The C type of DART_TYPE_DOUBLE_COMPLEX (C++: `std::complex<double>`). */
#define DART_DOUBLE_COMPLEX_T double _Complex
#endif

/** DART_TYPE_UNDEFINED (0), then DART_TYPE_<NAME> for each row above. */
enum {
  DART_TYPE_UNDEFINED = 0,
#define DART_TYPE_ID_(name, ctype, cls, mpi) DART_TYPE_##name,
  DART_BASIC_TYPES(DART_TYPE_ID_)
#undef DART_TYPE_ID_
      DART_TYPE_LAST_BASIC = DART_TYPE_DOUBLE_COMPLEX
};

/** Reduction and atomic operations. */
typedef enum {
  DART_OP_UNDEFINED = 0,
  DART_OP_MIN,
  DART_OP_MAX,
  DART_OP_SUM,
  DART_OP_PROD,
  DART_OP_BAND,
  DART_OP_BOR,
  DART_OP_BXOR,
  DART_OP_LAND,
  DART_OP_LOR,
  DART_OP_LXOR,
  DART_OP_MINMAX,  /**< collectives only: element pairs (min, max) in one pass */
  DART_OP_REPLACE, /**< atomics only: store the new value */
  DART_OP_NO_OP,   /**< atomics only: read without modifying */
  /** collectives only: as DART_OP_MINMAX, but nelem counts elements (2 per
   * (min, max) pair, so it must be even), as DASH's DART_OP_MINMAX does */
  DART_OP_MINMAX_ELEMENTS,
  /** the range of the ids of operations made by dart_op_create
   * (<dart/communication.h>) */
  DART_OP_USER_FIRST = 1024,
  DART_OP_USER_LAST = 2047
} dart_operation_t;

#ifdef __cplusplus
}
#endif

#endif /* DART_TYPES_H */
