/* Vector (IOV) put, get and accumulate: ARMCI_PutV and friends.
 *
 * Same-node target: put and get copy segment by segment, in order, through
 * the caller's mapping of the target's memory. Other targets: a batch of
 * contiguous DART transfers completed by one flush, unless destinations
 * overlap (found by sorting the segments by address, O(N log N)), in which
 * case segments go one by one, each complete before the next.
 * Accumulates: per segment, under stripe locks (shmacc.c) or on MPI
 * (acc.c). */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "acc.h"
#include "completion.h"
#include "mem.h"
#include "shmacc.h"

static inline int on_my_node(int proc) { return armci__s.node_of[proc] == armci__s.my_node; }

typedef struct {
  const char *addr; /* the side whose overlap matters */
  size_t len;
} span_t;

static int span_cmp(const void *a, const void *b) {
  const char *x = ((const span_t *)a)->addr, *y = ((const span_t *)b)->addr;
  return (x > y) - (x < y);
}

/* 1 if any two of the n spans overlap: sort by address, compare neighbours
 * (the paper's conflict tree, as a sorted array): O(n log n). */
static int spans_overlap(span_t *s, size_t n) {
  if (n < 2) return 0;
  qsort(s, n, sizeof *s, span_cmp);
  for (size_t i = 1; i < n; i++)
    if (s[i - 1].addr + s[i - 1].len > s[i].addr) return 1;
  return 0;
}

/* Segments to move; reports bad descriptors: negative sizes, NULL pointer
 * arrays, NULL buffers on the caller's side (the other side's pointers are
 * checked when translated). */
static size_t iov_count(int kind, const armci_giov_t *iov, int len, const char *fn) {
  if (len < 0) armci__fatal("%s: negative descriptor count %d", fn, len);
  if (len > 0 && !iov) armci__fatal("%s: the descriptor array is NULL", fn);
  size_t n = 0;
  for (int d = 0; d < len; d++) {
    if (iov[d].bytes < 0 || iov[d].ptr_array_len < 0)
      armci__fatal("%s: negative size in descriptor %d", fn, d);
    if (!iov[d].bytes || !iov[d].ptr_array_len) continue;
    if (!iov[d].src_ptr_array || !iov[d].dst_ptr_array)
      armci__fatal("%s: descriptor %d has a NULL pointer array", fn, d);
    void *const *mine = kind == PEND_GET ? iov[d].dst_ptr_array : iov[d].src_ptr_array;
    for (int i = 0; i < iov[d].ptr_array_len; i++)
      if (!mine[i])
        armci__fatal("%s: descriptor %d: %s buffer %d is NULL", fn, d,
                     kind == PEND_GET ? "destination" : "source", i);
    n += (size_t)iov[d].ptr_array_len;
  }
  return n;
}

/* kind: PEND_PUT (remote = dst), PEND_GET (remote = src), PEND_ACC. */
static int vector_common(int kind, int datatype, void *scale, armci_giov_t *iov, int len, int proc,
                         armci_hdl_t *h, int nb, const char *fn) {
  size_t n = iov_count(kind, iov, len, fn);
  if (!n) return 0;
  if ((unsigned)proc >= (unsigned)armci__s.np) armci__fatal("%s: process %d out of range", fn, proc);
  armci_acc_type_t at = {0, 1, 1};
  int temp = 0;
  if (kind == PEND_ACC) {
    at = armci__acc_type(datatype, fn);
    temp = !armci__scale_is_one(datatype, scale);
  }
  armci__order(proc, kind);
  if (kind != PEND_ACC && on_my_node(proc)) {
    /* shared memory: in order, so overlapping segments behave as if each
     * were a blocking operation */
    atomic_thread_fence(memory_order_acquire);
    for (int d = 0; d < len; d++)
      for (int i = 0; i < iov[d].ptr_array_len && iov[d].bytes > 0; i++) {
        armci_target_t t;
        size_t b = (size_t)iov[d].bytes;
        if (kind == PEND_PUT) {
          armci__translate(iov[d].dst_ptr_array[i], proc, b, &t, fn);
          memmove(t.local, iov[d].src_ptr_array[i], b);
        } else {
          armci__translate(iov[d].src_ptr_array[i], proc, b, &t, fn);
          memmove(iov[d].dst_ptr_array[i], t.local, b);
        }
      }
    return 0;
  }
  /* MPI path (or accumulates): check overlap of the written side */
  int safe = 1;
  if (kind != PEND_ACC) {
    span_t *sp = malloc(sizeof *sp * n);
    if (!sp) armci__fatal("%s: out of memory", fn);
    size_t k = 0;
    for (int d = 0; d < len; d++)
      for (int i = 0; i < iov[d].ptr_array_len && iov[d].bytes > 0; i++)
        sp[k++] = (span_t){(const char *)iov[d].dst_ptr_array[i], (size_t)iov[d].bytes};
    safe = !spans_overlap(sp, n);
    free(sp);
  }
  armci_target_t t = {0};
  int any_mpi = 0;
  uint32_t *held = NULL; /* stripe lock kept across same-block segments */
  for (int d = 0; d < len; d++) {
    if (iov[d].bytes <= 0) continue;
    size_t b = (size_t)iov[d].bytes;
    armci_scratch_t s;
    char *buf = NULL;
    if (temp) buf = armci__scratch_get(&s, b * (size_t)iov[d].ptr_array_len);
    for (int i = 0; i < iov[d].ptr_array_len; i++) {
      if (kind == PEND_PUT) {
        armci__translate(iov[d].dst_ptr_array[i], proc, b, &t, fn);
        if (safe)
          DART_CALL(dart_put(t.g, iov[d].src_ptr_array[i], b, DART_TYPE_BYTE, DART_TYPE_BYTE));
        else
          DART_CALL(dart_put_blocking(t.g, iov[d].src_ptr_array[i], b, DART_TYPE_BYTE, DART_TYPE_BYTE));
        if (safe) armci__pending(proc, PEND_PUT, t.g);
      } else if (kind == PEND_GET) {
        armci__translate(iov[d].src_ptr_array[i], proc, b, &t, fn);
        if (safe)
          DART_CALL(dart_get(iov[d].dst_ptr_array[i], t.g, b, DART_TYPE_BYTE, DART_TYPE_BYTE));
        else
          DART_CALL(dart_get_blocking(iov[d].dst_ptr_array[i], t.g, b, DART_TYPE_BYTE, DART_TYPE_BYTE));
        if (safe) armci__pending(proc, PEND_GET, t.g);
      } else {
        armci__translate(iov[d].dst_ptr_array[i], proc, b, &t, fn);
        const void *from = iov[d].src_ptr_array[i];
        if (!t.a->spans_nodes) {
          if (b % at.esize) armci__fatal("%s: %zu bytes is not a whole number of elements", fn, b);
          armci__shm_acc(&t, datatype, scale, !temp, from, b, at.esize, &held);
          continue;
        }
        armci__shm_release(&held); /* never wait for MPI while holding a stripe lock */
        if (temp) {
          armci__scale_into(datatype, scale, buf + (size_t)i * b, from, b);
          from = buf + (size_t)i * b;
        }
        armci__acc_issue(t.g, from, b, at, at.dtype, fn);
        if (t.a->spans_nodes) {
          armci__pending(proc, PEND_ACC, t.g);
          any_mpi = 1;
        }
      }
    }
    if (temp) {
      armci__shm_release(&held);
      if (any_mpi) armci__complete(proc); /* buf goes away: complete what used it */
      armci__scratch_put(&s);
    }
  }
  armci__shm_release(&held);
  if (kind != PEND_ACC && safe) any_mpi = 1;
  if (any_mpi) {
    if (nb)
      armci__handle_note(h, proc);
    else
      armci__complete(proc);
  }
  return 0;
}

int PARMCI_PutV(armci_giov_t *iov, int iov_len, int proc) {
  return vector_common(PEND_PUT, 0, NULL, iov, iov_len, proc, NULL, 0, "ARMCI_PutV");
}

int PARMCI_GetV(armci_giov_t *iov, int iov_len, int proc) {
  return vector_common(PEND_GET, 0, NULL, iov, iov_len, proc, NULL, 0, "ARMCI_GetV");
}

int PARMCI_AccV(int datatype, void *scale, armci_giov_t *iov, int iov_len, int proc) {
  return vector_common(PEND_ACC, datatype, scale, iov, iov_len, proc, NULL, 0, "ARMCI_AccV");
}

int PARMCI_NbPutV(armci_giov_t *iov, int iov_len, int proc, armci_hdl_t *handle) {
  return vector_common(PEND_PUT, 0, NULL, iov, iov_len, proc, handle, 1, "ARMCI_NbPutV");
}

int PARMCI_NbGetV(armci_giov_t *iov, int iov_len, int proc, armci_hdl_t *handle) {
  return vector_common(PEND_GET, 0, NULL, iov, iov_len, proc, handle, 1, "ARMCI_NbGetV");
}

int PARMCI_NbAccV(int datatype, void *scale, armci_giov_t *iov, int iov_len, int proc, armci_hdl_t *handle) {
  return vector_common(PEND_ACC, datatype, scale, iov, iov_len, proc, handle, 1, "ARMCI_NbAccV");
}

/* The application's names: weak aliases, which a profiling tool may replace (parmci.h). */
ARMCI_WEAK_ALIAS(ARMCI_PutV, PARMCI_PutV);
ARMCI_WEAK_ALIAS(ARMCI_GetV, PARMCI_GetV);
ARMCI_WEAK_ALIAS(ARMCI_AccV, PARMCI_AccV);
ARMCI_WEAK_ALIAS(ARMCI_NbPutV, PARMCI_NbPutV);
ARMCI_WEAK_ALIAS(ARMCI_NbGetV, PARMCI_NbGetV);
ARMCI_WEAK_ALIAS(ARMCI_NbAccV, PARMCI_NbAccV);
