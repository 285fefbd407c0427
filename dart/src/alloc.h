/* The offset allocator of memory pools (internal). */
#ifndef DART_SRC_ALLOC_H
#define DART_SRC_ALLOC_H

#include <stddef.h>
#include <stdint.h>

#define DART_ALLOC_ALIGN 64 /* cache line: allocations never share one */

/* First-fit offset allocator with coalescing. Deterministic: members that
 * run the same sequence of calls get the same offsets (symmetric memory). */
typedef struct {
  uint64_t off, len;
} dart_range_t;

typedef struct {
  size_t capacity;
  dart_range_t *free; /* sorted by offset, coalesced */
  size_t nfree, free_cap;
  dart_range_t *used; /* sorted by offset */
  size_t nused, used_cap;
} dart_alloc_t;

void dart__alloc_init(dart_alloc_t *a, size_t capacity);
void dart__alloc_fini(dart_alloc_t *a);
/* Returns 0 and sets *off, or -1 if no free range fits. */
int dart__alloc_get(dart_alloc_t *a, size_t nbytes, uint64_t *off);
/* Frees the allocation starting at off; -1 if there is none. */
int dart__alloc_put(dart_alloc_t *a, uint64_t off);
/* Size of the allocation starting at off, or 0 if none. */
size_t dart__alloc_size(const dart_alloc_t *a, uint64_t off);
/* 1 if [off, off + span) lies inside one live allocation. */
int dart__alloc_covers(const dart_alloc_t *a, uint64_t off, size_t span);

#endif
