/* Atomics on global memory: dart_accumulate, dart_fetch_and_op,
 * dart_compare_and_swap.
 *
 * RULE: which path an atomic takes depends on the SEGMENT, never on the
 * target unit, so that CPU atomics and MPI atomics never mix on one element.
 *  - A segment whose team lies within one node (real, or virtual with
 *    DART_UNITS_PER_NODE; the segment has no MPI window: target.win ==
 *    MPI_WIN_NULL) is updated with CPU atomic instructions (GCC __atomic
 *    builtins, compare-and-swap loops for PROD, MIN, MAX, the logical
 *    operations and floating-point and complex types; lock cmpxchg16b for
 *    the 16-byte types long double and double complex on x86-64) directly
 *    in node shared memory: no MPI call, about one cache-line round
 *    trip. Every member reaches every other member's part by load/store.
 *  - A segment whose team spans nodes (it has an MPI window) sends EVERY
 *    atomic through MPI (MPI_Accumulate, MPI_Fetch_and_op,
 *    MPI_Compare_and_swap, then MPI_Win_flush for the blocking ones), even
 *    when the target is the calling unit or on its node. Atomicity between
 *    different operations on one element is then MPI's: MPICH and Open MPI
 *    serialize all accumulate operations of a window unless the window's
 *    accumulate_ops info restricts them (the default, same_op_no_op, allows
 *    an implementation to assume that concurrent atomics on an element use
 *    one operation or NO_OP; DART's own lock respects that: it uses only
 *    compare-and-swap on its tails).
 *    One exception, for an MPI defect: on Open MPI 4.x a 64-bit
 *    compare-and-swap on the caller's own element is a CPU atomic (mpibugs.h
 *    explains why that is still atomic there).
 *  - Memory registered with dart_team_memregister follows the same rule
 *    (MPI path when the team has more than one unit).
 * Plain puts and gets (rma.c) may be mixed with atomics on other elements,
 * not on the same element concurrently.
 *
 * Types and operations: the (operation, basic type) pairs MPI defines
 * (amo.h; dart_accumulate also takes a strided or indexed layout of such a
 * type for the target side); anything else, or a target address that is not
 * aligned to the element size (the natural alignment; 16 for long double
 * and double complex, 8 for float complex) is DART_ERR_INVAL on both paths.
 *
 * Completion: dart_fetch_and_op and dart_compare_and_swap are complete on
 * return. dart_accumulate is complete on return on the CPU path; on the MPI
 * path it is complete at dart_flush(gptr) (values may be reused after
 * dart_flush_local). All CPU atomics are sequentially consistent (full
 * barriers), so they also order the caller's shared-memory puts and gets. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "amo.h"
#include "atomic.h"
#include "datatype.h"
#include "fast.h"
#include "mpibugs.h"
#include "progress.h"
#include "segment.h"
#include "stats.h"

/* ---- 16-byte compare-and-swap ---- */

#if defined(__x86_64__)
#define DART_HAVE_CAS16 1
/* Atomically: if *addr == *expected then *addr = *desired, return 1; else
 * *expected = *addr, return 0. addr must be 16-byte aligned. */
static inline int cas16(void *addr, void *expected, const void *desired) {
  uint64_t e[2], d[2];
  memcpy(e, expected, 16);
  memcpy(d, desired, 16);
  unsigned char ok;
  __asm__ __volatile__("lock cmpxchg16b %1\n\tsete %0"
                       : "=q"(ok), "+m"(*(volatile unsigned __int128 *)addr), "+a"(e[0]), "+d"(e[1])
                       : "b"(d[0]), "c"(d[1])
                       : "memory", "cc");
  memcpy(expected, e, 16);
  return ok;
}
/* An atomic 16-byte read (a compare-and-swap that writes back what it finds). */
static inline void load16(void *addr, void *out) {
  memset(out, 0, 16);
  cas16(addr, out, out);
}
#else
#define DART_HAVE_CAS16 0
#endif

/* ---- new = cur op val, per basic type ---- */

/* The operations of each type class (amo.h) besides REPLACE and NO_OP, as
 * switch cases on a, b -> r. Integers compute in uint64_t: wrap-around
 * instead of signed overflow. */
#define ORDER_CASES                           \
  case DART_OP_MIN: r = b < a ? b : a; break; \
  case DART_OP_MAX:                           \
    r = b > a ? b : a;                        \
    break;
#define BITWISE_CASES(T)                    \
  case DART_OP_BAND: r = (T)(a & b); break; \
  case DART_OP_BOR: r = (T)(a | b); break;  \
  case DART_OP_BXOR:                        \
    r = (T)(a ^ b);                         \
    break;
#define FIELD_CASES                   \
  case DART_OP_SUM: r = a + b; break; \
  case DART_OP_PROD:                  \
    r = a * b;                        \
    break;
#define CASES_INT(T)                                                  \
  case DART_OP_SUM: r = (T)((uint64_t)a + (uint64_t)b); break;        \
  case DART_OP_PROD:                                                  \
    r = (T)((uint64_t)a * (uint64_t)b);                               \
    break;                                                            \
    ORDER_CASES BITWISE_CASES(T) case DART_OP_LAND : r = (T)(a && b); \
    break;                                                            \
  case DART_OP_LOR: r = (T)(a || b); break;                           \
  case DART_OP_LXOR:                                                  \
    r = (T)(!a != !b);                                                \
    break;
#define CASES_BYTE(T) BITWISE_CASES(T)
#define CASES_CHAR(T)
#define CASES_FLOAT(T) FIELD_CASES ORDER_CASES
#define CASES_COMPLEX(T) FIELD_CASES

/* One case of combine's switch per row of DART_BASIC_TYPES. */
#define COMBINE_CASE(name, T, cls, mpi)            \
  case DART_TYPE_##name: {                         \
    T a, b, r;                                     \
    memcpy(&a, cur, sizeof a);                     \
    memcpy(&b, val, sizeof b);                     \
    switch (op) {                                  \
      CASES_##cls(T) case DART_OP_REPLACE : r = b; \
      break;                                       \
      default: r = a; break;                       \
    }                                              \
    memcpy(out, &r, sizeof r);                     \
    break;                                         \
  }

static void combine(dart_datatype_t type, dart_operation_t op, const void *cur, const void *val, void *out) {
  switch (type) {
    DART_BASIC_TYPES(COMBINE_CASE)
    default: break;
  }
}

/* ---- CPU atomics on a local address (the shared-memory path) ---- */

#define SEQ __ATOMIC_SEQ_CST

/* Integer operations with a single instruction on sizes 1..8. */
#define FAST_INT(U)                                                            \
  do {                                                                         \
    U v, o;                                                                    \
    memcpy(&v, val, sizeof v);                                                 \
    switch (op) {                                                              \
      case DART_OP_SUM: o = __atomic_fetch_add((U *)addr, v, SEQ); break;      \
      case DART_OP_BAND: o = __atomic_fetch_and((U *)addr, v, SEQ); break;     \
      case DART_OP_BOR: o = __atomic_fetch_or((U *)addr, v, SEQ); break;       \
      case DART_OP_BXOR: o = __atomic_fetch_xor((U *)addr, v, SEQ); break;     \
      case DART_OP_REPLACE: o = __atomic_exchange_n((U *)addr, v, SEQ); break; \
      default: o = __atomic_load_n((U *)addr, SEQ); break; /* NO_OP */         \
    }                                                                          \
    if (old) memcpy(old, &o, sizeof o);                                        \
  } while (0)

/* Any operation: compare-and-swap loop on the bit pattern. */
#define CAS_LOOP(U)                                                        \
  do {                                                                     \
    U c = __atomic_load_n((U *)addr, SEQ), n;                              \
    do {                                                                   \
      combine(type, op, &c, val, &n);                                      \
    } while (!__atomic_compare_exchange_n((U *)addr, &c, n, 1, SEQ, SEQ)); \
    if (old) memcpy(old, &c, sizeof c);                                    \
  } while (0)

static inline int fast_op(dart_operation_t op) {
  return op == DART_OP_SUM || op == DART_OP_BAND || op == DART_OP_BOR || op == DART_OP_BXOR ||
         op == DART_OP_REPLACE || op == DART_OP_NO_OP;
}

/* *old (if not NULL) = *addr; *addr = *addr op *val, atomically. */
static void cpu_rmw(void *addr, size_t size, dart_datatype_t type, dart_operation_t op, const void *val,
                    void *old) {
  dart_type_class_t tc = dart__type_class(type);
  int fast = fast_op(op) && (tc == DART_TC_INT || tc == DART_TC_BYTE || tc == DART_TC_CHAR ||
                             op == DART_OP_REPLACE || op == DART_OP_NO_OP);
  switch (size) {
    case 1:
      if (fast)
        FAST_INT(uint8_t);
      else
        CAS_LOOP(uint8_t);
      break;
    case 2:
      if (fast)
        FAST_INT(uint16_t);
      else
        CAS_LOOP(uint16_t);
      break;
    case 4:
      if (fast)
        FAST_INT(uint32_t);
      else
        CAS_LOOP(uint32_t);
      break;
    case 8:
      if (fast)
        FAST_INT(uint64_t);
      else
        CAS_LOOP(uint64_t);
      break;
#if DART_HAVE_CAS16
    case 16: {
      unsigned char c[16], n[16];
      if (op == DART_OP_NO_OP) {
        load16(addr, c);
      } else {
        load16(addr, c);
        do {
          combine(type, op, c, val, n);
        } while (!cas16(addr, c, n));
      }
      if (old) memcpy(old, c, 16);
      break;
    }
#endif
    default: break; /* excluded by check_cpu_size */
  }
}

/* *result = *addr; if *addr == *compare then *addr = *value, atomically. */
static void cpu_cas(void *addr, size_t size, const void *value, const void *compare, void *result) {
#define CAS_N(U)                                                \
  do {                                                          \
    U c, v;                                                     \
    memcpy(&c, compare, sizeof c);                              \
    memcpy(&v, value, sizeof v);                                \
    __atomic_compare_exchange_n((U *)addr, &c, v, 0, SEQ, SEQ); \
    memcpy(result, &c, sizeof c);                               \
  } while (0)
  switch (size) {
    case 1: CAS_N(uint8_t); break;
    case 2: CAS_N(uint16_t); break;
    case 4: CAS_N(uint32_t); break;
    case 8: CAS_N(uint64_t); break;
    default: break;
  }
#undef CAS_N
}

/* Copies one element (es: 1, 2, 4, 8 or 16 bytes) with constant-size
 * moves: cheaper than a call to the C library's memcpy. */
static inline void elem_copy(void *dst, const void *src, size_t es) {
  switch (es) {
    case 1: memcpy(dst, src, 1); break;
    case 2: memcpy(dst, src, 2); break;
    case 4: memcpy(dst, src, 4); break;
    case 8: memcpy(dst, src, 8); break;
    case 16: memcpy(dst, src, 16); break;
    default: memcpy(dst, src, es); break;
  }
}

/* ---- Common checks ---- */

/* Validates type and op, resolves gptr for n elements, checks alignment.
 * Inlined: each caller's constant arguments fold away its unused checks. */
static inline __attribute__((always_inline)) dart_ret_t amo_prepare(dart_gptr_t gptr, size_t n,
                                                                    dart_datatype_t type, dart_operation_t op,
                                                                    int cas, int layout_ok, const char *fn,
                                                                    dart_target_t *t,
                                                                    const dart_type_info_t **ti) {
  DART_CHECK_INIT(fn);
  dart_ret_t r;
  size_t span = 0;
  if (__builtin_expect(type > DART_TYPE_UNDEFINED && type <= DART_TYPE_LAST_BASIC, 1)) {
    *ti = &dart__type_table()[type]; /* basic types always exist, one element per instance */
    if (__builtin_mul_overflow(n, (*ti)->elem_size, &span))
      return dart__error(DART_ERR_INVAL, "%s: size overflows", fn);
  } else {
    if ((r = dart__type_get(type, fn, ti)) != DART_OK) return r;
    if ((*ti)->custom) return dart__error(DART_ERR_INVAL, "%s: no atomic operation on a custom type", fn);
    if ((*ti)->overlapping)
      return dart__error(DART_ERR_INVAL, "%s: the target type has overlapping blocks", fn);
    if (!layout_ok) return dart__error(DART_ERR_INVAL, "%s: needs a basic type, not a layout", fn);
    if ((r = dart__type_span(*ti, n, fn, &span)) != DART_OK) return r;
    type = (*ti)->base;
  }
  if (cas) {
    dart_type_class_t c = dart__type_class(type);
    if (c != DART_TC_INT && c != DART_TC_BYTE)
      return dart__error(DART_ERR_INVAL, "%s: compare-and-swap needs an integer type, not %s", fn,
                         dart__type_name(type));
  } else if (!dart__op_defined(op, type)) {
    return dart__error(DART_ERR_INVAL, "%s: operation %s is not defined on type %s", fn, dart__op_name(op),
                       dart__type_name(type));
  }
  size_t es = (*ti)->elem_size;
  if ((r = dart__resolve(gptr, span, fn, t)) != DART_OK) return r;
  if (__builtin_expect(gptr.segid == 0 && dart__pool_checked, 0) &&
      (r = dart__pool_check(gptr, span, fn)) != DART_OK)
    return r;
  /* Alignment of the element within the segment: the same on every path.
   * Basic types' sizes are powers of two: a mask, not a division. */
  if ((uint64_t)t->disp & (es - 1))
    return dart__error(DART_ERR_INVAL, "%s: target (offset %llu) is not aligned to the %zu-byte element size",
                       fn, (unsigned long long)gptr.offset, es);
  if (t->win == MPI_WIN_NULL) {
    if (!t->addr) /* cannot happen: no window means every part is mapped */
      return dart__error(DART_ERR_OTHER, "%s: segment without window or mapping", fn);
    /* CPU atomics also need the address aligned: fails only if the memory
     * under the segment is (user memory, or a shared window whose base the
     * MPI library aligned to less than the element size). */
    if ((uintptr_t)t->addr & (es - 1))
      return dart__error(DART_ERR_INVAL,
                         "%s: target address %p is not aligned to the %zu-byte element size (segment "
                         "memory is not aligned)",
                         fn, (void *)t->addr, es);
    if (es > 8 && !DART_HAVE_CAS16)
      return dart__error(DART_ERR_NOTSUP, "%s: no 16-byte atomics on this CPU for type %s", fn,
                         dart__type_name(type));
  }
  return DART_OK;
}

/* ---- API ---- */

/* dart__op_mpi (amo.h) as a table over the first 32 operation ids (the
 * atomics' common case, whose operation is checked by a bit of
 * dart_basic_type_t.fetch_ops first): no range check. */
/* The operations whose fetch-and-op (and, bit BAND, compare-and-swap) on a
 * basic type take the MPI-path common case below: dart__basic's
 * fetch_ops, or none where a node is crowded (progress.h), whose waits
 * take the general path's polled forms. A table the common case reads
 * anyway, so the crowding costs it no instruction. */
static uint32_t fast_fetch_ops[DART_TYPE_LAST_BASIC + 1];

dart_ret_t dart__atomic_init(MPI_Comm world) {
  (void)world;
  for (int t = 1; t <= DART_TYPE_LAST_BASIC; t++)
    fast_fetch_ops[t] = dart__wait_blocking ? dart__basic[t].fetch_ops : 0;
  return DART_OK;
}

static const MPI_Op dart__op_mpi_table[32] = {
    [DART_OP_MIN] = MPI_MIN,   [DART_OP_MAX] = MPI_MAX,         [DART_OP_SUM] = MPI_SUM,
    [DART_OP_PROD] = MPI_PROD, [DART_OP_BAND] = MPI_BAND,       [DART_OP_BOR] = MPI_BOR,
    [DART_OP_BXOR] = MPI_BXOR, [DART_OP_LAND] = MPI_LAND,       [DART_OP_LOR] = MPI_LOR,
    [DART_OP_LXOR] = MPI_LXOR, [DART_OP_REPLACE] = MPI_REPLACE, [DART_OP_NO_OP] = MPI_NO_OP};

/* An MPI call of an atomic's common case failed (the atomic or its flush:
 * one message for both). */
static __attribute__((noinline, cold)) dart_ret_t mpi_failed(int ret) {
  return dart__mpi_error(ret, "MPI atomic or MPI_Win_flush");
}

/* MPI path: accumulates go in pieces of at most this many bytes. MPICH
 * 4.0.2 (ch4) switches protocol above 32 KiB and then takes ~3x longer per
 * byte (1 MiB of doubles: 490 us in 48 KiB pieces, 160 us in 16 KiB ones,
 * on this machine); pieces to one target are still element-wise atomic. */
#define ACC_PIECE ((size_t)16 << 10)

dart_ret_t dart_accumulate(dart_gptr_t gptr, const void *values, size_t n, dart_datatype_t type,
                           dart_operation_t op) {
  static const char fn[] = "dart_accumulate";
  if (op == DART_OP_NO_OP || op == DART_OP_MINMAX)
    return dart__error(DART_ERR_INVAL, "%s: operation %s is not an accumulate operation", fn,
                       dart__op_name(op));
  dart_target_t t;
  const dart_type_info_t *ti;
  dart_ret_t r = amo_prepare(gptr, n, type, op, 0, 1, fn, &t, &ti);
  if (r != DART_OK) return r;
  if (!values && n) return dart__error(DART_ERR_INVAL, "%s: values is NULL", fn);
  DART_STATS_ADD(atomics[t.win == MPI_WIN_NULL ? DART_STATS_SHM : DART_STATS_MPI], 1);
  const char *v = values;
  size_t es = ti->elem_size, ninst = n / ti->period;
  if (t.win == MPI_WIN_NULL) { /* instance by instance, block by block */
    for (size_t k = 0; k < ninst; k++)
      for (size_t b = 0; b < ti->nblocks; b++) {
        char *d = t.addr + (k * ti->extent + ti->off[b]) * es;
        for (size_t i = 0; i < ti->len[b]; i++, v += es) cpu_rmw(d + i * es, es, ti->base, op, v, NULL);
      }
    return DART_OK;
  }
  MPI_Op mop = dart__op_mpi(op);
  /* A piece is whole instances (a basic type's instance is one element). */
  size_t per = ACC_PIECE / (ti->period * es);
  if (per == 0) per = 1;
  for (size_t k = 0; k < ninst; k += per) {
    int c = (int)(ninst - k < per ? ninst - k : per);
    DART_MPI(MPI_Accumulate(v + k * ti->period * es, c * (int)ti->period, ti->mpi_base, t.rank,
                            t.disp + (MPI_Aint)(k * ti->extent * es), c, ti->mpi_inst, mop, t.win),
             "MPI_Accumulate");
  }
  return DART_OK;
}

/* ---- Scattered accumulates ---- */

/* MPI path: updates per MPI_Accumulate at most (its target datatype lists
 * one displacement per update). */
#define SCATTER_PIECE 1024
#define SCATTER_HASH (2 * SCATTER_PIECE) /* a power of two */
#define SCATTER_ELEM_MAX 16              /* bytes of the largest basic type */

/* MPI forbids a target datatype with overlapping entries, so repeats of an
 * element within a piece cannot share its MPI_Accumulate. Where the
 * operation is exact in any order (integers, and REPLACE: the last value
 * wins) the repeats are folded at the origin into one value per element
 * and sent as a second MPI_Accumulate: two calls per piece whatever the
 * repeats. HPCC's stream starts with hundreds of updates to one word per
 * unit; one call per repeat cost 10 ms per pass. Other floating-point
 * operations go in rounds instead (SUM and PROD round differently in
 * another order, MIN and MAX differ with NaNs), round k taking the k-th
 * occurrence of each element. Rounds to one target are applied in order
 * (MPI's default accumulate ordering). */
typedef struct {
  MPI_Aint disp[SCATTER_PIECE];   /* this round: target displacements, bytes */
  int from[SCATTER_PIECE];        /* this round: positions in the piece */
  uint16_t left[SCATTER_PIECE];   /* positions still to send */
  uint16_t slot[SCATTER_HASH];    /* 1 + index into disp, 0: empty */
  uint16_t folded[SCATTER_PIECE]; /* per disp entry: 1 + index into fold, 0: none */
  MPI_Aint fold_disp[SCATTER_PIECE];
  _Alignas(16) unsigned char fold[SCATTER_PIECE * SCATTER_ELEM_MAX]; /* folded repeats */
} scatter_round_t;

static int scatter_foldable(dart_datatype_t type, dart_operation_t op) {
  dart_type_class_t tc = dart__type_class(type);
  return op == DART_OP_REPLACE || tc == DART_TC_INT || tc == DART_TC_BYTE || tc == DART_TC_CHAR;
}

/* One MPI_Accumulate of cnt elements at target displacements disp, values
 * from origin with origin type otype (count ocount). */
static dart_ret_t scatter_send(const dart_target_t *t, const dart_type_info_t *ti, MPI_Op mop,
                               const void *origin, int ocount, MPI_Datatype otype, const MPI_Aint *disp,
                               int cnt) {
  MPI_Datatype ttype = MPI_DATATYPE_NULL;
  int ret = MPI_Type_create_hindexed_block(cnt, 1, disp, ti->mpi_base, &ttype);
  if (ret == MPI_SUCCESS) ret = MPI_Type_commit(&ttype);
  if (ret == MPI_SUCCESS)
    ret = MPI_Accumulate(origin, ocount, otype, t->rank, t->disp, 1, ttype, mop, t->win);
  /* Freeing the type of a pending operation is allowed: MPI keeps it. */
  if (ttype != MPI_DATATYPE_NULL) MPI_Type_free(&ttype);
  return ret == MPI_SUCCESS ? DART_OK : dart__mpi_error(ret, "MPI_Accumulate");
}

static dart_ret_t scatter_mpi_piece(const dart_target_t *t, const dart_type_info_t *ti, dart_datatype_t type,
                                    dart_operation_t op, const uint64_t *offsets, const char *values, int n,
                                    scatter_round_t *r) {
  size_t es = ti->elem_size;
  MPI_Op mop = dart__op_mpi(op);
  int nleft = n, first = 1, fold = scatter_foldable(type, op);
  for (int i = 0; i < n; i++) r->left[i] = (uint16_t)i;
  while (nleft > 0) {
    memset(r->slot, 0, sizeof r->slot);
    int cnt = 0, keep = 0, nfold = 0;
    for (int k = 0; k < nleft; k++) {
      int i = r->left[k];
      MPI_Aint d = (MPI_Aint)(offsets[i] * es);
      unsigned h = (unsigned)(((uint64_t)d * 0x9E3779B97F4A7C15ULL) >> 53) & (SCATTER_HASH - 1);
      while (r->slot[h] && r->disp[r->slot[h] - 1] != d) h = (h + 1) & (SCATTER_HASH - 1);
      if (!r->slot[h]) {
        r->slot[h] = (uint16_t)(cnt + 1);
        r->disp[cnt] = d;
        r->folded[cnt] = 0;
        r->from[cnt++] = i;
      } else if (!fold) {
        r->left[keep++] = (uint16_t)i; /* a repeat: next round */
      } else {
        int j = r->slot[h] - 1;
        if (!r->folded[j]) {
          r->folded[j] = (uint16_t)(++nfold);
          r->fold_disp[nfold - 1] = d;
          elem_copy(r->fold + (size_t)(nfold - 1) * es, values + (size_t)i * es, es);
        } else {
          unsigned char *f = r->fold + (size_t)(r->folded[j] - 1) * es;
          combine(type, op, f, values + (size_t)i * es, f);
        }
      }
    }
    /* Origin: the values in place, with an indexed type unless this round
     * takes the whole piece in order. */
    dart_ret_t ret;
    if (first && keep == 0 && nfold == 0) {
      ret = scatter_send(t, ti, mop, values, cnt, ti->mpi_base, r->disp, cnt);
    } else {
      MPI_Datatype otype = MPI_DATATYPE_NULL;
      int mret = MPI_Type_create_indexed_block(cnt, 1, r->from, ti->mpi_base, &otype);
      if (mret == MPI_SUCCESS) mret = MPI_Type_commit(&otype);
      ret = mret == MPI_SUCCESS ? scatter_send(t, ti, mop, values, 1, otype, r->disp, cnt)
                                : dart__mpi_error(mret, "MPI_Type_create_indexed_block");
      if (otype != MPI_DATATYPE_NULL) MPI_Type_free(&otype);
    }
    if (ret != DART_OK) return ret;
    if (nfold) {
      /* The folded values live in r: complete them locally before r is
       * reused or freed. */
      ret = scatter_send(t, ti, mop, r->fold, nfold, ti->mpi_base, r->fold_disp, nfold);
      if (ret != DART_OK) return ret;
      DART_MPI(MPI_Win_flush_local(t->rank, t->win), "MPI_Win_flush_local");
    }
    nleft = keep;
    first = 0;
  }
  return DART_OK;
}

/* The shared-memory path's common case, integer operations with one
 * instruction (FAST_INT's), as a loop per (size, operation): cpu_rmw's
 * dispatch per element would cost more than the atomic. Returns 0 for any
 * other case. */
#define SCATTER_LOOP(U, builtin)                                         \
  for (size_t i = 0; i < n; i++) {                                       \
    U x;                                                                 \
    memcpy(&x, v + i * sizeof(U), sizeof x);                             \
    (void)builtin((U *)(void *)(base + offsets[i] * sizeof(U)), x, SEQ); \
  }
#define SCATTER_OPS(U)                                                \
  switch (op) {                                                       \
    case DART_OP_SUM: SCATTER_LOOP(U, __atomic_fetch_add) return 1;   \
    case DART_OP_BAND: SCATTER_LOOP(U, __atomic_fetch_and) return 1;  \
    case DART_OP_BOR: SCATTER_LOOP(U, __atomic_fetch_or) return 1;    \
    case DART_OP_BXOR: SCATTER_LOOP(U, __atomic_fetch_xor) return 1;  \
    case DART_OP_REPLACE: SCATTER_LOOP(U, __atomic_store_n) return 1; \
    default: return 0;                                                \
  }
static int scatter_cpu_fast(char *base, const uint64_t *offsets, const char *v, size_t n, size_t es,
                            dart_datatype_t type, dart_operation_t op) {
  dart_type_class_t tc = dart__type_class(type);
  if (tc != DART_TC_INT && tc != DART_TC_BYTE && tc != DART_TC_CHAR) return 0;
  switch (es) {
    case 1: SCATTER_OPS(uint8_t)
    case 2: SCATTER_OPS(uint16_t)
    case 4: SCATTER_OPS(uint32_t)
    case 8: SCATTER_OPS(uint64_t)
    default: return 0;
  }
}
#undef SCATTER_OPS
#undef SCATTER_LOOP

dart_ret_t dart_accumulate_scattered(dart_gptr_t gptr, const uint64_t *offsets, const void *values, size_t n,
                                     dart_datatype_t type, dart_operation_t op) {
  static const char fn[] = "dart_accumulate_scattered";
  if (op == DART_OP_NO_OP || op == DART_OP_MINMAX)
    return dart__error(DART_ERR_INVAL, "%s: operation %s is not an accumulate operation", fn,
                       dart__op_name(op));
  if (n && (!offsets || !values)) return dart__error(DART_ERR_INVAL, "%s: offsets or values is NULL", fn);
  /* One range check for all: the highest element must lie in the segment. */
  uint64_t max = 0;
  for (size_t i = 0; i < n; i++)
    if (offsets[i] > max) max = offsets[i];
  if (max == UINT64_MAX)
    return dart__error(DART_ERR_INVAL, "%s: offset %llu overflows", fn, (unsigned long long)max);
  size_t top = n ? (size_t)max + 1 : 0;
  dart_target_t t;
  const dart_type_info_t *ti;
  dart_ret_t r = amo_prepare(gptr, top, type, op, 0, 0, fn, &t, &ti);
  if (r != DART_OK || n == 0) return r;
  DART_STATS_ADD(atomics[t.win == MPI_WIN_NULL ? DART_STATS_SHM : DART_STATS_MPI], 1);
  size_t es = ti->elem_size;
  const char *v = values;
  if (t.win == MPI_WIN_NULL) {
    if (!scatter_cpu_fast(t.addr, offsets, v, n, es, type, op))
      for (size_t i = 0; i < n; i++, v += es) cpu_rmw(t.addr + offsets[i] * es, es, type, op, v, NULL);
    return DART_OK;
  }
  /* On the heap: 60 KB would not fit a small thread stack. */
  scatter_round_t *round = malloc(sizeof *round);
  if (!round) return dart__error(DART_ERR_NOMEM, "%s: no memory for %zu bytes", fn, sizeof *round);
  for (size_t k = 0; k < n && r == DART_OK; k += SCATTER_PIECE) {
    int c = (int)(n - k < SCATTER_PIECE ? n - k : SCATTER_PIECE);
    r = scatter_mpi_piece(&t, ti, type, op, offsets + k, v + k * es, c, round);
  }
  free(round);
  return r;
}

static __attribute__((noinline)) dart_ret_t fetch_and_op_any(dart_gptr_t gptr, const void *value,
                                                             void *result, dart_datatype_t type,
                                                             dart_operation_t op) {
  static const char fn[] = "dart_fetch_and_op";
  DART_THREAD_ADMIT(fn);
  if (op == DART_OP_MINMAX)
    return dart__error(DART_ERR_INVAL, "%s: MINMAX is a collective operation only", fn);
  dart_target_t t;
  const dart_type_info_t *ti;
  dart_ret_t r = amo_prepare(gptr, 1, type, op, 0, 0, fn, &t, &ti);
  if (r != DART_OK) return r;
  DART_STATS_ADD(atomics[t.win == MPI_WIN_NULL ? DART_STATS_SHM : DART_STATS_MPI], 1);
  if (!result || (!value && op != DART_OP_NO_OP))
    return dart__error(DART_ERR_INVAL, "%s: value or result is NULL", fn);
  size_t es = ti->elem_size;
  _Alignas(16) unsigned char v[16] = {0}, o[16];
  if (t.win == MPI_WIN_NULL) {
    if (!(gptr.segid == 0 && dart__pool_checked)) /* the header's inline atomics; not a checked pool */
      dart__fast_remember(gptr, t.addr - gptr.offset, t.size, 1);
    if (value) elem_copy(v, value, es); /* value and result may alias */
    cpu_rmw(t.addr, es, type, op, v, o);
    elem_copy(result, o, es);
    return DART_OK;
  }
  /* MPI wants the origin and result buffers disjoint: a copy of the value
   * only when they overlap. NO_OP ignores the origin (value may be NULL). */
  const void *origin = value ? value : v;
  uintptr_t a = (uintptr_t)value, b = (uintptr_t)result;
  if (value && a < b + es && b < a + es) {
    elem_copy(v, value, es);
    origin = v;
  }
  if (!dart__wait_blocking) {
    DART_MPI(dart__fetch_op_polled(origin, result, ti->mpi_base, t.rank, t.disp, dart__op_mpi(op), t.win),
             "MPI_Rget_accumulate (fetch-and-op, polled)");
    return DART_OK;
  }
  DART_MPI(MPI_Fetch_and_op(origin, result, ti->mpi_base, t.rank, t.disp, dart__op_mpi(op), t.win),
           "MPI_Fetch_and_op");
  DART_MPI(MPI_Win_flush(t.rank, t.win), "MPI_Win_flush");
  return DART_OK;
}

/* The common case on the MPI path: a basic type, an operation defined on
 * it, value and result given and disjoint, a valid aligned target on a
 * segment with a window (dart__target_of). Anything else takes the general
 * path, which reports errors. */
dart_ret_t dart_fetch_and_op(dart_gptr_t gptr, const void *value, void *result, dart_datatype_t type,
                             dart_operation_t op) {
  dart_target_t t;
  if (__builtin_expect(dart__lib_fast && (unsigned)type - 1u < (unsigned)DART_TYPE_LAST_BASIC &&
                           (unsigned)op < 32 && (fast_fetch_ops[type] >> op & 1) && value && result,
                       1)) {
    size_t es = dart__basic[type].size;
    uintptr_t a = (uintptr_t)value, b = (uintptr_t)result;
    if (__builtin_expect(dart__target_of(gptr, es, &t) && t.win != MPI_WIN_NULL &&
                             !((uint64_t)t.disp & (es - 1)) && (a >= b + es || b >= a + es),
                         1)) {
      int ret = MPI_Fetch_and_op(value, result, dart__basic[type].mpi, t.rank, t.disp, dart__op_mpi_table[op],
                                 t.win);
      if (__builtin_expect(ret == MPI_SUCCESS, 1)) ret = MPI_Win_flush(t.rank, t.win);
      return __builtin_expect(ret == MPI_SUCCESS, 1) ? DART_OK : mpi_failed(ret);
    }
  }
  return fetch_and_op_any(gptr, value, result, type, op);
}

static __attribute__((noinline)) dart_ret_t compare_and_swap_any(dart_gptr_t gptr, const void *value,
                                                                 const void *compare, void *result,
                                                                 dart_datatype_t type) {
  static const char fn[] = "dart_compare_and_swap";
  DART_THREAD_ADMIT(fn);
  dart_target_t t;
  const dart_type_info_t *ti;
  dart_ret_t r = amo_prepare(gptr, 1, type, DART_OP_UNDEFINED, 1, 0, fn, &t, &ti);
  if (r != DART_OK) return r;
  DART_STATS_ADD(atomics[t.win == MPI_WIN_NULL ? DART_STATS_SHM : DART_STATS_MPI], 1);
  if (!value || !compare || !result)
    return dart__error(DART_ERR_INVAL, "%s: value, compare or result is NULL", fn);
  size_t es = ti->elem_size;
  _Alignas(16) unsigned char v[16], c[16]; /* elem_copy may move 16 bytes */
  elem_copy(v, value, es);
  elem_copy(c, compare, es);
  if (t.win == MPI_WIN_NULL) {
    if (!(gptr.segid == 0 && dart__pool_checked)) /* the header's inline atomics; not a checked pool */
      dart__fast_remember(gptr, t.addr - gptr.offset, t.size, 1);
    cpu_cas(t.addr, es, v, c, result);
    return DART_OK;
  }
  if (es == 8 && t.rank == t.team->myid && dart__mpibugs.self_cas_by_cpu) { /* mpibugs.h */
    cpu_cas(t.addr, es, v, c, result);
    return DART_OK;
  }
  if (!dart__wait_blocking) {
    DART_MPI(dart__cas_polled(v, c, result, ti->mpi_base, t.rank, t.disp, t.win),
             "MPI_Compare_and_swap (polled)");
    return DART_OK;
  }
  DART_MPI(MPI_Compare_and_swap(v, c, result, ti->mpi_base, t.rank, t.disp, t.win), "MPI_Compare_and_swap");
  DART_MPI(MPI_Win_flush(t.rank, t.win), "MPI_Win_flush");
  return DART_OK;
}

/* The common case on the MPI path, as dart_fetch_and_op's: an integer or
 * byte type (the types with BAND: amo.h's compare-and-swap column), the
 * three buffers given and result disjoint from the others, no Open MPI
 * self-CAS workaround in force (mpibugs.h). */
dart_ret_t dart_compare_and_swap(dart_gptr_t gptr, const void *value, const void *compare, void *result,
                                 dart_datatype_t type) {
  dart_target_t t;
  if (__builtin_expect(dart__lib_fast && (unsigned)type - 1u < (unsigned)DART_TYPE_LAST_BASIC &&
                           (fast_fetch_ops[type] >> DART_OP_BAND & 1) && !dart__mpibugs.self_cas_by_cpu,
                       1)) {
    size_t es = dart__basic[type].size;
    uintptr_t a = (uintptr_t)value, b = (uintptr_t)result, c = (uintptr_t)compare;
    if (__builtin_expect(result && dart__target_of(gptr, es, &t) && t.win != MPI_WIN_NULL &&
                             !((uint64_t)t.disp & (es - 1)) && value && (a >= b + es || b >= a + es) &&
                             compare && (c >= b + es || b >= c + es),
                         1)) {
      int ret = MPI_Compare_and_swap(value, compare, result, dart__basic[type].mpi, t.rank, t.disp, t.win);
      if (__builtin_expect(ret == MPI_SUCCESS, 1)) ret = MPI_Win_flush(t.rank, t.win);
      return __builtin_expect(ret == MPI_SUCCESS, 1) ? DART_OK : mpi_failed(ret);
    }
  }
  return compare_and_swap_any(gptr, value, compare, result, type);
}
