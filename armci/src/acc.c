/* Accumulate pieces shared by the contiguous, strided and vector paths:
 * type rows, local scaling, scratch buffers, issue and completion on MPI.
 *
 * Accumulate, element-wise atomic with respect to every other accumulate
 * (and ARMCI_Rmw) on the same allocation:
 *  - allocation within the caller's node (its DART team has no MPI window):
 *    block-wise stripe locks in shared memory and plain arithmetic
 *    (shmacc.c), about memory speed;
 *  - allocation spanning nodes: the source is scaled locally into a
 *    temporary buffer (unless the scale is one) and added with
 *    dart_accumulate(SUM), i.e. MPI_Accumulate, even for a same-node
 *    target (DART's rule: MPI atomics only, on such segments). */
#include <stdlib.h>
#include <string.h>

#include "acc.h"
#include "completion.h"

armci_acc_type_t armci__acc_type(int datatype, const char *fn) {
  switch (datatype) {
#define ACC_TYPE_ROW(ID, DART, PER, A) \
  case ID: return (armci_acc_type_t){DART_TYPE_##DART, PER * sizeof(A), PER};
    ARMCI_ACC_TYPES(ACC_TYPE_ROW)
#undef ACC_TYPE_ROW
    default: armci__fatal("%s: unknown accumulate type %d", fn, datatype);
  }
}

int armci__scale_is_one(int datatype, const void *scale) {
  if (!scale) return 1;
  switch (datatype) {
#define IS_ONE_ROW(ID, DART, PER, A) \
  case ID: {                         \
    A s[PER];                        \
    memcpy(s, scale, sizeof s);      \
    return ARMCI_IS_ONE_##PER(s);    \
  }
    ARMCI_ACC_TYPES(IS_ONE_ROW)
#undef IS_ONE_ROW
    default: return 0;
  }
}

void armci__scale_into(int datatype, const void *scale, void *dst, const void *src, size_t bytes) {
  switch (datatype) {
#define SCALE_INTO_ROW(ID, DART, PER, A)                                                          \
  case ID: {                                                                                      \
    A s[PER], *d = dst;                                                                           \
    const A *x = src;                                                                             \
    memcpy(s, scale, sizeof s);                                                                   \
    for (size_t i = 0; i < bytes / sizeof s; i++) ARMCI_SCALE_##PER(d + PER * i, s, x + PER * i); \
    break;                                                                                        \
  }
    ARMCI_ACC_TYPES(SCALE_INTO_ROW)
#undef SCALE_INTO_ROW
    default: break;
  }
}

void *armci__scratch_get(armci_scratch_t *s, size_t bytes) {
  s->p = NULL;
  if (bytes <= ARMCI_SMALL_SCRATCH) return s->small;
  if (posix_memalign(&s->p, 64, bytes)) armci__fatal("ARMCI: out of memory for %zu bytes of scratch", bytes);
  return s->p;
}

void armci__scratch_put(armci_scratch_t *s) { free(s->p); }

void armci__acc_issue(dart_gptr_t g, const void *buf, size_t bytes, armci_acc_type_t at, dart_datatype_t type,
                      const char *fn) {
  if (bytes % at.esize) armci__fatal("%s: %zu bytes is not a whole number of elements", fn, bytes);
  dart_ret_t r = dart_accumulate(g, buf, bytes / at.esize * at.per, type, DART_OP_SUM);
  if (r != DART_OK)
    armci__fatal("%s: dart_accumulate failed: %s (%s)", fn, dart_strerror(r), dart_last_error());
}

void armci__acc_finish(const armci_target_t *t, int proc, int complete_locally, armci_hdl_t *h) {
  if (!t->a->spans_nodes) return; /* CPU atomics: complete already */
  /* Blocking: local completion (the source may be reused); remote at the
   * next fence, barrier, unlock or conflicting operation, as a put. */
  if (complete_locally) DART_CALL(dart_flush_local(t->g));
  armci__pending(proc, PEND_ACC, t->g);
  armci__handle_note(h, proc);
}
