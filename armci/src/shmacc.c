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
 * instead (acc.c, sync.c).
 *
 * Waiting for a lock spins briefly, then yields the core: with more
 * processes than cores the holder may be descheduled. */
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "acc.h"
#include "shmacc.h"

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

static dart_gptr_t table; /* STRIPES * LINE bytes per process */
static char **lockbase;   /* [np] my mapping of every same-node process's table */

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

/* dd[0 .. n) += s * xx[0 .. n) for n elements of PER components of A
 * (s is one when `one`: then a plain sum, component by component). */
#define ADD_ELEMENTS(A, PER, dd, xx, n)                                    \
  do {                                                                     \
    if (one) {                                                             \
      for (size_t i_ = 0; i_ < (n)*PER; i_++) (dd)[i_] += (xx)[i_];        \
    } else {                                                               \
      for (size_t i_ = 0; i_ < (n); i_++) {                                \
        A y_[PER];                                                         \
        ARMCI_SCALE_##PER(y_, s, (xx) + i_ * PER);                         \
        for (size_t c_ = 0; c_ < PER; c_++) (dd)[i_ * PER + c_] += y_[c_]; \
      }                                                                    \
    }                                                                      \
  } while (0)

/* d[i] += s * x[i] for n elements of the ARMCI type; d and x do not
 * overlap. Aligned buffers take typed, vectorizable loops; unaligned ones
 * go through memcpy (legal at any address). */
#define ADD_SCALED_ROW(ID, DART, PER, A)                    \
  case ID: {                                                \
    A s[PER] = {1};                                         \
    if (!one) memcpy(s, scale, sizeof s);                   \
    if (((uintptr_t)d | (uintptr_t)x) % _Alignof(A) == 0) { \
      A *restrict dd = (A *)(void *)d;                      \
      const A *restrict xx = (const A *)(const void *)x;    \
      ADD_ELEMENTS(A, PER, dd, xx, n);                      \
    } else {                                                \
      for (size_t i = 0; i < n; i++) {                      \
        A a[PER], b[PER];                                   \
        memcpy(a, d + i * sizeof a, sizeof a);              \
        memcpy(b, x + i * sizeof b, sizeof b);              \
        ADD_ELEMENTS(A, PER, a, b, 1);                      \
        memcpy(d + i * sizeof a, a, sizeof a);              \
      }                                                     \
    }                                                       \
    break;                                                  \
  }

static inline __attribute__((always_inline)) void add_scaled_body(int datatype, const void *scale, int one,
                                                                  char *d, const char *x, size_t n) {
  switch (datatype) { ARMCI_ACC_TYPES(ADD_SCALED_ROW) }
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
#define BATCH_ROW(ID, DART, PER, A)                                          \
  case ID: {                                                                 \
    A s[PER] = {1};                                                          \
    if (!one) memcpy(s, scale, sizeof s);                                    \
    for (size_t k = 0; k < nseg; k++) {                                      \
      size_t so = offs ? offs[2 * k] : k * sg->sstride;                      \
      size_t dof = offs ? offs[2 * k + 1] : k * sg->dstride;                 \
      uint64_t o = base + dof, b = o / BLOCK;                                \
      if ((o + seg - 1) / BLOCK != b) {                                      \
        armci_target_t q = *t;                                               \
        q.local = t->local + dof;                                            \
        q.g.offset = o;                                                      \
        armci__shm_acc(&q, datatype, scale, one, x + so, seg, esize, &held); \
        cur = UINT64_MAX;                                                    \
        continue;                                                            \
      }                                                                      \
      if (b != cur) {                                                        \
        uint32_t *l = stripe(t, o);                                          \
        if (l != held) {                                                     \
          if (held) unlock(held);                                            \
          lock(l);                                                           \
          held = l;                                                          \
        }                                                                    \
        cur = b;                                                             \
      }                                                                      \
      A *restrict dd = (A *)(void *)(t->local + dof);                        \
      const A *restrict xx = (const A *)(const void *)(x + so);              \
      ADD_ELEMENTS(A, PER, dd, xx, seg / esize);                             \
    }                                                                        \
    break;                                                                   \
  }

VECTOR_CLONES void armci__shm_acc_batch(const armci_target_t *t, int datatype, const void *scale, int one,
                                        const void *src, const armci_segs_t *sg, size_t esize) {
  const char *x = src;
  const size_t seg = sg->seg, nseg = sg->nseg, *offs = sg->offs;
  uint64_t base = t->g.offset;
  /* the typed loops need aligned, non-overlapping sides: else segment-wise */
  size_t bits = sg->bits | (uintptr_t)t->local | (uintptr_t)x;
  int typed = bits % esize == 0 && !(x < t->local + sg->dspan && t->local < x + sg->sspan);
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
  switch (datatype) { ARMCI_ACC_TYPES(BATCH_ROW) }
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
