/* First-fit offset allocator with coalescing. Ranges live in sorted arrays:
 * allocation scans the free list, free finds the allocation by binary
 * search. Deterministic, so members of a team computing the same sequence
 * of requests obtain the same offsets without communicating. */
#include <stdlib.h>
#include <string.h>
#include "alloc.h"

static int grow(dart_range_t **v, size_t *cap, size_t need) {
  if (need <= *cap) return 0;
  size_t c = *cap ? *cap * 2 : 16;
  while (c < need) c *= 2;
  dart_range_t *n = realloc(*v, c * sizeof *n);
  if (!n) return -1;
  *v = n;
  *cap = c;
  return 0;
}

/* Index of the first range with offset >= off. */
static size_t search(const dart_range_t *v, size_t n, uint64_t off) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (v[mid].off < off)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

void dart__alloc_init(dart_alloc_t *a, size_t capacity) {
  memset(a, 0, sizeof *a);
  a->capacity = capacity;
  if (capacity && grow(&a->free, &a->free_cap, 1) == 0) {
    a->free[0] = (dart_range_t){0, capacity};
    a->nfree = 1;
  }
}

void dart__alloc_fini(dart_alloc_t *a) {
  free(a->free);
  free(a->used);
  memset(a, 0, sizeof *a);
}

int dart__alloc_get(dart_alloc_t *a, size_t nbytes, uint64_t *off) {
  if (nbytes > SIZE_MAX - DART_ALLOC_ALIGN) return -1;
  uint64_t len = (nbytes + DART_ALLOC_ALIGN - 1) / DART_ALLOC_ALIGN * DART_ALLOC_ALIGN;
  if (len == 0) len = DART_ALLOC_ALIGN; /* distinct offsets for empty allocations */
  for (size_t i = 0; i < a->nfree; i++) {
    if (a->free[i].len < len) continue;
    if (grow(&a->used, &a->used_cap, a->nused + 1)) return -1;
    uint64_t o = a->free[i].off;
    if (a->free[i].len == len) {
      memmove(a->free + i, a->free + i + 1, (a->nfree - i - 1) * sizeof *a->free);
      a->nfree--;
    } else {
      a->free[i].off += len;
      a->free[i].len -= len;
    }
    size_t j = search(a->used, a->nused, o);
    memmove(a->used + j + 1, a->used + j, (a->nused - j) * sizeof *a->used);
    a->used[j] = (dart_range_t){o, len};
    a->nused++;
    *off = o;
    return 0;
  }
  return -1;
}

int dart__alloc_put(dart_alloc_t *a, uint64_t off) {
  size_t j = search(a->used, a->nused, off);
  if (j == a->nused || a->used[j].off != off) return -1;
  if (grow(&a->free, &a->free_cap, a->nfree + 1)) return -1;
  dart_range_t r = a->used[j];
  memmove(a->used + j, a->used + j + 1, (a->nused - j - 1) * sizeof *a->used);
  a->nused--;
  size_t i = search(a->free, a->nfree, r.off);
  int merge_prev = i > 0 && a->free[i - 1].off + a->free[i - 1].len == r.off;
  int merge_next = i < a->nfree && r.off + r.len == a->free[i].off;
  if (merge_prev && merge_next) {
    a->free[i - 1].len += r.len + a->free[i].len;
    memmove(a->free + i, a->free + i + 1, (a->nfree - i - 1) * sizeof *a->free);
    a->nfree--;
  } else if (merge_prev) {
    a->free[i - 1].len += r.len;
  } else if (merge_next) {
    a->free[i].off = r.off;
    a->free[i].len += r.len;
  } else {
    memmove(a->free + i + 1, a->free + i, (a->nfree - i) * sizeof *a->free);
    a->free[i] = r;
    a->nfree++;
  }
  return 0;
}

size_t dart__alloc_size(const dart_alloc_t *a, uint64_t off) {
  size_t j = search(a->used, a->nused, off);
  return j < a->nused && a->used[j].off == off ? a->used[j].len : 0;
}

int dart__alloc_covers(const dart_alloc_t *a, uint64_t off, size_t span) {
  size_t j = search(a->used, a->nused, off + 1); /* the first allocation past off */
  if (j == 0) return 0;
  const dart_range_t *r = &a->used[j - 1];
  return off - r->off < r->len && span <= r->len - (off - r->off);
}
