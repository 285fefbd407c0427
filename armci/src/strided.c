/* Strided put, get and accumulate (ARMCI_PutS and friends, blocking and
 * non-blocking), ARMCI_PutS_flag, and the local armci_read/write_strided.
 *
 * A strided pair of layouts is first merged (levels contiguous on both
 * sides become one segment). Same-node target: copied here directly,
 * segment by segment in order, through the caller's mapping of the
 * target's memory. Other targets: one DART strided layout (one MPI derived
 * datatype) per 2-d plane, a batch of contiguous transfers only where a
 * layout cannot express the pattern (stride smaller than the segment).
 * Measured with MPICH 4.0.2 ch4:ucx between virtual nodes, 1,024 segments,
 * target waiting in MPI: typed ~1 ns per byte (16 B: 13 us, 1 KiB: 960 us),
 * a batch ~0.3 us per segment (16 B: 300 us, 1 KiB: 410 us); with the
 * target computing (entering MPI every 100 us) the batch of 1 KiB segments
 * takes 11 ms, the typed transfer 1.8 ms: one message per plane needs the
 * target's progress once, a batch many times. Accumulates: one strided
 * layout per plane too (acc.c has the rest), or one batch under stripe
 * locks on single-node allocations (shmacc.c). A blocking put or
 * accumulate on the MPI path completes locally, not at the target (as the
 * contiguous ones); one up to ARMCI_STAGE_STRIDED_MAX bytes is packed into
 * the staging ring and returns at once: GA's NGA_Put/NGA_Acc of a patch
 * then does not wait for a computing target's MPI progress (SCF's Fock
 * accumulates waited ~2 ms each between virtual nodes). */
#include <stdatomic.h>
#include <string.h>

#include "acc.h"
#include "completion.h"
#include "contig.h"
#include "mem.h"
#include "shmacc.h"
#include "strided.h"

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

/* The caller's side of a transfer that moves data must be a real buffer
 * (the same-node copy would crash on NULL, the MPI path send garbage). */
static inline void need_local(const void *buf, const char *what, const char *fn) {
  if (__builtin_expect(!buf, 0)) armci__fatal("%s: the %s buffer is NULL", fn, what);
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

void armci__strided_fini(void) {
  for (int i = 0; i < NTYPES; i++)
    if (tcache[i].type != DART_TYPE_UNDEFINED) dart_type_destroy(&tcache[i].type);
  memset(tcache, 0, sizeof tcache);
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

/* The layout with its source side packed densely (segment after segment). */
static layout_t dense_source(const layout_t *l) {
  layout_t d = *l;
  size_t run = d.seg;
  for (int i = 1; i <= d.L; i++) {
    d.ss[i - 1] = (long)run;
    run *= (size_t)d.cnt[i];
  }
  d.sspan = d.nseg ? d.seg * d.nseg : 0;
  return d;
}

/* Issue a strided put or get on the MPI path, not completed. */
static void strided_mpi(int is_put, char *local, const layout_t *l, dart_gptr_t g) {
  /* a DART strided layout needs stride >= segment on both sides */
  if (l->L >= 1 && (size_t)l->ss[0] >= l->seg && (size_t)l->ds[0] >= l->seg) {
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
#define COPY_LOOP(N)                                                                          \
  do {                                                                                        \
    if (l->L == 1) {                                                                          \
      for (long k = 0; k < l->cnt[1]; k++) memmove(d + k * l->ds[0], s + k * l->ss[0], N);    \
    } else {                                                                                  \
      seg_iter_t it;                                                                          \
      iter_start(&it, l);                                                                     \
      for (size_t k = 0; k < l->nseg; k++, iter_next(&it)) memmove(d + it.dof, s + it.so, N); \
    }                                                                                         \
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
  need_local(src, "source", fn);
  armci_target_t t;
  armci__translate(dst, proc, l.dspan, &t, fn);
  armci__order_seg(proc, PEND_PUT, t.g);
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
  /* Blocking: complete locally on return, at the target at the next fence
   * or conflicting operation (as ARMCI_Put). A patch up to
   * ARMCI_STAGE_STRIDED_MAX is packed into the staging ring first, so the
   * call returns without waiting for the target (a flush needs the
   * target's MPI progress: ~1 ms per GA patch when it computes). */
  layout_t dl;
  int staged = !nb && l.seg * l.nseg <= ARMCI_STAGE_STRIDED_MAX;
  if (staged) {
    char *p = armci__stage(l.seg * l.nseg);
    iter_start(&it, &l);
    for (size_t k = 0; k < l.nseg; k++, iter_next(&it)) memcpy(p + k * l.seg, s + it.so, l.seg);
    dl = dense_source(&l);
    strided_mpi(1, p, &dl, t.g);
  } else {
    strided_mpi(1, s, &l, t.g);
    if (!nb) DART_CALL(dart_flush_local(t.g));
  }
  armci__pending(proc, PEND_PUT, t.g);
  armci__handle_note(h, proc);
  return 0;
}

static int gets_common(void *src, int *sst, void *dst, int *dstst, int *count, int levels, int proc,
                       armci_hdl_t *h, int nb, const char *fn) {
  layout_t l;
  layout_make(&l, sst, dstst, count, levels, fn);
  if (!l.nseg || !l.seg) return 0;
  need_local(dst, "destination", fn);
  armci_target_t t;
  armci__translate(src, proc, l.sspan, &t, fn);
  armci__order_seg(proc, PEND_GET, t.g);
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
    armci__handle_note(h, proc);
  } else {
    armci__flush(t.g);
  }
  return 0;
}

static int accs_common(int datatype, void *scale, void *src, int *sst, void *dst, int *dstst, int *count,
                       int levels, int proc, armci_hdl_t *h, int nb, const char *fn) {
  armci_acc_type_t at = armci__acc_type(datatype, fn);
  layout_t l;
  layout_make(&l, sst, dstst, count, levels, fn);
  if (!l.nseg || !l.seg) return 0;
  if (l.seg % at.esize) armci__fatal("%s: count[0] = %zu is not a whole number of elements", fn, l.seg);
  need_local(src, "source", fn);
  armci_target_t t;
  armci__translate(dst, proc, l.dspan, &t, fn);
  armci__order_seg(proc, PEND_ACC, t.g);
  int one = armci__scale_is_one(datatype, scale);
  seg_iter_t it;
  if (!t.a->spans_nodes) { /* one batch under stripe locks */
    armci_segs_t sg = {l.seg, l.nseg, NULL, 0, 0, l.sspan, l.dspan, l.seg};
    for (int i = 0; i < l.L; i++) sg.bits |= (size_t)l.ss[i] | (size_t)l.ds[i];
    armci_scratch_t so_buf;
    size_t *offs = NULL;
    if (l.L == 1) {
      sg.sstride = (size_t)l.ss[0];
      sg.dstride = (size_t)l.ds[0];
    } else if (l.L > 1) { /* segment offsets listed first */
      offs = armci__scratch_get(&so_buf, 2 * sizeof(size_t) * l.nseg);
      iter_start(&it, &l);
      for (size_t k = 0; k < l.nseg; k++, iter_next(&it)) {
        offs[2 * k] = it.so;
        offs[2 * k + 1] = it.dof;
      }
      sg.offs = offs;
    }
    armci__shm_acc_batch(&t, datatype, scale, one, src, &sg, at.esize);
    if (offs) armci__scratch_put(&so_buf);
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
  /* blocking and small: packed into the staging ring, no local flush (puts_common) */
  int staged = !nb && l.seg * l.nseg <= ARMCI_STAGE_STRIDED_MAX;
  armci_scratch_t s;
  char *buf = src;
  if (temp || staged) {
    buf = staged ? armci__stage(l.seg * l.nseg) : armci__scratch_get(&s, l.seg * l.nseg);
    iter_start(&it, &l);
    for (size_t k = 0; k < l.nseg; k++, iter_next(&it)) {
      if (one)
        memcpy(buf + k * l.seg, (char *)src + it.so, l.seg);
      else
        armci__scale_into(datatype, scale, buf + k * l.seg, (char *)src + it.so, l.seg);
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
      armci__acc_issue(q, buf + k * per * l.seg, per * l.seg, at, type, fn);
    }
  } else {
    iter_start(&it, &l);
    for (size_t k = 0; k < l.nseg; k++, iter_next(&it)) {
      dart_gptr_t q = t.g;
      q.offset += it.dof;
      armci__acc_issue(q, buf + k * l.seg, l.seg, at, at.dtype, fn);
    }
  }
  armci__acc_finish(&t, proc, (!nb || temp) && !staged, h);
  if (temp && !staged) armci__scratch_put(&s);
  return 0;
}

int PARMCI_PutS(void *src_ptr, int src_stride_ar[], void *dst_ptr, int dst_stride_ar[], int count[],
                int stride_levels, int proc) {
  return puts_common(src_ptr, src_stride_ar, dst_ptr, dst_stride_ar, count, stride_levels, proc, NULL, 0,
                     "ARMCI_PutS");
}

int PARMCI_GetS(void *src_ptr, int src_stride_ar[], void *dst_ptr, int dst_stride_ar[], int count[],
                int stride_levels, int proc) {
  return gets_common(src_ptr, src_stride_ar, dst_ptr, dst_stride_ar, count, stride_levels, proc, NULL, 0,
                     "ARMCI_GetS");
}

int PARMCI_AccS(int datatype, void *scale, void *src_ptr, int src_stride_ar[], void *dst_ptr,
                int dst_stride_ar[], int count[], int stride_levels, int proc) {
  return accs_common(datatype, scale, src_ptr, src_stride_ar, dst_ptr, dst_stride_ar, count, stride_levels,
                     proc, NULL, 0, "ARMCI_AccS");
}

int PARMCI_NbPutS(void *src_ptr, int src_stride_ar[], void *dst_ptr, int dst_stride_ar[], int count[],
                  int stride_levels, int proc, armci_hdl_t *hdl) {
  return puts_common(src_ptr, src_stride_ar, dst_ptr, dst_stride_ar, count, stride_levels, proc, hdl, 1,
                     "ARMCI_NbPutS");
}

int PARMCI_NbGetS(void *src_ptr, int src_stride_ar[], void *dst_ptr, int dst_stride_ar[], int count[],
                  int stride_levels, int proc, armci_hdl_t *hdl) {
  return gets_common(src_ptr, src_stride_ar, dst_ptr, dst_stride_ar, count, stride_levels, proc, hdl, 1,
                     "ARMCI_NbGetS");
}

int PARMCI_NbAccS(int datatype, void *scale, void *src_ptr, int src_stride_ar[], void *dst_ptr,
                  int dst_stride_ar[], int count[], int stride_levels, int proc, armci_hdl_t *hdl) {
  return accs_common(datatype, scale, src_ptr, src_stride_ar, dst_ptr, dst_stride_ar, count, stride_levels,
                     proc, hdl, 1, "ARMCI_NbAccS");
}

/* Strided copies within local memory, between the strided box at ptr and
 * the packed buffer buf: armci_write_strided packs (box -> buf),
 * armci_read_strided unpacks (buf -> box), as in native ARMCI and
 * ARMCI-MPI (GA's ghost-cell update packs and unpacks with them). */
static void local_strided(char *ptr, int levels, const int *stride, const int *count, char *buf, int pack) {
  layout_t l;
  int packed[MAXLEV + 1];
  const char *fn = pack ? "armci_write_strided" : "armci_read_strided";
  if (levels > MAXLEV) armci__fatal("%s: too many stride levels", fn);
  if (levels < 0) armci__fatal("%s: negative stride_levels %d", fn, levels);
  if (!count) armci__fatal("%s: count is NULL", fn);
  /* the packed side: strides of a dense box */
  long acc = count[0];
  for (int i = 0; i < levels; i++) {
    packed[i] = (int)acc;
    acc *= count[i + 1];
  }
  if (pack)
    layout_make(&l, stride, packed, count, levels, fn);
  else
    layout_make(&l, packed, stride, count, levels, fn);
  if (!l.nseg || !l.seg) return;
  need_local(ptr, "strided", fn);
  need_local(buf, "packed", fn);
  const char *from = pack ? ptr : buf;
  char *to = pack ? buf : ptr;
  seg_iter_t it;
  iter_start(&it, &l);
  for (size_t k = 0; k < l.nseg; k++, iter_next(&it)) memmove(to + it.dof, from + it.so, l.seg);
}

void armci_write_strided(void *ptr, int stride_levels, int stride_arr[], int count[], char *buf) {
  local_strided(ptr, stride_levels, stride_arr, count, buf, 1);
}

void armci_read_strided(void *ptr, int stride_levels, int stride_arr[], int count[], char *buf) {
  local_strided(ptr, stride_levels, stride_arr, count, buf, 0);
}

int PARMCI_PutS_flag(void *src_ptr, int src_stride_ar[], void *dst_ptr, int dst_stride_ar[], int count[],
                     int stride_levels, int *flag, int value, int proc) {
  puts_common(src_ptr, src_stride_ar, dst_ptr, dst_stride_ar, count, stride_levels, proc, NULL, 0,
              "ARMCI_PutS_flag");
  armci__complete(proc); /* the data at the target before the flag */
  atomic_thread_fence(memory_order_seq_cst);
  return armci__put_contig(&value, flag, sizeof(int), proc, NULL, 0, "ARMCI_PutS_flag");
}

/* The application's names: weak aliases, which a profiling tool may replace (parmci.h). */
ARMCI_WEAK_ALIAS(ARMCI_PutS, PARMCI_PutS);
ARMCI_WEAK_ALIAS(ARMCI_GetS, PARMCI_GetS);
ARMCI_WEAK_ALIAS(ARMCI_AccS, PARMCI_AccS);
ARMCI_WEAK_ALIAS(ARMCI_NbPutS, PARMCI_NbPutS);
ARMCI_WEAK_ALIAS(ARMCI_NbGetS, PARMCI_NbGetS);
ARMCI_WEAK_ALIAS(ARMCI_NbAccS, PARMCI_NbAccS);
ARMCI_WEAK_ALIAS(ARMCI_PutS_flag, PARMCI_PutS_flag);
