/* One-sided put and get. A target on the caller's node is reached with
 * memcpy through node shared memory (complete on return, whatever
 * the call's flavour); any other target with MPI RMA on the team window,
 * inside the epoch opened once by MPI_Win_lock_all. */
#include <limits.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "datatype.h"
#include "fast.h"
#include "progress.h"
#include "rma.h"
#include "segment.h"
#include "stats.h"

/* GCC 12 mistakes MPICH's MPI_STATUSES_IGNORE for a zero-sized array. */
#pragma GCC diagnostic ignored "-Wstringop-overflow"

/* Handles are not pointers but a slot index (low 32 bits, from 1) and
 * the slot's generation (high 32 bits); slot 0 is never used, so no handle
 * is DART_HANDLE_NULL. A slot holds its live handle's value in `key`; a
 * free slot holds the value its next handle will have, plus the FREE bit,
 * which no handle has (it is beyond the table). So one comparison tells a
 * live handle from a copy of a completed one (the slot is free, or serves
 * a newer transfer: another generation) and from a made-up value (index
 * out of range, or not the key): DART_ERR_INVAL instead of a double free or
 * a crash. The slots are a static table (zero pages until used: a program
 * that never has more than a few handles outstanding touches one page),
 * so that a slot never moves and looking a handle up is an index, a bounds
 * check and a compare. Free slots form a list, so that starting
 * a transfer costs no malloc; threads share it (a handle may be completed
 * by another thread than the one that started it), under a mutex at
 * DART_THREAD_MULTIPLE. */

/* Handles outstanding at a time per unit (README: Limits): 16 MiB of
 * address space, of which a program touches what it uses. */
#define DART_MAX_HANDLES (1u << 18)
#define SLOT_FREE ((uint64_t)1 << 30) /* in a free slot's key; >= DART_MAX_HANDLES */
#define SLOT_NEXT_GEN ((uint64_t)1 << 32)

typedef struct slot {
  uint64_t key;      /* the live handle's value; free: the next one | SLOT_FREE */
  struct slot *next; /* free list */
  MPI_Win win;
  int rank;
  int is_put;
  int nreq;         /* 0: the transfer completes by a local flush of its target */
  MPI_Request *req; /* one_, or the requests of a split transfer */
  MPI_Request one_;
} __attribute__((aligned(64))) slot_t; /* a cache line: the index is a shift */

_Static_assert(sizeof(slot_t) == 64, "a slot is one cache line");
static slot_t slots[DART_MAX_HANDLES];
static uint32_t nslots = 1; /* slots ever used, and slot 0: the others are all zero */
static slot_t *free_head;
static pthread_mutex_t free_handles_mutex = PTHREAD_MUTEX_INITIALIZER;

/* The slot of a live handle, or NULL for any other non-null value. */
static inline slot_t *handle_slot(dart_handle_t h) {
  uint64_t v = (uint64_t)(uintptr_t)h;
  uint32_t i = (uint32_t)v;
  if (__builtin_expect(i >= DART_MAX_HANDLES, 0)) return NULL;
  slot_t *s = &slots[i];
  /* An opaque copy: the caller keeps the pointer in a register across its
   * MPI calls instead of computing it from the index again after each. */
  __asm__("" : "+r"(s));
  return __builtin_expect(s->key == v, 1) ? s : NULL;
}

static inline slot_t *handle_pop(void) {
  slot_t *s;
  if (__builtin_expect(free_head != NULL, 1)) {
    s = free_head;
    free_head = s->next;
    s->key -= SLOT_FREE;
  } else if (nslots < DART_MAX_HANDLES) {
    s = &slots[nslots];
    s->key = SLOT_NEXT_GEN | nslots++;
    s->req = &s->one_;
  } else {
    return NULL;
  }
  return s;
}

/* A split transfer's requests (one_ serves all others, set once per slot). */
static inline void req_release(slot_t *s) {
  if (__builtin_expect(s->req != &s->one_, 0)) {
    free(s->req);
    s->req = &s->one_;
  }
}

static inline void handle_push(slot_t *s) {
  s->next = free_head;
  free_head = s;
  s->key +=
      SLOT_NEXT_GEN + SLOT_FREE; /* live: no SLOT_FREE yet. The generation wraps; the index is never 0 */
}

/* The locked variants stay out of line: one branch on the single-thread path. */
static __attribute__((noinline)) slot_t *handle_pop_locked(void) {
  pthread_mutex_lock(&free_handles_mutex);
  slot_t *s = handle_pop();
  pthread_mutex_unlock(&free_handles_mutex);
  return s;
}

static __attribute__((noinline)) void handle_give_locked(slot_t *s) {
  pthread_mutex_lock(&free_handles_mutex);
  handle_push(s);
  pthread_mutex_unlock(&free_handles_mutex);
}

static inline slot_t *handle_take(void) {
  return __builtin_expect(dart__state.threads, 0) ? handle_pop_locked() : handle_pop();
}

static inline void handle_give(slot_t *s) {
  if (__builtin_expect(dart__state.threads, 0)) {
    handle_give_locked(s);
    return;
  }
  handle_push(s);
}

/* dart_exit: handles still outstanding become invalid (their windows are
 * gone); the slots keep their generations, so that no handle of this run
 * is valid in a later one. */
void dart__rma_fini(void) {
  for (uint32_t i = 1; i < nslots; i++)
    if (!(slots[i].key & SLOT_FREE)) {
      req_release(&slots[i]);
      handle_push(&slots[i]);
    }
}

/* Records a checked same-node target for the header's inline transfers
 * (key_addr) and, on a segment without an MPI window, their completions
 * (key): dart__fast in dart/detail/fast_path.h, fast.h. */
static inline dart_ret_t remember(dart_gptr_t gptr, const dart_target_t *t, size_t span, const char *fn) {
  if (!t->addr) return DART_OK;
  /* DART_CHECK: the calling unit's own pool (always node-local) is
   * checked at every access, so it is never recorded (segment.h). */
  if (__builtin_expect(gptr.segid == 0 && dart__pool_checked, 0)) return dart__pool_check(gptr, span, fn);
  dart__fast_remember(gptr, t->addr - gptr.offset, t->size, t->win == MPI_WIN_NULL);
  return DART_OK;
}

/* A transfer of basic types that MPI's int counts can take: one MPI call. */
static inline int one_call(const dart_type_info_t *lt, const dart_type_info_t *rt, size_t nelem) {
  return lt->simple && rt->simple && nelem <= dart__max_count;
}

/* Validates types and the target range; resolves the target. *one: the
 * transfer is one MPI call (one_call). Records a same-node target for the
 * header's inline path (remember). */
static inline __attribute__((always_inline)) dart_ret_t prepare(dart_gptr_t g, const void *buf, size_t nelem,
                                                                dart_datatype_t remote, dart_datatype_t local,
                                                                const char *fn, dart_target_t *t,
                                                                const dart_type_info_t **rt,
                                                                const dart_type_info_t **lt, int *one) {
  DART_CHECK_INIT(fn);
  size_t span = 0, lspan = 0;
  if (__builtin_expect(remote == local && remote > DART_TYPE_UNDEFINED && remote <= DART_TYPE_LAST_BASIC,
                       1)) {
    /* The common case, one basic type on both sides: basic types always
     * exist, so one lookup and one size computation check it all. */
    *rt = *lt = &dart__type_table()[remote];
    if (__builtin_expect(__builtin_mul_overflow(nelem, (*rt)->elem_size, &span), 0))
      return dart__error(DART_ERR_INVAL, "%s: size overflows", fn);
    *one = nelem <= dart__max_count;
  } else {
    dart_ret_t r;
    if ((r = dart__type_get(remote, fn, rt)) != DART_OK || (r = dart__type_get(local, fn, lt)) != DART_OK)
      return r;
    if (__builtin_expect((*rt)->base != (*lt)->base || (*rt)->elem_size != (*lt)->elem_size, 0))
      return dart__error(DART_ERR_INVAL, "%s: source and destination types have different basic types", fn);
    if ((r = dart__type_span(*rt, nelem, fn, &span)) != DART_OK ||
        (r = dart__type_span(*lt, nelem, fn, &lspan)) != DART_OK)
      return r;
    *one = one_call(*lt, *rt, nelem);
  }
  if (__builtin_expect(!buf && nelem, 0)) return dart__error(DART_ERR_INVAL, "%s: buffer is NULL", fn);
  dart_ret_t r = dart__resolve(g, span, fn, t);
  return r == DART_OK ? remember(g, t, span, fn) : r;
}

/* Copies into a node-local target. `fence`: make the data visible before
 * any later signal; dart_put leaves that to dart_flush, which promises it. */
static inline void shm_put(const dart_target_t *t, const void *src, const dart_type_info_t *rt,
                           const dart_type_info_t *lt, size_t nelem, int fence) {
  if (rt->contiguous && lt->contiguous)
    memmove(t->addr, src, nelem * rt->elem_size); /* src may overlap: it can be global memory */
  else
    dart__type_copy(t->addr, rt, src, lt, nelem);
  if (fence) atomic_thread_fence(memory_order_seq_cst);
}

static inline void shm_get(void *dst, const dart_target_t *t, const dart_type_info_t *rt,
                           const dart_type_info_t *lt, size_t nelem) {
  atomic_thread_fence(memory_order_acquire);
  if (rt->contiguous && lt->contiguous)
    memmove(dst, t->addr, nelem * rt->elem_size);
  else
    dart__type_copy(dst, lt, t->addr, rt, nelem);
}

static size_t gcd(size_t a, size_t b) {
  while (b) {
    size_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* Elements per MPI call of a transfer between two layouts: whole instances
 * of both; at most dart__max_count (MPI's int counts); and about 64 KiB of data when a
 * side is not contiguous: MPICH 4.0.2 (ch4) moves a 1 MiB derived-datatype
 * put or get 2.7x slower in one call than in sixteen of 64 KiB. */
#define LAYOUT_PIECE ((size_t)64 << 10)
static size_t piece_elems(const dart_type_info_t *lt, const dart_type_info_t *rt) {
  size_t step = lt->period / gcd(lt->period, rt->period) * rt->period; /* lcm */
  size_t cap = lt->contiguous && rt->contiguous ? dart__max_count : LAYOUT_PIECE / rt->elem_size;
  return step * (cap / step ? cap / step : 1);
}

static size_t npieces(size_t nelem, const dart_type_info_t *lt, const dart_type_info_t *rt) {
  size_t per = piece_elems(lt, rt);
  return nelem ? (nelem + per - 1) / per : 1;
}

/* mpi_xfer's general case (not inlined: it stays off the hot path). The
 * target by value, so that the callers keep theirs in registers. */
static int mpi_xfer_pieces(int is_put, char *local, const dart_type_info_t *lt, MPI_Win win, int rank,
                           MPI_Aint tdisp, const dart_type_info_t *rt, size_t nelem, MPI_Request *reqs) {
  size_t per = piece_elems(lt, rt);
  size_t es = rt->elem_size;
  int n = 0;
  for (size_t done = 0; done < nelem || (nelem == 0 && n == 0); done += per) {
    size_t len = nelem - done < per ? nelem - done : per;
    char *laddr = local + done / lt->period * lt->extent * es;
    MPI_Aint disp = tdisp + (MPI_Aint)(done / rt->period * rt->extent * es);
    int lc = (int)(len / lt->period), rc = (int)(len / rt->period), ret;
    if (is_put)
      ret = reqs ? MPI_Rput(laddr, lc, lt->mpi_inst, rank, disp, rc, rt->mpi_inst, win, &reqs[n])
                 : MPI_Put(laddr, lc, lt->mpi_inst, rank, disp, rc, rt->mpi_inst, win);
    else
      ret = reqs ? MPI_Rget(laddr, lc, lt->mpi_inst, rank, disp, rc, rt->mpi_inst, win, &reqs[n])
                 : MPI_Get(laddr, lc, lt->mpi_inst, rank, disp, rc, rt->mpi_inst, win);
    if (ret != MPI_SUCCESS) {
      dart__set_mpi_error(ret, is_put ? "MPI_Put" : "MPI_Get");
      return -1;
    }
    n++;
    if (nelem == 0) break;
  }
  return n;
}

/* Issues the MPI operations for one transfer, split into pieces
 * (piece_elems). With reqs, uses request-based calls and stores one request
 * per piece (one: a single call, see one_call). Returns the number of
 * pieces, or -1 on error. Inlined, so that each caller's common case is the
 * one MPI call it makes. */
static inline int mpi_xfer(int one, int is_put, char *local, const dart_type_info_t *lt,
                           const dart_target_t *t, const dart_type_info_t *rt, size_t nelem,
                           MPI_Request *reqs) {
  if (__builtin_expect(!one, 0))
    return mpi_xfer_pieces(is_put, local, lt, t->win, t->rank, t->disp, rt, nelem, reqs);
  int c = (int)nelem, ret;
  if (is_put)
    ret = reqs ? MPI_Rput(local, c, lt->mpi_inst, t->rank, t->disp, c, rt->mpi_inst, t->win, reqs)
               : MPI_Put(local, c, lt->mpi_inst, t->rank, t->disp, c, rt->mpi_inst, t->win);
  else
    ret = reqs ? MPI_Rget(local, c, lt->mpi_inst, t->rank, t->disp, c, rt->mpi_inst, t->win, reqs)
               : MPI_Get(local, c, lt->mpi_inst, t->rank, t->disp, c, rt->mpi_inst, t->win);
  if (__builtin_expect(ret == MPI_SUCCESS, 1)) return 1;
  dart__set_mpi_error(ret, is_put ? "MPI_Put" : "MPI_Get");
  return -1;
}

/* The general paths: any types, split transfers, and every error. */
static __attribute__((noinline)) dart_ret_t put_any(dart_gptr_t gptr, const void *src, size_t nelem,
                                                    dart_datatype_t src_type, dart_datatype_t dst_type) {
  DART_THREAD_ADMIT("dart_put");
  dart_target_t t;
  const dart_type_info_t *rt, *lt;
  int one;
  dart_ret_t r = prepare(gptr, src, nelem, dst_type, src_type, "dart_put", &t, &rt, &lt, &one);
  if (r != DART_OK) return r;
  DART_STATS_XFER(1, t.addr != NULL, nelem * rt->elem_size);
  if (t.addr) {
    shm_put(&t, src, rt, lt, nelem, 0);
    return DART_OK;
  }
  return mpi_xfer(one, 1, (char *)src, lt, &t, rt, nelem, NULL) < 0 ? DART_ERR_OTHER : DART_OK;
}

static __attribute__((noinline)) dart_ret_t get_any(void *dst, dart_gptr_t gptr, size_t nelem,
                                                    dart_datatype_t src_type, dart_datatype_t dst_type) {
  DART_THREAD_ADMIT("dart_get");
  dart_target_t t;
  const dart_type_info_t *rt, *lt;
  int one;
  dart_ret_t r = prepare(gptr, dst, nelem, src_type, dst_type, "dart_get", &t, &rt, &lt, &one);
  if (r != DART_OK) return r;
  DART_STATS_XFER(0, t.addr != NULL, nelem * rt->elem_size);
  if (t.addr) {
    shm_get(dst, &t, rt, lt, nelem);
    return DART_OK;
  }
  return mpi_xfer(one, 0, dst, lt, &t, rt, nelem, NULL) < 0 ? DART_ERR_OTHER : DART_OK;
}

static __attribute__((noinline)) dart_ret_t put_blocking_any(dart_gptr_t gptr, const void *src, size_t nelem,
                                                             dart_datatype_t src_type,
                                                             dart_datatype_t dst_type) {
  DART_THREAD_ADMIT("dart_put_blocking");
  dart_target_t t;
  const dart_type_info_t *rt, *lt;
  int one;
  dart_ret_t r = prepare(gptr, src, nelem, dst_type, src_type, "dart_put_blocking", &t, &rt, &lt, &one);
  if (r != DART_OK) return r;
  DART_STATS_XFER(1, t.addr != NULL, nelem * rt->elem_size);
  if (t.addr) {
    shm_put(&t, src, rt, lt, nelem, 1);
    return DART_OK;
  }
  if (mpi_xfer(one, 1, (char *)src, lt, &t, rt, nelem, NULL) < 0) return DART_ERR_OTHER;
  DART_MPI(MPI_Win_flush(t.rank, t.win), "MPI_Win_flush");
  return DART_OK;
}

static __attribute__((noinline)) dart_ret_t get_blocking_any(void *dst, dart_gptr_t gptr, size_t nelem,
                                                             dart_datatype_t src_type,
                                                             dart_datatype_t dst_type) {
  DART_THREAD_ADMIT("dart_get_blocking");
  dart_target_t t;
  const dart_type_info_t *rt, *lt;
  int one;
  dart_ret_t r = prepare(gptr, dst, nelem, src_type, dst_type, "dart_get_blocking", &t, &rt, &lt, &one);
  if (r != DART_OK) return r;
  DART_STATS_XFER(0, t.addr != NULL, nelem * rt->elem_size);
  if (t.addr) {
    shm_get(dst, &t, rt, lt, nelem);
    return DART_OK;
  }
  if (mpi_xfer(one, 0, dst, lt, &t, rt, nelem, NULL) < 0) return DART_ERR_OTHER;
  DART_MPI(MPI_Win_flush_local(t.rank, t.win), "MPI_Win_flush_local");
  return DART_OK;
}

/* The common case of the calls: DART initialized (and DART_STATS off), one basic type on both
 * sides, at most dart__max_count elements (one MPI call; then the byte count
 * cannot overflow, elements have at most 16 bytes), a buffer, and a valid
 * target (dart__target_of). Sets *t and *mt (the MPI type); 0 for anything
 * else, which the general path decides. About half the instructions of the
 * general path: no type table, one cache line of the segment. */
static inline __attribute__((always_inline)) int common_case(dart_gptr_t g, const void *buf, size_t nelem,
                                                             dart_datatype_t remote, dart_datatype_t local,
                                                             dart_target_t *t, MPI_Datatype *mt) {
  if (__builtin_expect(!dart__lib_fast || remote != local ||
                           (unsigned)remote - 1u >= (unsigned)DART_TYPE_LAST_BASIC ||
                           nelem > dart__max_count || !buf,
                       0))
    return 0;
  *mt = dart__basic[remote].mpi;
  return dart__target_of(g, nelem * dart__basic[remote].size, t);
}

/* The common case on the shared-memory path: records the target for the
 * header's inline path and copies. Out of line: the MPI path keeps its
 * registers. */
static __attribute__((noinline)) dart_ret_t shm_common(dart_gptr_t g, char *addr, size_t size, int quiet,
                                                       char *dst, const char *src, size_t bytes, int is_put,
                                                       int fence) {
  dart__fast_remember(g, addr - g.offset, size, quiet);
  if (!is_put) atomic_thread_fence(memory_order_acquire);
  memmove(dst, src, bytes); /* src may overlap: it can be global memory */
  if (fence) atomic_thread_fence(memory_order_seq_cst);
  return DART_OK;
}

/* The target's fields by value: t stays in registers. */
#define SHM_COMMON(dst, src, type, is_put, fence)                               \
  shm_common(gptr, t.addr, t.size, t.win == MPI_WIN_NULL, (char *)(dst), (src), \
             nelem * dart__basic[type].size, is_put, fence)

static __attribute__((noinline, cold)) dart_ret_t mpi_failed(int ret, const char *call) {
  return dart__mpi_error(ret, call);
}

dart_ret_t dart_put(dart_gptr_t gptr, const void *src, size_t nelem, dart_datatype_t src_type,
                    dart_datatype_t dst_type) {
  dart_target_t t;
  MPI_Datatype mt;
  if (__builtin_expect(!common_case(gptr, src, nelem, dst_type, src_type, &t, &mt), 0))
    return put_any(gptr, src, nelem, src_type, dst_type);
  if (t.addr) return SHM_COMMON(t.addr, src, dst_type, 1, 0);
  int c = (int)nelem, ret = MPI_Put(src, c, mt, t.rank, t.disp, c, mt, t.win);
  return __builtin_expect(ret == MPI_SUCCESS, 1) ? DART_OK : mpi_failed(ret, "MPI_Put");
}

dart_ret_t dart_get(void *dst, dart_gptr_t gptr, size_t nelem, dart_datatype_t src_type,
                    dart_datatype_t dst_type) {
  dart_target_t t;
  MPI_Datatype mt;
  if (__builtin_expect(!common_case(gptr, dst, nelem, src_type, dst_type, &t, &mt), 0))
    return get_any(dst, gptr, nelem, src_type, dst_type);
  if (t.addr) return SHM_COMMON(dst, t.addr, src_type, 0, 0);
  int c = (int)nelem, ret = MPI_Get(dst, c, mt, t.rank, t.disp, c, mt, t.win);
  return __builtin_expect(ret == MPI_SUCCESS, 1) ? DART_OK : mpi_failed(ret, "MPI_Get");
}

dart_ret_t dart_put_blocking(dart_gptr_t gptr, const void *src, size_t nelem, dart_datatype_t src_type,
                             dart_datatype_t dst_type) {
  dart_target_t t;
  MPI_Datatype mt;
  if (__builtin_expect(!common_case(gptr, src, nelem, dst_type, src_type, &t, &mt), 0))
    return put_blocking_any(gptr, src, nelem, src_type, dst_type);
  if (t.addr) return SHM_COMMON(t.addr, src, dst_type, 1, 1);
  int c = (int)nelem, ret = MPI_Put(src, c, mt, t.rank, t.disp, c, mt, t.win);
  if (__builtin_expect(ret != MPI_SUCCESS, 0)) return mpi_failed(ret, "MPI_Put");
  ret = MPI_Win_flush(t.rank, t.win);
  return __builtin_expect(ret == MPI_SUCCESS, 1) ? DART_OK : mpi_failed(ret, "MPI_Win_flush");
}

/* A get on the MPI path where a node is crowded (progress.h): MPI_Win_flush_local
 * spins in MPI until the target serves the get, and a target that waits
 * for its turn on the same CPU comes only when the spinner's time slice
 * ends (4 units on 2 cores: a polling loop of single gets ran at one get
 * per 6 ms, when the two sat on one core). A request polled with yields
 * hands the CPU over. */
static __attribute__((noinline)) dart_ret_t get_polled(void *dst, int c, MPI_Datatype mt,
                                                       const dart_target_t *t) {
  MPI_Request req;
  int ret = MPI_Rget(dst, c, mt, t->rank, t->disp, c, mt, t->win, &req);
  if (ret != MPI_SUCCESS) return mpi_failed(ret, "MPI_Rget");
  ret = DART_WATCH("MPI_Rget", dart__wait(&req, MPI_STATUS_IGNORE));
  return ret == MPI_SUCCESS ? DART_OK : mpi_failed(ret, "MPI_Test (get)");
}

dart_ret_t dart_get_blocking(void *dst, dart_gptr_t gptr, size_t nelem, dart_datatype_t src_type,
                             dart_datatype_t dst_type) {
  dart_target_t t;
  MPI_Datatype mt;
  if (__builtin_expect(!common_case(gptr, dst, nelem, src_type, dst_type, &t, &mt), 0))
    return get_blocking_any(dst, gptr, nelem, src_type, dst_type);
  if (t.addr) return SHM_COMMON(dst, t.addr, src_type, 0, 0);
  if (__builtin_expect(!dart__wait_blocking, 0)) return get_polled(dst, (int)nelem, mt, &t);
  int c = (int)nelem, ret = MPI_Get(dst, c, mt, t.rank, t.disp, c, mt, t.win);
  if (__builtin_expect(ret != MPI_SUCCESS, 0)) return mpi_failed(ret, "MPI_Get");
  ret = MPI_Win_flush_local(t.rank, t.win);
  return __builtin_expect(ret == MPI_SUCCESS, 1) ? DART_OK : mpi_failed(ret, "MPI_Win_flush_local");
}

/* Inlined into both callers: a call with eight arguments costs more than
 * the constant is_put saves. */
static inline __attribute__((always_inline)) dart_ret_t xfer_handle(int is_put, char *local, dart_gptr_t gptr,
                                                                    size_t nelem, dart_datatype_t remote,
                                                                    dart_datatype_t ltype,
                                                                    dart_handle_t *handle, const char *fn) {
  if (!handle) return dart__error(DART_ERR_INVAL, "%s: handle is NULL", fn);
  *handle = DART_HANDLE_NULL;
  dart_target_t t;
  const dart_type_info_t *rt, *lt;
  int one;
  dart_ret_t r = prepare(gptr, local, nelem, remote, ltype, fn, &t, &rt, &lt, &one);
  if (r != DART_OK) return r;
  DART_STATS_XFER(is_put, t.addr != NULL, nelem * rt->elem_size);
  if (t.addr) { /* complete now: no handle, nothing to wait for */
    if (is_put)
      shm_put(&t, local, rt, lt, nelem, 1);
    else
      shm_get(local, &t, rt, lt, nelem);
    return DART_OK;
  }
  slot_t *h = handle_take();
  if (__builtin_expect(!h, 0))
    return dart__error(DART_ERR_NOMEM, "%s: %u handles are outstanding (the limit)", fn, DART_MAX_HANDLES);
  /* MPICH 4.0.x completes an MPI_Rget with a derived datatype without
   * delivering the data, so such gets use MPI_Get and complete by flush. */
  int by_flush = 0;
  if (__builtin_expect(!one, 0)) {
    size_t max = npieces(nelem, lt, rt);
    MPI_Request *reqs = max > 1 ? malloc(sizeof *reqs * max) : h->req;
    if (!reqs) {
      handle_give(h);
      return dart__error(DART_ERR_NOMEM, "%s: out of memory", fn);
    }
    h->req = reqs;
    by_flush = !is_put && !(lt->contiguous && rt->contiguous);
  }
  h->win = t.win;
  h->rank = t.rank;
  h->is_put = is_put;
  h->nreq = mpi_xfer(one, is_put, local, lt, &t, rt, nelem, by_flush ? NULL : h->req);
  if (by_flush && h->nreq > 0) h->nreq = 0;
  if (h->nreq < 0) {
    req_release(h);
    handle_give(h);
    return DART_ERR_OTHER;
  }
  *handle = (dart_handle_t)(uintptr_t)h->key;
  return DART_OK;
}

dart_ret_t dart_put_handle(dart_gptr_t gptr, const void *src, size_t nelem, dart_datatype_t src_type,
                           dart_datatype_t dst_type, dart_handle_t *handle) {
  return xfer_handle(1, (char *)src, gptr, nelem, dst_type, src_type, handle, "dart_put_handle");
}

dart_ret_t dart_get_handle(void *dst, dart_gptr_t gptr, size_t nelem, dart_datatype_t src_type,
                           dart_datatype_t dst_type, dart_handle_t *handle) {
  return xfer_handle(0, dst, gptr, nelem, src_type, dst_type, handle, "dart_get_handle");
}

/* Completes one handle; remote completion of a put needs a flush of its
 * target after the requests (which only complete it locally). */
static dart_ret_t handle_finish(slot_t *h, dart_handle_t *handle, int remote) {
  if (h->nreq == 0)
    DART_MPI(MPI_Win_flush_local(h->rank, h->win), "MPI_Win_flush_local");
  else
    DART_MPI(MPI_Waitall(h->nreq, h->req, MPI_STATUSES_IGNORE), "MPI_Waitall");
  if (remote && h->is_put) DART_MPI(MPI_Win_flush(h->rank, h->win), "MPI_Win_flush");
  DART_STATS_ADD(flushes[DART_STATS_MPI], 1);
  req_release(h);
  handle_give(h);
  *handle = DART_HANDLE_NULL;
  return DART_OK;
}

/* A handle that is neither null nor live: a copy of a completed one, or
 * a value no DART call returned. */
static __attribute__((noinline, cold)) dart_ret_t bad_handle(const char *fn) {
  return dart__error(DART_ERR_INVAL, "%s: not a live handle (completed already, or not from a DART call)",
                     fn);
}

/* Completes the live handles; an invalid one is left alone and makes the
 * call DART_ERR_INVAL once the others are complete. */
static __attribute__((noinline)) dart_ret_t finish_n(dart_handle_t handles[], size_t n, int remote,
                                                     const char *fn) {
  dart_ret_t ret = DART_OK;
  for (size_t i = 0; i < n; i++) {
    if (handles[i] == DART_HANDLE_NULL) continue;
    slot_t *h = handle_slot(handles[i]);
    dart_ret_t r = h ? handle_finish(h, &handles[i], remote) : bad_handle(fn);
    if (r != DART_OK && ret != DART_ERR_INVAL) ret = r;
  }
  return ret;
}

/* Skips the null handles (shared-memory transfers leave none) before the
 * loop that completes handles: waiting for nothing costs no more than the
 * checks. */
static dart_ret_t wait_n(dart_handle_t handles[], size_t n, int remote, const char *fn) {
  DART_CHECK_INIT(fn);
  if (!handles && n) return dart__error(DART_ERR_INVAL, "%s: handles is NULL", fn);
  size_t i = 0;
  while (i < n && handles[i] == DART_HANDLE_NULL) i++;
  return i == n ? DART_OK : finish_n(handles + i, n - i, remote, fn);
}

/* One handle: wait_n without its loop. A live handle implies dart_init
 * (dart_exit invalidates them all), so only the other cases check it. */
static inline dart_ret_t wait_one(dart_handle_t *handle, int remote, const char *fn) {
  slot_t *h;
  if (__builtin_expect(handle && *handle != DART_HANDLE_NULL && (h = handle_slot(*handle)) != NULL, 1))
    return handle_finish(h, handle, remote);
  DART_CHECK_INIT(fn);
  if (!handle) return dart__error(DART_ERR_INVAL, "%s: handle is NULL", fn);
  return *handle == DART_HANDLE_NULL ? DART_OK : bad_handle(fn);
}

/* The real functions; the header inlines their nothing-to-wait-for case. */
dart_ret_t dart_wait(dart_handle_t *handle) { return wait_one(handle, 1, "dart_wait"); }

dart_ret_t dart_wait_local(dart_handle_t *handle) { return wait_one(handle, 0, "dart_wait_local"); }

dart_ret_t dart_waitall(dart_handle_t handles[], size_t n) { return wait_n(handles, n, 1, "dart_waitall"); }

dart_ret_t dart_waitall_local(dart_handle_t handles[], size_t n) {
  return wait_n(handles, n, 0, "dart_waitall_local");
}

/* The header's inline waits call these for what they do not answer. */
dart_ret_t dart__waitall(dart_handle_t handles[], size_t n, int remote) {
  if (n == 1) return wait_one(handles, remote, remote ? "dart_wait" : "dart_wait_local");
  return wait_n(handles, n, remote, remote ? "dart_waitall" : "dart_waitall_local");
}

static dart_ret_t test_n(dart_handle_t handles[], size_t n, int remote, int *flag, const char *fn) {
  DART_CHECK_INIT(fn);
  if ((!handles && n) || !flag) return dart__error(DART_ERR_INVAL, "%s: NULL argument", fn);
  int all = 1;
  dart_ret_t ret = DART_OK;
  for (size_t i = 0; i < n; i++) {
    if (handles[i] == DART_HANDLE_NULL) continue;
    slot_t *h = handle_slot(handles[i]);
    if (__builtin_expect(!h, 0)) {
      ret = bad_handle(fn);
      continue;
    }
    int done = h->nreq == 0; /* completes by flush: finished below */
    if (!done) DART_MPI(MPI_Testall(h->nreq, h->req, &done, MPI_STATUSES_IGNORE), "MPI_Testall");
    if (!done) {
      all = 0;
      continue;
    }
    dart_ret_t r = handle_finish(h, &handles[i], remote);
    if (r != DART_OK) return r;
  }
  *flag = all && ret == DART_OK;
  return ret;
}

dart_ret_t dart_test(dart_handle_t *handle, int *flag) { return test_n(handle, 1, 1, flag, "dart_test"); }

dart_ret_t dart_test_local(dart_handle_t *handle, int *flag) {
  return test_n(handle, 1, 0, flag, "dart_test_local");
}

dart_ret_t dart_testall(dart_handle_t handles[], size_t n, int *flag) {
  return test_n(handles, n, 1, flag, "dart_testall");
}

dart_ret_t dart_testall_local(dart_handle_t handles[], size_t n, int *flag) {
  return test_n(handles, n, 0, flag, "dart_testall_local");
}

/* ---- Flush ---- */

/* Shared-memory transfers are complete when their call returns (shm_put
 * and shm_get copy at initiation), so for a segment without an MPI window
 * a local flush has nothing to do (a get's data is in the caller's buffer
 * already) and a remote flush only the fence that makes the caller's
 * earlier stores visible before its later signals. The pointer's team,
 * segment and unit are checked (a freed segment is an error), not its
 * address: a flush touches no memory. */
static dart_ret_t flush(dart_gptr_t gptr, int all, int remote, const char *fn) {
  DART_CHECK_INIT(fn);
  uint64_t key;
  memcpy(&key, &gptr, sizeof key);
  if (!all && key == dart__fast.key && key != DART__NO_KEY) {
    if (remote) atomic_thread_fence(memory_order_seq_cst);
    return DART_OK; /* the header's inline case, for callers that did not inline it */
  }
  dart_team_data_t *team;
  dart_segment_t *seg;
  int rank;
  dart_ret_t r = dart__lookup(gptr, fn, &team, &seg, &rank);
  if (r != DART_OK) return r;
  if (remote) atomic_thread_fence(memory_order_seq_cst);
  /* A segment with an MPI window is flushed even for a node-local target:
   * its atomics travel through MPI (see atomic.c). */
  MPI_Win win = seg->win;
  DART_STATS_ADD(flushes[win == MPI_WIN_NULL ? DART_STATS_SHM : DART_STATS_MPI], 1);
  if (win == MPI_WIN_NULL) return DART_OK;
  int ret = all ? (remote ? MPI_Win_flush_all(win) : MPI_Win_flush_local_all(win))
                : (remote ? MPI_Win_flush(rank, win) : MPI_Win_flush_local(rank, win));
  return ret == MPI_SUCCESS ? DART_OK : dart__mpi_error(ret, fn);
}

dart_ret_t dart__flush_one(dart_gptr_t gptr, int remote) {
  return flush(gptr, 0, remote, remote ? "dart_flush" : "dart_flush_local");
}

/* The real functions; the header inlines the case dart__fast answers. */
dart_ret_t dart_flush(dart_gptr_t gptr) { return flush(gptr, 0, 1, "dart_flush"); }
dart_ret_t dart_flush_all(dart_gptr_t gptr) { return flush(gptr, 1, 1, "dart_flush_all"); }
dart_ret_t dart_flush_local(dart_gptr_t gptr) { return flush(gptr, 0, 0, "dart_flush_local"); }
dart_ret_t dart_flush_local_all(dart_gptr_t gptr) { return flush(gptr, 1, 0, "dart_flush_local_all"); }
