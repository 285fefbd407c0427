/* The header's inline same-node path: each thread's record of the last
 * same-node target it checked (dart__fast, dart/detail/fast_path.h), and its
 * invalidation when segments are freed (internal). */
#ifndef DART_SRC_FAST_H
#define DART_SRC_FAST_H

#include <string.h>
#include "stats.h"

/* Whether this thread's record is on the list of records (below); joins
 * it, 0 when out of memory (the record then stays unset: calls take the
 * library path, correct, only slower). */
extern __thread int dart__fast_joined;
int dart__fast_join(void);

/* Records a checked same-node target for the calling thread: `base` is the
 * address of offset 0 of the unit's part, `size` its bytes. `quiet`: the
 * segment has no MPI window, so nothing can be pending on it (sets `key`,
 * at DART_THREAD_SINGLE only). */
static inline void dart__fast_remember(dart_gptr_t gptr, char *base, uint64_t size, int quiet) {
  if (dart__stats_on) return; /* every call through the library, where it is counted (stats.h) */
  if (!dart__fast_joined && !dart__fast_join()) return;
  uint64_t k;
  memcpy(&k, &gptr, sizeof k);
  dart__fast.base = base;
  dart__fast.size = size;
  if (!dart__state.threads) dart__fast.key = quiet ? k : DART__NO_KEY; /* see fast.c: forget */
  __atomic_store_n(&dart__fast.key_addr, k, __ATOMIC_RELAXED);
}

/* Forgets every thread's record: a segment is being freed, and a record
 * may name it (its id may come round again). Called by the freeing thread;
 * other threads may be in transfers to other segments at the same time. */
void dart__fast_forget_all(void);

/* dart_init: prepares the list (a pthread key whose destructor takes a
 * thread off at its exit). */
dart_ret_t dart__fast_init(void);

#endif
