/* Single values: ARMCI_PutValue<T>, ARMCI_NbPutValue<T> and
 * ARMCI_GetValue<T> for T in Int, Long, Float, Double, as contiguous
 * transfers of one element. Implemented under their profiling names
 * (PARMCI_*, parmci.h); the ARMCI_* names are weak aliases. */

#include "contig.h"

/* (function name suffix, C type) */
#define ARMCI_VALUE_TYPES(X) X(Int, int) X(Long, long) X(Float, float) X(Double, double)

/* The non-blocking put completes before returning: the value lives on the
 * caller's stack. */
#define VALUE_FUNCTIONS(NAME, T)                                                              \
  int PARMCI_PutValue##NAME(T src, void *dst, int proc) {                                     \
    return armci__put_contig(&src, dst, sizeof src, proc, NULL, 0, "ARMCI_PutValue" #NAME);   \
  }                                                                                           \
  int PARMCI_NbPutValue##NAME(T src, void *dst, int proc, armci_hdl_t *hdl) {                 \
    (void)hdl;                                                                                \
    return armci__put_contig(&src, dst, sizeof src, proc, NULL, 0, "ARMCI_NbPutValue" #NAME); \
  }                                                                                           \
  T PARMCI_GetValue##NAME(void *src, int proc) {                                              \
    T v = 0;                                                                                  \
    armci__get_contig(src, &v, sizeof v, proc, NULL, 0, "ARMCI_GetValue" #NAME);              \
    return v;                                                                                 \
  }                                                                                           \
  ARMCI_WEAK_ALIAS(ARMCI_PutValue##NAME, PARMCI_PutValue##NAME);                              \
  ARMCI_WEAK_ALIAS(ARMCI_NbPutValue##NAME, PARMCI_NbPutValue##NAME);                          \
  ARMCI_WEAK_ALIAS(ARMCI_GetValue##NAME, PARMCI_GetValue##NAME);

ARMCI_VALUE_TYPES(VALUE_FUNCTIONS)
