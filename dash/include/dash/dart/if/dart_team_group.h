#ifndef DASH_DART_IF_DART_TEAM_GROUP_H
#define DASH_DART_IF_DART_TEAM_GROUP_H

// Groups and teams in DASH's form (DASH's header name): <dart/team.h>
// plus, for C++, the calls whose form differs (typed unit ids, the team
// clone); the locality split of a group, dart_group_locality_split, is
// DART's (<dart/domain.h>):
//
//   dart_global_unit_t members[n]; dart_group_getmembers(g, members);
//   dart_team_unit_t rel; dart_team_unit_g2l(team, dart_global_unit_t{3}, &rel);
//   dart_team_t copy; dart_team_clone(team, &copy);

#include <cstddef>

#include <dart/team.h>
#include <dash/dart/if/dart_types.h>
#include <dash/dart/if/dart_util.h>

#define DART_GROUP_NULL ((struct dart_group_struct *)NULL)
#define DART_UNDEFINED_TEAM_ID DART_TEAM_NULL

/// DASH's form: the members as typed global ids (ascending).
inline dart_ret_t dart_group_getmembers(const dart_group_t g, dart_global_unit_t *units) {
  static_assert(sizeof(dart_global_unit_t) == sizeof(dart_unit_t), "a typed id is one dart_unit_t");
  return dart_group_getmembers(g, reinterpret_cast<dart_unit_t *>(units));
}

/// DASH's form: the global id of team-relative unit `local`.
inline dart_ret_t dart_team_unit_l2g(dart_team_t team, dart_team_unit_t local, dart_global_unit_t *global) {
  if (!global) return DART_ERR_INVAL;
  return dart_team_unit_l2g(team, local.id, &global->id);
}

/// DASH's form: the team-relative id of global unit `global`.
inline dart_ret_t dart_team_unit_g2l(dart_team_t team, dart_global_unit_t global, dart_team_unit_t *local) {
  if (!local) return DART_ERR_INVAL;
  return dart_team_unit_g2l(team, global.id, &local->id);
}

/// DASH's form: a new team of the same units as `team` (a child of it).
/// Collective over the team.
inline dart_ret_t dart_team_clone(dart_team_t team, dart_team_t *newteam) {
  dart_group_t group = nullptr;
  dart_ret_t status = dart_team_get_group(team, &group);
  if (status != DART_OK) return status;
  status = dart_team_create(team, group, newteam);
  dart_group_destroy(&group);
  return status;
}

#endif  // DASH_DART_IF_DART_TEAM_GROUP_H
