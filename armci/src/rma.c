/* One-sided operations: contiguous, strided and vector put/get/accumulate,
 * blocking and non-blocking, single values, flags, fences and handles.
 *
 * Same-node target: put and get, contiguous, strided and vector, are
 * copied here directly (segment by segment, in order) through the caller's
 * mapping of the target's memory, which DART's shared-memory windows
 * provide (dart_gptr_getaddr): no MPI, no datatype, no per-call overhead.
 * Other targets: MPI RMA through DART. Strided transfers as one DART
 * strided layout per 2-d plane (one MPI derived datatype; a batch of
 * contiguous transfers is kept for experiments, see typed_max_seg); vector
 * transfers as a batch completed by one flush, unless their destinations
 * overlap (found by sorting the segments by address, O(N log N)), in which
 * case segments go one by one, each complete before the next.
 *
 * Accumulate, element-wise atomic with respect to every other accumulate
 * (and ARMCI_Rmw) on the same allocation:
 *  - allocation within the caller's node (its DART team has no MPI window):
 *    block-wise stripe locks in shared memory and plain arithmetic
 *    (shmacc.c), about memory speed;
 *  - allocation spanning nodes: the source is scaled locally into a
 *    temporary buffer (unless the scale is one) and added with
 *    dart_accumulate(SUM), i.e. MPI_Accumulate, even for a same-node
 *    target (DART's rule: MPI atomics only, on such segments). Complex
 *    numbers go as pairs of reals (the sum is component-wise; no 16-byte
 *    alignment needed).
 *
 * Same-node copies are plain stores into the target's (cache-coherent)
 * memory, so they are complete on return; ARMCI_Fence, ARMCI_AllFence,
 * ARMCI_Barrier, ARMCI_Unlock and the *_flag calls add the memory fence
 * that orders them before the caller's later stores (a signal), as the
 * ARMCI completion model asks.
 *
 * Consistency: blocking operations are complete at the target on return,
 * so a process's operations to a target take effect in issue order.
 * Non-blocking ones on the MPI path are recorded per target (which kinds,
 * which segments); an operation that conflicts with outstanding ones to the
 * same target (anything after a put, a put or accumulate after a get, a
 * get or put after an accumulate) completes them first. */
#include <complex.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ------------------------------------------------------------------------ */
/* Outstanding operations per target                                        */
/* ------------------------------------------------------------------------ */

#define MAXSEG 8

typedef struct {
  int kinds;
  int nseg;
  int listed;
  dart_gptr_t seg[MAXSEG];
} pend_t;

static pend_t *pend;   /* [np] */
static int *plist;     /* targets with something outstanding */
static int nplist;
static int strided_mode; /* 0 auto, 1 typed, 2 batched (ARMCI_DART_STRIDED) */
/* auto: typed below this segment size, i.e. always. Measured with MPICH
 * 4.0.2 ch4:ucx between virtual nodes, 1,024 segments, target waiting in
 * MPI: a derived-datatype transfer costs ~1 ns per byte (16 B: 13 us, 1 KiB:
 * 960 us), a batch of contiguous transfers ~0.3 us per segment (16 B:
 * 300 us, 1 KiB: 410 us); but with the target computing (entering MPI every
 * 100 us) the batch of 1 KiB segments takes 11 ms, the typed transfer
 * 1.8 ms: one message per plane needs the target's progress once, a batch
 * many times. ARMCI_DART_STRIDED / ARMCI_DART_TYPED_MAX change it. */
static size_t typed_max_seg = SIZE_MAX;

void armci__rma_init(void) {
  pend = calloc((size_t)armci__s.np, sizeof *pend);
  plist = malloc(sizeof(int) * (size_t)armci__s.np);
  if (!pend || !plist) armci__fatal("ARMCI_Init: out of memory");
  nplist = 0;
  const char *m = getenv("ARMCI_DART_STRIDED");
  strided_mode = 0;
  if (m && !strcmp(m, "typed")) strided_mode = 1;
  if (m && !strcmp(m, "batched")) strided_mode = 2;
  const char *t = getenv("ARMCI_DART_TYPED_MAX");
  if (t && atol(t) > 0) typed_max_seg = (size_t)atol(t);
  /* (both variables are for experiments: bench/armci compares the modes) */
}

static void types_fini(void);

void armci__rma_fini(void) {
  types_fini();
  free(pend);
  free(plist);
  pend = NULL;
  plist = NULL;
  nplist = 0;
}

static inline int on_my_node(int proc) { return armci__s.node_of[proc] == armci__s.my_node; }

void armci__flush(dart_gptr_t g) { DART_CALL(dart_flush(g)); }

static void flush_local(dart_gptr_t g) { DART_CALL(dart_flush_local(g)); }

static void complete_one(int proc) {
  pend_t *p = &pend[proc];
  for (int i = 0; i < p->nseg; i++) armci__flush(p->seg[i]);
  p->nseg = 0;
  p->kinds = 0;
}

void armci__complete(int proc) {
  if (!pend) return;
  if (proc >= 0) {
    if (pend[proc].kinds) complete_one(proc);
    return;
  }
  for (int i = 0; i < nplist; i++) {
    complete_one(plist[i]);
    pend[plist[i]].listed = 0;
  }
  nplist = 0;
}

static inline int conflicts(int kind) {
  switch (kind) {
    case PEND_GET: return PEND_PUT | PEND_ACC;
    case PEND_ACC: return PEND_PUT | PEND_GET;
    default: return PEND_PUT | PEND_GET | PEND_ACC;
  }
}

void armci__order(int proc, int kind) {
  if (__builtin_expect(pend[proc].kinds & conflicts(kind), 0)) complete_one(proc);
}

void armci__pending(int proc, int kind, dart_gptr_t g) {
  pend_t *p = &pend[proc];
  int found = 0;
  for (int i = 0; i < p->nseg && !found; i++)
    found = p->seg[i].segid == g.segid && p->seg[i].flags == g.flags;
  if (!found) {
    if (p->nseg == MAXSEG) complete_one(proc);
    g.offset = 0;
    p->seg[p->nseg++] = g;
  }
  p->kinds |= kind;
  if (!p->listed) {
    p->listed = 1;
    plist[nplist++] = proc;
  }
}

/* ------------------------------------------------------------------------ */
/* Handles: target = -1 nothing outstanding, >= 0 that process, -2 several  */
/* ------------------------------------------------------------------------ */

static inline void handle_note(armci_hdl_t *h, int proc) {
  if (!h) return;
  if (h->target == -1)
    h->target = proc;
  else if (h->target != proc)
    h->target = -2;
}

void ARMCI_INIT_HANDLE(armci_hdl_t *hdl) {
  if (!hdl) return;
  hdl->target = -1;
  hdl->aggregate = 0;
}

void ARMCI_SET_AGGREGATE_HANDLE(armci_hdl_t *handle) {
  if (handle) handle->aggregate = 1;
}

void ARMCI_UNSET_AGGREGATE_HANDLE(armci_hdl_t *handle) {
  if (handle) handle->aggregate = 0;
}

int ARMCI_Wait(armci_hdl_t *hdl) {
  ARMCI_CHECK_INIT("ARMCI_Wait");
  if (!hdl) return 0;
  if (hdl->target >= 0 && hdl->target < armci__s.np)
    armci__complete(hdl->target);
  else if (hdl->target != -1)
    armci__complete(-1); /* several targets, or a handle never initialized */
  hdl->target = -1;
  return 0;
}

/* Completion is bounded (a flush of the handle's targets), so Test
 * completes the operation and reports it done. */
int ARMCI_Test(armci_hdl_t *hdl) { return ARMCI_Wait(hdl); }

int ARMCI_WaitProc(int proc) {
  ARMCI_CHECK_INIT("ARMCI_WaitProc");
  if (proc >= 0 && proc < armci__s.np) armci__complete(proc);
  return 0;
}

int ARMCI_WaitAll(void) {
  ARMCI_CHECK_INIT("ARMCI_WaitAll");
  armci__complete(-1);
  return 0;
}

void ARMCI_Fence(int proc) {
  ARMCI_CHECK_INIT("ARMCI_Fence");
  if (proc >= 0 && proc < armci__s.np) armci__complete(proc);
  atomic_thread_fence(memory_order_seq_cst);
}

void ARMCI_AllFence(void) {
  ARMCI_CHECK_INIT("ARMCI_AllFence");
  armci__complete(-1);
  atomic_thread_fence(memory_order_seq_cst);
}

void ARMCI_Barrier(void) {
  ARMCI_CHECK_INIT("ARMCI_Barrier");
  armci__complete(-1);
  DART_CALL(dart_barrier(DART_TEAM_ALL));
  atomic_thread_fence(memory_order_seq_cst);
}

/* ------------------------------------------------------------------------ */
/* Accumulate helpers                                                       */
/* ------------------------------------------------------------------------ */

typedef struct {
  dart_datatype_t dtype; /* DART basic type accumulated */
  size_t esize;          /* bytes of one ARMCI element */
  size_t per;            /* DART elements per ARMCI element (2 for complex) */
} acc_type_t;

static acc_type_t acc_type(int datatype, const char *fn) {
  switch (datatype) {
    case ARMCI_ACC_INT: return (acc_type_t){DART_TYPE_INT, sizeof(int), 1};
    case ARMCI_ACC_LNG: return (acc_type_t){DART_TYPE_LONG, sizeof(long), 1};
    case ARMCI_ACC_FLT: return (acc_type_t){DART_TYPE_FLOAT, sizeof(float), 1};
    case ARMCI_ACC_DBL: return (acc_type_t){DART_TYPE_DOUBLE, sizeof(double), 1};
    case ARMCI_ACC_CPL: return (acc_type_t){DART_TYPE_FLOAT, 2 * sizeof(float), 2};
    case ARMCI_ACC_DCP: return (acc_type_t){DART_TYPE_DOUBLE, 2 * sizeof(double), 2};
    default: armci__fatal("%s: unknown accumulate type %d", fn, datatype);
  }
}

static int scale_is_one(int datatype, const void *scale) {
  if (!scale) return 1;
  switch (datatype) {
    case ARMCI_ACC_INT: { int s; memcpy(&s, scale, sizeof s); return s == 1; }
    case ARMCI_ACC_LNG: { long s; memcpy(&s, scale, sizeof s); return s == 1; }
    case ARMCI_ACC_FLT: { float s; memcpy(&s, scale, sizeof s); return s == 1.0f; }
    case ARMCI_ACC_DBL: { double s; memcpy(&s, scale, sizeof s); return s == 1.0; }
    case ARMCI_ACC_CPL: { float s[2]; memcpy(s, scale, sizeof s); return s[0] == 1.0f && s[1] == 0.0f; }
    case ARMCI_ACC_DCP: { double s[2]; memcpy(s, scale, sizeof s); return s[0] == 1.0 && s[1] == 0.0; }
    default: return 0;
  }
}

/* dst[0 .. bytes) = scale * src[0 .. bytes) (dst may not alias src). */
static void scale_into(int datatype, const void *scale, void *dst, const void *src, size_t bytes) {
  switch (datatype) {
    case ARMCI_ACC_INT: {
      int s, *d = dst;
      const int *x = src;
      memcpy(&s, scale, sizeof s);
      for (size_t i = 0; i < bytes / sizeof(int); i++) d[i] = (int)((unsigned)s * (unsigned)x[i]);
      break;
    }
    case ARMCI_ACC_LNG: {
      long s, *d = dst;
      const long *x = src;
      memcpy(&s, scale, sizeof s);
      for (size_t i = 0; i < bytes / sizeof(long); i++) d[i] = (long)((unsigned long)s * (unsigned long)x[i]);
      break;
    }
    case ARMCI_ACC_FLT: {
      float s, *d = dst;
      const float *x = src;
      memcpy(&s, scale, sizeof s);
      for (size_t i = 0; i < bytes / sizeof(float); i++) d[i] = s * x[i];
      break;
    }
    case ARMCI_ACC_DBL: {
      double s, *d = dst;
      const double *x = src;
      memcpy(&s, scale, sizeof s);
      for (size_t i = 0; i < bytes / sizeof(double); i++) d[i] = s * x[i];
      break;
    }
    case ARMCI_ACC_CPL: {
      float s[2], *d = dst;
      const float *x = src;
      memcpy(s, scale, sizeof s);
      for (size_t i = 0; i < bytes / (2 * sizeof(float)); i++) {
        float re = x[2 * i], im = x[2 * i + 1];
        d[2 * i] = s[0] * re - s[1] * im;
        d[2 * i + 1] = s[0] * im + s[1] * re;
      }
      break;
    }
    case ARMCI_ACC_DCP: {
      double s[2], *d = dst;
      const double *x = src;
      memcpy(s, scale, sizeof s);
      for (size_t i = 0; i < bytes / (2 * sizeof(double)); i++) {
        double re = x[2 * i], im = x[2 * i + 1];
        d[2 * i] = s[0] * re - s[1] * im;
        d[2 * i + 1] = s[0] * im + s[1] * re;
      }
      break;
    }
    default: break;
  }
}

/* A scratch buffer: on the stack for small sizes. */
#define SMALL_BUF 4096
typedef struct {
  _Alignas(16) unsigned char small[SMALL_BUF];
  void *p;
} scratch_t;

static void *scratch_get(scratch_t *s, size_t bytes) {
  s->p = NULL;
  if (bytes <= SMALL_BUF) return s->small;
  if (posix_memalign(&s->p, 64, bytes)) armci__fatal("ARMCI: out of memory for %zu bytes of scratch", bytes);
  return s->p;
}

static void scratch_put(scratch_t *s) { free(s->p); }

/* MPI path: bytes of (scaled) values into g, laid out as type (at.dtype or
 * a strided layout of it); DART splits large accumulates into pieces. */
static void acc_issue(dart_gptr_t g, const void *buf, size_t bytes, acc_type_t at, dart_datatype_t type,
                      const char *fn) {
  if (bytes % at.esize) armci__fatal("%s: %zu bytes is not a whole number of elements", fn, bytes);
  dart_ret_t r = dart_accumulate(g, buf, bytes / at.esize * at.per, type, DART_OP_SUM);
  if (r != DART_OK) armci__fatal("%s: dart_accumulate failed: %s (%s)", fn, dart_strerror(r), dart_last_error());
}

/* ------------------------------------------------------------------------ */
/* Contiguous                                                               */
/* ------------------------------------------------------------------------ */

static int put_contig(void *src, void *dst, int bytes, int proc, armci_hdl_t *h, int nb, const char *fn) {
  if (bytes <= 0) return 0;
  armci_target_t t;
  armci__translate(dst, proc, (size_t)bytes, &t, fn);
  armci__order(proc, PEND_PUT);
  if (t.local) { /* shared memory: a copy; ARMCI_Fence adds the memory fence */
    memmove(t.local, src, (size_t)bytes);
    return 0;
  }
  if (!nb) {
    DART_CALL(dart_put_blocking(t.g, src, (size_t)bytes, DART_TYPE_BYTE, DART_TYPE_BYTE));
  } else {
    DART_CALL(dart_put(t.g, src, (size_t)bytes, DART_TYPE_BYTE, DART_TYPE_BYTE));
    armci__pending(proc, PEND_PUT, t.g);
    handle_note(h, proc);
  }
  return 0;
}

static int get_contig(void *src, void *dst, int bytes, int proc, armci_hdl_t *h, int nb, const char *fn) {
  if (bytes <= 0) return 0;
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
    handle_note(h, proc);
  }
  return 0;
}

/* After accumulates to t were issued from buf: complete them (blocking),
 * or make buf reusable and record them (non-blocking, MPI path). */
static void acc_finish(const armci_target_t *t, int proc, int nb, int temp, armci_hdl_t *h) {
  if (!t->a->spans_nodes) return; /* CPU atomics: complete already */
  if (!nb) {
    armci__flush(t->g);
    return;
  }
  if (temp) flush_local(t->g);
  armci__pending(proc, PEND_ACC, t->g);
  handle_note(h, proc);
}

static int acc_contig(int datatype, void *scale, void *src, void *dst, int bytes, int proc, armci_hdl_t *h,
                      int nb, const char *fn) {
  if (bytes <= 0) return 0;
  acc_type_t at = acc_type(datatype, fn);
  armci_target_t t;
  armci__translate(dst, proc, (size_t)bytes, &t, fn);
  armci__order(proc, PEND_ACC);
  if (bytes % (int)at.esize) armci__fatal("%s: %d bytes is not a whole number of elements", fn, bytes);
  if (!t.a->spans_nodes) {
    armci__shm_acc(&t, datatype, scale, scale_is_one(datatype, scale), src, (size_t)bytes, at.esize, NULL);
    return 0;
  }
  scratch_t s;
  const void *buf = src;
  int temp = !scale_is_one(datatype, scale);
  if (temp) {
    void *b = scratch_get(&s, (size_t)bytes);
    scale_into(datatype, scale, b, src, (size_t)bytes);
    buf = b;
  }
  acc_issue(t.g, buf, (size_t)bytes, at, at.dtype, fn);
  acc_finish(&t, proc, nb, temp, h);
  if (temp) scratch_put(&s);
  return 0;
}

int ARMCI_Put(void *src, void *dst, int size, int target) {
  return put_contig(src, dst, size, target, NULL, 0, "ARMCI_Put");
}

int ARMCI_Get(void *src, void *dst, int size, int target) {
  return get_contig(src, dst, size, target, NULL, 0, "ARMCI_Get");
}

int ARMCI_Acc(int datatype, void *scale, void *src, void *dst, int bytes, int proc) {
  return acc_contig(datatype, scale, src, dst, bytes, proc, NULL, 0, "ARMCI_Acc");
}

int ARMCI_NbPut(void *src, void *dst, int bytes, int proc, armci_hdl_t *hdl) {
  return put_contig(src, dst, bytes, proc, hdl, 1, "ARMCI_NbPut");
}

int ARMCI_NbGet(void *src, void *dst, int bytes, int proc, armci_hdl_t *hdl) {
  return get_contig(src, dst, bytes, proc, hdl, 1, "ARMCI_NbGet");
}

int ARMCI_NbAcc(int datatype, void *scale, void *src, void *dst, int bytes, int proc, armci_hdl_t *hdl) {
  return acc_contig(datatype, scale, src, dst, bytes, proc, hdl, 1, "ARMCI_NbAcc");
}

/* ------------------------------------------------------------------------ */
/* Strided                                                                  */
/* ------------------------------------------------------------------------ */

/* A strided layout pair after merging levels that are contiguous on both
 * sides: seg bytes per segment, cnt[1..L] segments per level, strides
 * ss/ds[0..L-1] in bytes. */
#define MAXLEV 32
typedef struct {
  int L;
  size_t seg;
  size_t nseg;
  long cnt[MAXLEV + 1];
  long ss[MAXLEV], ds[MAXLEV];
  size_t sspan, dspan; /* bytes from the first to one past the last byte */
} layout_t;

static void layout_make(layout_t *l, const int *sst, const int *dst, const int *count, int levels,
                        const char *fn) {
  if (levels < 0) armci__fatal("%s: negative stride_levels %d", fn, levels);
  if (!count) armci__fatal("%s: count is NULL", fn);
  if (levels > 0 && (!sst || !dst)) armci__fatal("%s: stride arrays are NULL", fn);
  long seg = count[0];
  int L = 0;
  l->nseg = seg > 0 ? 1 : 0;
  for (int i = 1; i <= levels; i++) {
    if (count[i] < 0 || sst[i - 1] < 0 || dst[i - 1] < 0) armci__fatal("%s: negative count or stride", fn);
    l->nseg *= (size_t)count[i];
    if (count[i] == 1) continue; /* a level of one: no stride needed */
    if (L == 0 && sst[i - 1] == seg && dst[i - 1] == seg) {
      seg *= count[i]; /* contiguous on both sides: merge */
      continue;
    }
    if (L == MAXLEV) armci__fatal("%s: more than %d non-trivial stride levels", fn, MAXLEV);
    L++;
    l->cnt[L] = count[i];
    l->ss[L - 1] = sst[i - 1];
    l->ds[L - 1] = dst[i - 1];
  }
  if (seg < 0) armci__fatal("%s: negative count[0]", fn);
  l->L = L;
  l->seg = (size_t)seg;
  l->nseg = l->nseg ? l->nseg * (size_t)count[0] / (size_t)seg : 0; /* after merging */
  size_t sl = (size_t)seg, dl = (size_t)seg;
  for (int i = 1; i <= L; i++) {
    sl += (size_t)(l->cnt[i] - 1) * (size_t)l->ss[i - 1];
    dl += (size_t)(l->cnt[i] - 1) * (size_t)l->ds[i - 1];
  }
  l->sspan = l->nseg ? sl : 0;
  l->dspan = l->nseg ? dl : 0;
}

/* Iterates over the segments: (source offset, destination offset). */
typedef struct {
  const layout_t *l;
  long idx[MAXLEV + 1];
  size_t so, dof;
  size_t k;
} seg_iter_t;

static inline void iter_start(seg_iter_t *it, const layout_t *l) {
  it->l = l;
  memset(it->idx, 0, sizeof it->idx);
  it->so = it->dof = 0;
  it->k = 0;
}

static inline void iter_next(seg_iter_t *it) {
  const layout_t *l = it->l;
  it->k++;
  for (int i = 1; i <= l->L; i++) {
    it->so += (size_t)l->ss[i - 1];
    it->dof += (size_t)l->ds[i - 1];
    if (++it->idx[i] < l->cnt[i]) return;
    it->so -= (size_t)l->ss[i - 1] * (size_t)l->cnt[i];
    it->dof -= (size_t)l->ds[i - 1] * (size_t)l->cnt[i];
    it->idx[i] = 0;
  }
}

/* Segments of the destination side overlap each other (only possible when
 * a stride is smaller than what it spans). */
static int dst_self_overlap(const layout_t *l, int use_src) {
  size_t inner = l->seg;
  for (int i = 1; i <= l->L; i++) {
    size_t st = (size_t)(use_src ? l->ss[i - 1] : l->ds[i - 1]);
    if (st < inner) return 1;
    inner = st * (size_t)(l->cnt[i] - 1) + inner;
  }
  return 0;
}

/* ---- DART strided layouts, cached by (base type, stride, segment) ---- */

#define NTYPES 16
static struct {
  dart_datatype_t base;
  size_t stride, len;
  dart_datatype_t type;
  unsigned long used;
} tcache[NTYPES];
static unsigned long tclock;

/* Blocks of len elements of base, stride elements apart. */
static dart_datatype_t strided_type(dart_datatype_t base, size_t stride, size_t len) {
  if (stride == len) return base;
  int victim = 0;
  for (int i = 0; i < NTYPES; i++) {
    if (tcache[i].type != DART_TYPE_UNDEFINED && tcache[i].base == base && tcache[i].stride == stride &&
        tcache[i].len == len) {
      tcache[i].used = ++tclock;
      return tcache[i].type;
    }
    if (tcache[i].used < tcache[victim].used) victim = i;
  }
  if (tcache[victim].type != DART_TYPE_UNDEFINED) dart_type_destroy(&tcache[victim].type);
  DART_CALL(dart_type_create_strided(base, stride, len, &tcache[victim].type));
  tcache[victim].base = base;
  tcache[victim].stride = stride;
  tcache[victim].len = len;
  tcache[victim].used = ++tclock;
  return tcache[victim].type;
}

/* The layout without its first level: one entry per plane. */
static layout_t planes_of(const layout_t *l) {
  layout_t outer = *l;
  outer.L = l->L - 1;
  for (int i = 1; i <= outer.L; i++) {
    outer.cnt[i] = l->cnt[i + 1];
    outer.ss[i - 1] = l->ss[i];
    outer.ds[i - 1] = l->ds[i];
  }
  return outer;
}

static void types_fini(void) {
  for (int i = 0; i < NTYPES; i++)
    if (tcache[i].type != DART_TYPE_UNDEFINED) dart_type_destroy(&tcache[i].type);
  memset(tcache, 0, sizeof tcache);
}

/* Issue a strided put or get on the MPI path, not completed. */
static void strided_mpi(int is_put, char *local, const layout_t *l, dart_gptr_t g) {
  int typed = strided_mode == 1 || (strided_mode == 0 && l->seg < typed_max_seg);
  /* a DART strided layout needs stride >= segment on both sides */
  if (l->L == 0 || (size_t)l->ss[0] < l->seg || (size_t)l->ds[0] < l->seg) typed = 0;
  if (typed) {
    /* one DART strided layout per plane (level 1); outer levels loop */
    size_t per = (size_t)l->cnt[1];
    dart_datatype_t lt = strided_type(DART_TYPE_BYTE, (size_t)(is_put ? l->ss[0] : l->ds[0]), l->seg);
    dart_datatype_t rt = strided_type(DART_TYPE_BYTE, (size_t)(is_put ? l->ds[0] : l->ss[0]), l->seg);
    layout_t outer = planes_of(l);
    seg_iter_t it;
    size_t nplanes = l->nseg / per;
    iter_start(&it, &outer);
    for (size_t k = 0; k < nplanes; k++, iter_next(&it)) {
      dart_gptr_t q = g;
      if (is_put) {
        q.offset += it.dof;
        DART_CALL(dart_put(q, local + it.so, per * l->seg, lt, rt));
      } else {
        q.offset += it.so;
        DART_CALL(dart_get(local + it.dof, q, per * l->seg, rt, lt));
      }
    }
    return;
  }
  seg_iter_t it;
  iter_start(&it, l);
  for (size_t k = 0; k < l->nseg; k++, iter_next(&it)) {
    dart_gptr_t q = g;
    if (is_put) {
      q.offset += it.dof;
      DART_CALL(dart_put(q, local + it.so, l->seg, DART_TYPE_BYTE, DART_TYPE_BYTE));
    } else {
      q.offset += it.so;
      DART_CALL(dart_get(local + it.dof, q, l->seg, DART_TYPE_BYTE, DART_TYPE_BYTE));
    }
  }
}

/* Shared-memory strided copy, segment by segment in order (memmove: the
 * two sides may be the same memory). Common small segment sizes get
 * constant-size copies, which the compiler turns into a few moves. */
#define COPY_LOOP(N)                                                                     \
  do {                                                                                   \
    if (l->L == 1) {                                                                     \
      for (long k = 0; k < l->cnt[1]; k++) memmove(d + k * l->ds[0], s + k * l->ss[0], N); \
    } else {                                                                             \
      seg_iter_t it;                                                                     \
      iter_start(&it, l);                                                                \
      for (size_t k = 0; k < l->nseg; k++, iter_next(&it)) memmove(d + it.dof, s + it.so, N); \
    }                                                                                    \
  } while (0)

static void copy_segments(char *d, const char *s, const layout_t *l) {
  switch (l->seg) {
    case 4: COPY_LOOP(4); break;
    case 8: COPY_LOOP(8); break;
    case 16: COPY_LOOP(16); break;
    case 32: COPY_LOOP(32); break;
    case 64: COPY_LOOP(64); break;
    default: COPY_LOOP(l->seg); break;
  }
}

static int puts_common(void *src, int *sst, void *dst, int *dstst, int *count, int levels, int proc,
                       armci_hdl_t *h, int nb, const char *fn) {
  layout_t l;
  layout_make(&l, sst, dstst, count, levels, fn);
  if (!l.nseg || !l.seg) return 0;
  armci_target_t t;
  armci__translate(dst, proc, l.dspan, &t, fn);
  armci__order(proc, PEND_PUT);
  char *s = src;
  seg_iter_t it;
  if (t.local) { /* shared memory: copy directly, in order */
    copy_segments(t.local, s, &l);
    return 0;
  }
  if (dst_self_overlap(&l, 0)) { /* segments overwrite each other: one by one */
    iter_start(&it, &l);
    for (size_t k = 0; k < l.nseg; k++, iter_next(&it)) {
      dart_gptr_t q = t.g;
      q.offset += it.dof;
      DART_CALL(dart_put_blocking(q, s + it.so, l.seg, DART_TYPE_BYTE, DART_TYPE_BYTE));
    }
    return 0;
  }
  strided_mpi(1, s, &l, t.g);
  if (nb) {
    armci__pending(proc, PEND_PUT, t.g);
    handle_note(h, proc);
  } else {
    armci__flush(t.g);
  }
  return 0;
}

static int gets_common(void *src, int *sst, void *dst, int *dstst, int *count, int levels, int proc,
                       armci_hdl_t *h, int nb, const char *fn) {
  layout_t l;
  layout_make(&l, sst, dstst, count, levels, fn);
  if (!l.nseg || !l.seg) return 0;
  armci_target_t t;
  armci__translate(src, proc, l.sspan, &t, fn);
  armci__order(proc, PEND_GET);
  char *d = dst;
  seg_iter_t it;
  if (t.local) {
    copy_segments(d, t.local, &l);
    return 0;
  }
  if (dst_self_overlap(&l, 0)) { /* local destination segments overlap: in order */
    iter_start(&it, &l);
    for (size_t k = 0; k < l.nseg; k++, iter_next(&it)) {
      dart_gptr_t q = t.g;
      q.offset += it.so;
      DART_CALL(dart_get_blocking(d + it.dof, q, l.seg, DART_TYPE_BYTE, DART_TYPE_BYTE));
    }
    return 0;
  }
  strided_mpi(0, d, &l, t.g);
  if (nb) {
    armci__pending(proc, PEND_GET, t.g);
    handle_note(h, proc);
  } else {
    armci__flush(t.g);
  }
  return 0;
}

static int accs_common(int datatype, void *scale, void *src, int *sst, void *dst, int *dstst, int *count,
                       int levels, int proc, armci_hdl_t *h, int nb, const char *fn) {
  acc_type_t at = acc_type(datatype, fn);
  layout_t l;
  layout_make(&l, sst, dstst, count, levels, fn);
  if (!l.nseg || !l.seg) return 0;
  if (l.seg % at.esize) armci__fatal("%s: count[0] = %zu is not a whole number of elements", fn, l.seg);
  armci_target_t t;
  armci__translate(dst, proc, l.dspan, &t, fn);
  armci__order(proc, PEND_ACC);
  int one = scale_is_one(datatype, scale);
  seg_iter_t it;
  if (!t.a->spans_nodes) { /* one batch under stripe locks */
    armci_segs_t sg = {l.seg, l.nseg, NULL, 0, 0, l.sspan, l.dspan, l.seg};
    for (int i = 0; i < l.L; i++) sg.bits |= (size_t)l.ss[i] | (size_t)l.ds[i];
    scratch_t so_buf;
    size_t *offs = NULL;
    if (l.L == 1) {
      sg.sstride = (size_t)l.ss[0];
      sg.dstride = (size_t)l.ds[0];
    } else if (l.L > 1) { /* segment offsets listed first */
      offs = scratch_get(&so_buf, 2 * sizeof(size_t) * l.nseg);
      iter_start(&it, &l);
      for (size_t k = 0; k < l.nseg; k++, iter_next(&it)) {
        offs[2 * k] = it.so;
        offs[2 * k + 1] = it.dof;
      }
      sg.offs = offs;
    }
    armci__shm_acc_batch(&t, datatype, scale, one, src, &sg, at.esize);
    if (offs) scratch_put(&so_buf);
    return 0;
  }
  /* MPI path: the source, scaled or gathered into a dense buffer unless it
   * is dense and unscaled already, then one strided DART accumulate per
   * plane (DART issues one MPI_Accumulate per 16 KiB), or one accumulate per
   * segment when the plane's stride is no whole number of elements. */
  size_t eb = at.esize / at.per; /* bytes of one DART element */
  int dense = 1;
  size_t run = 1;
  for (int i = 1; i <= l.L; i++) {
    dense &= (size_t)l.ss[i - 1] == l.seg * run;
    run *= (size_t)l.cnt[i];
  }
  int temp = !one || !dense;
  scratch_t s;
  char *buf = src;
  if (temp) {
    buf = scratch_get(&s, l.seg * l.nseg);
    iter_start(&it, &l);
    for (size_t k = 0; k < l.nseg; k++, iter_next(&it)) {
      if (one)
        memcpy(buf + k * l.seg, (char *)src + it.so, l.seg);
      else
        scale_into(datatype, scale, buf + k * l.seg, (char *)src + it.so, l.seg);
    }
  }
  if (l.L >= 1 && (size_t)l.ds[0] >= l.seg && l.ds[0] % (long)eb == 0) {
    size_t per = (size_t)l.cnt[1], nplanes = l.nseg / per;
    dart_datatype_t type = strided_type(at.dtype, (size_t)l.ds[0] / eb, l.seg / eb);
    layout_t outer = planes_of(&l);
    iter_start(&it, &outer);
    for (size_t k = 0; k < nplanes; k++, iter_next(&it)) {
      dart_gptr_t q = t.g;
      q.offset += it.dof;
      acc_issue(q, buf + k * per * l.seg, per * l.seg, at, type, fn);
    }
  } else {
    iter_start(&it, &l);
    for (size_t k = 0; k < l.nseg; k++, iter_next(&it)) {
      dart_gptr_t q = t.g;
      q.offset += it.dof;
      acc_issue(q, buf + k * l.seg, l.seg, at, at.dtype, fn);
    }
  }
  acc_finish(&t, proc, nb, temp, h);
  if (temp) scratch_put(&s);
  return 0;
}

int ARMCI_PutS(void *src_ptr, int src_stride_ar[], void *dst_ptr, int dst_stride_ar[], int count[],
               int stride_levels, int proc) {
  return puts_common(src_ptr, src_stride_ar, dst_ptr, dst_stride_ar, count, stride_levels, proc, NULL, 0,
                     "ARMCI_PutS");
}

int ARMCI_GetS(void *src_ptr, int src_stride_ar[], void *dst_ptr, int dst_stride_ar[], int count[],
               int stride_levels, int proc) {
  return gets_common(src_ptr, src_stride_ar, dst_ptr, dst_stride_ar, count, stride_levels, proc, NULL, 0,
                     "ARMCI_GetS");
}

int ARMCI_AccS(int datatype, void *scale, void *src_ptr, int src_stride_ar[], void *dst_ptr,
               int dst_stride_ar[], int count[], int stride_levels, int proc) {
  return accs_common(datatype, scale, src_ptr, src_stride_ar, dst_ptr, dst_stride_ar, count, stride_levels,
                     proc, NULL, 0, "ARMCI_AccS");
}

int ARMCI_NbPutS(void *src_ptr, int src_stride_ar[], void *dst_ptr, int dst_stride_ar[], int count[],
                 int stride_levels, int proc, armci_hdl_t *hdl) {
  return puts_common(src_ptr, src_stride_ar, dst_ptr, dst_stride_ar, count, stride_levels, proc, hdl, 1,
                     "ARMCI_NbPutS");
}

int ARMCI_NbGetS(void *src_ptr, int src_stride_ar[], void *dst_ptr, int dst_stride_ar[], int count[],
                 int stride_levels, int proc, armci_hdl_t *hdl) {
  return gets_common(src_ptr, src_stride_ar, dst_ptr, dst_stride_ar, count, stride_levels, proc, hdl, 1,
                     "ARMCI_NbGetS");
}

int ARMCI_NbAccS(int datatype, void *scale, void *src_ptr, int src_stride_ar[], void *dst_ptr,
                 int dst_stride_ar[], int count[], int stride_levels, int proc, armci_hdl_t *hdl) {
  return accs_common(datatype, scale, src_ptr, src_stride_ar, dst_ptr, dst_stride_ar, count, stride_levels,
                     proc, hdl, 1, "ARMCI_NbAccS");
}

/* Strided copies within local memory. */
static void local_strided(char *ptr, int levels, const int *stride, const int *count, char *buf, int write) {
  layout_t l;
  int packed[MAXLEV + 1];
  if (levels > MAXLEV) armci__fatal("armci_%s_strided: too many stride levels", write ? "write" : "read");
  /* the packed side: strides of a dense box */
  long acc = count[0];
  for (int i = 0; i < levels; i++) {
    packed[i] = (int)acc;
    acc *= count[i + 1];
  }
  if (write)
    layout_make(&l, packed, stride, count, levels, "armci_write_strided");
  else
    layout_make(&l, stride, packed, count, levels, "armci_read_strided");
  seg_iter_t it;
  iter_start(&it, &l);
  for (size_t k = 0; k < l.nseg; k++, iter_next(&it)) {
    if (write)
      memmove(ptr + it.dof, buf + it.so, l.seg);
    else
      memmove(buf + it.dof, ptr + it.so, l.seg);
  }
}

void armci_write_strided(void *ptr, int stride_levels, int stride_arr[], int count[], char *buf) {
  local_strided(ptr, stride_levels, stride_arr, count, buf, 1);
}

void armci_read_strided(void *ptr, int stride_levels, int stride_arr[], int count[], char *buf) {
  local_strided(ptr, stride_levels, stride_arr, count, buf, 0);
}

/* ------------------------------------------------------------------------ */
/* Flags                                                                    */
/* ------------------------------------------------------------------------ */

int ARMCI_Put_flag(void *src, void *dst, int size, int *flag, int value, int proc) {
  put_contig(src, dst, size, proc, NULL, 0, "ARMCI_Put_flag"); /* complete at the target */
  atomic_thread_fence(memory_order_seq_cst);                   /* data before flag */
  return put_contig(&value, flag, sizeof(int), proc, NULL, 0, "ARMCI_Put_flag");
}

int ARMCI_PutS_flag(void *src_ptr, int src_stride_ar[], void *dst_ptr, int dst_stride_ar[], int count[],
                    int stride_levels, int *flag, int value, int proc) {
  puts_common(src_ptr, src_stride_ar, dst_ptr, dst_stride_ar, count, stride_levels, proc, NULL, 0,
              "ARMCI_PutS_flag");
  atomic_thread_fence(memory_order_seq_cst);
  return put_contig(&value, flag, sizeof(int), proc, NULL, 0, "ARMCI_PutS_flag");
}

/* ------------------------------------------------------------------------ */
/* Vector                                                                   */
/* ------------------------------------------------------------------------ */

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

static size_t iov_count(const armci_giov_t *iov, int len, const char *fn) {
  if (len < 0 || (len > 0 && !iov)) armci__fatal("%s: bad descriptor array", fn);
  size_t n = 0;
  for (int d = 0; d < len; d++) {
    if (iov[d].bytes < 0 || iov[d].ptr_array_len < 0) armci__fatal("%s: negative size in descriptor %d", fn, d);
    if (iov[d].bytes > 0) n += (size_t)iov[d].ptr_array_len;
  }
  return n;
}

/* kind: PEND_PUT (remote = dst), PEND_GET (remote = src), PEND_ACC. */
static int vector_common(int kind, int datatype, void *scale, armci_giov_t *iov, int len, int proc,
                         armci_hdl_t *h, int nb, const char *fn) {
  size_t n = iov_count(iov, len, fn);
  if (!n) return 0;
  if ((unsigned)proc >= (unsigned)armci__s.np) armci__fatal("%s: process %d out of range", fn, proc);
  acc_type_t at = {0, 1, 1};
  int temp = 0;
  if (kind == PEND_ACC) {
    at = acc_type(datatype, fn);
    temp = !scale_is_one(datatype, scale);
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
    scratch_t s;
    char *buf = NULL;
    if (temp) buf = scratch_get(&s, b * (size_t)iov[d].ptr_array_len);
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
          scale_into(datatype, scale, buf + (size_t)i * b, from, b);
          from = buf + (size_t)i * b;
        }
        acc_issue(t.g, from, b, at, at.dtype, fn);
        if (t.a->spans_nodes) {
          armci__pending(proc, PEND_ACC, t.g);
          any_mpi = 1;
        }
      }
    }
    if (temp) {
      armci__shm_release(&held);
      if (any_mpi) armci__complete(proc); /* buf goes away: complete what used it */
      scratch_put(&s);
    }
  }
  armci__shm_release(&held);
  if (kind != PEND_ACC && safe) any_mpi = 1;
  if (any_mpi) {
    if (nb)
      handle_note(h, proc);
    else
      armci__complete(proc);
  }
  return 0;
}

int ARMCI_PutV(armci_giov_t *iov, int iov_len, int proc) {
  return vector_common(PEND_PUT, 0, NULL, iov, iov_len, proc, NULL, 0, "ARMCI_PutV");
}

int ARMCI_GetV(armci_giov_t *iov, int iov_len, int proc) {
  return vector_common(PEND_GET, 0, NULL, iov, iov_len, proc, NULL, 0, "ARMCI_GetV");
}

int ARMCI_AccV(int datatype, void *scale, armci_giov_t *iov, int iov_len, int proc) {
  return vector_common(PEND_ACC, datatype, scale, iov, iov_len, proc, NULL, 0, "ARMCI_AccV");
}

int ARMCI_NbPutV(armci_giov_t *iov, int iov_len, int proc, armci_hdl_t *handle) {
  return vector_common(PEND_PUT, 0, NULL, iov, iov_len, proc, handle, 1, "ARMCI_NbPutV");
}

int ARMCI_NbGetV(armci_giov_t *iov, int iov_len, int proc, armci_hdl_t *handle) {
  return vector_common(PEND_GET, 0, NULL, iov, iov_len, proc, handle, 1, "ARMCI_NbGetV");
}

int ARMCI_NbAccV(int datatype, void *scale, armci_giov_t *iov, int iov_len, int proc, armci_hdl_t *handle) {
  return vector_common(PEND_ACC, datatype, scale, iov, iov_len, proc, handle, 1, "ARMCI_NbAccV");
}

/* ------------------------------------------------------------------------ */
/* Single values                                                            */
/* ------------------------------------------------------------------------ */

int ARMCI_PutValueInt(int src, void *dst, int proc) {
  return put_contig(&src, dst, sizeof src, proc, NULL, 0, "ARMCI_PutValueInt");
}
int ARMCI_PutValueLong(long src, void *dst, int proc) {
  return put_contig(&src, dst, sizeof src, proc, NULL, 0, "ARMCI_PutValueLong");
}
int ARMCI_PutValueFloat(float src, void *dst, int proc) {
  return put_contig(&src, dst, sizeof src, proc, NULL, 0, "ARMCI_PutValueFloat");
}
int ARMCI_PutValueDouble(double src, void *dst, int proc) {
  return put_contig(&src, dst, sizeof src, proc, NULL, 0, "ARMCI_PutValueDouble");
}

/* The value lives on the caller's stack: these complete before returning. */
int ARMCI_NbPutValueInt(int src, void *dst, int proc, armci_hdl_t *hdl) {
  (void)hdl;
  return put_contig(&src, dst, sizeof src, proc, NULL, 0, "ARMCI_NbPutValueInt");
}
int ARMCI_NbPutValueLong(long src, void *dst, int proc, armci_hdl_t *hdl) {
  (void)hdl;
  return put_contig(&src, dst, sizeof src, proc, NULL, 0, "ARMCI_NbPutValueLong");
}
int ARMCI_NbPutValueFloat(float src, void *dst, int proc, armci_hdl_t *hdl) {
  (void)hdl;
  return put_contig(&src, dst, sizeof src, proc, NULL, 0, "ARMCI_NbPutValueFloat");
}
int ARMCI_NbPutValueDouble(double src, void *dst, int proc, armci_hdl_t *hdl) {
  (void)hdl;
  return put_contig(&src, dst, sizeof src, proc, NULL, 0, "ARMCI_NbPutValueDouble");
}

int ARMCI_GetValueInt(void *src, int proc) {
  int v = 0;
  get_contig(src, &v, sizeof v, proc, NULL, 0, "ARMCI_GetValueInt");
  return v;
}
long ARMCI_GetValueLong(void *src, int proc) {
  long v = 0;
  get_contig(src, &v, sizeof v, proc, NULL, 0, "ARMCI_GetValueLong");
  return v;
}
float ARMCI_GetValueFloat(void *src, int proc) {
  float v = 0;
  get_contig(src, &v, sizeof v, proc, NULL, 0, "ARMCI_GetValueFloat");
  return v;
}
double ARMCI_GetValueDouble(void *src, int proc) {
  double v = 0;
  get_contig(src, &v, sizeof v, proc, NULL, 0, "ARMCI_GetValueDouble");
  return v;
}
