/* Collective allocation, address translation and local memory.
 *
 * ARMCI_Malloc_group(ptrs, bytes, group): one DART collective allocation
 * (dart_team_memalloc_aligned on the group's team) of the largest size any
 * member asked for, so that it is symmetric (same offset on every member);
 * ptrs[i] is NULL where member i asked for 0 bytes. For a member on the
 * caller's (real or virtual) node ptrs[i] is the caller's own mapping of
 * i's part (as in native ARMCI on shared memory: Global Arrays may load
 * and store through it directly); for any other member it is i's own
 * address (as in ARMCI-MPI). Cost: an allgather of the sizes, DART's one
 * allreduce and, when the group spans nodes, an allgather of addresses.
 *
 * Translation: per process p, entries {address, size, allocation} sorted
 * by address; (addr, p) is found by binary search. Allocations are also
 * kept sorted by key (DART team flags and segment id, equal on all members)
 * so that a collective free by a member that passes NULL (it asked for 0
 * bytes) finds the allocation. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "completion.h"
#include "mem.h"

typedef struct {
  char *base;
  size_t size;
  armci_alloc_t *a;
  int idx; /* member index in a */
} entry_t;

typedef struct {
  entry_t *e;
  size_t n, cap;
} table_t;

static table_t *tables;        /* [np] */
static armci_alloc_t **by_key; /* sorted by key */
static size_t nallocs, cap_allocs;

void armci__mem_init(void) {
  tables = calloc((size_t)armci__s.np, sizeof *tables);
  if (!tables) armci__fatal("ARMCI_Init: out of memory");
  by_key = NULL;
  nallocs = cap_allocs = 0;
}

static void alloc_free(armci_alloc_t *a) {
  free(a->members);
  free(a->ptr);
  free(a->size);
  free(a->local);
  free(a);
}

void armci__mem_fini(void) {
  /* The DART segments go with dart_exit (or with their team). */
  for (size_t i = 0; i < nallocs; i++) alloc_free(by_key[i]);
  free(by_key);
  by_key = NULL;
  nallocs = cap_allocs = 0;
  for (int p = 0; p < armci__s.np; p++) free(tables[p].e);
  free(tables);
  tables = NULL;
}

/* ---- sorted tables ---- */

/* Index of the last entry with base <= addr, or -1. */
static ptrdiff_t table_find(const table_t *t, const char *addr) {
  ptrdiff_t lo = 0, hi = (ptrdiff_t)t->n - 1, ans = -1;
  while (lo <= hi) {
    ptrdiff_t mid = lo + (hi - lo) / 2;
    if (t->e[mid].base <= addr) {
      ans = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return ans;
}

static void table_insert(table_t *t, entry_t e) {
  if (t->n == t->cap) {
    size_t cap = t->cap ? 2 * t->cap : 16;
    entry_t *v = realloc(t->e, sizeof *v * cap);
    if (!v) armci__fatal("ARMCI_Malloc: out of memory");
    t->e = v;
    t->cap = cap;
  }
  ptrdiff_t i = table_find(t, e.base) + 1;
  memmove(t->e + i + 1, t->e + i, sizeof *t->e * (t->n - (size_t)i));
  t->e[i] = e;
  t->n++;
}

static void table_remove(table_t *t, const char *base, const armci_alloc_t *a) {
  ptrdiff_t i = table_find(t, base);
  if (i < 0 || t->e[i].base != base || t->e[i].a != a) armci__fatal("ARMCI_Free: corrupt address table");
  memmove(t->e + i, t->e + i + 1, sizeof *t->e * (t->n - (size_t)i - 1));
  t->n--;
}

static ptrdiff_t key_find(uint32_t key) {
  ptrdiff_t lo = 0, hi = (ptrdiff_t)nallocs - 1;
  while (lo <= hi) {
    ptrdiff_t mid = lo + (hi - lo) / 2;
    if (by_key[mid]->key == key) return mid;
    if (by_key[mid]->key < key)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  return -(lo + 1);
}

static void key_insert(armci_alloc_t *a) {
  if (nallocs == cap_allocs) {
    size_t cap = cap_allocs ? 2 * cap_allocs : 16;
    armci_alloc_t **v = realloc(by_key, sizeof *v * cap);
    if (!v) armci__fatal("ARMCI_Malloc: out of memory");
    by_key = v;
    cap_allocs = cap;
  }
  ptrdiff_t i = key_find(a->key);
  if (i >= 0) armci__fatal("ARMCI_Malloc: duplicate allocation key %u", a->key);
  i = -i - 1;
  memmove(by_key + i + 1, by_key + i, sizeof *by_key * (nallocs - (size_t)i));
  by_key[i] = a;
  nallocs++;
}

static void key_remove(armci_alloc_t *a) {
  ptrdiff_t i = key_find(a->key);
  if (i < 0) armci__fatal("ARMCI_Free: corrupt allocation table");
  memmove(by_key + i, by_key + i + 1, sizeof *by_key * (nallocs - (size_t)i - 1));
  nallocs--;
}

/* ---- translation ---- */

void armci__translate(const void *addr, int proc, size_t len, armci_target_t *t, const char *fn) {
  if (__builtin_expect((unsigned)proc >= (unsigned)armci__s.np, 0))
    armci__fatal("%s: process %d out of range [0, %d)", fn, proc, armci__s.np);
  const table_t *tb = &tables[proc];
  ptrdiff_t i = table_find(tb, addr);
  if (__builtin_expect(i < 0, 0))
    armci__fatal("%s: address %p is not in ARMCI memory of process %d", fn, addr, proc);
  const entry_t *e = &tb->e[i];
  size_t off = (size_t)((const char *)addr - e->base);
  if (__builtin_expect(off > e->size || len > e->size - off, 0)) {
    if (off >= e->size) armci__fatal("%s: address %p is not in ARMCI memory of process %d", fn, addr, proc);
    armci__fatal("%s: %zu bytes at %p pass the end of process %d's allocation (%zu bytes at %p)", fn, len,
                 addr, proc, e->size, (void *)e->base);
  }
  t->a = e->a;
  t->g = e->a->gptr;
  t->g.unitid = proc;
  t->g.offset = off;
  t->local = e->a->local[e->idx] ? e->a->local[e->idx] + off : NULL;
}

/* ---- collective allocation ---- */

static int malloc_group(void **ptr_arr, armci_size_t bytes, armci_grp_info_t *g, const char *fn) {
  if (!ptr_arr) armci__fatal("%s: ptr_arr is NULL", fn);
  if (bytes < 0) armci__fatal("%s: negative size %ld", fn, (long)bytes);
  if (g->rank < 0) armci__fatal("%s: the caller is not a member of the group", fn);
  int n = g->size;
  long *sizes = malloc(sizeof(long) * (size_t)n);
  if (!sizes) armci__fatal("%s: out of memory", fn);
  long mine = (long)bytes, max = 0;
  MPI_Allgather(&mine, 1, MPI_LONG, sizes, 1, MPI_LONG, g->comm);
  for (int i = 0; i < n; i++)
    if (sizes[i] > max) max = sizes[i];
  if (max == 0) { /* nothing anywhere: no segment; ARMCI_Free(NULL) matches */
    for (int i = 0; i < n; i++) ptr_arr[i] = NULL;
    free(sizes);
    return 0;
  }
  armci_alloc_t *a = calloc(1, sizeof *a);
  if (a) {
    a->members = malloc(sizeof(int) * (size_t)n);
    a->ptr = calloc((size_t)n, sizeof(char *));
    a->size = malloc(sizeof(size_t) * (size_t)n);
    a->local = calloc((size_t)n, sizeof(char *));
  }
  if (!a || !a->members || !a->ptr || !a->size || !a->local) armci__fatal("%s: out of memory", fn);
  dart_ret_t r = dart_team_memalloc_aligned(g->team, (size_t)max, &a->gptr);
  if (r != DART_OK) {
    /* the same on every member: DART agrees before it fails */
    if (g->rank == 0)
      fprintf(stderr, "%s: %ld bytes per process: %s (%s)\n", fn, max, dart_strerror(r), dart_last_error());
    alloc_free(a);
    free(sizes);
    for (int i = 0; i < n; i++) ptr_arr[i] = NULL;
    return 1;
  }
  a->key = (uint32_t)a->gptr.flags << 16 | (uint16_t)a->gptr.segid;
  a->grp = g;
  a->spans_nodes = !g->all_on_node;
  a->nmemb = n;
  for (int i = 0; i < n; i++) {
    int p = g->g2a[i];
    a->members[i] = p;
    a->size[i] = (size_t)sizes[i];
    if (armci__s.node_of[p] == armci__s.my_node) {
      dart_gptr_t q = a->gptr;
      q.unitid = p;
      q.offset = 0;
      void *addr;
      DART_CALL(dart_gptr_getaddr(q, &addr));
      a->local[i] = addr;
    }
  }
  if (g->all_on_node) {
    for (int i = 0; i < n; i++) a->ptr[i] = a->local[i];
  } else {
    char *me = a->local[g->rank];
    MPI_Allgather(&me, sizeof me, MPI_BYTE, a->ptr, sizeof me, MPI_BYTE, g->comm);
    for (int i = 0; i < n; i++)
      if (a->local[i]) a->ptr[i] = a->local[i];
  }
  for (int i = 0; i < n; i++) {
    if (!a->size[i]) a->ptr[i] = NULL;
    ptr_arr[i] = a->ptr[i];
    if (a->ptr[i]) table_insert(&tables[a->members[i]], (entry_t){a->ptr[i], a->size[i], a, i});
  }
  key_insert(a);
  free(sizes);
  return 0;
}

static int free_group(void *ptr, armci_grp_info_t *g, const char *fn) {
  if (g->rank < 0) armci__fatal("%s: the caller is not a member of the group", fn);
  armci_alloc_t *a = NULL;
  if (ptr) {
    const table_t *tb = &tables[armci__s.me];
    ptrdiff_t i = table_find(tb, ptr);
    if (i < 0 || tb->e[i].base != (char *)ptr)
      armci__fatal("%s: %p is not the base of an ARMCI allocation of this process", fn, ptr);
    a = tb->e[i].a;
  }
  /* Members that asked for 0 bytes pass NULL: learn the key from the others. */
  uint64_t key[2] = {a ? (uint64_t)a->key + 1 : 0, a ? UINT64_MAX - a->key - 1 : 0}, agreed[2];
  armci__complete(-1); /* nothing of mine may still be in flight to the memory */
  MPI_Allreduce(key, agreed, 2, MPI_UINT64_T, MPI_MAX, g->comm);
  if (agreed[0] == 0) return 0; /* an allocation of 0 bytes everywhere */
  if (a && agreed[0] != key[0]) armci__fatal("%s: processes free different allocations", fn);
  if (!a) {
    ptrdiff_t i = key_find((uint32_t)(agreed[0] - 1));
    if (i < 0) armci__fatal("%s: no allocation to free", fn);
    a = by_key[i];
  }
  if (a->grp != g) armci__fatal("%s: the allocation belongs to another group", fn);
  for (int i = 0; i < a->nmemb; i++)
    if (a->ptr[i]) table_remove(&tables[a->members[i]], a->ptr[i], a);
  key_remove(a);
  DART_CALL(dart_team_memfree(a->gptr));
  alloc_free(a);
  return 0;
}

void armci__mem_drop_group(armci_grp_info_t *g) {
  for (size_t k = 0; k < nallocs;) {
    armci_alloc_t *a = by_key[k];
    if (a->grp != g) {
      k++;
      continue;
    }
    for (int i = 0; i < a->nmemb; i++)
      if (a->ptr[i]) table_remove(&tables[a->members[i]], a->ptr[i], a);
    key_remove(a);
    alloc_free(a); /* the segment goes with the team */
  }
}

int PARMCI_Malloc(void **base_ptrs, armci_size_t size) {
  static const char fn[] = "ARMCI_Malloc";
  return malloc_group(base_ptrs, size, armci__grp(NULL, fn), fn);
}

int PARMCI_Malloc_memdev(void **ptr_arr, armci_size_t bytes, const char *device) {
  static const char fn[] = "ARMCI_Malloc_memdev";
  (void)device;
  return malloc_group(ptr_arr, bytes, armci__grp(NULL, fn), fn);
}

int ARMCI_Malloc_group(void **ptr_arr, armci_size_t bytes, ARMCI_Group *group) {
  static const char fn[] = "ARMCI_Malloc_group";
  return malloc_group(ptr_arr, bytes, armci__grp(group, fn), fn);
}

int PARMCI_Malloc_group_memdev(void **ptr_arr, armci_size_t bytes, ARMCI_Group *group, const char *device) {
  static const char fn[] = "ARMCI_Malloc_group_memdev";
  (void)device;
  return malloc_group(ptr_arr, bytes, armci__grp(group, fn), fn);
}

/* ARMCI_Free of a group allocation by a member that has a part works too
 * (the allocation knows its group); a member with a NULL part must name
 * the group (ARMCI_Free_group), as with ARMCI-MPI. */
static armci_grp_info_t *group_of(void *ptr, const char *fn) {
  armci_grp_info_t *g = armci__grp(NULL, fn);
  if (ptr) {
    const table_t *tb = &tables[armci__s.me];
    ptrdiff_t i = table_find(tb, ptr);
    if (i >= 0 && tb->e[i].base == (char *)ptr) g = tb->e[i].a->grp;
  }
  return g;
}

int PARMCI_Free(void *ptr) {
  static const char fn[] = "ARMCI_Free";
  return free_group(ptr, group_of(ptr, fn), fn);
}

int PARMCI_Free_memdev(void *ptr) {
  static const char fn[] = "ARMCI_Free_memdev";
  return free_group(ptr, group_of(ptr, fn), fn);
}

int ARMCI_Free_group(void *ptr, ARMCI_Group *group) {
  static const char fn[] = "ARMCI_Free_group";
  return free_group(ptr, armci__grp(group, fn), fn);
}

/* ---- local memory ---- */

void *PARMCI_Malloc_local(armci_size_t size) {
  void *p = NULL;
  if (size < 0) return NULL;
  if (posix_memalign(&p, 64, size > 0 ? (size_t)size : 1)) return NULL;
  return p;
}

int PARMCI_Free_local(void *ptr) {
  free(ptr);
  return 0;
}

void PARMCI_Access_begin(void *ptr) {
  (void)ptr; /* no epoch to open: order the caller's loads after remote writes */
  atomic_thread_fence(memory_order_seq_cst);
}

void PARMCI_Access_end(void *ptr) {
  (void)ptr; /* make the caller's stores visible before any later signal */
  atomic_thread_fence(memory_order_seq_cst);
}

void ARMCI_Copy(void *src, void *dst, int size) {
  if (size > 0) memmove(dst, src, (size_t)size);
}

/* The application's names: weak aliases, which a profiling tool may replace (parmci.h). */
ARMCI_WEAK_ALIAS(ARMCI_Malloc, PARMCI_Malloc);
ARMCI_WEAK_ALIAS(ARMCI_Malloc_memdev, PARMCI_Malloc_memdev);
ARMCI_WEAK_ALIAS(ARMCI_Malloc_group_memdev, PARMCI_Malloc_group_memdev);
ARMCI_WEAK_ALIAS(ARMCI_Free, PARMCI_Free);
ARMCI_WEAK_ALIAS(ARMCI_Free_memdev, PARMCI_Free_memdev);
ARMCI_WEAK_ALIAS(ARMCI_Malloc_local, PARMCI_Malloc_local);
ARMCI_WEAK_ALIAS(ARMCI_Free_local, PARMCI_Free_local);
ARMCI_WEAK_ALIAS(ARMCI_Access_begin, PARMCI_Access_begin);
ARMCI_WEAK_ALIAS(ARMCI_Access_end, PARMCI_Access_end);
