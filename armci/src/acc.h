/* ARMCI on DART: accumulate types and the pieces every accumulate path
 * shares (contiguous, strided, vector on MPI; shmacc.c in shared memory).
 *
 * ARMCI_ACC_TYPES is the one list of accumulate types: every per-type
 * switch expands it. A row is (ARMCI type, DART type of one component,
 * components per element, type the arithmetic is done in):
 *  - complex numbers are pairs of reals: their sum is component-wise, so
 *    MPI adds them as reals (no 16-byte alignment needed);
 *  - integers are scaled and added in their unsigned type (same size and
 *    representation), so they wrap instead of overflowing. */
#ifndef ARMCI_DART_ACC_H
#define ARMCI_DART_ACC_H

#include "mem.h"

#define ARMCI_ACC_TYPES(X)                 \
  X(ARMCI_ACC_INT, INT, 1, unsigned int)   \
  X(ARMCI_ACC_LNG, LONG, 1, unsigned long) \
  X(ARMCI_ACC_FLT, FLOAT, 1, float)        \
  X(ARMCI_ACC_DBL, DOUBLE, 1, double)      \
  X(ARMCI_ACC_CPL, FLOAT, 2, float)        \
  X(ARMCI_ACC_DCP, DOUBLE, 2, double)

/* y = s * x for one element of 1 (real) or 2 (complex) components; the
 * suffix is the row's component count. y must not alias x. */
#define ARMCI_SCALE_1(y, s, x) ((y)[0] = (s)[0] * (x)[0])
#define ARMCI_SCALE_2(y, s, x) \
  ((y)[0] = (s)[0] * (x)[0] - (s)[1] * (x)[1], (y)[1] = (s)[0] * (x)[1] + (s)[1] * (x)[0])
/* s is the unit scale */
#define ARMCI_IS_ONE_1(s) ((s)[0] == 1)
#define ARMCI_IS_ONE_2(s) ((s)[0] == 1 && (s)[1] == 0)

typedef struct {
  dart_datatype_t dtype; /* DART basic type accumulated */
  size_t esize;          /* bytes of one ARMCI element */
  size_t per;            /* DART elements per ARMCI element (2 for complex) */
} armci_acc_type_t;

/* The row of an ARMCI accumulate type; aborts on an unknown one. */
armci_acc_type_t armci__acc_type(int datatype, const char *fn);
/* 1 if scale (NULL: none) is the unit. */
int armci__scale_is_one(int datatype, const void *scale);
/* dst[0 .. bytes) = scale * src[0 .. bytes) (dst may not alias src). */
void armci__scale_into(int datatype, const void *scale, void *dst, const void *src, size_t bytes);

/* A scratch buffer: on the stack for small sizes. */
#define ARMCI_SMALL_SCRATCH 4096
typedef struct {
  _Alignas(16) unsigned char small[ARMCI_SMALL_SCRATCH];
  void *p;
} armci_scratch_t;
void *armci__scratch_get(armci_scratch_t *s, size_t bytes);
void armci__scratch_put(armci_scratch_t *s);

/* MPI path: bytes of (scaled) values into g, laid out as type (at.dtype or
 * a strided layout of it); DART splits large accumulates into pieces. */
void armci__acc_issue(dart_gptr_t g, const void *buf, size_t bytes, armci_acc_type_t at, dart_datatype_t type,
                      const char *fn);
/* After accumulates to t were issued from a buffer (MPI path): complete
 * them locally if complete_locally (the buffer is the caller's source of a
 * blocking call, or a temporary about to be freed), and record them as
 * outstanding until a fence or a conflicting operation. */
void armci__acc_finish(const armci_target_t *t, int proc, int complete_locally, armci_hdl_t *h);

#endif
