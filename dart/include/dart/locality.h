/**
 * @file dart/locality.h
 * Where units run: nodes (real, or virtual with DART_UNITS_PER_NODE) and
 * NUMA domains, and teams split along them, so that a program can build a
 * node-level / unit-level hierarchy (DASH's locality_split).
 */
#ifndef DART_LOCALITY_H
#define DART_LOCALITY_H

#include <stddef.h>

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Levels of locality, from the whole run down to one unit. */
typedef enum {
  DART_LOCALITY_SCOPE_GLOBAL = 0, /**< all units: one domain */
  DART_LOCALITY_SCOPE_NODE = 1,   /**< units sharing memory: a node, or a virtual node */
  DART_LOCALITY_SCOPE_NUMA = 2,   /**< units of one node whose CPU is in one NUMA domain */
  DART_LOCALITY_SCOPE_UNIT = 3    /**< each unit alone */
} dart_locality_scope_t;

/**
 * The node of unit `unit` (relative to team): nodes are numbered 0 ..
 * num_nodes-1 over the whole run (dart_config_t.num_nodes), in order of
 * their lowest unit. Local, O(1). DART_ERR_INVAL for an unknown team, a
 * unit out of range or a NULL node. Threads: any.
 */
dart_ret_t dart_unit_node(dart_team_t team, dart_unit_t unit, size_t *node);

/**
 * The NUMA domain of the calling unit: the operating system's number of the
 * NUMA node of the CPU it last ran on (0 on a machine with one). Local; the
 * first call reads the machine's topology with hwloc (some ms). A unit that
 * is not bound to CPUs may move between domains: bind units (e.g. mpiexec
 * -bind-to numa) for a stable answer. Threads: any (the calling thread's CPU).
 */
dart_ret_t dart_unit_numa(int *numa);

/**
 * The locality domains of `scope` among the team's units: *count domains,
 * numbered 0 .. *count-1 in order of their lowest team-relative unit, and
 * *mine the calling unit's. Collective over the team (for NUMA each unit
 * contributes its domain). Either output may be NULL. Threads: per team.
 */
dart_ret_t dart_team_domains(dart_team_t team, dart_locality_scope_t scope, size_t *count, size_t *mine);

/**
 * Splits the team along domains of `scope`: the domains (numbered as by
 * dart_team_domains) are dealt into `nparts` parts of consecutive domains,
 * as equal in number of domains as possible, and every unit gets the team of
 * its part in *newteam. So NODE with nparts = the number of nodes gives one
 * team per node; UNIT splits as dart_group_split does. Collective over the
 * team. DART_ERR_INVAL if nparts is 0 or more than the number of domains
 * (the same answer on every unit), or for an unknown scope. Threads:
 * serialised (it creates a team, see dart_team_create).
 */
dart_ret_t dart_team_split_locality(dart_team_t team, dart_locality_scope_t scope, size_t nparts,
                                    dart_team_t *newteam);

#ifdef __cplusplus
}
#endif

#endif
