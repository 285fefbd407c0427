/* DART_TIMEOUT=S: a unit whose blocking communication has waited S seconds
 * says so and leaves (watchdog.c). Every wait that may never end when a
 * unit or the network to its host is gone -- the collectives (DART_COLL),
 * dart__wait's callers, receives and MPI_Finalize -- runs inside
 * DART_WATCH: two relaxed stores around it, read by the watchdog thread.
 * The fast paths' blocking flushes (put, get, atomics, handles, dart_flush)
 * are not watched: the stores cost them 6 instructions of 76-92 (callgrind,
 * bench/run --only instructions) and blocked the inlining of the handles'
 * completion; a unit stuck in one ends with the job once another unit's
 * collective times out (dart/test/net_fault.c: unit 0 in its barrier). */
#ifndef DART_SRC_WATCHDOG_H
#define DART_SRC_WATCHDOG_H

#include "state.h"

/* The MPI call now waited in (NULL: none) and a count of watched waits so
 * far: the watchdog sees a wait that lasts when both stay the same. With
 * threads the last one to start wins: a wait can be missed, never invented. */
extern const char *dart__watch_call DART_HIDDEN;
extern unsigned long dart__watch_count DART_HIDDEN;

static inline void dart__watch_begin(const char *call) {
  __atomic_store_n(&dart__watch_count, __atomic_load_n(&dart__watch_count, __ATOMIC_RELAXED) + 1,
                   __ATOMIC_RELAXED);
  __atomic_store_n(&dart__watch_call, call, __ATOMIC_RELEASE);
}

static inline int dart__watch_end(int ret) {
  __atomic_store_n(&dart__watch_call, (const char *)NULL, __ATOMIC_RELAXED);
  return ret;
}

/* The value of the MPI call expression EXPR, waited in under the name CALL. */
#define DART_WATCH(call, expr) (dart__watch_begin(call), dart__watch_end(expr))

/* Starts the watchdog thread when DART_TIMEOUT is set (a setup.c module). */
dart_ret_t dart__watchdog_init(MPI_Comm world);

/* Stops it: dart_exit, once its MPI_Finalize has returned. */
void dart__watchdog_stop(void);

/* dart_exit when the program finalizes MPI itself: the thread keeps
 * watching, and MPI_Finalize marks its wait when it starts. */
void dart__watchdog_exit(void);

#endif
