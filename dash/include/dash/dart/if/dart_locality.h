#ifndef DASH_DART_IF_DART_LOCALITY_H
#define DASH_DART_IF_DART_LOCALITY_H

// DASH's locality domain tree (DASH's header name): DART's C API of
// <dart/domain.h>, documented there, plus the C++ form of
// dart_unit_locality that takes DASH's typed team-relative id.

#include <dart/domain.h>
#include <dash/dart/if/dart_types.h>

/// dart_unit_locality with a typed team-relative id (DASH's form).
inline dart_ret_t dart_unit_locality(dart_team_t team, dart_team_unit_t unit, dart_unit_locality_t **loc) {
  return dart_unit_locality(team, unit.id, loc);
}

#endif  // DASH_DART_IF_DART_LOCALITY_H
