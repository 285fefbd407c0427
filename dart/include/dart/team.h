/**
 * @file dart/team.h
 * Groups (local, ordered sets of absolute unit ids) and teams (collective,
 * backed by an MPI communicator).
 */
#ifndef DART_TEAM_H
#define DART_TEAM_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * A group: an ordered set of absolute unit ids, always sorted ascending.
 * Groups are local objects: every call here is local to the calling unit.
 */
typedef struct dart_group_struct *dart_group_t;

/** Creates an empty group. Threads: any. */
dart_ret_t dart_group_create(dart_group_t *group);

/** Creates a copy of g. Threads: any. */
dart_ret_t dart_group_clone(const dart_group_t g, dart_group_t *gout);

/** Destroys *group and sets it to NULL. Threads: any. */
dart_ret_t dart_group_destroy(dart_group_t *group);

/** Adds a unit (no-op if present). DART_ERR_INVAL if unit is out of range. Threads: any. */
dart_ret_t dart_group_addmember(dart_group_t g, dart_unit_t unit);

/** Removes a unit. DART_ERR_NOTFOUND if it is not a member. Threads: any. */
dart_ret_t dart_group_delmember(dart_group_t g, dart_unit_t unit);

/** Creates *gout = g1 u g2 (sorted merge). Threads: any. */
dart_ret_t dart_group_union(const dart_group_t g1, const dart_group_t g2, dart_group_t *gout);

/** Creates *gout = g1 n g2. Threads: any. */
dart_ret_t dart_group_intersect(const dart_group_t g1, const dart_group_t g2, dart_group_t *gout);

/** Sets *ismember to 1 if unit is in g, else 0. Threads: any. */
dart_ret_t dart_group_ismember(const dart_group_t g, dart_unit_t unit, int *ismember);

/** Number of members. Threads: any. */
dart_ret_t dart_group_size(const dart_group_t g, size_t *size);

/** Copies the members, ascending, into units[0 .. size-1]. Threads: any. */
dart_ret_t dart_group_getmembers(const dart_group_t g, dart_unit_t *units);

/**
 * Splits g into n groups of consecutive members (sizes differ by at most
 * one; the first ones are larger). Creates gout[0 .. n-1]; if g has fewer
 * than n members the last ones are empty. *nout receives n. Threads: any.
 */
dart_ret_t dart_group_split(const dart_group_t g, size_t n, size_t *nout, dart_group_t *gout);

/**
 * Creates a team from the members of group. Collective over all units of
 * parent. Every unit of parent passes either the same group, or each unit a
 * group from a set of disjoint groups (one call then creates all of them, as
 * a split does). A unit in its group gets the new team id in *newteam; a
 * unit not in its group gets DART_TEAM_NULL. Team-relative ids follow the
 * order of absolute ids. Members of group must be members of parent.
 * Checked on every unit in the one allreduce the call makes before creating
 * the communicator: a NULL group or one with units outside parent on any
 * unit, or groups that do not fit together (a member of one unit's group
 * passed another group; compared by 64-bit hashes), is DART_ERR_INVAL on
 * every unit with *newteam = DART_TEAM_NULL, and the runtime stays usable.
 * Threads: serialised (one team creation or destruction at a time per unit).
 */
dart_ret_t dart_team_create(dart_team_t parent, const dart_group_t group, dart_team_t *newteam);

/**
 * Destroys *team and sets it to DART_TEAM_NULL. Collective over the team's
 * units. Frees the team's remaining segments; DART_ERR_INVAL (after freeing
 * everything) when the units' dart_team_memfree calls since the team's last
 * allocation did not match. DART_TEAM_ALL cannot be destroyed
 * (DART_ERR_INVAL). Threads: serialised.
 */
dart_ret_t dart_team_destroy(dart_team_t *team);

/** The calling unit's id relative to team. Threads: any. */
dart_ret_t dart_team_myid(dart_team_t team, dart_unit_t *myid);

/** The number of units in team. Threads: any. */
dart_ret_t dart_team_size(dart_team_t team, size_t *size);

/** Creates *group holding the members of team. Threads: any. */
dart_ret_t dart_team_get_group(dart_team_t team, dart_group_t *group);

/** The parent of team (DART_TEAM_NULL for DART_TEAM_ALL). Threads: any. */
dart_ret_t dart_team_get_parent(dart_team_t team, dart_team_t *parent);

/** Translates a team-relative id to an absolute one. O(1). Threads: any. */
dart_ret_t dart_team_unit_l2g(dart_team_t team, dart_unit_t relative, dart_unit_t *absolute);

/**
 * Translates an absolute id to a team-relative one. O(1). If the unit is
 * not a member, *relative is DART_UNDEFINED_UNIT_ID and DART_ERR_NOTFOUND
 * is returned. Threads: any.
 */
dart_ret_t dart_team_unit_g2l(dart_team_t team, dart_unit_t absolute, dart_unit_t *relative);

#ifdef __cplusplus
}
#endif

#endif /* DART_TEAM_H */
