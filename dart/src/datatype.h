/* Data types: basic types and strided/indexed layouts (internal).
 *
 * Every type is described as a repeated instance: an instance holds
 * `period` elements in `nblocks` blocks (block i: len[i] elements at element
 * offset off[i]) and instances follow each other every `extent` elements.
 * A basic type is one block of one element with extent 1. */
#ifndef DART_SRC_DATATYPE_H
#define DART_SRC_DATATYPE_H

#include <mpi.h>
#include "state.h"

typedef struct {
  int live;
  dart_datatype_t base; /* the basic type */
  size_t elem_size;
  MPI_Datatype mpi_base;
  size_t period, extent; /* in elements */
  size_t nblocks;
  size_t *len, *off;     /* [nblocks]; for basic types point at one_ */
  int contiguous;        /* instances form one dense run */
  int simple;            /* contiguous with one element per instance: the basic types */
  int custom;            /* dart_type_create_custom: opaque elements, mpi_base is ours */
  int overlapping;       /* blocks overlap: valid only as the source of a transfer */
  size_t reach;          /* elements from an instance's start to its furthest block end */
  MPI_Datatype mpi_inst; /* one instance, resized to extent; committed */
  size_t one_[2];
} dart_type_info_t;

/* The type table; index = dart_datatype_t. */
extern dart_type_info_t *dart__types DART_HIDDEN;
extern int dart__ntypes DART_HIDDEN;

/* The basic types by id (1 .. DART_TYPE_LAST_BASIC): their bytes, MPI
 * type, and which atomic operations are defined on them (bit op set: the
 * fetch-and-op column of amo.h's table, MINMAX excluded). A constant
 * table: the callers' common cases need no lookup in dart__types. */
typedef struct {
  size_t size;
  MPI_Datatype mpi;
  uint32_t fetch_ops;
} dart_basic_type_t;
extern const dart_basic_type_t dart__basic[DART_TYPE_LAST_BASIC + 1] DART_HIDDEN;

dart_ret_t dart__types_init(void);
void dart__types_fini(void);

/* The table, as published by the last growth (datatype.c: other threads
 * may be creating types; an acquire load is a plain load on x86). */
static inline dart_type_info_t *dart__type_table(void) {
  return __atomic_load_n(&dart__types, __ATOMIC_ACQUIRE);
}

/* Looks a type up or fails naming fn. */
static inline dart_ret_t dart__type_get(dart_datatype_t t, const char *fn, const dart_type_info_t **ti) {
  int n = __atomic_load_n(&dart__ntypes, __ATOMIC_ACQUIRE);
  dart_type_info_t *types = dart__type_table();
  int ok = t > 0 && t < n && types[t].live;
  *ti = ok ? &types[t] : NULL; /* always set: callers test the status only */
  if (__builtin_expect(!ok, 0)) return dart__error(DART_ERR_INVAL, "%s: invalid data type %d", fn, (int)t);
  return DART_OK;
}

/* Bytes from the first to one past the last element nelem elements of this
 * layout touch; fails unless nelem is a whole number of instances. */
static inline dart_ret_t dart__type_span(const dart_type_info_t *ti, size_t nelem, const char *fn,
                                         size_t *span) {
  if (__builtin_expect(ti->simple, 1)) {
    if (__builtin_mul_overflow(nelem, ti->elem_size, span))
      return dart__error(DART_ERR_INVAL, "%s: size overflows", fn);
    return DART_OK;
  }
  if (nelem % ti->period)
    return dart__error(DART_ERR_INVAL, "%s: %zu elements is not a multiple of the layout's %zu", fn, nelem,
                       ti->period);
  size_t ninst = nelem / ti->period;
  size_t last = ti->reach;
  *span = ninst ? ((ninst - 1) * ti->extent + last) * ti->elem_size : 0;
  return DART_OK;
}

/* Copies nelem elements between two layouts in local memory. */
void dart__type_copy(char *dst, const dart_type_info_t *dt, const char *src, const dart_type_info_t *st,
                     size_t nelem);

#endif
