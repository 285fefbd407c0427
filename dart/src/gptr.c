/* Global pointer helpers. */
#include "segment.h"

dart_ret_t dart_gptr_getunit(dart_gptr_t gptr, dart_unit_t *unit) {
  if (!unit) return dart__error(DART_ERR_INVAL, "dart_gptr_getunit: unit is NULL");
  *unit = gptr.unitid;
  return DART_OK;
}

dart_ret_t dart_gptr_setunit(dart_gptr_t *gptr, dart_unit_t unit) {
  DART_CHECK_INIT("dart_gptr_setunit");
  if (!gptr) return dart__error(DART_ERR_INVAL, "dart_gptr_setunit: gptr is NULL");
  dart_segment_t *s = __atomic_load_n(&dart__segs[(uint16_t)gptr->segid], __ATOMIC_ACQUIRE);
  if (!s || s->handle != dart__gptr_handle(*gptr))
    return dart__error(DART_ERR_INVAL, "dart_gptr_setunit: not a valid global pointer");
  const dart_team_data_t *t = s->team;
  if (unit < 0 || unit >= dart__state.size || dart__team_rel(t, unit) < 0)
    return dart__error(DART_ERR_INVAL, "dart_gptr_setunit: unit %d is not in the segment's team", (int)unit);
  gptr->unitid = unit;
  return DART_OK;
}

dart_ret_t dart_gptr_incaddr(dart_gptr_t *gptr, int64_t nbytes) {
  if (!gptr) return dart__error(DART_ERR_INVAL, "dart_gptr_incaddr: gptr is NULL");
  if (nbytes < 0 && (uint64_t)(-nbytes) > gptr->offset)
    return dart__error(DART_ERR_INVAL, "dart_gptr_incaddr: offset would become negative");
  gptr->offset += (uint64_t)nbytes;
  return DART_OK;
}

dart_ret_t dart_gptr_equal(dart_gptr_t a, dart_gptr_t b, int *equal) {
  if (!equal) return dart__error(DART_ERR_INVAL, "dart_gptr_equal: equal is NULL");
  *equal = a.unitid == b.unitid && a.segid == b.segid && a.flags == b.flags && a.offset == b.offset;
  return DART_OK;
}

dart_ret_t dart_gptr_isnull(dart_gptr_t gptr, int *isnull) {
  if (!isnull) return dart__error(DART_ERR_INVAL, "dart_gptr_isnull: isnull is NULL");
  *isnull = !gptr.unitid && !gptr.segid && !gptr.flags && !gptr.offset;
  return DART_OK;
}

dart_ret_t dart_gptr_getaddr(dart_gptr_t gptr, void **addr) {
  DART_CHECK_INIT("dart_gptr_getaddr");
  if (!addr) return dart__error(DART_ERR_INVAL, "dart_gptr_getaddr: addr is NULL");
  dart_target_t t;
  dart_ret_t r = dart__resolve(gptr, 0, "dart_gptr_getaddr", &t);
  if (r != DART_OK) return r;
  if (!t.addr)
    return dart__error(DART_ERR_INVAL, "dart_gptr_getaddr: unit %d is not on the caller's node",
                       (int)gptr.unitid);
  *addr = t.addr;
  return DART_OK;
}

dart_ret_t dart_gptr_setaddr(dart_gptr_t *gptr, void *addr) {
  DART_CHECK_INIT("dart_gptr_setaddr");
  if (!gptr) return dart__error(DART_ERR_INVAL, "dart_gptr_setaddr: gptr is NULL");
  dart_gptr_t mine = *gptr;
  mine.unitid = dart__state.myid;
  mine.offset = 0;
  dart_target_t t;
  dart_ret_t r = dart__resolve(mine, 0, "dart_gptr_setaddr", &t);
  if (r != DART_OK) return r;
  size_t size = dart__segment_size(t.seg, t.rank);
  if (!t.addr || (char *)addr < t.addr || (char *)addr > t.addr + size)
    return dart__error(DART_ERR_INVAL,
                       "dart_gptr_setaddr: address is not in the caller's part of the segment");
  *gptr = mine;
  gptr->offset = (uint64_t)((char *)addr - t.addr);
  return DART_OK;
}

dart_ret_t dart_gptr_segment_info(dart_gptr_t gptr, dart_team_t *team, size_t *nbytes) {
  DART_CHECK_INIT("dart_gptr_segment_info");
  dart_target_t t;
  gptr.offset = 0;
  dart_ret_t r = dart__resolve(gptr, 0, "dart_gptr_segment_info", &t);
  if (r != DART_OK) return r;
  if (team) *team = t.team->id;
  if (nbytes) *nbytes = dart__segment_size(t.seg, t.rank);
  return DART_OK;
}
