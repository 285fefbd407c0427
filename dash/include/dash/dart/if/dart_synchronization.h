#ifndef DASH_DART_IF_DART_SYNCHRONIZATION_H
#define DASH_DART_IF_DART_SYNCHRONIZATION_H

// Barriers and team locks in DASH's form (DASH's header name):
// <dart/sync.h> (dart_barrier, dart_team_lock_init/destroy,
// dart_lock_acquire/try_acquire/release) plus DASH's form of
// dart_lock_initialized.

#include <dart/sync.h>
#include <dash/dart/if/dart_types.h>
#include <dash/dart/if/dart_util.h>

/// DASH's form: true if `lock` is a live lock of the calling unit.
inline bool dart_lock_initialized(struct dart_lock_struct const *lock) {
  int32_t initialized = 0;
  return lock && dart_lock_initialized(const_cast<dart_lock_t>(lock), &initialized) == DART_OK &&
         initialized != 0;
}

#endif  // DASH_DART_IF_DART_SYNCHRONIZATION_H
