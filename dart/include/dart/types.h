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
  DART_OK = 0,           /**< success */
  DART_PENDING = 1,      /**< operation not yet complete (dart_test) */
  DART_ERR_INVAL = -1,   /**< invalid argument: pointer, unit, size, type, team */
  DART_ERR_NOTFOUND = -2,/**< the object does not exist (freed segment, destroyed team) */
  DART_ERR_NOTINIT = -3, /**< called before dart_init or after dart_exit */
  DART_ERR_NOMEM = -4,   /**< out of memory: pool, segment ids, /dev/shm */
  DART_ERR_OTHER = -5,   /**< an MPI call failed */
  DART_ERR_NOTSUP = -6,  /**< operation not supported for these arguments */
  DART_ERR_BUSY = -7     /**< resource in use (e.g. destroying a held lock) */
} dart_ret_t;

/** Absolute unit id (rank in DART_TEAM_ALL), 0 .. dart_size()-1. */
typedef int32_t dart_unit_t;
#define DART_UNDEFINED_UNIT_ID ((dart_unit_t)-1)

/**
 * Team id. Ids are never reused within a run; the low bits index a slot
 * table so that looking a team up by id is O(1).
 */
typedef int64_t dart_team_t;
#define DART_TEAM_ALL ((dart_team_t)0)
#define DART_TEAM_NULL ((dart_team_t)-1)

/**
 * Global pointer: 128 bits, laid out as in the DART-MPI paper.
 * - unitid: absolute id of the unit whose memory is addressed
 * - segid:  the allocation (segment) within its team
 * - flags:  identifies the team the segment belongs to; treat as opaque
 * - offset: byte offset within the unit's part of the segment
 */
typedef struct {
  int32_t unitid;
  int16_t segid;
  uint16_t flags;
  uint64_t offset;
} dart_gptr_t;

/** The null global pointer: all bits zero. Never refers to memory. */
#define DART_GPTR_NULL ((dart_gptr_t){0, 0, 0, 0})

/**
 * Data type of transferred elements: one of the basic types below, or a
 * strided or indexed layout of a basic type made with dart_type_create_*.
 */
typedef int32_t dart_datatype_t;
#define DART_TYPE_UNDEFINED ((dart_datatype_t)0)
#define DART_TYPE_BYTE ((dart_datatype_t)1)
#define DART_TYPE_SHORT ((dart_datatype_t)2)
#define DART_TYPE_INT ((dart_datatype_t)3)
#define DART_TYPE_UINT ((dart_datatype_t)4)
#define DART_TYPE_LONG ((dart_datatype_t)5)
#define DART_TYPE_ULONG ((dart_datatype_t)6)
#define DART_TYPE_LONGLONG ((dart_datatype_t)7)
#define DART_TYPE_ULONGLONG ((dart_datatype_t)8)
#define DART_TYPE_FLOAT ((dart_datatype_t)9)
#define DART_TYPE_DOUBLE ((dart_datatype_t)10)
#define DART_TYPE_LONG_DOUBLE ((dart_datatype_t)11)
#define DART_TYPE_INT8 ((dart_datatype_t)12)
#define DART_TYPE_INT16 ((dart_datatype_t)13)
#define DART_TYPE_INT32 ((dart_datatype_t)14)
#define DART_TYPE_INT64 ((dart_datatype_t)15)
#define DART_TYPE_UINT8 ((dart_datatype_t)16)
#define DART_TYPE_UINT16 ((dart_datatype_t)17)
#define DART_TYPE_UINT32 ((dart_datatype_t)18)
#define DART_TYPE_UINT64 ((dart_datatype_t)19)
#define DART_TYPE_CHAR ((dart_datatype_t)20)
#define DART_TYPE_FLOAT_COMPLEX ((dart_datatype_t)21)
#define DART_TYPE_DOUBLE_COMPLEX ((dart_datatype_t)22)
#define DART_TYPE_LAST_BASIC DART_TYPE_DOUBLE_COMPLEX

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
  DART_OP_NO_OP    /**< atomics only: read without modifying */
} dart_operation_t;

#ifdef __cplusplus
}
#endif

#endif /* DART_TYPES_H */
