/* Heap accounting (heapcount.h): malloc and its relatives replaced, blocks
 * that DART's code allocates kept in a pointer -> size table.
 *
 * Why so: the table lives in mmap'd memory and the forwarding goes to
 * glibc's __libc_* entry points, so nothing here calls malloc (no recursion,
 * no dlsym); one spinlock guards the table and the counters (MPI's and
 * UCX's threads allocate too). */
#define _GNU_SOURCE
#include "heapcount.h"

#include <errno.h>
#include <link.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/mman.h>

void *__libc_malloc(size_t n);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t n);
void *__libc_memalign(size_t align, size_t n);
void *__libc_valloc(size_t n);
void *__libc_pvalloc(size_t n);
void __libc_free(void *p);

/* DART's code: [code_lo, code_hi), empty until heapcount_setup. */
static _Atomic uintptr_t code_lo, code_hi;

static atomic_flag busy = ATOMIC_FLAG_INIT;
static size_t dart_bytes, all_bytes;

/* Open addressing, linear probing, keys are block addresses (0: empty). */
typedef struct {
  uintptr_t key;
  size_t size;
} slot_t;
static slot_t *tab;
static size_t cap, used; /* cap: a power of two */

static void lock(void) {
  while (atomic_flag_test_and_set_explicit(&busy, memory_order_acquire)) __builtin_ia32_pause();
}

static void unlock(void) { atomic_flag_clear_explicit(&busy, memory_order_release); }

static size_t home(uintptr_t key) { return (size_t)((key >> 4) * 0x9E3779B97F4A7C15ull) & (cap - 1); }

static void insert(uintptr_t key, size_t size) {
  size_t i = home(key);
  while (tab[i].key) i = (i + 1) & (cap - 1);
  tab[i].key = key;
  tab[i].size = size;
  used++;
}

/* Doubles the table (or makes the first); 0, or -1 when mmap fails. */
static int grow(void) {
  size_t ncap = cap ? 2 * cap : 1u << 14;
  slot_t *ntab = mmap(NULL, ncap * sizeof *ntab, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (ntab == MAP_FAILED) return -1;
  slot_t *old = tab;
  size_t ocap = cap;
  tab = ntab;
  cap = ncap;
  used = 0;
  for (size_t i = 0; i < ocap; i++)
    if (old[i].key) insert(old[i].key, old[i].size);
  if (old) munmap(old, ocap * sizeof *old);
  return 0;
}

static void put(uintptr_t key, size_t size) {
  if (2 * (used + 1) > cap && grow() != 0) return; /* not counted: better than a crash */
  insert(key, size);
  dart_bytes += size;
}

/* Removes key if counted (backward-shift deletion: no tombstones). */
static void take(uintptr_t key) {
  if (!cap) return;
  size_t i = home(key);
  while (tab[i].key != key) {
    if (!tab[i].key) return;
    i = (i + 1) & (cap - 1);
  }
  dart_bytes -= tab[i].size;
  used--;
  for (size_t j = (i + 1) & (cap - 1); tab[j].key; j = (j + 1) & (cap - 1)) {
    size_t h = home(tab[j].key);
    /* tab[j] may move to the hole at i when its home is not in (i, j]. */
    if (((j - h) & (cap - 1)) >= ((j - i) & (cap - 1))) {
      tab[i] = tab[j];
      i = j;
    }
  }
  tab[i].key = 0;
}

static int from_dart(const void *ret) {
  uintptr_t a = (uintptr_t)ret;
  return a >= atomic_load_explicit(&code_lo, memory_order_relaxed) &&
         a < atomic_load_explicit(&code_hi, memory_order_relaxed);
}

static void *noted(void *p, size_t n, const void *ret) {
  if (!p) return p;
  lock();
  all_bytes += malloc_usable_size(p);
  if (from_dart(ret)) put((uintptr_t)p, n);
  unlock();
  return p;
}

/* Before the block goes back: another thread may get it at once. */
static void forget(void *p) {
  lock();
  all_bytes -= malloc_usable_size(p);
  take((uintptr_t)p);
  unlock();
}

void *malloc(size_t n) { return noted(__libc_malloc(n), n, __builtin_return_address(0)); }

void *calloc(size_t n, size_t size) {
  return noted(__libc_calloc(n, size), n * size, __builtin_return_address(0));
}

void free(void *p) {
  if (!p) return;
  forget(p);
  __libc_free(p);
}

static void *resize(void *p, size_t n, const void *ret) {
  if (!p) return noted(__libc_malloc(n), n, ret);
  if (n == 0) { /* glibc frees the block and returns NULL */
    free(p);
    return NULL;
  }
  lock();
  size_t was_all = malloc_usable_size(p), was_dart = dart_bytes;
  take((uintptr_t)p);
  size_t was = was_dart - dart_bytes; /* 0 when it was not DART's */
  all_bytes -= was_all;
  unlock();
  void *q = __libc_realloc(p, n);
  if (!q) { /* p is unchanged: counted again as it was */
    lock();
    all_bytes += was_all;
    if (was) put((uintptr_t)p, was);
    unlock();
    return NULL;
  }
  return noted(q, n, ret);
}

void *realloc(void *p, size_t n) { return resize(p, n, __builtin_return_address(0)); }

void *reallocarray(void *p, size_t n, size_t size) {
  size_t bytes;
  if (__builtin_mul_overflow(n, size, &bytes)) {
    errno = ENOMEM;
    return NULL;
  }
  return resize(p, bytes, __builtin_return_address(0));
}

void *memalign(size_t align, size_t n) {
  return noted(__libc_memalign(align, n), n, __builtin_return_address(0));
}

void *aligned_alloc(size_t align, size_t n) {
  return noted(__libc_memalign(align, n), n, __builtin_return_address(0));
}

int posix_memalign(void **out, size_t align, size_t n) {
  if (align % sizeof(void *) || (align & (align - 1)) || !align) return EINVAL;
  void *p = noted(__libc_memalign(align, n), n, __builtin_return_address(0));
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}

void *valloc(size_t n) { return noted(__libc_valloc(n), n, __builtin_return_address(0)); }

void *pvalloc(size_t n) { return noted(__libc_pvalloc(n), n, __builtin_return_address(0)); }

typedef struct {
  uintptr_t addr, lo, hi;
} find_t;

/* The executable segment of the object that holds f->addr. */
static int find_code(struct dl_phdr_info *info, size_t size, void *arg) {
  (void)size;
  find_t *f = arg;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X)) continue;
    uintptr_t lo = info->dlpi_addr + ph->p_vaddr, hi = lo + ph->p_memsz;
    if (f->addr >= lo && f->addr < hi) {
      f->lo = lo;
      f->hi = hi;
      return 1;
    }
  }
  return 0;
}

int heapcount_setup(const void *dart_code) {
  find_t f = {(uintptr_t)dart_code, 0, 0};
  if (!dl_iterate_phdr(find_code, &f)) return -1;
  atomic_store(&code_lo, f.lo);
  atomic_store(&code_hi, f.hi);
  return 0;
}

size_t heapcount_dart(void) {
  lock();
  size_t n = dart_bytes;
  unlock();
  return n;
}

size_t heapcount_all(void) {
  lock();
  size_t n = all_bytes;
  unlock();
  return n;
}
