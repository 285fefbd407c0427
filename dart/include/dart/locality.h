/**
 * @file dart/locality.h
 * Where units run: nodes (real, or virtual with DART_UNITS_PER_NODE) and
 * NUMA domains, and teams split along them, so that a program can build a
 * node-level / unit-level hierarchy (DASH's locality_split).
 */
#ifndef DART_LOCALITY_H
#define DART_LOCALITY_H

#include <stddef.h>
#include <stdint.h>

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Levels of locality, from the whole run down to one unit. The values
 * grow with depth (a finer scope compares greater). The calls of this
 * header know GLOBAL, NODE, NUMA and UNIT; the others are the levels of
 * DASH's domain tree (<dart/domain.h>: GROUP, MODULE and CORE occur there,
 * the rest are names DASH programs use), in DASH's order. */
typedef enum {
  DART_LOCALITY_SCOPE_UNDEFINED = -1, /**< no scope: rejected by every call */
  DART_LOCALITY_SCOPE_GLOBAL = 0,     /**< all units: one domain */
  DART_LOCALITY_SCOPE_GROUP = 1,      /**< a group of domains made by dart_domain_group */
  DART_LOCALITY_SCOPE_NETWORK = 50,   /**< (DASH's name; no domain has it) */
  DART_LOCALITY_SCOPE_NODE = 100,     /**< units sharing memory: a node, or a virtual node */
  DART_LOCALITY_SCOPE_MODULE = 200,   /**< the one module of a node in the domain tree */
  DART_LOCALITY_SCOPE_NUMA = 300,     /**< units of one node whose CPU is in one NUMA domain */
  DART_LOCALITY_SCOPE_UNIT = 400,     /**< each unit alone */
  DART_LOCALITY_SCOPE_PACKAGE = 410,  /**< (DASH's name; no domain has it) */
  DART_LOCALITY_SCOPE_UNCORE = 420,   /**< (DASH's name; no domain has it) */
  DART_LOCALITY_SCOPE_CACHE = 430,    /**< (DASH's name; no domain has it) */
  DART_LOCALITY_SCOPE_CORE = 440,     /**< a unit's leaf in the domain tree */
  DART_LOCALITY_SCOPE_CPU = 450       /**< (DASH's name; no domain has it) */
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

/** Longest host name in dart_unit_place_t, with its terminating zero. */
#define DART_HOST_NAME_MAX 64

/**
 * Where a unit runs and what its machine offers, as seen by the unit at
 * dart_init (hwloc). Unknown numbers are -1.
 */
typedef struct {
  /** The unit's node: the host name; virtual node k of a host (with
   * DART_UNITS_PER_NODE) is "<host>:vnode<k>". */
  char host[DART_HOST_NAME_MAX];
  int32_t node;             /**< as dart_unit_node */
  int32_t numa;             /**< NUMA domain (OS number) of its CPU */
  int32_t cpu;              /**< CPU (OS number) it ran on */
  int32_t core;             /**< core (OS number) of that CPU */
  int32_t bound_cores;      /**< cores it is bound to (all cores if unbound) */
  int32_t threads_per_core; /**< hardware threads of a core */
  int32_t host_cores;       /**< cores of the machine */
  int32_t host_numa;        /**< NUMA domains of the machine */
  int32_t host_units;       /**< units running on the machine (all its virtual nodes) */
  int32_t cache_line;       /**< L1 data cache line in bytes */
  int64_t cache_size[3];    /**< L1 data, L2, L3 cache of its core in bytes */
  int64_t host_memory;      /**< memory of the machine in bytes */
} dart_unit_place_t;

/**
 * Where unit `unit` (relative to team) runs (see dart_unit_place_t), as
 * that unit saw it at dart_init. Local (not collective): the calling unit's
 * own record is a copy; another unit's is read from that unit with a
 * one-sided get (a memcpy through shared memory on the same node, one MPI
 * round trip to another node) and complete on return. DART_ERR_INVAL for an
 * unknown team, a unit out of range or a NULL place. Threads: any.
 *
 * Memory: records are not replicated. Each unit keeps its own record
 * (sizeof(dart_unit_place_t), 136 bytes) twice: in its state and in the
 * first 192 bytes (cache lines) of its dart_memalloc pool, outside
 * DART_LOCAL_POOL, where other units read it. So 328 bytes per unit and
 * units-per-node x 328 bytes per node, whatever the number of units (the
 * node table of dart_unit_node adds 4 bytes per unit of the run on every
 * unit). Gathering every record into every unit would take 13.6 MB per
 * unit at 100,000 units.
 */
dart_ret_t dart_unit_place(dart_team_t team, dart_unit_t unit, dart_unit_place_t *place);

/**
 * The places of team units first .. first+count-1 into places[0 ..
 * count-1], as dart_unit_place but with one non-blocking get per unit and
 * one completion for all: use it to read many records (a team's locality
 * tree). Local; complete on return. DART_ERR_INVAL for an unknown team, a
 * range not inside the team or a NULL places (count > 0). Threads: any.
 */
dart_ret_t dart_unit_places(dart_team_t team, dart_unit_t first, size_t count, dart_unit_place_t *places);

/**
 * The locality domains of `scope` among the team's units: *count domains,
 * numbered 0 .. *count-1 in order of their lowest team-relative unit, and
 * *mine the calling unit's. Collective over the team for NUMA (each unit
 * contributes its domain: an allgather of 8 B per unit); GLOBAL, NODE (the
 * node table) and UNIT communicate nothing. O(n log n) time and O(n)
 * scratch for n team units. Either output may be NULL. Threads: per team.
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
