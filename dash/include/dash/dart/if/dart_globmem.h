#ifndef DASH_DART_IF_DART_GLOBMEM_H
#define DASH_DART_IF_DART_GLOBMEM_H

// Global pointers and global memory in DASH's form (DASH's header name):
// <dart/globmem.h> plus, for C++, the calls whose form differs: sizes in
// elements of a DART type, team-relative units, DASH's allocator calls,
// and comparison and printing of dart_gptr_t:
//
//   dart_team_memalloc_aligned(team, nelem, dtype, &gptr);  // ours: nbytes
//   dart_memalloc(nelem, dtype, &gptr);
//   dart_gptr_setunit(&gptr, dart_team_unit_t{2});          // team-relative
//   gptr.addr_or_offs.offset += 8;                          // = gptr.offset
//   dart_allocator_alloc(nelem, dtype, &gptr, allocator);
//
// In DASH, gptr.unitid is relative to the segment's team; in DART it is the
// global id (the same for DART_TEAM_ALL). The C functions keep DART's
// meaning; the typed dart_team_unit_t overloads here take DASH's.

#include <cstddef>
#include <ostream>

#include <dart/globmem.h>
#include <dash/dart/if/dart_team_group.h>
#include <dash/dart/if/dart_types.h>
#include <dash/dart/if/dart_util.h>

#define DART_GPTR_ISNULL(gptr_) ((gptr_) == DART_GPTR_NULL)
#define DART_GPTR_EQUAL(gptr1_, gptr2_) ((gptr1_) == (gptr2_))
#define DART_SEGMENT_LOCAL ((int16_t)0)

/// Global pointers are equal if all their fields are.
inline bool operator==(const dart_gptr_t &a, const dart_gptr_t &b) {
  return a.unitid == b.unitid && a.segid == b.segid && a.flags == b.flags && a.offset == b.offset;
}
inline bool operator!=(const dart_gptr_t &a, const dart_gptr_t &b) { return !(a == b); }
inline std::ostream &operator<<(std::ostream &os, const dart_gptr_t &g) {
  return os << "dart_gptr_t(unit:" << g.unitid << " segid:" << g.segid << " flags:" << g.flags
            << " offset:" << g.offset << ")";
}

namespace dash::detail {
// Bytes of nelem elements of dtype, or a status.
inline dart_ret_t dart_bytes(std::size_t nelem, dart_datatype_t dtype, std::size_t *bytes) {
  std::size_t size = 0;
  dart_ret_t status = dart_type_size(dtype, &size);
  if (status != DART_OK) return status;
  if (size && nelem > SIZE_MAX / size) return DART_ERR_INVAL;
  *bytes = nelem * size;
  return DART_OK;
}
}  // namespace dash::detail

/// DASH's form: `nelem` elements of `dtype` per unit of `team` (collective).
inline dart_ret_t dart_team_memalloc_aligned(dart_team_t team, size_t nelem, dart_datatype_t dtype,
                                             dart_gptr_t *gptr) {
  size_t bytes = 0;
  dart_ret_t status = dash::detail::dart_bytes(nelem, dtype, &bytes);
  return status != DART_OK ? status : dart_team_memalloc_aligned(team, bytes, gptr);
}

/// DASH's form: `nelem` elements of `dtype` in the calling unit's memory.
inline dart_ret_t dart_memalloc(size_t nelem, dart_datatype_t dtype, dart_gptr_t *gptr) {
  size_t bytes = 0;
  dart_ret_t status = dash::detail::dart_bytes(nelem, dtype, &bytes);
  return status != DART_OK ? status : dart_memalloc(bytes, gptr);
}

/// DASH's form: exposes `nelem` elements of `dtype` at `addr` (per unit,
/// sizes may differ) to the team (collective).
inline dart_ret_t dart_team_memregister(dart_team_t team, size_t nelem, dart_datatype_t dtype, void *addr,
                                        dart_gptr_t *gptr) {
  size_t bytes = 0;
  dart_ret_t status = dash::detail::dart_bytes(nelem, dtype, &bytes);
  return status != DART_OK ? status : dart_team_memregister(team, bytes, addr, gptr);
}

/// DASH's form: as dart_team_memregister, with the same size on every unit.
inline dart_ret_t dart_team_memregister_aligned(dart_team_t team, size_t nelem, dart_datatype_t dtype,
                                                void *addr, dart_gptr_t *gptr) {
  return dart_team_memregister(team, nelem, dtype, addr, gptr);
}

/// DASH's form: points *gptr to the same offset in the part of unit `unit`
/// relative to the segment's team.
inline dart_ret_t dart_gptr_setunit(dart_gptr_t *gptr, dart_team_unit_t unit) {
  if (!gptr) return DART_ERR_INVAL;
  dart_team_t team = DART_TEAM_NULL;
  size_t ignored = 0;
  dart_unit_t global = DART_UNDEFINED_UNIT_ID;
  dart_ret_t status = dart_gptr_segment_info(*gptr, &team, &ignored);
  if (status == DART_OK) status = dart_team_unit_l2g(team, unit.id, &global);
  return status != DART_OK ? status : dart_gptr_setunit(gptr, global);
}

/// DASH's flags of a global pointer (DART's `flags` field).
inline dart_ret_t dart_gptr_getflags(dart_gptr_t gptr, uint16_t *flags) {
  if (!flags) return DART_ERR_INVAL;
  *flags = gptr.flags;
  return DART_OK;
}
inline dart_ret_t dart_gptr_setflags(dart_gptr_t *gptr, uint16_t flags) {
  if (!gptr) return DART_ERR_INVAL;
  gptr->flags = flags;
  return DART_OK;
}

/// DASH's form: `nelem` elements of `dtype` from the calling unit's pool.
inline dart_ret_t dart_allocator_alloc(size_t nelem, dart_datatype_t dtype, dart_gptr_t *gptr,
                                       dart_allocator_t allocator) {
  size_t bytes = 0;
  dart_ret_t status = dash::detail::dart_bytes(nelem, dtype, &bytes);
  if (status != DART_OK) {
    if (gptr) *gptr = DART_GPTR_NULL;
    return status;
  }
  return dart_allocator_alloc(allocator, bytes, gptr);
}

/// DASH's argument order.
inline dart_ret_t dart_allocator_free(dart_gptr_t *gptr, dart_allocator_t allocator) {
  return dart_allocator_free(allocator, gptr);
}

#endif  // DASH_DART_IF_DART_GLOBMEM_H
