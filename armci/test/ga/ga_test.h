/*
 * ga_test.h -- helpers of the Global Arrays test programs (the harness,
 * CHECK and the verdict, is test_harness.h): start-up, index arithmetic
 * and typed element values.
 */
#ifndef GA_TEST_H
#define GA_TEST_H

#include <stdlib.h>

#include "ga.h"
#include "macdecls.h"

#include "test_harness.h"

/* Starts GA and MA (MA gives GA its scratch memory), after test_init. */
static void gt_start(void) {
  GA_Initialize();
  CHECK(MA_init(C_DBL, 100000, 100000), "MA_init failed");
}

/* Row-major linear index of subscript `s` in an array with `dims`. */
static inline long gt_linear(int ndim, const int dims[], const int s[]) {
  long idx = 0;
  for (int d = 0; d < ndim; d++) idx = idx * dims[d] + s[d];
  return idx;
}

/* Advance subscript `s` within the box [lo,hi] (row-major); 0 at the end. */
static inline int gt_next(int ndim, const int lo[], const int hi[], int s[]) {
  for (int d = ndim - 1; d >= 0; d--) {
    if (++s[d] <= hi[d]) return 1;
    s[d] = lo[d];
  }
  return 0;
}

/* Number of elements of the box [lo,hi] (0 if empty). */
static inline long gt_box_size(int ndim, const int lo[], const int hi[]) {
  long n = 1;
  for (int d = 0; d < ndim; d++) {
    if (hi[d] < lo[d]) return 0;
    n *= hi[d] - lo[d] + 1;
  }
  return n;
}

/* Leading dimensions (ndim-1 entries) of a dense buffer for box [lo,hi]. */
static inline void gt_ld(int ndim, const int lo[], const int hi[], int ld[]) {
  for (int d = 1; d < ndim; d++) ld[d - 1] = hi[d] - lo[d] + 1;
}

/* ---- Typed element helpers: element `i` of a buffer of GA type `type`
 * holds a value derived exactly from an integer key (no rounding). */

static inline size_t gt_size(int type) {
  switch (type) {
    case C_INT: return sizeof(int);
    case C_LONG: return sizeof(long);
    case C_FLOAT: return sizeof(float);
    case C_DBL: return sizeof(double);
    case C_DCPL: return 2 * sizeof(double);
    default: GA_Error("gt_size: unsupported type", type); return 0;
  }
}

static inline void gt_set(int type, void *buf, long i, long key) {
  switch (type) {
    case C_INT: ((int *)buf)[i] = (int)key; break;
    case C_LONG: ((long *)buf)[i] = key * 3000000000L + 1; break;
    case C_FLOAT: ((float *)buf)[i] = (float)key * 0.5f; break;
    case C_DBL: ((double *)buf)[i] = (double)key * 0.25; break;
    case C_DCPL:
      ((double *)buf)[2 * i] = (double)key;
      ((double *)buf)[2 * i + 1] = -(double)key * 0.5;
      break;
  }
}

static inline int gt_is(int type, const void *buf, long i, long key) {
  switch (type) {
    case C_INT: return ((const int *)buf)[i] == (int)key;
    case C_LONG: return ((const long *)buf)[i] == key * 3000000000L + 1;
    case C_FLOAT: return ((const float *)buf)[i] == (float)key * 0.5f;
    case C_DBL: return ((const double *)buf)[i] == (double)key * 0.25;
    case C_DCPL:
      return ((const double *)buf)[2 * i] == (double)key &&
             ((const double *)buf)[2 * i + 1] == -(double)key * 0.5;
  }
  return 0;
}

/* The key stored in element i as a double (for messages only). */
static inline double gt_show(int type, const void *buf, long i) {
  switch (type) {
    case C_INT: return ((const int *)buf)[i];
    case C_LONG: return (double)((const long *)buf)[i];
    case C_FLOAT: return ((const float *)buf)[i];
    case C_DBL: return ((const double *)buf)[i];
    case C_DCPL: return ((const double *)buf)[2 * i];
  }
  return 0;
}

#endif /* GA_TEST_H */
