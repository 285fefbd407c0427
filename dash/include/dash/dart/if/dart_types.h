#ifndef DASH_DART_IF_DART_TYPES_H
#define DASH_DART_IF_DART_TYPES_H

// DASH's DART locality types (DASH's header name), for the domain tree of
// <dash/dart/if/dart_locality.h>. The scope names DART has
// (DART_LOCALITY_SCOPE_GLOBAL, _NODE, _NUMA, _UNIT, <dart/locality.h>) keep
// their values; DASH's other scopes get values in between, in DASH's order
// (a finer scope compares greater), so `scope > DART_LOCALITY_SCOPE_NODE`
// means what it means in DASH. Printed as numbers they differ from DASH's.
// Also DASH's constants and helpers of its dart_types.h; its user-defined
// operations and custom types are DART's dart_op_create/dart_op_destroy
// (<dart/communication.h>) and dart_type_create_custom (<dart/globmem.h>).

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#include <dart/dart.h>
#include <dash/dart/if/dart_util.h>
#include <dash/internal/Unit.h>

// DASH's counting for DART_OP_MINMAX in dart_reduce/dart_allreduce: nelem
// counts elements, two per (min, max) pair (DART's own DART_OP_MINMAX
// counts pairs), and the positions of min and max in a pair.
#define DART_OP_MINMAX DART_OP_MINMAX_ELEMENTS
#define DART_OP_MINMAX_MIN 0
#define DART_OP_MINMAX_MAX 1

/// DASH's exit codes.
enum { DART_EXIT_SUCCESS = EXIT_SUCCESS, DART_EXIT_ABORT = EXIT_FAILURE, DART_EXIT_ASSERT = -6 };

/// The DART type of size_t.
#if SIZE_MAX == UINT64_MAX
#define DART_TYPE_SIZET DART_TYPE_ULONGLONG
#else
#define DART_TYPE_SIZET DART_TYPE_ULONG
#endif

/// DASH's constructors of typed unit ids.
inline dart_team_unit_t dart_create_team_unit(dart_unit_t unit) { return dart_team_unit_t{unit}; }
inline dart_global_unit_t dart_create_global_unit(dart_unit_t unit) { return dart_global_unit_t{unit}; }
#define DART_TEAM_UNIT_ID(u) (dart_create_team_unit(u))
#define DART_GLOBAL_UNIT_ID(u) (dart_create_global_unit(u))
#define DART_UNDEFINED_TEAM_UNIT_ID DART_TEAM_UNIT_ID(DART_UNDEFINED_UNIT_ID)
#define DART_UNDEFINED_GLOBAL_UNIT_ID DART_GLOBAL_UNIT_ID(DART_UNDEFINED_UNIT_ID)

#define DART_LOCALITY_SCOPE_GROUP ((dart_locality_scope_t)1)
#define DART_LOCALITY_SCOPE_NETWORK ((dart_locality_scope_t)50)
#define DART_LOCALITY_SCOPE_MODULE ((dart_locality_scope_t)200)
#define DART_LOCALITY_SCOPE_PACKAGE ((dart_locality_scope_t)410)
#define DART_LOCALITY_SCOPE_UNCORE ((dart_locality_scope_t)420)
#define DART_LOCALITY_SCOPE_CACHE ((dart_locality_scope_t)430)
#define DART_LOCALITY_SCOPE_CORE ((dart_locality_scope_t)440)
#define DART_LOCALITY_SCOPE_CPU ((dart_locality_scope_t)450)

#define DART_LOCALITY_HOST_MAX_SIZE DART_HOST_NAME_MAX
#define DART_LOCALITY_DOMAIN_TAG_MAX_SIZE ((int)(32))
#define DART_LOCALITY_MAX_DOMAIN_SCOPES ((int)(12))
#define DART_LOCALITY_MAX_CACHE_LEVELS ((int)(5))

/// A scope and the domain's index among its siblings.
typedef struct {
  dart_locality_scope_t scope;
  int index;
} dart_locality_scope_pos_t;

/// What a unit's hardware is (from dart_unit_place_t); -1 where unknown.
typedef struct {
  char host[DART_LOCALITY_HOST_MAX_SIZE];
  int num_cores;  ///< cores for this unit: its binding, else its share of the node
  int num_numa;
  int numa_id;
  int num_sockets;
  int core_id;
  int cpu_id;
  int min_cpu_mhz;
  int max_cpu_mhz;
  int cache_sizes[DART_LOCALITY_MAX_CACHE_LEVELS];
  int cache_line_sizes[DART_LOCALITY_MAX_CACHE_LEVELS];
  int cache_ids[DART_LOCALITY_MAX_CACHE_LEVELS];
  int min_threads;
  int max_threads;
  int max_shmem_mbps;
  int system_memory_bytes;  ///< -1 if more than INT_MAX
  int numa_memory_bytes;    ///< -1 if more than INT_MAX
  /// The unit's domains from its own (CORE) up to GLOBAL.
  dart_locality_scope_pos_t scopes[DART_LOCALITY_MAX_DOMAIN_SCOPES];
  int num_scopes;
} dart_hwinfo_t;

/// A node of the locality tree: global "." -> nodes ".n" -> module ".n.0"
/// -> NUMA domains ".n.0.m" -> one CORE domain per unit ".n.0.m.u".
/// Tags stay as they are when domains are removed or grouped.
struct dart_domain_locality_s {
  char host[DART_LOCALITY_HOST_MAX_SIZE];
  char domain_tag[DART_LOCALITY_DOMAIN_TAG_MAX_SIZE];
  struct dart_domain_locality_s **aliases;  ///< unused: always NULL
  int num_aliases;
  dart_locality_scope_t scope;
  int level;           ///< depth in the tree, 0 at the root
  int global_index;    ///< index among the tree's domains of this scope
  int relative_index;  ///< index among its parent's children
  struct dart_domain_locality_s *parent;
  int num_domains;
  struct dart_domain_locality_s **children;
  int is_symmetric;  ///< children have equal numbers of cores
  dart_team_t team;
  int num_units;
  dart_global_unit_t *unit_ids;  ///< ascending
  int num_nodes;
  int node_id;  ///< the node (dart_unit_node) or -1 for several
  int num_cores;
  int shared_mem_bytes;  ///< memory of the node (-1: several, or more than INT_MAX)
};
typedef struct dart_domain_locality_s dart_domain_locality_t;

/// A unit's place: its team-relative id, its team, its hardware and the tag
/// of its CORE domain in the team's tree.
typedef struct {
  dart_team_unit_t unit;
  dart_team_t team;
  dart_hwinfo_t hwinfo;
  char domain_tag[DART_LOCALITY_DOMAIN_TAG_MAX_SIZE];
} dart_unit_locality_t;

#endif  // DASH_DART_IF_DART_TYPES_H
