/**
 * @file dart/communication.h
 * One-sided communication (put, get, atomics) and collective and two-sided
 * communication on teams.
 *
 * Element counts are size_t; transfers above 2^31 elements are split
 * internally (MPI counts are int).
 *
 * Paths: a target on the caller's node (real, or virtual with
 * DART_UNITS_PER_NODE) is reached with plain loads/stores/memcpy through
 * an MPI-3 shared-memory window; other targets through MPI RMA. On the
 * shared-memory path every put and get, blocking or not, has copied its data
 * when the call returns (handles are DART_HANDLE_NULL); a dart_put's data is
 * ordered before later signals by dart_flush, as on the MPI path.
 *
 * Threads (DART_THREAD_MULTIPLE): completion is per unit, as in MPI: a
 * flush completes the operations every thread of the calling unit issued
 * to that target before it, and a handle may be completed by any thread.
 */
#ifndef DART_COMMUNICATION_H
#define DART_COMMUNICATION_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- One-sided: non-blocking, completed by flush ---- */

/**
 * Starts copying nelem elements from local src (layout src_type) to the
 * global memory at gptr (layout dst_type). Both types must share the same
 * basic type. src may be reused after dart_flush_local(gptr); the data is
 * visible at the target after dart_flush(gptr). Threads: any.
 */
dart_ret_t dart_put(dart_gptr_t gptr, const void *src, size_t nelem, dart_datatype_t src_type,
                    dart_datatype_t dst_type);

/**
 * Starts copying nelem elements from gptr (layout src_type) into local dst
 * (layout dst_type). dst holds the data after dart_flush_local(gptr). Threads: any.
 */
dart_ret_t dart_get(void *dst, dart_gptr_t gptr, size_t nelem, dart_datatype_t src_type,
                    dart_datatype_t dst_type);

/**
 * Completes all puts/gets/atomics of the calling unit (of all its threads) to gptr's unit in gptr's
 * segment, at origin and target. Threads: any.
 */
dart_ret_t dart_flush(dart_gptr_t gptr);

/** As dart_flush, for all units of gptr's segment. Threads: any. */
dart_ret_t dart_flush_all(dart_gptr_t gptr);

/** Completes them locally only: buffers may be reused / read. Threads: any. */
dart_ret_t dart_flush_local(dart_gptr_t gptr);

/** As dart_flush_local, for all units of gptr's segment. Threads: any. */
dart_ret_t dart_flush_local_all(dart_gptr_t gptr);

/* ---- One-sided: blocking ---- */

/** As dart_put, and returns when the data is visible at the target. Threads: any. */
dart_ret_t dart_put_blocking(dart_gptr_t gptr, const void *src, size_t nelem, dart_datatype_t src_type,
                             dart_datatype_t dst_type);

/** As dart_get, and returns when the data is in dst. Threads: any. */
dart_ret_t dart_get_blocking(void *dst, dart_gptr_t gptr, size_t nelem, dart_datatype_t src_type,
                             dart_datatype_t dst_type);

/* ---- One-sided: handle-based ---- */

/**
 * A handle to one outstanding transfer; DART_HANDLE_NULL when complete.
 * An opaque value, not a pointer to memory: copies may be made, but only
 * one of them may be completed. Waiting on or testing a copy of a handle
 * that has completed, or a value no DART call returned, is DART_ERR_INVAL
 * (the value is left as it is), never a crash or a corrupted later call.
 * DART_HANDLE_NULL is always a valid, complete handle: waiting on it is a
 * no-op. At most 262,144 handles are outstanding per unit (then
 * DART_ERR_NOMEM from dart_put_handle / dart_get_handle).
 */
typedef struct dart_handle_struct *dart_handle_t;
/** The handle of no (or of an already completed) transfer. */
#define DART_HANDLE_NULL ((dart_handle_t)NULL)

/**
 * As dart_put, tracked by *handle. *handle is DART_HANDLE_NULL if the
 * transfer already completed (always on the shared-memory path). Threads: any.
 */
dart_ret_t dart_put_handle(dart_gptr_t gptr, const void *src, size_t nelem, dart_datatype_t src_type,
                           dart_datatype_t dst_type, dart_handle_t *handle);

/** As dart_get, tracked by *handle. Threads: any. */
dart_ret_t dart_get_handle(void *dst, dart_gptr_t gptr, size_t nelem, dart_datatype_t src_type,
                           dart_datatype_t dst_type, dart_handle_t *handle);

/**
 * Waits until the transfer is complete at origin and target; frees *handle
 * (sets it to DART_HANDLE_NULL). DART_ERR_INVAL if *handle is neither
 * DART_HANDLE_NULL nor outstanding (already completed through a copy, or
 * not a handle). Threads: any.
 */
dart_ret_t dart_wait(dart_handle_t *handle);

/** Waits until the transfer is complete at the origin (buffer reusable); frees *handle; errors as dart_wait. Threads: any. */
dart_ret_t dart_wait_local(dart_handle_t *handle);

/**
 * dart_wait on n handles. An invalid one (see dart_wait) is left as it is
 * and makes the call DART_ERR_INVAL after the others have completed. Threads: any.
 */
dart_ret_t dart_waitall(dart_handle_t handles[], size_t n);

/** dart_wait_local on n handles. Threads: any. */
dart_ret_t dart_waitall_local(dart_handle_t handles[], size_t n);

/**
 * Sets *flag to 1 and frees *handle if the transfer is complete at origin
 * and target (for a put this flushes the target once the local part is done),
 * else sets *flag to 0. Drives MPI progress. DART_ERR_INVAL (and *flag 0)
 * for an invalid handle, as dart_wait. Threads: any.
 */
dart_ret_t dart_test(dart_handle_t *handle, int *flag);

/** As dart_test for local completion. Threads: any. */
dart_ret_t dart_test_local(dart_handle_t *handle, int *flag);

/**
 * dart_test on n handles: *flag is 1 only if all are complete. Invalid
 * handles as dart_waitall: DART_ERR_INVAL, *flag 0. Threads: any.
 */
dart_ret_t dart_testall(dart_handle_t handles[], size_t n, int *flag);

/** dart_test_local on n handles. Threads: any. */
dart_ret_t dart_testall_local(dart_handle_t handles[], size_t n, int *flag);

/* ---- Same-node fast path without a library call (internal: not API) ----
 * On the shared-memory path a transfer is complete when its call returns.
 * The library records in dart__fast, one record per thread, the last
 * same-node target the thread checked (team, segment, unit, bounds):
 * `key_addr`, the first 64 bits (unit, segment, team) of that global
 * pointer, and `base`/`size`, that unit's part of the segment; `key` is the
 * same value when the segment has no MPI window, where nothing can ever be
 * pending, so that a flush or wait has only the checks to do (on a segment
 * that spans nodes a flush must also complete the MPI atomics to that
 * unit: `key` is DART__NO_KEY then). Freeing any segment sets `key_addr`
 * of every thread's record to DART__NO_KEY (unit -1: never a checked
 * pointer's); the owner reads it with relaxed atomic loads (plain moves),
 * so that a free in another thread is not a data race. `key` is set only
 * at DART_THREAD_SINGLE, where no other thread frees: it is a plain field
 * that the compiler may reason about. The inline definitions below (GNU
 * C's extern inline, as glibc's: used only for inlining, the library holds
 * the real functions) move data of one basic type within that part with
 * memmove (blocking calls on `key_addr`, the others on `key`), answer the
 * flush or wait that has nothing to do, and hand everything else to the
 * library, so the errors are the same. After a non-blocking copy the
 * compiler is told that `key` is unchanged (the copy cannot write it; no
 * other thread can), so that a flush or wait of the same pointer right
 * after it compiles to nothing: a non-blocking transfer and its completion
 * then run the very instructions of the blocking call (OSHMPI's inline
 * path), without a store that the next check would have to read back.
 * The record is initial-exec thread-local storage (an %fs-relative access,
 * no call, also from shared objects). */
typedef struct {
  uint64_t key;
  char *base;
  uint64_t size;
  uint64_t key_addr;
} dart__fast_t;
#define DART__NO_KEY UINT64_MAX
#if defined(__GNUC__)
extern __thread dart__fast_t dart__fast __attribute__((tls_model("initial-exec")));
#else
extern _Thread_local dart__fast_t dart__fast;
#endif
extern int dart__initialized; /* between dart_init and dart_exit */
dart_ret_t dart__flush_one(dart_gptr_t gptr, int remote);
dart_ret_t dart__waitall(dart_handle_t handles[], size_t n, int remote);

#if defined(__GNUC__) && !defined(DART_NO_INLINE)
#define DART_INLINE_ extern __inline__ __attribute__((__gnu_inline__, __always_inline__))
#define DART_STR2_(x) #x
#define DART_STR_(x) DART_STR2_(x)
/* The library's definition of an inlined function (glibc's __REDIRECT). */
#define DART_LIBRARY_(name) __asm__(DART_STR_(__USER_LABEL_PREFIX__) #name)

/* Bytes of a basic type, 0 for any other type: a constant where the type
 * is (so that a small copy compiles to a move), a table lookup otherwise.
 * The complex rows by their layout (two reals): std::complex needs <complex>. */
#define DART_SIZE_CASE_(name, ctype, cls, mpi) DART_SIZE_CASE_##cls(name, ctype)
#define DART_SIZE_CASE_BYTE(name, ctype) \
  case DART_TYPE_##name:                 \
    return sizeof(ctype);
#define DART_SIZE_CASE_INT DART_SIZE_CASE_BYTE
#define DART_SIZE_CASE_CHAR DART_SIZE_CASE_BYTE
#define DART_SIZE_CASE_FLOAT DART_SIZE_CASE_BYTE
#define DART_SIZE_CASE_COMPLEX(name, ctype)
DART_INLINE_ size_t dart__basic_size(dart_datatype_t type) {
  switch (type) {
    DART_BASIC_TYPES(DART_SIZE_CASE_)
    case DART_TYPE_FLOAT_COMPLEX: return 2 * sizeof(float);
    case DART_TYPE_DOUBLE_COMPLEX: return 2 * sizeof(double);
  }
  return 0;
}

/* The address of nelem elements at gptr in the recorded part, or NULL when
 * the library has to decide (another target, other types, out of bounds,
 * no buffer). `blocking`: compare with key_addr, else with key. *k: gptr's
 * key, *bytes: the span. Inline only: no library copy. */
DART_INLINE_ char *dart__fast_addr(dart_gptr_t gptr, const void *buf, size_t nelem, dart_datatype_t remote,
                                   dart_datatype_t local, int blocking, uint64_t *k, size_t *bytes) {
  __builtin_memcpy(k, &gptr, sizeof *k);
  if (*k != (blocking ? __atomic_load_n(&dart__fast.key_addr, __ATOMIC_RELAXED) : dart__fast.key) ||
      *k == DART__NO_KEY || remote != local || !buf || !dart__basic_size(remote) ||
      __builtin_mul_overflow(nelem, dart__basic_size(remote), bytes) || gptr.offset > dart__fast.size ||
      *bytes > dart__fast.size - gptr.offset)
    return 0;
  return dart__fast.base + gptr.offset;
}

dart_ret_t dart__put_lib(dart_gptr_t, const void *, size_t, dart_datatype_t, dart_datatype_t)
    DART_LIBRARY_(dart_put);
dart_ret_t dart__get_lib(void *, dart_gptr_t, size_t, dart_datatype_t, dart_datatype_t)
    DART_LIBRARY_(dart_get);
dart_ret_t dart__put_blocking_lib(dart_gptr_t, const void *, size_t, dart_datatype_t, dart_datatype_t)
    DART_LIBRARY_(dart_put_blocking);
dart_ret_t dart__get_blocking_lib(void *, dart_gptr_t, size_t, dart_datatype_t, dart_datatype_t)
    DART_LIBRARY_(dart_get_blocking);
dart_ret_t dart__put_handle_lib(dart_gptr_t, const void *, size_t, dart_datatype_t, dart_datatype_t,
                                dart_handle_t *) DART_LIBRARY_(dart_put_handle);
dart_ret_t dart__get_handle_lib(void *, dart_gptr_t, size_t, dart_datatype_t, dart_datatype_t,
                                dart_handle_t *) DART_LIBRARY_(dart_get_handle);

/* The copies. 0 when the library has to decide. `fence`: the data visible
 * before any later signal (blocking put). `nb`: a non-blocking call, which
 * needs `key` (nothing pending on the segment) and tells the compiler that
 * it still holds (see above); a blocking one needs only `key_addr`. */
DART_INLINE_ int dart__fast_put(dart_gptr_t gptr, const void *src, size_t nelem, dart_datatype_t src_type,
                                dart_datatype_t dst_type, int fence, int nb) {
  uint64_t k;
  size_t n;
  char *to = dart__fast_addr(gptr, src, nelem, dst_type, src_type, !nb, &k, &n);
  if (!to) return 0;
  __builtin_memmove(to, src, n); /* src may overlap: it can be global memory */
  if (fence) __atomic_thread_fence(__ATOMIC_SEQ_CST);
  if (nb && dart__fast.key != k) __builtin_unreachable(); /* see above: no code */
  return 1;
}

DART_INLINE_ int dart__fast_get(void *dst, dart_gptr_t gptr, size_t nelem, dart_datatype_t src_type,
                                dart_datatype_t dst_type, int nb) {
  uint64_t k;
  size_t n;
  char *from = dart__fast_addr(gptr, dst, nelem, src_type, dst_type, !nb, &k, &n);
  if (!from) return 0;
  __atomic_thread_fence(__ATOMIC_ACQUIRE);
  __builtin_memmove(dst, from, n);
  if (nb && dart__fast.key != k) __builtin_unreachable(); /* see above: no code */
  return 1;
}

DART_INLINE_ dart_ret_t dart_put(dart_gptr_t gptr, const void *src, size_t nelem, dart_datatype_t src_type,
                                 dart_datatype_t dst_type) {
  if (dart__fast_put(gptr, src, nelem, src_type, dst_type, 0, 1)) return DART_OK;
  return dart__put_lib(gptr, src, nelem, src_type, dst_type);
}

DART_INLINE_ dart_ret_t dart_get(void *dst, dart_gptr_t gptr, size_t nelem, dart_datatype_t src_type,
                                 dart_datatype_t dst_type) {
  if (dart__fast_get(dst, gptr, nelem, src_type, dst_type, 1)) return DART_OK;
  return dart__get_lib(dst, gptr, nelem, src_type, dst_type);
}

DART_INLINE_ dart_ret_t dart_put_blocking(dart_gptr_t gptr, const void *src, size_t nelem,
                                          dart_datatype_t src_type, dart_datatype_t dst_type) {
  if (dart__fast_put(gptr, src, nelem, src_type, dst_type, 1, 0)) return DART_OK;
  return dart__put_blocking_lib(gptr, src, nelem, src_type, dst_type);
}

DART_INLINE_ dart_ret_t dart_get_blocking(void *dst, dart_gptr_t gptr, size_t nelem, dart_datatype_t src_type,
                                          dart_datatype_t dst_type) {
  if (dart__fast_get(dst, gptr, nelem, src_type, dst_type, 0)) return DART_OK;
  return dart__get_blocking_lib(dst, gptr, nelem, src_type, dst_type);
}

DART_INLINE_ dart_ret_t dart_put_handle(dart_gptr_t gptr, const void *src, size_t nelem,
                                        dart_datatype_t src_type, dart_datatype_t dst_type,
                                        dart_handle_t *handle) {
  if (!handle || !dart__fast_put(gptr, src, nelem, src_type, dst_type, 1, 1))
    return dart__put_handle_lib(gptr, src, nelem, src_type, dst_type, handle);
  *handle = DART_HANDLE_NULL; /* complete: a dart_wait has nothing left to do */
  return DART_OK;
}

DART_INLINE_ dart_ret_t dart_get_handle(void *dst, dart_gptr_t gptr, size_t nelem, dart_datatype_t src_type,
                                        dart_datatype_t dst_type, dart_handle_t *handle) {
  if (!handle || !dart__fast_get(dst, gptr, nelem, src_type, dst_type, 1))
    return dart__get_handle_lib(dst, gptr, nelem, src_type, dst_type, handle);
  *handle = DART_HANDLE_NULL;
  return DART_OK;
}

DART_INLINE_ dart_ret_t dart_flush(dart_gptr_t gptr) {
  uint64_t k;
  __builtin_memcpy(&k, &gptr, sizeof k);
  if (k == dart__fast.key && k != DART__NO_KEY) {
    __atomic_thread_fence(__ATOMIC_SEQ_CST); /* a dart_put's data before later signals */
    return DART_OK;
  }
  return dart__flush_one(gptr, 1);
}

DART_INLINE_ dart_ret_t dart_flush_local(dart_gptr_t gptr) {
  uint64_t k;
  __builtin_memcpy(&k, &gptr, sizeof k);
  if (k == dart__fast.key && k != DART__NO_KEY) return DART_OK;
  return dart__flush_one(gptr, 0);
}

/* A recorded target implies dart_init: after an inline transfer the
 * compiler knows `key` and drops the load of `initialized`. */
#define DART_FAST_INITIALIZED_() (dart__fast.key != DART__NO_KEY || dart__initialized)

DART_INLINE_ dart_ret_t dart_wait(dart_handle_t *handle) {
  if (handle && *handle == DART_HANDLE_NULL && DART_FAST_INITIALIZED_()) return DART_OK;
  return dart__waitall(handle, 1, 1);
}

DART_INLINE_ dart_ret_t dart_wait_local(dart_handle_t *handle) {
  if (handle && *handle == DART_HANDLE_NULL && DART_FAST_INITIALIZED_()) return DART_OK;
  return dart__waitall(handle, 1, 0);
}

DART_INLINE_ dart_ret_t dart_waitall(dart_handle_t handles[], size_t n) {
  size_t i = 0;
  if (handles || !n)
    while (i < n && handles[i] == DART_HANDLE_NULL) i++;
  return i == n && DART_FAST_INITIALIZED_() ? DART_OK : dart__waitall(handles, n, 1);
}

DART_INLINE_ dart_ret_t dart_waitall_local(dart_handle_t handles[], size_t n) {
  size_t i = 0;
  if (handles || !n)
    while (i < n && handles[i] == DART_HANDLE_NULL) i++;
  return i == n && DART_FAST_INITIALIZED_() ? DART_OK : dart__waitall(handles, n, 0);
}
#undef DART_FAST_INITIALIZED_
#undef DART_SIZE_CASE_COMPLEX
#undef DART_SIZE_CASE_FLOAT
#undef DART_SIZE_CASE_CHAR
#undef DART_SIZE_CASE_INT
#undef DART_SIZE_CASE_BYTE
#undef DART_SIZE_CASE_
#endif

/* ---- Atomics (docs/design.md: which path each segment uses) ---- */

/**
 * Element-wise atomic update of n elements at gptr: target[i] = target[i]
 * op values[i]. op: MIN MAX SUM PROD BAND BOR BXOR LAND LOR LXOR REPLACE on
 * the basic types MPI defines them for. type may also be a strided or
 * indexed layout of such a type: then the n target elements follow that
 * layout (n a multiple of its elements per instance) and values holds them
 * densely, in order. Complete at dart_flush(gptr). Threads: any.
 */
dart_ret_t dart_accumulate(dart_gptr_t gptr, const void *values, size_t n, dart_datatype_t type,
                           dart_operation_t op);

/**
 * Batched element-wise atomic updates of one unit's memory: for each i < n,
 * target[offsets[i]] = target[offsets[i]] op values[i], where target is the
 * array of basic-type `type` elements starting at gptr (offsets count
 * elements; any order; an offset may repeat: every update is applied). op
 * and type as dart_accumulate (a basic type only). Atomic per element, as
 * dart_accumulate: it may be mixed with dart_accumulate and
 * dart_fetch_and_op of the same op on the same elements.
 * The cheap way to apply many small scattered updates to one unit: across
 * nodes they travel as one MPI_Accumulate per 1,024 updates (an indexed
 * target datatype) instead of one per update; repeats of an offset among
 * them are combined at the origin into a second MPI_Accumulate (integer
 * types, and REPLACE: the last value wins; the call then completes both
 * locally before it returns) or, for floating-point SUM, PROD, MIN and
 * MAX, sent as k calls for an offset that occurs k times, to keep MPI's
 * order of rounding. On the shared-memory path they are CPU atomics. Any
 * unit may call it. Completion as
 * dart_accumulate: on return on the shared-memory path, else at
 * dart_flush(gptr); `values` must not change before dart_flush_local(gptr),
 * `offsets` may change on return. n == 0 does nothing (gptr is still
 * checked). DART_ERR_INVAL for NULL offsets or values with n > 0 and for an
 * offset past the end of the target unit's part of the segment (nothing is
 * updated then). Threads: any.
 */
dart_ret_t dart_accumulate_scattered(dart_gptr_t gptr, const uint64_t *offsets, const void *values, size_t n,
                                     dart_datatype_t type, dart_operation_t op);

/**
 * Atomically: *result = target; target = target op *value. op: SUM PROD
 * MIN MAX BAND BOR BXOR REPLACE NO_OP. Blocking: complete on return. Threads: any.
 */
dart_ret_t dart_fetch_and_op(dart_gptr_t gptr, const void *value, void *result, dart_datatype_t type,
                             dart_operation_t op);

/**
 * Atomically: *result = target; if target == *compare then target = *value.
 * Integer types only. Blocking: complete on return. Threads: any.
 */
dart_ret_t dart_compare_and_swap(dart_gptr_t gptr, const void *value, const void *compare, void *result,
                                 dart_datatype_t type);

/* ---- Same-node atomics without a library call (internal: not API) ----
 * On a segment without an MPI window (a team within one node) every
 * atomic is a CPU atomic (atomic.c), so the header may do it itself on the
 * target that dart__fast's `key` names (it is set only for such segments):
 * the integer types with the operations that are one instruction (SUM,
 * BAND, BOR, BXOR, REPLACE, NO_OP; compare-and-swap), when type and
 * operation are compile-time constants (otherwise the switches would not
 * fold and the library call is as cheap; unoptimized builds take the
 * inline path anyway, so that debug builds test it). Everything else, and
 * every error, goes to the library. Sequentially consistent, as the
 * library's. */
#if defined(__GNUC__) && !defined(DART_NO_INLINE)
#ifdef __OPTIMIZE__
#define DART_AMO_FOLDS_(x) __builtin_constant_p(x)
#else
#define DART_AMO_FOLDS_(x) 1
#endif
dart_ret_t dart__fetch_and_op_lib(dart_gptr_t, const void *, void *, dart_datatype_t, dart_operation_t)
    DART_LIBRARY_(dart_fetch_and_op);
dart_ret_t dart__compare_and_swap_lib(dart_gptr_t, const void *, const void *, void *, dart_datatype_t)
    DART_LIBRARY_(dart_compare_and_swap);

/* Bytes of an integer (or byte) element, 0 for other types. */
DART_INLINE_ size_t dart__amo_int_size(dart_datatype_t type) {
  switch (type) {
#define DART_AMO_SIZE_(name, ctype, cls, mpi) DART_AMO_SIZE_##cls(name, ctype)
#define DART_AMO_SIZE_INT(name, ctype) \
  case DART_TYPE_##name:               \
    return sizeof(ctype);
#define DART_AMO_SIZE_BYTE DART_AMO_SIZE_INT
#define DART_AMO_SIZE_CHAR(name, ctype)
#define DART_AMO_SIZE_FLOAT(name, ctype)
#define DART_AMO_SIZE_COMPLEX(name, ctype)
    DART_BASIC_TYPES(DART_AMO_SIZE_)
#undef DART_AMO_SIZE_COMPLEX
#undef DART_AMO_SIZE_FLOAT
#undef DART_AMO_SIZE_CHAR
#undef DART_AMO_SIZE_BYTE
#undef DART_AMO_SIZE_INT
#undef DART_AMO_SIZE_
    default: return 0;
  }
}

/* The address of the element at gptr in the recorded part when the inline
 * path may update it (es bytes, aligned), else NULL. Segments start
 * 64-byte aligned within a unit's part: the offset's alignment is the
 * library's (atomic.c). */
DART_INLINE_ char *dart__fast_amo_addr(dart_gptr_t gptr, size_t es) {
  uint64_t k;
  __builtin_memcpy(&k, &gptr, sizeof k);
  if (k != dart__fast.key || k == DART__NO_KEY || gptr.offset > dart__fast.size ||
      es > dart__fast.size - gptr.offset)
    return 0;
  char *p = dart__fast.base + gptr.offset;
  /* aligned in memory and, as the library checks it, within the segment */
  return (((uintptr_t)p | gptr.offset) & (es - 1)) ? 0 : p;
}

#define DART_AMO_SEQ_ __ATOMIC_SEQ_CST
#define DART_FETCH_OP_(U)                                                               \
  do {                                                                                  \
    U v_ = 0, o_;                                                                       \
    if (op != DART_OP_NO_OP) __builtin_memcpy(&v_, value, sizeof v_);                   \
    switch (op) {                                                                       \
      case DART_OP_SUM: o_ = __atomic_fetch_add((U *)p, v_, DART_AMO_SEQ_); break;      \
      case DART_OP_BAND: o_ = __atomic_fetch_and((U *)p, v_, DART_AMO_SEQ_); break;     \
      case DART_OP_BOR: o_ = __atomic_fetch_or((U *)p, v_, DART_AMO_SEQ_); break;       \
      case DART_OP_BXOR: o_ = __atomic_fetch_xor((U *)p, v_, DART_AMO_SEQ_); break;     \
      case DART_OP_REPLACE: o_ = __atomic_exchange_n((U *)p, v_, DART_AMO_SEQ_); break; \
      default: o_ = __atomic_load_n((U *)p, DART_AMO_SEQ_); break;                      \
    }                                                                                   \
    __builtin_memcpy(result, &o_, sizeof o_);                                           \
  } while (0)

DART_INLINE_ dart_ret_t dart_fetch_and_op(dart_gptr_t gptr, const void *value, void *result,
                                          dart_datatype_t type, dart_operation_t op) {
  if (DART_AMO_FOLDS_(type) && DART_AMO_FOLDS_(op) && dart__amo_int_size(type) &&
      (op == DART_OP_BAND || op == DART_OP_BOR || op == DART_OP_BXOR || op == DART_OP_REPLACE ||
       op == DART_OP_NO_OP || (op == DART_OP_SUM && type != DART_TYPE_BYTE))) {
    size_t es = dart__amo_int_size(type);
    char *p = dart__fast_amo_addr(gptr, es);
    if (p && result && (value || op == DART_OP_NO_OP)) {
      switch (es) {
        case 1: DART_FETCH_OP_(uint8_t); break;
        case 2: DART_FETCH_OP_(uint16_t); break;
        case 4: DART_FETCH_OP_(uint32_t); break;
        default: DART_FETCH_OP_(uint64_t); break;
      }
      return DART_OK;
    }
  }
  return dart__fetch_and_op_lib(gptr, value, result, type, op);
}

#define DART_CAS_(U)                                                               \
  do {                                                                             \
    U c_, v_;                                                                      \
    __builtin_memcpy(&c_, compare, sizeof c_);                                     \
    __builtin_memcpy(&v_, value, sizeof v_);                                       \
    __atomic_compare_exchange_n((U *)p, &c_, v_, 0, DART_AMO_SEQ_, DART_AMO_SEQ_); \
    __builtin_memcpy(result, &c_, sizeof c_);                                      \
  } while (0)

DART_INLINE_ dart_ret_t dart_compare_and_swap(dart_gptr_t gptr, const void *value, const void *compare,
                                              void *result, dart_datatype_t type) {
  if (DART_AMO_FOLDS_(type) && dart__amo_int_size(type)) {
    size_t es = dart__amo_int_size(type);
    char *p = dart__fast_amo_addr(gptr, es);
    if (p && value && compare && result) {
      switch (es) {
        case 1: DART_CAS_(uint8_t); break;
        case 2: DART_CAS_(uint16_t); break;
        case 4: DART_CAS_(uint32_t); break;
        default: DART_CAS_(uint64_t); break;
      }
      return DART_OK;
    }
  }
  return dart__compare_and_swap_lib(gptr, value, compare, result, type);
}
#undef DART_AMO_FOLDS_
#undef DART_CAS_
#undef DART_FETCH_OP_
#undef DART_AMO_SEQ_
#undef DART_LIBRARY_
#undef DART_STR_
#undef DART_STR2_
#undef DART_INLINE_
#endif

/* ---- User-defined reduction operations ---- */

/**
 * A reduction function: inout[i] = in[i] op inout[i] for i < len, on
 * elements of the operation's type; user_data as given to dart_op_create.
 */
typedef void (*dart_operator_t)(const void *in, void *inout, size_t len, void *user_data);

/**
 * Creates a reduction operation for dart_reduce and dart_allreduce on
 * elements of `type` (a basic type or one of dart_type_create_custom;
 * the reductions then take exactly this type): *op is an id between
 * DART_OP_USER_FIRST and DART_OP_USER_LAST. commute: the function is
 * commutative. type_owned: dart_op_destroy destroys `type` as well.
 * Local (every unit that reduces with it creates its own, in any order).
 * DART_ERR_NOMEM when 1,024 operations are alive. Threads: any.
 */
dart_ret_t dart_op_create(dart_operator_t fn, void *user_data, int commute, dart_datatype_t type,
                          int type_owned, dart_operation_t *op);

/** Destroys an operation of dart_op_create and sets *op to DART_OP_UNDEFINED. Threads: any. */
dart_ret_t dart_op_destroy(dart_operation_t *op);

/* ---- Collectives on a team (all units of the team call them) ----
 *
 * Every unit of the team must call the same collective with the same
 * nelem, type (its basic type), operation and root (dart_allgatherv: the
 * same nrecvcounts and recvdispls). Arguments every unit passes alike are
 * checked before any communication: every unit fails alike. A mismatch
 * between units, or an argument only some units get wrong (a NULL buffer),
 * is detected only with DART_CHECK=1 (the default in debug builds, docs/environment.md):
 * then every unit of the team returns DART_ERR_INVAL, before any data moves,
 * and dart_last_error names the call and the argument that differs (or, on
 * the units whose arguments were fine, the first unit whose were not).
 * Without it such a call is erroneous, as in MPI: an MPI error
 * (DART_ERR_OTHER) on some units, wrong results or a hang. An unknown team
 * fails on the unit that passed it, without communicating. */

/** Broadcasts nelem elements from team-relative root to all units. Errors: see above. Threads: per team. */
dart_ret_t dart_bcast(void *buf, size_t nelem, dart_datatype_t type, dart_unit_t root, dart_team_t team);

/** Unit i receives nelem elements from block i of root's sendbuf. Threads: per team. */
dart_ret_t dart_scatter(const void *sendbuf, void *recvbuf, size_t nelem, dart_datatype_t type,
                        dart_unit_t root, dart_team_t team);

/** Root receives nelem elements from every unit, in team order. Threads: per team. */
dart_ret_t dart_gather(const void *sendbuf, void *recvbuf, size_t nelem, dart_datatype_t type,
                       dart_unit_t root, dart_team_t team);

/** Every unit receives nelem elements from every unit, in team order. Threads: per team. */
dart_ret_t dart_allgather(const void *sendbuf, void *recvbuf, size_t nelem, dart_datatype_t type,
                          dart_team_t team);

/** As allgather with per-unit counts and displacements (in elements). Threads: per team. */
dart_ret_t dart_allgatherv(const void *sendbuf, size_t nsend, dart_datatype_t type, void *recvbuf,
                           const size_t *nrecvcounts, const size_t *recvdispls, dart_team_t team);

/**
 * Reduces nelem elements with op to root. DART_OP_MINMAX reduces pairs:
 * sendbuf holds nelem (min, max) pairs, i.e. 2*nelem elements. Threads: per team.
 */
dart_ret_t dart_reduce(const void *sendbuf, void *recvbuf, size_t nelem, dart_datatype_t type,
                       dart_operation_t op, dart_unit_t root, dart_team_t team);

/** As dart_reduce with the result on every unit. Threads: per team. */
dart_ret_t dart_allreduce(const void *sendbuf, void *recvbuf, size_t nelem, dart_datatype_t type,
                          dart_operation_t op, dart_team_t team);

/** Every unit sends block j of nelem elements to unit j. Threads: per team. */
dart_ret_t dart_alltoall(const void *sendbuf, void *recvbuf, size_t nelem, dart_datatype_t type,
                         dart_team_t team);

/* ---- Two-sided between units of a team (team-relative ids) ---- */

/**
 * Blocking send, receive, and both at once (MPI_Send, MPI_Recv,
 * MPI_Sendrecv on the team's communicator). Threads: any; messages of
 * different threads with the same source, tag and team match in no
 * particular order (as in MPI).
 */
dart_ret_t dart_send(const void *buf, size_t nelem, dart_datatype_t type, int tag, dart_unit_t unit,
                     dart_team_t team);
/** Receives what dart_send sent from unit (team-relative) with tag (MPI_Recv). Threads: any. */
dart_ret_t dart_recv(void *buf, size_t nelem, dart_datatype_t type, int tag, dart_unit_t unit,
                     dart_team_t team);
/** Sends to dest and receives from src at once (MPI_Sendrecv). Threads: any. */
dart_ret_t dart_sendrecv(const void *sendbuf, size_t send_nelem, dart_datatype_t send_type, int send_tag,
                         dart_unit_t dest, void *recvbuf, size_t recv_nelem, dart_datatype_t recv_type,
                         int recv_tag, dart_unit_t src, dart_team_t team);

#ifdef __cplusplus
}
#endif

#endif /* DART_COMMUNICATION_H */
