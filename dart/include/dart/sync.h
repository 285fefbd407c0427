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

/** Blocks until all units of team have called it. Collective over team. */
dart_ret_t dart_barrier(dart_team_t team);

/**
 * A lock shared by the units of one team: an MCS queue lock (FIFO hand-off,
 * a waiting unit spins only on local memory). The tails of different locks
 * are spread over the team's units.
 */
typedef struct dart_lock_struct *dart_lock_t;
#define DART_LOCK_NULL ((dart_lock_t)NULL)

/** Creates a lock on team. Collective over team. */
dart_ret_t dart_team_lock_init(dart_team_t team, dart_lock_t *lock);

/**
 * Destroys *lock and sets it to DART_LOCK_NULL. Collective over the lock's
 * team. DART_ERR_BUSY if the calling unit holds or waits for it.
 */
dart_ret_t dart_team_lock_destroy(dart_lock_t *lock);

/** Blocks until the calling unit holds lock. DART_ERR_INVAL if it already does. */
dart_ret_t dart_lock_acquire(dart_lock_t lock);

/** Takes lock if it is free: *acquired = 1, else 0. Never blocks. */
dart_ret_t dart_lock_try_acquire(dart_lock_t lock, int32_t *acquired);

/** Releases lock, handing it to the next waiting unit. DART_ERR_INVAL if not held. */
dart_ret_t dart_lock_release(dart_lock_t lock);

/** Sets *initialized to 1 if lock is a live lock of this unit. */
dart_ret_t dart_lock_initialized(dart_lock_t lock, int32_t *initialized);

#ifdef __cplusplus
}
#endif

#endif /* DART_SYNC_H */
