/* Accumulate and read-modify-write on allocations whose members all share
 * the caller's node (no MPI window under them: DART would use CPU atomics).
 *
 * An element-wise atomic accumulate with one CPU compare-and-swap per
 * element costs ~10-50 ns per element (floating point has no atomic add);
 * instead, the target's memory is cut into 4 KiB blocks, each guarded by
 * one of STRIPES spin locks in a lock table every process keeps in DART
 * shared memory (allocated at ARMCI_Init). An accumulate takes, block by
 * block, the block's lock and adds the (scaled) source with plain,
 * vectorizable arithmetic: element-wise atomic with respect to every other
 * accumulate, because all of them on such allocations take the same lock
 * for the same element (the block of an element is derived from the DART
 * segment and its offset, equal on every process). ARMCI_Rmw on these
 * allocations takes the same locks, so Rmw and Acc on one element are
 * atomic with respect to each other too (as in ARMCI-MPI, where both are
 * MPI atomics). Allocations that span nodes use MPI atomics through DART
 * instead (rma.c, sync.c).
 *
 * Waiting for a lock spins briefly, then yields the core: with more
 * processes than cores the holder may be descheduled. */
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The add loops are compiled for several vector widths and picked at load
 * time (GCC/Clang function multi-versioning): 2-4x faster on AVX2/AVX-512
 * machines than the baseline SSE2 build. None of the variants enables FMA,
 * so results are bit-identical to the MPI path (scale, round, then add). */
#if defined(__x86_64__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define VECTOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#endif
#endif
#ifndef VECTOR_CLONES
#define VECTOR_CLONES
#endif

#define STRIPES 512
#define LINE 64
#define BLOCK 4096

static dart_gptr_t table;   /* STRIPES * LINE bytes per process */
static char **lockbase;     /* [np] my mapping of every same-node process's table */

void armci__stripes_init(void) {
  DART_CALL(dart_team_memalloc_aligned(DART_TEAM_ALL, STRIPES * LINE, &table));
  lockbase = calloc((size_t)armci__s.np, sizeof *lockbase);
  if (!lockbase) armci__fatal("ARMCI_Init: out of memory");
  for (int p = 0; p < armci__s.np; p++) {
    if (armci__s.node_of[p] != armci__s.my_node) continue;
    dart_gptr_t g = table;
    g.unitid = p;
    void *a;
    DART_CALL(dart_gptr_getaddr(g, &a));
    lockbase[p] = a;
  }
  memset(lockbase[armci__s.me], 0, STRIPES * LINE);
  DART_CALL(dart_barrier(DART_TEAM_ALL));
}

void armci__stripes_fini(void) {
  dart_team_memfree(table); /* collective, as ARMCI_Finalize */
  free(lockbase);
  lockbase = NULL;
}

static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

static inline uint32_t *stripe(const armci_target_t *t, uint64_t off) {
  uint64_t h = ((uint64_t)t->a->key << 32 ^ off / BLOCK) * 0x9E3779B97F4A7C15ull;
  return (uint32_t *)(void *)(lockbase[t->g.unitid] + (h >> 40) % STRIPES * LINE);
}

static inline void lock(uint32_t *l) {
  for (unsigned spins = 0;; spins++) {
    if (!__atomic_load_n(l, __ATOMIC_RELAXED) && !__atomic_exchange_n(l, 1u, __ATOMIC_ACQUIRE)) return;
    if (spins < 128)
      cpu_relax();
    else
      sched_yield();
  }
}

static inline void unlock(uint32_t *l) { __atomic_store_n(l, 0u, __ATOMIC_RELEASE); }

/* d[i] += s * x[i] for n elements of the ARMCI type; d and x do not
 * overlap. Aligned buffers take typed, vectorizable loops; unaligned ones
 * go through memcpy (legal at any address). */
#define ADD_LOOP(T, EXPR)                                                               \
  do {                                                                                  \
    if (((uintptr_t)d | (uintptr_t)x) % _Alignof(T) == 0) {                             \
      T *restrict dd = (T *)(void *)d;                                                  \
      const T *restrict xx = (const T *)(const void *)x;                                \
      for (size_t i = 0; i < m; i++) {                                                  \
        T a = dd[i], b = xx[i];                                                         \
        dd[i] = EXPR;                                                                   \
      }                                                                                 \
    } else {                                                                            \
      for (size_t i = 0; i < m; i++) {                                                  \
        T a, b;                                                                         \
        memcpy(&a, d + i * sizeof(T), sizeof a);                                        \
        memcpy(&b, x + i * sizeof(T), sizeof b);                                        \
        a = EXPR;                                                                       \
        memcpy(d + i * sizeof(T), &a, sizeof a);                                        \
      }                                                                                 \
    }                                                                                   \
  } while (0)

static inline __attribute__((always_inline)) void add_scaled_body(int datatype, const void *scale, int one, char *d,
                                                                  const char *x, size_t n) {
  size_t m = n;
  switch (datatype) {
    case ARMCI_ACC_INT: {
      unsigned s = 1; /* integers wrap instead of overflowing */
      if (!one) { int v; memcpy(&v, scale, sizeof v); s = (unsigned)v; }
      ADD_LOOP(int, (int)((unsigned)a + s * (unsigned)b));
      break;
    }
    case ARMCI_ACC_LNG: {
      unsigned long s = 1;
      if (!one) { long v; memcpy(&v, scale, sizeof v); s = (unsigned long)v; }
      ADD_LOOP(long, (long)((unsigned long)a + s * (unsigned long)b));
      break;
    }
    case ARMCI_ACC_FLT: {
      float s = 1;
      if (!one) memcpy(&s, scale, sizeof s);
      if (one) ADD_LOOP(float, a + b); else ADD_LOOP(float, a + s * b);
      break;
    }
    case ARMCI_ACC_DBL: {
      double s = 1;
      if (!one) memcpy(&s, scale, sizeof s);
      if (one) ADD_LOOP(double, a + b); else ADD_LOOP(double, a + s * b);
      break;
    }
    case ARMCI_ACC_CPL: { /* pairs of floats */
      float s[2] = {1, 0};
      if (!one) memcpy(s, scale, sizeof s);
      m = 2 * n;
      if (one) { ADD_LOOP(float, a + b); break; }
      for (size_t i = 0; i < n; i++) {
        float a[2], b[2];
        memcpy(a, d + i * sizeof a, sizeof a);
        memcpy(b, x + i * sizeof b, sizeof b);
        a[0] += s[0] * b[0] - s[1] * b[1];
        a[1] += s[0] * b[1] + s[1] * b[0];
        memcpy(d + i * sizeof a, a, sizeof a);
      }
      break;
    }
    default: { /* ARMCI_ACC_DCP: pairs of doubles */
      double s[2] = {1, 0};
      if (!one) memcpy(s, scale, sizeof s);
      m = 2 * n;
      if (one) { ADD_LOOP(double, a + b); break; }
      for (size_t i = 0; i < n; i++) {
        double a[2], b[2];
        memcpy(a, d + i * sizeof a, sizeof a);
        memcpy(b, x + i * sizeof b, sizeof b);
        a[0] += s[0] * b[0] - s[1] * b[1];
        a[1] += s[0] * b[1] + s[1] * b[0];
        memcpy(d + i * sizeof a, a, sizeof a);
      }
      break;
    }
  }
}

/* Short runs: the baseline build, called directly (the multi-versioned
 * one costs an indirect call, which matters at a few elements). */
static void add_scaled_short(int datatype, const void *scale, int one, char *d, const char *x, size_t n) {
  add_scaled_body(datatype, scale, one, d, x, n);
}

VECTOR_CLONES static void add_scaled_long(int datatype, const void *scale, int one, char *d, const char *x,
                                          size_t n) {
  add_scaled_body(datatype, scale, one, d, x, n);
}

void armci__shm_acc(const armci_target_t *t, int datatype, const void *scale, int one, const void *src,
                    size_t bytes, size_t esize, uint32_t **held) {
  char *d = t->local;
  const char *x = src;
  void *copy = NULL;
  if (x < d + bytes && d < x + bytes) { /* source overlaps the target: add a copy */
    copy = malloc(bytes);
    if (!copy) armci__fatal("ARMCI accumulate: out of memory");
    memcpy(copy, src, bytes);
    x = copy;
  }
  uint32_t *mine = NULL, **h = held ? held : &mine;
  uint64_t off = t->g.offset;
  size_t n = bytes / esize, i = 0;
  while (i < n) {
    /* elements starting in the block of element i */
    uint64_t start = off + i * esize, end = (start / BLOCK + 1) * BLOCK;
    size_t j = (size_t)((end - off + esize - 1) / esize);
    if (j > n) j = n;
    uint32_t *l = stripe(t, start);
    if (l != *h) { /* one lock held at a time: no deadlock */
      if (*h) unlock(*h);
      lock(l);
      *h = l;
    }
    if ((j - i) * esize <= 256)
      add_scaled_short(datatype, scale, one, d + i * esize, x + i * esize, j - i);
    else
      add_scaled_long(datatype, scale, one, d + i * esize, x + i * esize, j - i);
    i = j;
  }
  if (!held && mine) unlock(mine);
  free(copy);
}

void armci__shm_release(uint32_t **held) {
  if (*held) unlock(*held);
  *held = NULL;
}

/* Per-type segment loop: a segment inside one block takes (or keeps) the
 * block's lock and is added with a typed loop; one that crosses a block
 * boundary goes through armci__shm_acc. */
#define BATCH(T, EXPR)                                                                  \
  do {                                                                                  \
    const size_t m = seg / sizeof(T);                                                   \
    for (size_t k = 0; k < nseg; k++) {                                                 \
      size_t so = offs ? offs[2 * k] : k * sg->sstride;                                 \
      size_t dof = offs ? offs[2 * k + 1] : k * sg->dstride;                            \
      uint64_t o = base + dof, b = o / BLOCK;                                           \
      if ((o + seg - 1) / BLOCK != b) {                                                 \
        armci_target_t q = *t;                                                          \
        q.local = t->local + dof;                                                       \
        q.g.offset = o;                                                                 \
        armci__shm_acc(&q, datatype, scale, one, x + so, seg, esize, &held);            \
        cur = UINT64_MAX;                                                               \
        continue;                                                                       \
      }                                                                                 \
      if (b != cur) {                                                                   \
        uint32_t *l = stripe(t, o);                                                     \
        if (l != held) {                                                                \
          if (held) unlock(held);                                                       \
          lock(l);                                                                      \
          held = l;                                                                     \
        }                                                                               \
        cur = b;                                                                        \
      }                                                                                 \
      T *restrict dd = (T *)(void *)(t->local + dof);                                   \
      const T *restrict xx = (const T *)(const void *)(x + so);                         \
      for (size_t i = 0; i < m; i++) {                                                  \
        T a = dd[i], bb = xx[i];                                                        \
        dd[i] = EXPR;                                                                   \
      }                                                                                 \
    }                                                                                   \
  } while (0)

VECTOR_CLONES void armci__shm_acc_batch(const armci_target_t *t, int datatype, const void *scale, int one,
                                        const void *src, const armci_segs_t *sg, size_t esize) {
  const char *x = src;
  const size_t seg = sg->seg, nseg = sg->nseg, *offs = sg->offs;
  uint64_t base = t->g.offset;
  /* the typed loops need aligned, non-overlapping sides: else segment-wise */
  size_t bits = sg->bits | (uintptr_t)t->local | (uintptr_t)x;
  int typed = datatype <= ARMCI_ACC_DBL && bits % esize == 0 &&
              !(x < t->local + sg->dspan && t->local < x + sg->sspan);
  uint32_t *held = NULL;
  uint64_t cur = UINT64_MAX;
  if (!typed) {
    for (size_t k = 0; k < nseg; k++) {
      size_t so = offs ? offs[2 * k] : k * sg->sstride, dof = offs ? offs[2 * k + 1] : k * sg->dstride;
      armci_target_t q = *t;
      q.local = t->local + dof;
      q.g.offset = base + dof;
      armci__shm_acc(&q, datatype, scale, one, x + so, seg, esize, &held);
    }
    armci__shm_release(&held);
    return;
  }
  switch (datatype) {
    case ARMCI_ACC_INT: {
      unsigned sc = 1;
      if (!one) { int v; memcpy(&v, scale, sizeof v); sc = (unsigned)v; }
      BATCH(int, (int)((unsigned)a + sc * (unsigned)bb));
      break;
    }
    case ARMCI_ACC_LNG: {
      unsigned long sc = 1;
      if (!one) { long v; memcpy(&v, scale, sizeof v); sc = (unsigned long)v; }
      BATCH(long, (long)((unsigned long)a + sc * (unsigned long)bb));
      break;
    }
    case ARMCI_ACC_FLT: {
      float sc = 1;
      if (!one) memcpy(&sc, scale, sizeof sc);
      BATCH(float, a + sc * bb);
      break;
    }
    default: {
      double sc = 1;
      if (!one) memcpy(&sc, scale, sizeof sc);
      BATCH(double, a + sc * bb);
      break;
    }
  }
  armci__shm_release(&held);
}

/* *old = *addr; *addr = op(*addr, *val) under the element's stripe lock. */
void armci__shm_rmw(const armci_target_t *t, int is_long, int swap, const void *val, void *old) {
  size_t sz = is_long ? sizeof(long) : sizeof(int);
  uint32_t *l = stripe(t, t->g.offset);
  lock(l);
  if (is_long) {
    long cur, v;
    memcpy(&cur, t->local, sz);
    memcpy(&v, val, sz);
    long nw = swap ? v : (long)((unsigned long)cur + (unsigned long)v);
    memcpy(t->local, &nw, sz);
    memcpy(old, &cur, sz);
  } else {
    int cur, v;
    memcpy(&cur, t->local, sz);
    memcpy(&v, val, sz);
    int nw = swap ? v : (int)((unsigned)cur + (unsigned)v);
    memcpy(t->local, &nw, sz);
    memcpy(old, &cur, sz);
  }
  unlock(l);
}
