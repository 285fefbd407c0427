/* Contiguous put, get and accumulate, blocking and non-blocking, and
 * ARMCI_Put_flag.
 *
 * Same-node target: a copy through the caller's mapping of the target's
 * memory, which DART's shared-memory windows provide (dart_gptr_getaddr):
 * no MPI, no per-call overhead. Other targets: MPI RMA through DART.
 * Accumulates: see acc.c. */
#include <stdatomic.h>
#include <string.h>

#include "acc.h"
#include "completion.h"
#include "contig.h"
#include "mem.h"
#include "shmacc.h"

/* A negative size or a NULL local buffer is an error on every path (the
 * same-node copy would otherwise crash on it, and a negative size be a
 * silent no-op); zero bytes move nothing. */
static void check_local(const void *buf, int bytes, const char *what, const char *fn) {
  if (bytes < 0) armci__fatal("%s: negative size %d", fn, bytes);
  if (bytes > 0 && !buf) armci__fatal("%s: the %s buffer is NULL (%d bytes)", fn, what, bytes);
}

int armci__put_contig(void *src, void *dst, int bytes, int proc, armci_hdl_t *h, int nb, const char *fn) {
  check_local(src, bytes, "source", fn);
  if (bytes == 0) return 0;
  armci_target_t t;
  armci__translate(dst, proc, (size_t)bytes, &t, fn);
  armci__order(proc, PEND_PUT);
  if (t.local) { /* shared memory: a copy; ARMCI_Fence adds the memory fence */
    memmove(t.local, src, (size_t)bytes);
    return 0;
  }
  /* A blocking put completes locally (the source may be reused); like a
   * non-blocking one it stays outstanding until a fence, a barrier, an
   * unlock or a conflicting operation completes it at the target. */
  int staged = !nb && bytes <= ARMCI_STAGE_MAX;
  if (staged) src = memcpy(armci__stage((size_t)bytes), src, (size_t)bytes);
  DART_CALL(dart_put(t.g, src, (size_t)bytes, DART_TYPE_BYTE, DART_TYPE_BYTE));
  if (!nb && !staged) DART_CALL(dart_flush_local(t.g));
  armci__pending(proc, PEND_PUT, t.g);
  armci__handle_note(h, proc);
  return 0;
}

int armci__get_contig(void *src, void *dst, int bytes, int proc, armci_hdl_t *h, int nb, const char *fn) {
  check_local(dst, bytes, "destination", fn);
  if (bytes == 0) return 0;
  armci_target_t t;
  armci__translate(src, proc, (size_t)bytes, &t, fn);
  armci__order(proc, PEND_GET);
  if (t.local) {
    memmove(dst, t.local, (size_t)bytes);
    return 0;
  }
  if (!nb) {
    DART_CALL(dart_get_blocking(dst, t.g, (size_t)bytes, DART_TYPE_BYTE, DART_TYPE_BYTE));
  } else {
    DART_CALL(dart_get(dst, t.g, (size_t)bytes, DART_TYPE_BYTE, DART_TYPE_BYTE));
    armci__pending(proc, PEND_GET, t.g);
    armci__handle_note(h, proc);
  }
  return 0;
}

static int acc_contig(int datatype, void *scale, void *src, void *dst, int bytes, int proc, armci_hdl_t *h,
                      int nb, const char *fn) {
  check_local(src, bytes, "source", fn);
  if (bytes == 0) return 0;
  armci_acc_type_t at = armci__acc_type(datatype, fn);
  armci_target_t t;
  armci__translate(dst, proc, (size_t)bytes, &t, fn);
  armci__order(proc, PEND_ACC);
  if (bytes % (int)at.esize) armci__fatal("%s: %d bytes is not a whole number of elements", fn, bytes);
  if (!t.a->spans_nodes) {
    armci__shm_acc(&t, datatype, scale, armci__scale_is_one(datatype, scale), src, (size_t)bytes, at.esize,
                   NULL);
    return 0;
  }
  /* The (scaled) source in a buffer of ours when it has to be reusable at
   * once or is a temporary: a staging slot if small (no local completion
   * needed), else scratch completed locally before it is freed. */
  armci_scratch_t s;
  s.p = NULL; /* not an initializer: that would clear its 4 KiB */
  const void *buf = src;
  int temp = !armci__scale_is_one(datatype, scale);
  int staged = (!nb || temp) && bytes <= ARMCI_STAGE_MAX;
  if (staged || temp) {
    void *b = staged ? armci__stage((size_t)bytes) : armci__scratch_get(&s, (size_t)bytes);
    if (temp)
      armci__scale_into(datatype, scale, b, src, (size_t)bytes);
    else
      memcpy(b, src, (size_t)bytes);
    buf = b;
  }
  armci__acc_issue(t.g, buf, (size_t)bytes, at, at.dtype, fn);
  armci__acc_finish(&t, proc, (!nb || temp) && !staged, h);
  armci__scratch_put(&s);
  return 0;
}

int PARMCI_Put(void *src, void *dst, int size, int target) {
  return armci__put_contig(src, dst, size, target, NULL, 0, "ARMCI_Put");
}

int PARMCI_Get(void *src, void *dst, int size, int target) {
  return armci__get_contig(src, dst, size, target, NULL, 0, "ARMCI_Get");
}

int PARMCI_Acc(int datatype, void *scale, void *src, void *dst, int bytes, int proc) {
  return acc_contig(datatype, scale, src, dst, bytes, proc, NULL, 0, "ARMCI_Acc");
}

int PARMCI_NbPut(void *src, void *dst, int bytes, int proc, armci_hdl_t *hdl) {
  return armci__put_contig(src, dst, bytes, proc, hdl, 1, "ARMCI_NbPut");
}

int PARMCI_NbGet(void *src, void *dst, int bytes, int proc, armci_hdl_t *hdl) {
  return armci__get_contig(src, dst, bytes, proc, hdl, 1, "ARMCI_NbGet");
}

int PARMCI_NbAcc(int datatype, void *scale, void *src, void *dst, int bytes, int proc, armci_hdl_t *hdl) {
  return acc_contig(datatype, scale, src, dst, bytes, proc, hdl, 1, "ARMCI_NbAcc");
}

int PARMCI_Put_flag(void *src, void *dst, int size, int *flag, int value, int proc) {
  armci__put_contig(src, dst, size, proc, NULL, 0, "ARMCI_Put_flag");
  armci__complete(proc);                     /* the data at the target ... */
  atomic_thread_fence(memory_order_seq_cst); /* ... before the flag */
  return armci__put_contig(&value, flag, sizeof(int), proc, NULL, 0, "ARMCI_Put_flag");
}

/* The application's names: weak aliases, which a profiling tool may replace (parmci.h). */
ARMCI_WEAK_ALIAS(ARMCI_Put, PARMCI_Put);
ARMCI_WEAK_ALIAS(ARMCI_Get, PARMCI_Get);
ARMCI_WEAK_ALIAS(ARMCI_Acc, PARMCI_Acc);
ARMCI_WEAK_ALIAS(ARMCI_NbPut, PARMCI_NbPut);
ARMCI_WEAK_ALIAS(ARMCI_NbGet, PARMCI_NbGet);
ARMCI_WEAK_ALIAS(ARMCI_NbAcc, PARMCI_NbAcc);
ARMCI_WEAK_ALIAS(ARMCI_Put_flag, PARMCI_Put_flag);
