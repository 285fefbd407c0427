/* Allocators: a collective segment per allocator, from whose calling-unit
 * part each unit allocates locally (first fit over sorted free ranges). */
#include <stdlib.h>
#include <string.h>
#include "state.h"

#define ALLOC_ALIGN ((size_t)16)

typedef struct {
  size_t off, len;
} range_t;

struct dart_allocator_struct {
  dart_gptr_t segment; /* the calling unit's part, offset 0 */
  size_t size;
  range_t *free_ranges, *used; /* free: sorted by offset, merged; used: any order */
  size_t nfree, nused, cap_free, cap_used;
  pthread_mutex_t mutex;
};

static int grow(range_t **v, size_t *cap, size_t n) {
  if (n < *cap) return 1;
  size_t c = *cap ? 2 * *cap : 16;
  range_t *nv = realloc(*v, c * sizeof *nv);
  if (!nv) return 0;
  *v = nv;
  *cap = c;
  return 1;
}

dart_ret_t dart_allocator_new(size_t pool_bytes, dart_team_t team, dart_allocator_t *allocator) {
  static const char fn[] = "dart_allocator_new";
  DART_CHECK_INIT(fn);
  if (!allocator) return dart__error(DART_ERR_INVAL, "%s: allocator is NULL", fn);
  struct dart_allocator_struct *a = calloc(1, sizeof *a);
  if (!a) return dart__error(DART_ERR_NOMEM, "%s: out of memory", fn);
  dart_unit_t me, rel;
  dart_ret_t r = dart_team_memalloc_aligned(team, pool_bytes, &a->segment);
  if (r == DART_OK && (r = dart_myid(&me)) == DART_OK && (r = dart_team_unit_g2l(team, me, &rel)) == DART_OK)
    r = dart_gptr_setunit(&a->segment, me);
  if (r != DART_OK) {
    free(a);
    return r;
  }
  a->size = pool_bytes;
  if (pool_bytes) {
    if (!grow(&a->free_ranges, &a->cap_free, 0)) {
      dart_team_memfree(a->segment);
      free(a);
      return dart__error(DART_ERR_NOMEM, "%s: out of memory", fn);
    }
    a->free_ranges[0] = (range_t){0, pool_bytes};
    a->nfree = 1;
  }
  pthread_mutex_init(&a->mutex, NULL);
  *allocator = a;
  return DART_OK;
}

dart_ret_t dart_allocator_alloc(dart_allocator_t a, size_t nbytes, dart_gptr_t *gptr) {
  static const char fn[] = "dart_allocator_alloc";
  DART_CHECK_INIT(fn);
  if (!a || !gptr || nbytes == 0)
    return dart__error(DART_ERR_INVAL, "%s: allocator or gptr NULL, or 0 bytes", fn);
  *gptr = DART_GPTR_NULL;
  size_t len = (nbytes + ALLOC_ALIGN - 1) & ~(ALLOC_ALIGN - 1);
  if (len < nbytes) return dart__error(DART_ERR_NOMEM, "%s: %zu bytes is too many", fn, nbytes);
  dart__lock(&a->mutex);
  size_t i = 0;
  while (i < a->nfree && a->free_ranges[i].len < len) i++;
  if (i == a->nfree || !grow(&a->used, &a->cap_used, a->nused)) {
    dart__unlock(&a->mutex);
    return dart__error(DART_ERR_NOMEM, "%s: no free range of %zu bytes in the pool of %zu", fn, len, a->size);
  }
  range_t got = {a->free_ranges[i].off, len};
  a->free_ranges[i].off += len;
  a->free_ranges[i].len -= len;
  if (a->free_ranges[i].len == 0) {
    memmove(&a->free_ranges[i], &a->free_ranges[i + 1], (a->nfree - i - 1) * sizeof *a->free_ranges);
    a->nfree--;
  }
  a->used[a->nused++] = got;
  dart__unlock(&a->mutex);
  *gptr = a->segment;
  gptr->offset += got.off;
  return DART_OK;
}

dart_ret_t dart_allocator_free(dart_allocator_t a, dart_gptr_t *gptr) {
  static const char fn[] = "dart_allocator_free";
  DART_CHECK_INIT(fn);
  if (!a || !gptr) return dart__error(DART_ERR_INVAL, "%s: allocator or gptr is NULL", fn);
  dart_gptr_t g = *gptr;
  if (g.unitid != a->segment.unitid || g.segid != a->segment.segid || g.flags != a->segment.flags ||
      g.offset < a->segment.offset)
    return dart__error(DART_ERR_INVAL, "%s: not memory of this allocator on the calling unit", fn);
  size_t off = g.offset - a->segment.offset;
  dart__lock(&a->mutex);
  size_t u = 0;
  while (u < a->nused && a->used[u].off != off) u++;
  if (u == a->nused || !grow(&a->free_ranges, &a->cap_free, a->nfree)) {
    dart__unlock(&a->mutex);
    return dart__error(DART_ERR_INVAL, "%s: offset %zu is not an allocation of this allocator", fn, off);
  }
  range_t r = a->used[u];
  a->used[u] = a->used[--a->nused];
  size_t i = 0;
  while (i < a->nfree && a->free_ranges[i].off < r.off) i++;
  memmove(&a->free_ranges[i + 1], &a->free_ranges[i], (a->nfree - i) * sizeof *a->free_ranges);
  a->free_ranges[i] = r;
  a->nfree++;
  /* merge with the next and the previous range */
  if (i + 1 < a->nfree && a->free_ranges[i].off + a->free_ranges[i].len == a->free_ranges[i + 1].off) {
    a->free_ranges[i].len += a->free_ranges[i + 1].len;
    memmove(&a->free_ranges[i + 1], &a->free_ranges[i + 2], (a->nfree - i - 2) * sizeof *a->free_ranges);
    a->nfree--;
  }
  if (i > 0 && a->free_ranges[i - 1].off + a->free_ranges[i - 1].len == a->free_ranges[i].off) {
    a->free_ranges[i - 1].len += a->free_ranges[i].len;
    memmove(&a->free_ranges[i], &a->free_ranges[i + 1], (a->nfree - i - 1) * sizeof *a->free_ranges);
    a->nfree--;
  }
  dart__unlock(&a->mutex);
  *gptr = DART_GPTR_NULL;
  return DART_OK;
}

dart_ret_t dart_allocator_destroy(dart_allocator_t *allocator) {
  static const char fn[] = "dart_allocator_destroy";
  DART_CHECK_INIT(fn);
  if (!allocator || !*allocator) return dart__error(DART_ERR_INVAL, "%s: allocator is NULL", fn);
  struct dart_allocator_struct *a = *allocator;
  dart_ret_t r = dart_team_memfree(a->segment);
  if (r != DART_OK) return r;
  pthread_mutex_destroy(&a->mutex);
  free(a->free_ranges);
  free(a->used);
  free(a);
  *allocator = NULL;
  return DART_OK;
}
