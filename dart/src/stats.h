/* DART_STATS=1: per-unit counts of the communication calls, printed as one
 * table at dart_exit (internal; docs/debugging.md).
 *
 * Cost with stats off: none on the fast paths. With stats on the library
 * sets no inline records (fast.h) and its common cases decline
 * (dart__lib_fast is 0), so every call takes the general path, where a
 * count is one predictable branch on a flag that stays in the cache line
 * of the code's other globals. */
#ifndef DART_SRC_STATS_H
#define DART_SRC_STATS_H

#include <stdint.h>
#include "state.h"

/* Which path a counted operation took. */
enum { DART_STATS_SHM, DART_STATS_MPI, DART_STATS_PATHS };

typedef struct {
  uint64_t puts[DART_STATS_PATHS], put_bytes[DART_STATS_PATHS];
  uint64_t gets[DART_STATS_PATHS], get_bytes[DART_STATS_PATHS];
  uint64_t atomics[DART_STATS_PATHS]; /* fetch-and-op, compare-and-swap, accumulate calls */
  uint64_t flushes[DART_STATS_PATHS]; /* flush calls and handle completions; MPI: a window to flush */
  uint64_t allocs, frees;             /* team and local allocations, registrations; their frees */
  uint64_t barriers;
} dart_stats_t;

extern int dart__stats_on DART_HIDDEN;
extern dart_stats_t dart__stats DART_HIDDEN;

/* Adds n to a counter when stats are on (relaxed: threads may count at
 * once). */
#define DART_STATS_ADD(field, n)                                               \
  do {                                                                         \
    if (__builtin_expect(dart__stats_on, 0))                                   \
      __atomic_fetch_add(&dart__stats.field, (uint64_t)(n), __ATOMIC_RELAXED); \
  } while (0)

/* Counts one transfer of n bytes on the shared-memory (shm != 0) or MPI path. */
#define DART_STATS_XFER(is_put, shm, n)                                              \
  do {                                                                               \
    if (__builtin_expect(dart__stats_on, 0)) dart__stats_xfer((is_put), (shm), (n)); \
  } while (0)
void dart__stats_xfer(int is_put, int shm, uint64_t bytes);

/* dart_init: resets the counts. dart_exit (collective, before the teams
 * are gone): unit 0 prints the table of every unit's counts to stderr. */
void dart__stats_init(int on);
void dart__stats_report(MPI_Comm world);

/* The calling unit's counts (tests). */
void dart__stats_get(dart_stats_t *out);

#endif
