/* Collectives and two-sided communication on teams: MPI on the team's
 * communicator (a sub-team's collectives involve its members only).
 *
 * Counts. MPI counts are int. Data movement (bcast, scatter, gather,
 * allgather, alltoall, send, recv) describes a block of more than
 * max-count instances with one derived type (chunks of dart__max_count
 * instances plus a remainder, resized to the block's extent), so that the
 * per-unit block layout is unchanged; allgatherv with a count or a
 * displacement beyond it falls back to one bcast per unit.
 * Reductions are element-wise and run in pieces of at most that many
 * elements (predefined MPI operations do not accept derived types).
 *
 * Types. Data movement accepts every type, basic or layout (nelem must be a
 * whole number of layout instances); reductions only basic types, with the
 * operations MPI defines for them (amo.h); anything else is DART_ERR_INVAL.
 *
 * MINMAX reduces (min, max) pairs in one pass: a user-defined MPI
 * operation over a pair type, one per ordered basic type, created on first
 * use and freed by dart__collective_fini.
 *
 * Errors. Arguments every unit passes alike (team, root, type, operation,
 * count) are checked before any communication, so every unit fails the
 * same way. A NULL buffer is checked locally too. Without DART_CHECK, a
 * unit whose arguments differ from the others' (or that fails a local
 * check alone) leaves the others in the MPI collective: as with MPI, an
 * erroneous program (an MPI error on some units, wrong results or a hang).
 * With DART_CHECK every collective first agrees on them (agree below): one
 * nonblocking allreduce of a fixed-size signature (the call, count, basic
 * type, operation, root, whether the unit's own checks passed), so that
 * every unit returns the same DART_ERR_INVAL, naming the argument, before
 * any data moves. In-place use: passing the same buffer as sendbuf and recvbuf
 * (or, for gather/allgather/scatter, the unit's own block) maps to
 * MPI_IN_PLACE. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "amo.h"
#include "collective.h"
#include "datatype.h"
#include "progress.h"
#include "stats.h"
#include "team.h"
#include "userop.h"

/* ---- DART_CHECK: every unit of the team passed the same arguments ----
 *
 * Each unit contributes its signature as (value, UINT64_MAX - value)
 * pairs to one allreduce with MPI_MAX, which yields the largest and the
 * smallest value of every field at once: they differ exactly when some
 * units passed a different value. Every unit sees the same result, so all
 * return the same error. The type is compared by its basic type and element
 * size (the ids of layouts and custom types are per unit); user-defined
 * operations as one class (their ids are per unit too). */

typedef enum {
  CALL_BARRIER = 1,
  CALL_BCAST,
  CALL_SCATTER,
  CALL_GATHER,
  CALL_ALLGATHER,
  CALL_ALLGATHERV,
  CALL_ALLTOALL,
  CALL_REDUCE,
  CALL_ALLREDUCE,
  NCALLS
} coll_call_t;

static const char *const call_name[NCALLS] = {
    "?",           "dart_barrier",   "dart_bcast",      "dart_scatter",
    "dart_gather", "dart_allgather", "dart_allgatherv", "dart_alltoall",
    "dart_reduce", "dart_allreduce"};

enum { SIG_CALL, SIG_COUNT, SIG_TYPE, SIG_OP, SIG_ROOT, SIG_LAYOUT, SIG_BAD, NSIG };

/* A type as its basic type (low 16 bits) and element size; 0 if invalid. */
static uint64_t type_key(const dart_type_info_t *ti) {
  return ti ? (uint64_t)ti->base | (uint64_t)ti->elem_size << 16 : 0;
}

static void type_describe(uint64_t key, char *buf, size_t n) {
  if (!key) {
    snprintf(buf, n, "an invalid type");
    return;
  }
  dart_datatype_t base = (dart_datatype_t)(key & 0xffff);
  snprintf(buf, n, "%s (%llu bytes)", dart__type_name(base), (unsigned long long)(key >> 16));
}

static const char *op_describe(uint64_t op) {
  return op == DART_OP_USER_FIRST ? "a user-defined operation" : dart__op_name((dart_operation_t)op);
}

/* The check proper (not inlined: agree's caller keeps only the branch). */
static __attribute__((noinline)) dart_ret_t agree_slow(const dart_team_data_t *t, dart_ret_t local,
                                                       coll_call_t call, size_t count,
                                                       const dart_type_info_t *ti, dart_operation_t op,
                                                       int64_t root, uint64_t layout, const char *fn) {
  uint64_t sig[NSIG] = {
      call,           count,  type_key(ti),    dart__is_userop(op) ? DART_OP_USER_FIRST : (uint64_t)op,
      (uint64_t)root, layout, local != DART_OK};
  /* [2i]: field i, [2i+1]: its complement; last: the lowest failing unit. */
  uint64_t v[2 * NSIG + 1], agreed[2 * NSIG + 1];
  for (int i = 0; i < NSIG; i++) {
    v[2 * i] = sig[i];
    v[2 * i + 1] = UINT64_MAX - sig[i];
  }
  v[2 * NSIG] = local != DART_OK ? UINT64_MAX - (uint64_t)t->myid : 0;
  /* Blocking or polled as dart_barrier's (see there), for every call:
   * the two forms do not match each other in MPI, and the check has to
   * catch a unit that called dart_barrier. */
  DART_MPI(dart__allreduce(v, agreed, 2 * NSIG + 1, MPI_UINT64_T, MPI_MAX, t->comm),
           "MPI_Allreduce (DART_CHECK)");
  uint64_t hi[NSIG], lo[NSIG];
  for (int i = 0; i < NSIG; i++) {
    hi[i] = agreed[2 * i];
    lo[i] = UINT64_MAX - agreed[2 * i + 1];
  }
  if (lo[SIG_CALL] != hi[SIG_CALL]) {
    const char *a = lo[SIG_CALL] < NCALLS ? call_name[lo[SIG_CALL]] : "?";
    const char *b = hi[SIG_CALL] < NCALLS ? call_name[hi[SIG_CALL]] : "?";
    return dart__error(DART_ERR_INVAL, "%s: units of team %lld called different collectives (%s and %s)", fn,
                       (long long)t->id, a, b);
  }
  if (lo[SIG_COUNT] != hi[SIG_COUNT])
    return dart__error(DART_ERR_INVAL, "%s: units passed different counts (from %llu to %llu elements)", fn,
                       (unsigned long long)lo[SIG_COUNT], (unsigned long long)hi[SIG_COUNT]);
  if (lo[SIG_TYPE] != hi[SIG_TYPE]) {
    char a[64], b[64];
    type_describe(lo[SIG_TYPE], a, sizeof a);
    type_describe(hi[SIG_TYPE], b, sizeof b);
    return dart__error(DART_ERR_INVAL, "%s: units passed different types (%s and %s)", fn, a, b);
  }
  if (lo[SIG_OP] != hi[SIG_OP])
    return dart__error(DART_ERR_INVAL, "%s: units passed different operations (%s and %s)", fn,
                       op_describe(lo[SIG_OP]), op_describe(hi[SIG_OP]));
  if (lo[SIG_ROOT] != hi[SIG_ROOT])
    return dart__error(DART_ERR_INVAL, "%s: units passed different roots (%lld and %lld)", fn,
                       (long long)(int64_t)lo[SIG_ROOT], (long long)(int64_t)hi[SIG_ROOT]);
  if (lo[SIG_LAYOUT] != hi[SIG_LAYOUT])
    return dart__error(DART_ERR_INVAL, "%s: units passed different receive counts or displacements", fn);
  if (hi[SIG_BAD] && local == DART_OK)
    return dart__error(DART_ERR_INVAL,
                       "%s: invalid arguments on unit %llu of the team (its error: see there)", fn,
                       (unsigned long long)(UINT64_MAX - agreed[2 * NSIG]));
  return local;
}

/* With DART_CHECK, agrees on the arguments (agree_slow) and returns the
 * status every unit returns alike; else `local`, at the cost of one
 * predictable branch. */
static inline dart_ret_t agree(const dart_team_data_t *t, dart_ret_t local, coll_call_t call, size_t count,
                               const dart_type_info_t *ti, dart_operation_t op, int64_t root, uint64_t layout,
                               const char *fn) {
  if (__builtin_expect(!dart__check, 1)) return local;
  return agree_slow(t, local, call, count, ti, op, root, layout, fn);
}

dart_ret_t dart_barrier(dart_team_t team) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart_barrier", &t);
  if (r != DART_OK) return r;
  DART_STATS_ADD(barriers, 1);
  /* With checks the signature's allreduce is the barrier: no unit leaves
   * it before every unit has entered it. */
  if (__builtin_expect(dart__check, 0))
    return agree_slow(t, DART_OK, CALL_BARRIER, 0, NULL, 0, 0, 0, "dart_barrier");
  /* MPI_Barrier where no node is crowded (progress.h); else a nonblocking
   * barrier polled with yields: a unit that waits here gives its CPU to
   * the units still working, which matters when units outnumber cores.
   * Both keep serving RMA aimed at the waiting unit. */
  DART_MPI(dart__barrier(t->comm), "MPI_Barrier");
  return DART_OK;
}

/* ---- DART's own MIN, MAX and MINMAX operations, created on first use ----
 *
 * MINMAX has no MPI counterpart: a user operation over a pair type, on the
 * ordered classes (C integers, floating point). MIN and MAX on unsigned
 * types: MPICH 4.0.2 compares them as signed (a MIN of {UINT64_MAX, 5}
 * gives UINT64_MAX), so DART reduces them with its own operations too. */

#define KEEP_IF(CMP, i) \
  if (a[i] CMP b[i]) b[i] = a[i];
#define USER_FN(NAME, T, BODY)                                          \
  static void NAME(void *in, void *inout, int *len, MPI_Datatype *dt) { \
    (void)dt;                                                           \
    const T *a = in;                                                    \
    T *b = inout;                                                       \
    BODY                                                                \
  }
#define ORDER_FNS(name, T)                                             \
  USER_FN(min_##name, T, for (int i = 0; i < *len; i++) KEEP_IF(<, i)) \
  USER_FN(max_##name, T, for (int i = 0; i < *len; i++) KEEP_IF(>, i)) \
  USER_FN(minmax_##name, T, for (int i = 0; i < 2 * *len; i += 2){KEEP_IF(<, i) KEEP_IF(>, i + 1)})
/* (T)-1 > 0 holds for unsigned T only; being a constant, it drops the
 * MIN/MAX functions of the other types at compile time. */
#define UNSIGNED_ONLY(T, f) ((T)-1 > (T)0 ? f : NULL)
#define ORDER_ROW(name, T)                                            \
  [DART_TYPE_##name] = {[DART_OP_MIN] = UNSIGNED_ONLY(T, min_##name), \
                        [DART_OP_MAX] = UNSIGNED_ONLY(T, max_##name), \
                        [DART_OP_MINMAX] = minmax_##name},
/* Expands to x for the ordered classes only. */
#define IF_ORDERED_INT(x) x
#define IF_ORDERED_FLOAT(x) x
#define IF_ORDERED_BYTE(x)
#define IF_ORDERED_CHAR(x)
#define IF_ORDERED_COMPLEX(x)
#define ORDERED_FNS_(name, ctype, cls, mpi) IF_ORDERED_##cls(ORDER_FNS(name, ctype))
#define ORDERED_ROW_(name, ctype, cls, mpi) IF_ORDERED_##cls(ORDER_ROW(name, ctype))
DART_BASIC_TYPES(ORDERED_FNS_)

/* Indexed by basic type and operation; NULL: MPI's predefined operation. */
static MPI_User_function *const own_fn[DART_TYPE_LAST_BASIC + 1][DART_OP_MINMAX + 1] = {
    DART_BASIC_TYPES(ORDERED_ROW_)};

static struct {
  int made[DART_OP_MINMAX + 1];
  MPI_Op op[DART_OP_MINMAX + 1];
  MPI_Datatype pair; /* MINMAX: (min, max) of the basic type */
} own[DART_TYPE_LAST_BASIC + 1];

/* For DART's own operations: replaces *mop (and, for MINMAX, *mtype by the
 * pair type); otherwise leaves both alone. */
static pthread_mutex_t own_mutex = PTHREAD_MUTEX_INITIALIZER; /* creation (reductions on two teams) */

/* Creates own[b]'s operation op (and pair type). Called with own_mutex held. */
static dart_ret_t own_make(dart_operation_t op, const dart_type_info_t *ti) {
  dart_datatype_t b = ti->base;
  if (op == DART_OP_MINMAX) {
    DART_MPI(MPI_Type_contiguous(2, ti->mpi_base, &own[b].pair), "MPI_Type_contiguous");
    DART_MPI(MPI_Type_commit(&own[b].pair), "MPI_Type_commit");
  }
  int ret = MPI_Op_create(own_fn[b][op], 1, &own[b].op[op]);
  if (ret != MPI_SUCCESS) {
    if (op == DART_OP_MINMAX) MPI_Type_free(&own[b].pair);
    return dart__mpi_error(ret, "MPI_Op_create");
  }
  __atomic_store_n(&own[b].made[op], 1, __ATOMIC_RELEASE);
  return DART_OK;
}

static dart_ret_t own_op(dart_operation_t op, const dart_type_info_t *ti, MPI_Op *mop, MPI_Datatype *mtype) {
  dart_datatype_t b = ti->base;
  if (op > DART_OP_MINMAX || !own_fn[b][op]) return DART_OK;
  if (!__atomic_load_n(&own[b].made[op], __ATOMIC_ACQUIRE)) {
    dart__lock(&own_mutex);
    dart_ret_t r = own[b].made[op] ? DART_OK : own_make(op, ti);
    dart__unlock(&own_mutex);
    if (r != DART_OK) return r;
  }
  *mop = own[b].op[op];
  if (op == DART_OP_MINMAX) *mtype = own[b].pair;
  return DART_OK;
}

void dart__collective_fini(void) {
  for (int b = 0; b <= DART_TYPE_LAST_BASIC; b++)
    for (int op = 0; op <= DART_OP_MINMAX; op++) {
      if (!own[b].made[op]) continue;
      MPI_Op_free(&own[b].op[op]);
      if (op == DART_OP_MINMAX) MPI_Type_free(&own[b].pair);
      own[b].made[op] = 0;
    }
}

/* ---- Blocks: nelem elements of a layout as (MPI type, int count) ---- */

typedef struct {
  MPI_Datatype type;
  int count;
  int owned;    /* type is a derived type to free */
  size_t bytes; /* extent of the block: nelem elements of the layout */
} blk_t;

static dart_ret_t blk_make(const dart_type_info_t *ti, size_t nelem, const char *fn, blk_t *b) {
  if (nelem % ti->period)
    return dart__error(DART_ERR_INVAL, "%s: %zu elements is not a multiple of the layout's %zu", fn, nelem,
                       ti->period);
  size_t ninst = nelem / ti->period;
  size_t ext = ti->extent * ti->elem_size; /* bytes per instance */
  if (ninst > (size_t)PTRDIFF_MAX / (ext ? ext : 1))
    return dart__error(DART_ERR_INVAL, "%s: %zu elements overflow the address space", fn, nelem);
  b->bytes = ninst * ext;
  if (ninst <= dart__max_count) {
    *b = (blk_t){ti->mpi_inst, (int)ninst, 0, ninst * ext};
    return DART_OK;
  }
  size_t q = ninst / dart__max_count, rem = ninst % dart__max_count;
  if (q > INT_MAX) return dart__error(DART_ERR_INVAL, "%s: %zu elements is too many", fn, nelem);
  MPI_Datatype chunk, chunks, whole, big;
  DART_MPI(MPI_Type_contiguous((int)dart__max_count, ti->mpi_inst, &chunk), "MPI_Type_contiguous");
  MPI_Type_contiguous((int)q, chunk, &chunks);
  MPI_Type_free(&chunk);
  if (rem) {
    int lens[2] = {1, (int)rem};
    MPI_Aint disps[2] = {0, (MPI_Aint)(q * dart__max_count * ext)};
    MPI_Datatype types[2] = {chunks, ti->mpi_inst};
    MPI_Type_create_struct(2, lens, disps, types, &whole);
    MPI_Type_free(&chunks);
  } else {
    whole = chunks;
  }
  int ret = MPI_Type_create_resized(whole, 0, (MPI_Aint)(ninst * ext), &big);
  MPI_Type_free(&whole);
  if (ret != MPI_SUCCESS) return dart__mpi_error(ret, "MPI_Type_create_resized");
  MPI_Type_commit(&big);
  *b = (blk_t){big, 1, 1, ninst * ext};
  return DART_OK;
}

static void blk_free(blk_t *b) {
  if (b->owned) MPI_Type_free(&b->type);
  b->owned = 0;
}

/* ---- Argument checks ---- */

static dart_ret_t check_root(const dart_team_data_t *t, dart_unit_t root, const char *fn) {
  if (root < 0 || root >= t->size)
    return dart__error(DART_ERR_INVAL, "%s: root %d is not a unit of the team (size %d)", fn, (int)root,
                       t->size);
  return DART_OK;
}

static dart_ret_t check_buf(const void *buf, size_t nelem, const char *what, const char *fn) {
  if (!buf && nelem) return dart__error(DART_ERR_INVAL, "%s: %s is NULL", fn, what);
  return DART_OK;
}

/* Looks up team and type; the common prologue of data movement. */
static dart_ret_t coll_prologue(dart_team_t team, dart_datatype_t type, const char *fn, dart_team_data_t **t,
                                const dart_type_info_t **ti) {
  dart_ret_t r = dart__team_lookup(team, fn, t);
  if (r != DART_OK) return r;
  return dart__type_get(type, fn, ti);
}

/* The prologue's outcome: the team is unknown (nothing to agree with), or
 * the status of the local checks so far (the type's). */
#define PROLOGUE_FAILED_TEAM(t) (!(t))

/* reduce's root for allreduce: no root a unit can pass (dart_reduce's
 * negative roots fail check_root). */
#define REDUCE_ALL INT_MIN

/* ---- Data movement ---- */

/* Which units need a buffer: all, or the root only. */
enum { ON_ALL, ON_ROOT };

/* One buffer argument of a data-movement call (name NULL: none). */
typedef struct {
  const void *buf;
  const char *name;
  int on;
} buf_arg_t;

/* The common start of bcast, scatter, gather, allgather and alltoall:
 * team and type lookup, the root (if has_root), the buffers, the block of
 * nelem elements, then agree. Returns the status every unit returns alike
 * (with DART_CHECK); *t is NULL when the team is unknown (nothing to agree
 * with). On DART_OK the caller frees *b after the MPI call. */
static dart_ret_t move_start(dart_team_t team, dart_datatype_t type, size_t nelem, coll_call_t call,
                             int has_root, dart_unit_t root, buf_arg_t a, buf_arg_t c, const char *fn,
                             dart_team_data_t **t, blk_t *b) {
  const dart_type_info_t *ti = NULL;
  *t = NULL;
  *b = (blk_t){0};
  dart_ret_t r = coll_prologue(team, type, fn, t, &ti);
  if (PROLOGUE_FAILED_TEAM(*t)) return r;
  int am_root = has_root && (*t)->myid == root;
  if (r == DART_OK && has_root) r = check_root(*t, root, fn);
  if (r == DART_OK && a.name && (a.on == ON_ALL || am_root)) r = check_buf(a.buf, nelem, a.name, fn);
  if (r == DART_OK && c.name && (c.on == ON_ALL || am_root)) r = check_buf(c.buf, nelem, c.name, fn);
  if (r == DART_OK) r = blk_make(ti, nelem, fn, b);
  if ((r = agree(*t, r, call, nelem, ti, 0, has_root ? root : 0, 0, fn)) != DART_OK) blk_free(b);
  return r;
}

static const buf_arg_t NO_BUF = {NULL, NULL, ON_ALL};

dart_ret_t dart_bcast(void *buf, size_t nelem, dart_datatype_t type, dart_unit_t root, dart_team_t team) {
  dart_team_data_t *t;
  blk_t b;
  dart_ret_t r = move_start(team, type, nelem, CALL_BCAST, 1, root, (buf_arg_t){buf, "buf", ON_ALL}, NO_BUF,
                            "dart_bcast", &t, &b);
  if (r != DART_OK) return r;
  int ret;
  DART_COLL(ret, MPI_Bcast, MPI_Ibcast, buf, b.count, b.type, root, t->comm);
  blk_free(&b);
  return ret == MPI_SUCCESS ? DART_OK : dart__mpi_error(ret, "MPI_Bcast");
}

dart_ret_t dart_scatter(const void *sendbuf, void *recvbuf, size_t nelem, dart_datatype_t type,
                        dart_unit_t root, dart_team_t team) {
  dart_team_data_t *t;
  blk_t b;
  dart_ret_t r =
      move_start(team, type, nelem, CALL_SCATTER, 1, root, (buf_arg_t){sendbuf, "sendbuf", ON_ROOT},
                 (buf_arg_t){recvbuf, "recvbuf", ON_ALL}, "dart_scatter", &t, &b);
  if (r != DART_OK) return r;
  void *rb = recvbuf;
  if (t->myid == root && nelem && (const char *)sendbuf + (size_t)root * b.bytes == (const char *)recvbuf)
    rb = MPI_IN_PLACE;
  int ret;
  DART_COLL(ret, MPI_Scatter, MPI_Iscatter, sendbuf, b.count, b.type, rb, b.count, b.type, root, t->comm);
  blk_free(&b);
  return ret == MPI_SUCCESS ? DART_OK : dart__mpi_error(ret, "MPI_Scatter");
}

dart_ret_t dart_gather(const void *sendbuf, void *recvbuf, size_t nelem, dart_datatype_t type,
                       dart_unit_t root, dart_team_t team) {
  dart_team_data_t *t;
  blk_t b;
  dart_ret_t r = move_start(team, type, nelem, CALL_GATHER, 1, root, (buf_arg_t){sendbuf, "sendbuf", ON_ALL},
                            (buf_arg_t){recvbuf, "recvbuf", ON_ROOT}, "dart_gather", &t, &b);
  if (r != DART_OK) return r;
  const void *sb = sendbuf;
  if (t->myid == root && nelem && (const char *)recvbuf + (size_t)root * b.bytes == (const char *)sendbuf)
    sb = MPI_IN_PLACE;
  int ret;
  DART_COLL(ret, MPI_Gather, MPI_Igather, sb, b.count, b.type, recvbuf, b.count, b.type, root, t->comm);
  blk_free(&b);
  return ret == MPI_SUCCESS ? DART_OK : dart__mpi_error(ret, "MPI_Gather");
}

dart_ret_t dart_allgather(const void *sendbuf, void *recvbuf, size_t nelem, dart_datatype_t type,
                          dart_team_t team) {
  dart_team_data_t *t;
  blk_t b;
  dart_ret_t r = move_start(team, type, nelem, CALL_ALLGATHER, 0, 0, (buf_arg_t){sendbuf, "sendbuf", ON_ALL},
                            (buf_arg_t){recvbuf, "recvbuf", ON_ALL}, "dart_allgather", &t, &b);
  if (r != DART_OK) return r;
  const void *sb = sendbuf;
  if (nelem && (const char *)recvbuf + (size_t)t->myid * b.bytes == (const char *)sendbuf) sb = MPI_IN_PLACE;
  int ret;
  DART_COLL(ret, MPI_Allgather, MPI_Iallgather, sb, b.count, b.type, recvbuf, b.count, b.type, t->comm);
  blk_free(&b);
  return ret == MPI_SUCCESS ? DART_OK : dart__mpi_error(ret, "MPI_Allgather");
}

/* dart_allgatherv's local checks. *large: a count or displacement needs
 * the split path; *layout: a hash of the counts and displacements, which
 * every unit must pass alike (DART_CHECK). */
static dart_ret_t allgatherv_check(const dart_team_data_t *t, const dart_type_info_t *ti, const void *sendbuf,
                                   size_t nsend, const void *recvbuf, const size_t *nrecvcounts,
                                   const size_t *recvdispls, int *large, uint64_t *layout) {
  static const char fn[] = "dart_allgatherv";
  if (!nrecvcounts || !recvdispls)
    return dart__error(DART_ERR_INVAL, "%s: nrecvcounts or recvdispls is NULL", fn);
  if (nrecvcounts[t->myid] != nsend)
    return dart__error(DART_ERR_INVAL, "%s: nsend (%zu) differs from nrecvcounts[%d] (%zu)", fn, nsend,
                       t->myid, nrecvcounts[t->myid]);
  size_t per = ti->period;
  int any = 0;
  uint64_t h = 14695981039346656037ull; /* FNV-1a over the counts and displacements */
  for (int i = 0; i < t->size; i++) {
    if (nrecvcounts[i] % per || recvdispls[i] % per)
      return dart__error(DART_ERR_INVAL,
                         "%s: count or displacement of unit %d is not a multiple of the layout's %zu", fn, i,
                         per);
    if (nrecvcounts[i] / per > dart__max_count || recvdispls[i] / per > dart__max_count) *large = 1;
    if (nrecvcounts[i]) any = 1;
    h = (h ^ nrecvcounts[i]) * 1099511628211ull;
    h = (h ^ recvdispls[i]) * 1099511628211ull;
  }
  *layout = h;
  dart_ret_t r;
  if ((r = check_buf(sendbuf, nsend, "sendbuf", fn)) != DART_OK ||
      (r = check_buf(recvbuf, (size_t)any, "recvbuf", fn)) != DART_OK)
    return r;
  return DART_OK;
}

dart_ret_t dart_allgatherv(const void *sendbuf, size_t nsend, dart_datatype_t type, void *recvbuf,
                           const size_t *nrecvcounts, const size_t *recvdispls, dart_team_t team) {
  static const char fn[] = "dart_allgatherv";
  dart_team_data_t *t = NULL;
  const dart_type_info_t *ti = NULL;
  dart_ret_t r = coll_prologue(team, type, fn, &t, &ti);
  if (PROLOGUE_FAILED_TEAM(t)) return r;
  int large = 0;
  uint64_t layout = 0;
  if (r == DART_OK)
    r = allgatherv_check(t, ti, sendbuf, nsend, recvbuf, nrecvcounts, recvdispls, &large, &layout);
  if ((r = agree(t, r, CALL_ALLGATHERV, 0, ti, 0, 0, layout, fn)) != DART_OK) return r;
  size_t per = ti->period;
  size_t ext = ti->extent * ti->elem_size;
  if (large) { /* every unit decides alike: counts and displacements are the same everywhere */
    for (int i = 0; i < t->size; i++) {
      blk_t b;
      if ((r = blk_make(ti, nrecvcounts[i], fn, &b)) != DART_OK) return r;
      char *dst = (char *)recvbuf + recvdispls[i] / per * ext;
      if (i == t->myid && nsend && dst != (const char *)sendbuf) memmove(dst, sendbuf, b.bytes);
      int ret = MPI_SUCCESS;
      if (b.count) DART_COLL(ret, MPI_Bcast, MPI_Ibcast, dst, b.count, b.type, i, t->comm);
      blk_free(&b);
      if (ret != MPI_SUCCESS) return dart__mpi_error(ret, "MPI_Bcast");
    }
    return DART_OK;
  }
  int *counts = malloc(sizeof *counts * (size_t)t->size * 2);
  if (!counts) return dart__error(DART_ERR_NOMEM, "%s: out of memory", fn);
  int *displs = counts + t->size;
  for (int i = 0; i < t->size; i++) {
    counts[i] = (int)(nrecvcounts[i] / per);
    displs[i] = (int)(recvdispls[i] / per);
  }
  const void *sb = sendbuf;
  if (nsend && (const char *)recvbuf + (size_t)displs[t->myid] * ext == (const char *)sendbuf)
    sb = MPI_IN_PLACE;
  int ret;
  DART_COLL(ret, MPI_Allgatherv, MPI_Iallgatherv, sb, counts[t->myid], ti->mpi_inst, recvbuf, counts, displs,
            ti->mpi_inst, t->comm);
  free(counts);
  return ret == MPI_SUCCESS ? DART_OK : dart__mpi_error(ret, "MPI_Allgatherv");
}

dart_ret_t dart_alltoall(const void *sendbuf, void *recvbuf, size_t nelem, dart_datatype_t type,
                         dart_team_t team) {
  dart_team_data_t *t;
  blk_t b;
  dart_ret_t r = move_start(team, type, nelem, CALL_ALLTOALL, 0, 0, (buf_arg_t){sendbuf, "sendbuf", ON_ALL},
                            (buf_arg_t){recvbuf, "recvbuf", ON_ALL}, "dart_alltoall", &t, &b);
  if (r != DART_OK) return r;
  const void *sb = sendbuf == recvbuf ? MPI_IN_PLACE : sendbuf;
  int ret;
  DART_COLL(ret, MPI_Alltoall, MPI_Ialltoall, sb, b.count, b.type, recvbuf, b.count, b.type, t->comm);
  blk_free(&b);
  return ret == MPI_SUCCESS ? DART_OK : dart__mpi_error(ret, "MPI_Alltoall");
}

/* ---- Reductions ---- */

/* reduce's local checks. *nelem: the elements to reduce (pairs for
 * MINMAX_ELEMENTS); *mop and *mtype: the MPI operation and element type. */
static dart_ret_t reduce_check(const void *sendbuf, const void *recvbuf, size_t *nelem, dart_datatype_t type,
                               const dart_type_info_t *ti, dart_operation_t op, int root,
                               const dart_team_data_t *t, const char *fn, MPI_Op *mop, MPI_Datatype *mtype) {
  dart_ret_t r;
  *mop = dart__op_mpi(op);
  *mtype = ti->mpi_base;
  if (dart__is_userop(op)) {
    if ((r = dart__userop_get(op, type, fn, mop, mtype)) != DART_OK) return r;
  } else if (type > DART_TYPE_LAST_BASIC) {
    return dart__error(DART_ERR_INVAL, "%s: reductions need a basic type, not a layout", fn);
  }
  if (op == DART_OP_MINMAX_ELEMENTS) {
    if (*nelem % 2)
      return dart__error(DART_ERR_INVAL, "%s: MINMAX_ELEMENTS needs (min, max) pairs, not %zu elements", fn,
                         *nelem);
    *nelem /= 2;
    op = DART_OP_MINMAX;
  }
  if (dart__is_userop(op)) {
    /* checked above */
  } else if (op == DART_OP_REPLACE || op == DART_OP_NO_OP || !dart__op_defined(op, type))
    return dart__error(DART_ERR_INVAL, "%s: operation %s is not defined on type %s", fn, dart__op_name(op),
                       dart__type_name(type));
  if (root != REDUCE_ALL && (r = check_root(t, root, fn)) != DART_OK) return r;
  int gets_result = root == REDUCE_ALL || t->myid == root;
  if ((r = check_buf(sendbuf, *nelem, "sendbuf", fn)) != DART_OK ||
      (gets_result && (r = check_buf(recvbuf, *nelem, "recvbuf", fn)) != DART_OK))
    return r;
  if (!dart__is_userop(op) && (r = own_op(op, ti, mop, mtype)) != DART_OK) return r;
  return DART_OK;
}

static dart_ret_t reduce(const void *sendbuf, void *recvbuf, size_t nelem, dart_datatype_t type,
                         dart_operation_t op, int root /* REDUCE_ALL: all */, dart_team_t team,
                         const char *fn) {
  dart_team_data_t *t = NULL;
  const dart_type_info_t *ti = NULL;
  dart_ret_t r = coll_prologue(team, type, fn, &t, &ti);
  if (PROLOGUE_FAILED_TEAM(t)) return r;
  MPI_Op mop = MPI_OP_NULL;
  MPI_Datatype mtype = MPI_DATATYPE_NULL;
  size_t n = nelem;
  if (r == DART_OK) r = reduce_check(sendbuf, recvbuf, &n, type, ti, op, root, t, fn, &mop, &mtype);
  if ((r = agree(t, r, root == REDUCE_ALL ? CALL_ALLREDUCE : CALL_REDUCE, nelem, ti, op, root, 0, fn)) !=
      DART_OK)
    return r;
  if (op == DART_OP_MINMAX_ELEMENTS) op = DART_OP_MINMAX;
  size_t unit_bytes = op == DART_OP_MINMAX ? 2 * ti->elem_size : ti->elem_size;
  if (n == 0) return DART_OK; /* the same on every unit: nothing to do */
  int gets_result = root == REDUCE_ALL || t->myid == root;
  int in_place = sendbuf == recvbuf;
  for (size_t done = 0; done < n; done += dart__max_count) {
    int c = (int)(n - done < dart__max_count ? n - done : dart__max_count);
    const char *sb = (const char *)sendbuf + done * unit_bytes;
    char *rb = gets_result ? (char *)recvbuf + done * unit_bytes : NULL;
    int ret;
    if (root == REDUCE_ALL) {
      ret = dart__allreduce(in_place ? MPI_IN_PLACE : sb, rb, c, mtype, mop, t->comm);
    } else {
      DART_COLL(ret, MPI_Reduce, MPI_Ireduce, in_place && gets_result ? MPI_IN_PLACE : sb, rb, c, mtype, mop,
                root, t->comm);
    }
    if (ret != MPI_SUCCESS) return dart__mpi_error(ret, root == REDUCE_ALL ? "MPI_Allreduce" : "MPI_Reduce");
  }
  return DART_OK;
}

dart_ret_t dart_reduce(const void *sendbuf, void *recvbuf, size_t nelem, dart_datatype_t type,
                       dart_operation_t op, dart_unit_t root, dart_team_t team) {
  if (root == REDUCE_ALL) root = -1; /* as invalid, and check_root names it */
  return reduce(sendbuf, recvbuf, nelem, type, op, root, team, "dart_reduce");
}

dart_ret_t dart_allreduce(const void *sendbuf, void *recvbuf, size_t nelem, dart_datatype_t type,
                          dart_operation_t op, dart_team_t team) {
  return reduce(sendbuf, recvbuf, nelem, type, op, REDUCE_ALL, team, "dart_allreduce");
}

/* ---- Two-sided ---- */

static int tag_ub(void) {
  int *v, flag = 0;
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &v, &flag);
  return flag ? *v : 32767;
}

static dart_ret_t check_peer(const dart_team_data_t *t, dart_unit_t unit, int tag, const char *fn) {
  if (unit < 0 || unit >= t->size)
    return dart__error(DART_ERR_INVAL, "%s: unit %d is not a unit of the team (size %d)", fn, (int)unit,
                       t->size);
  if (tag < 0 || tag > tag_ub())
    return dart__error(DART_ERR_INVAL, "%s: tag %d out of range [0, %d]", fn, tag, tag_ub());
  return DART_OK;
}

dart_ret_t dart_send(const void *buf, size_t nelem, dart_datatype_t type, int tag, dart_unit_t unit,
                     dart_team_t team) {
  static const char fn[] = "dart_send";
  dart_team_data_t *t;
  const dart_type_info_t *ti = NULL;
  blk_t b;
  dart_ret_t r;
  if ((r = coll_prologue(team, type, fn, &t, &ti)) != DART_OK ||
      (r = check_peer(t, unit, tag, fn)) != DART_OK || (r = check_buf(buf, nelem, "buf", fn)) != DART_OK ||
      (r = blk_make(ti, nelem, fn, &b)) != DART_OK)
    return r;
  int ret;
  DART_COLL(ret, MPI_Send, MPI_Isend, buf, b.count, b.type, unit, tag, t->comm);
  blk_free(&b);
  return ret == MPI_SUCCESS ? DART_OK : dart__mpi_error(ret, "MPI_Send");
}

dart_ret_t dart_recv(void *buf, size_t nelem, dart_datatype_t type, int tag, dart_unit_t unit,
                     dart_team_t team) {
  static const char fn[] = "dart_recv";
  dart_team_data_t *t;
  const dart_type_info_t *ti = NULL;
  blk_t b;
  dart_ret_t r;
  if ((r = coll_prologue(team, type, fn, &t, &ti)) != DART_OK ||
      (r = check_peer(t, unit, tag, fn)) != DART_OK || (r = check_buf(buf, nelem, "buf", fn)) != DART_OK ||
      (r = blk_make(ti, nelem, fn, &b)) != DART_OK)
    return r;
  int ret;
  if (dart__wait_blocking) {
    ret = DART_WATCH("MPI_Recv", MPI_Recv(buf, b.count, b.type, unit, tag, t->comm, MPI_STATUS_IGNORE));
  } else {
    MPI_Request req;
    ret = MPI_Irecv(buf, b.count, b.type, unit, tag, t->comm, &req);
    if (ret == MPI_SUCCESS) ret = DART_WATCH("MPI_Recv", dart__wait(&req, MPI_STATUS_IGNORE));
  }
  blk_free(&b);
  return ret == MPI_SUCCESS ? DART_OK : dart__mpi_error(ret, "MPI_Recv");
}

dart_ret_t dart_sendrecv(const void *sendbuf, size_t send_nelem, dart_datatype_t send_type, int send_tag,
                         dart_unit_t dest, void *recvbuf, size_t recv_nelem, dart_datatype_t recv_type,
                         int recv_tag, dart_unit_t src, dart_team_t team) {
  static const char fn[] = "dart_sendrecv";
  dart_team_data_t *t;
  const dart_type_info_t *sti, *rti;
  blk_t sb, rb;
  dart_ret_t r;
  if ((r = coll_prologue(team, send_type, fn, &t, &sti)) != DART_OK ||
      (r = dart__type_get(recv_type, fn, &rti)) != DART_OK ||
      (r = check_peer(t, dest, send_tag, fn)) != DART_OK ||
      (r = check_peer(t, src, recv_tag, fn)) != DART_OK ||
      (r = check_buf(sendbuf, send_nelem, "sendbuf", fn)) != DART_OK ||
      (r = check_buf(recvbuf, recv_nelem, "recvbuf", fn)) != DART_OK)
    return r;
  if ((r = blk_make(sti, send_nelem, fn, &sb)) != DART_OK) return r;
  if ((r = blk_make(rti, recv_nelem, fn, &rb)) != DART_OK) {
    blk_free(&sb);
    return r;
  }
  int ret;
  if (dart__wait_blocking) {
    ret =
        DART_WATCH("MPI_Sendrecv", MPI_Sendrecv(sendbuf, sb.count, sb.type, dest, send_tag, recvbuf, rb.count,
                                                rb.type, src, recv_tag, t->comm, MPI_STATUS_IGNORE));
  } else { /* polled as dart__wait: the receive first, so that the send finds it posted */
    MPI_Request req[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    ret = MPI_Irecv(recvbuf, rb.count, rb.type, src, recv_tag, t->comm, &req[0]);
    if (ret == MPI_SUCCESS) ret = MPI_Isend(sendbuf, sb.count, sb.type, dest, send_tag, t->comm, &req[1]);
    for (int i = 0; i < 2 && ret == MPI_SUCCESS; i++)
      ret = DART_WATCH("MPI_Sendrecv", dart__wait(&req[i], MPI_STATUS_IGNORE));
  }
  blk_free(&sb);
  blk_free(&rb);
  return ret == MPI_SUCCESS ? DART_OK : dart__mpi_error(ret, "MPI_Sendrecv");
}
