/**
 * @file dart/sync.h
 * Synchronization: team barrier and queue locks.
 */
#ifndef DART_SYNC_H
#define DART_SYNC_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Blocks until all units of team have called it. Collective over team.
 * With DART_CHECK=1, DART_ERR_INVAL on every unit if some unit of the team
 * called another collective at the same time (dart/communication.h).
 * Threads: per team.
 */
dart_ret_t dart_barrier(dart_team_t team);

/**
 * A lock shared by the units of one team: an MCS queue lock (FIFO hand-off,
 * a waiting unit polls only its own memory). Each lock costs every member
 * 64 bytes of team memory (allocated 64 locks at a time), whatever the team
 * size, and the tails of different locks are spread over the team's units.
 *
 * Threads. The lock excludes threads as well as units: it is held by one
 * thread of one unit. At DART_THREAD_MULTIPLE a thread that acquires a lock
 * another thread of its unit holds waits until that thread releases it (then
 * queues behind the units already waiting); dart_lock_try_acquire returns
 * *acquired = 0. The thread that acquired a lock releases it.
 */
typedef struct dart_lock_struct *dart_lock_t;
/** No lock (what dart_team_lock_destroy leaves behind). */
#define DART_LOCK_NULL ((dart_lock_t)NULL)

/** Creates a lock on team. Collective over team. Threads: per team. */
dart_ret_t dart_team_lock_init(dart_team_t team, dart_lock_t *lock);

/**
 * Destroys *lock and sets it to DART_LOCK_NULL. Collective over the lock's
 * team. DART_ERR_BUSY if a thread of the calling unit holds it: that unit
 * releases it and calls destroy again before its next collective on the
 * team. Threads: per team.
 */
dart_ret_t dart_team_lock_destroy(dart_lock_t *lock);

/**
 * Blocks until the calling thread holds lock. DART_ERR_INVAL if it already does (a lock is not
 * recursive). Threads: any.
 */
dart_ret_t dart_lock_acquire(dart_lock_t lock);

/** Takes lock if it is free: *acquired = 1, else 0. Never blocks. Threads: any. */
dart_ret_t dart_lock_try_acquire(dart_lock_t lock, int32_t *acquired);

/**
 * Releases lock, handing it to the next waiting thread or unit. DART_ERR_INVAL if the calling thread
 * does not hold it. Threads: any.
 */
dart_ret_t dart_lock_release(dart_lock_t lock);

/** Sets *initialized to 1 if lock is a live lock of this unit. Threads: any. */
dart_ret_t dart_lock_initialized(dart_lock_t lock, int32_t *initialized);

#ifdef __cplusplus
}
#endif

#endif /* DART_SYNC_H */
