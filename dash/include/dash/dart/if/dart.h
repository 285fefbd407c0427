#ifndef DASH_DART_IF_DART_H
#define DASH_DART_IF_DART_H

// DART as DASH programs call it (DASH's header name for its DART
// interface): our C API (<dart/dart.h>) plus, for C++, overloads in the
// form DASH's DART has where ours differs:
//
//   dart_team_memalloc_aligned(team, nelem, dtype, &gptr);  // ours: nbytes
//   dart_memalloc(nelem, dtype, &gptr);
//   dart_global_unit_t me; dart_myid(&me);                  // typed unit ids
//   dart_team_unit_t tm; dart_team_myid(team, &tm);
//
// They are inline C++ functions beside the C functions of the same names
// (overloaded by their arguments), so C programs and our own calls are
// unchanged. Sizes count elements of `dtype` (a basic type or a layout).

#include <cstddef>

#include <dart/dart.h>
#include <dash/Types.h>

/// DASH's form: `nelem` elements of `dtype` per unit of `team` (collective).
inline dart_ret_t dart_team_memalloc_aligned(dart_team_t team, size_t nelem, dart_datatype_t dtype,
                                             dart_gptr_t *gptr) {
  size_t size = 0;
  dart_ret_t status = dart_type_size(dtype, &size);
  if (status != DART_OK) return status;
  return dart_team_memalloc_aligned(team, nelem * size, gptr);
}

/// DASH's form: `nelem` elements of `dtype` in the calling unit's memory.
inline dart_ret_t dart_memalloc(size_t nelem, dart_datatype_t dtype, dart_gptr_t *gptr) {
  size_t size = 0;
  dart_ret_t status = dart_type_size(dtype, &size);
  if (status != DART_OK) return status;
  return dart_memalloc(nelem * size, gptr);
}

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
