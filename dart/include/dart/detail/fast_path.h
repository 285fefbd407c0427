/*
 * dart/detail/fast_path.h: the inline same-node path of communication.h
 * (internal, not API: included by communication.h, never on its own).
 *
 * Programs that include communication.h get, with GCC-compatible
 * compilers and unless DART_NO_INLINE is defined, inline definitions of
 * the put/get/flush/wait calls and of the integer atomics: they finish a
 * transfer to a unit of the same node without a library call and hand
 * everything else, every error included, to the library.
 */
#ifndef DART_DETAIL_FAST_PATH_H
#define DART_DETAIL_FAST_PATH_H

#include "../communication.h"

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif

#endif /* DART_DETAIL_FAST_PATH_H */
