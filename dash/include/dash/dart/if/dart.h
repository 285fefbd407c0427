#ifndef DASH_DART_IF_DART_H
#define DASH_DART_IF_DART_H

// DART as DASH programs call it (DASH's header name for its DART
// interface): our C API (<dart/dart.h>) plus, for C++, inline overloads in
// the form DASH's DART has where ours differs, one header per part as in
// DASH: dart_types.h (typed unit ids, constants, locality types),
// dart_initialization.h, dart_team_group.h, dart_globmem.h (sizes in
// elements, allocators), dart_communication.h (send/recv on global units),
// dart_synchronization.h, dart_locality.h, dart_config.h, dart_io.h. They
// sit beside the C functions of the same names (overloaded by their
// arguments), so C programs and our own calls are unchanged.

#include <dart/dart.h>
#include <dash/dart/if/dart_communication.h>
#include <dash/dart/if/dart_config.h>
#include <dash/dart/if/dart_globmem.h>
#include <dash/dart/if/dart_initialization.h>
#include <dash/dart/if/dart_locality.h>
#include <dash/dart/if/dart_synchronization.h>
#include <dash/dart/if/dart_team_group.h>
#include <dash/dart/if/dart_types.h>
#include <dash/dart/if/dart_util.h>

#define DART_VERSION_STR "3.2.0"
#define DART_BUILD_STR (__DATE__ " " __TIME__)

/// DASH's form: the calling unit's id in DART_TEAM_ALL.
inline dart_ret_t dart_myid(dart_global_unit_t *myid) {
  if (!myid) return DART_ERR_INVAL;
  return dart_myid(&myid->id);
}

/// DASH's form: the calling unit's id in `team`.
inline dart_ret_t dart_team_myid(dart_team_t team, dart_team_unit_t *myid) {
  if (!myid) return DART_ERR_INVAL;
  return dart_team_myid(team, &myid->id);
}

#endif  // DASH_DART_IF_DART_H
