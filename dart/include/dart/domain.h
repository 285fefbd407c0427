/**
 * @file dart/domain.h
 * The locality domain tree (DASH's): the units of a team arranged by where
 * they run, as a tree of domains
 *
 *   "."            GLOBAL  all units of the team
 *   ".n"           NODE    node n (real, or virtual with DART_UNITS_PER_NODE)
 *   ".n.0"         MODULE  the node's one module
 *   ".n.0.m"       NUMA    NUMA domain m of the node
 *   ".n.0.m.k"     CORE    one leaf per unit
 *
 * Nodes are numbered in order of their lowest team unit, NUMA domains
 * likewise within a node, leaves in team order; a tag names a domain by its
 * path and stays as it is when domains are removed or grouped.
 *
 * Who calls what, and when it is complete:
 * - A team's tree is made on first use (or by dart_team_locality_init) by
 *   the calling unit alone, and differs between units: it holds the calling
 *   unit's node in full (module, NUMA domains, a CORE leaf and a record per
 *   unit), and every other node of the team as one NODE domain without
 *   subdomains (host name, units, cores and memory, from the place of the
 *   node's first member: dart_unit_place). Made in O(n log n) for a team of
 *   n units with one place read per node and per unit of my node; it keeps
 *   8 B per team unit (the ascending unit lists of the root and of the
 *   nodes), about 220 B per node and 550 B per unit of my node. Every call
 *   here is local, none is collective, and all are complete on return.
 * - A team's tree and the unit records belong to the library: they stay
 *   until dart_team_locality_finalize or dart_exit, and the calls that
 *   change a tree (select, exclude, group, assign into, destroy) refuse
 *   its domains: clone it to change it. Trees made by dart_domain_create
 *   or dart_domain_clone, and the parts of dart_domain_split_scope, belong
 *   to the caller, who releases each with dart_domain_destroy. The arrays
 *   of dart_domain_scope_tags and dart_domain_scope_domains are malloc'd
 *   and freed by the caller.
 * - Errors: DART_ERR_INVAL (with dart_last_error saying why) for NULL
 *   arguments, unknown tags, teams, units or scopes; dart_domain_find
 *   answers DART_ERR_NOTFOUND for a tag that is not in the tree. Calls on a
 *   team need DART to be initialised; calls on a caller's tree do not.
 * - Threads: any, except that one tree must not be changed (select,
 *   exclude, group, assign, destroy) by one thread while another uses it.
 */
#ifndef DART_DOMAIN_H
#define DART_DOMAIN_H

#include "locality.h"
#include "team.h"
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Size of a domain tag, with its terminating zero. */
#define DART_LOCALITY_DOMAIN_TAG_MAX_SIZE ((int)(32))
/** Size of a host name in the records below (DART_HOST_NAME_MAX). */
#define DART_LOCALITY_HOST_MAX_SIZE DART_HOST_NAME_MAX
/** Entries of dart_hwinfo_t.scopes. */
#define DART_LOCALITY_MAX_DOMAIN_SCOPES ((int)(12))
/** Entries of the cache arrays of dart_hwinfo_t (L1, L2, L3 are filled). */
#define DART_LOCALITY_MAX_CACHE_LEVELS ((int)(5))

/** A scope and a domain's index among its siblings. */
typedef struct {
  dart_locality_scope_t scope; /**< the scope of the domain */
  int index;                   /**< its index among its siblings */
} dart_locality_scope_pos_t;

/** What a unit's hardware is (from dart_unit_place_t); -1 where unknown. */
typedef struct {
  char host[DART_LOCALITY_HOST_MAX_SIZE]; /**< the host name of the unit's node */
  int num_cores;                          /**< cores for this unit: its binding, else its share of the node */
  int num_numa;                           /**< NUMA domains of the node */
  int numa_id;                            /**< the NUMA domain the unit runs in */
  int num_sockets;                        /**< sockets of the node */
  int core_id;                            /**< the core the unit runs on */
  int cpu_id;                             /**< the CPU (hardware thread) the unit runs on */
  int min_cpu_mhz;                        /**< lowest clock of the unit's CPU */
  int max_cpu_mhz;                        /**< highest clock of the unit's CPU */
  int cache_sizes[DART_LOCALITY_MAX_CACHE_LEVELS];      /**< bytes of the caches, L1 first */
  int cache_line_sizes[DART_LOCALITY_MAX_CACHE_LEVELS]; /**< line bytes of the caches, L1 first */
  int cache_ids[DART_LOCALITY_MAX_CACHE_LEVELS];        /**< ids of the unit's caches, L1 first */
  int min_threads;                                      /**< fewest hardware threads per core */
  int max_threads;                                      /**< most hardware threads per core */
  int max_shmem_mbps;                                   /**< shared-memory bandwidth in MB/s */
  int system_memory_bytes;                              /**< -1 if more than INT_MAX */
  int numa_memory_bytes;                                /**< -1 if more than INT_MAX */
  /** The unit's domains from its own (CORE) up to GLOBAL. */
  dart_locality_scope_pos_t scopes[DART_LOCALITY_MAX_DOMAIN_SCOPES];
  int num_scopes; /**< entries of scopes */
} dart_hwinfo_t;

/** A domain of the tree (DASH's layout). */
typedef struct dart_domain_locality_s {
  char host[DART_LOCALITY_HOST_MAX_SIZE];             /**< the host name (domains within one node) */
  char domain_tag[DART_LOCALITY_DOMAIN_TAG_MAX_SIZE]; /**< the tag: "." for the root, then ".i" per level */
  struct dart_domain_locality_s **aliases;            /**< unused: always NULL */
  int num_aliases;                                    /**< always 0 */
  dart_locality_scope_t scope;                        /**< the domain's scope */
  int level;                                          /**< depth in the tree, 0 at the root */
  int global_index;                                   /**< index among the tree's domains of this scope */
  int relative_index;                                 /**< index among its parent's children */
  struct dart_domain_locality_s *parent;              /**< the parent domain (NULL at the root) */
  int num_domains;                                    /**< number of children */
  struct dart_domain_locality_s **children;           /**< the child domains */
  int is_symmetric;                                   /**< children have equal numbers of cores */
  dart_team_t team;                                   /**< the team whose tree this is */
  int num_units;                                      /**< units in the domain */
  dart_global_unit_id_t *unit_ids;                    /**< ascending */
  int num_nodes;                                      /**< nodes the domain spans */
  int node_id;                                        /**< the node (dart_unit_node) or -1 for several */
  int num_cores;                                      /**< cores of the domain */
  int shared_mem_bytes; /**< memory of the node (-1: several, or more than INT_MAX) */
} dart_domain_locality_t;

/** A unit's place: its team-relative id, its team, its hardware and the
 * tag of its CORE domain in the team's tree. */
typedef struct {
  dart_team_unit_id_t unit;                           /**< the unit, relative to team */
  dart_team_t team;                                   /**< the team of the record */
  dart_hwinfo_t hwinfo;                               /**< the unit's hardware */
  char domain_tag[DART_LOCALITY_DOMAIN_TAG_MAX_SIZE]; /**< the tag of the unit's CORE domain */
} dart_unit_locality_t;

/** Makes the team's tree now (it is otherwise made on first use). */
dart_ret_t dart_team_locality_init(dart_team_t team);

/** Frees the team's tree and unit records; pointers into them become
 * invalid. DART_OK also if the team has none. */
dart_ret_t dart_team_locality_finalize(dart_team_t team);

/** The domain of the team's tree with tag `domain_tag` ("." is the root),
 * owned by the library. An unknown tag is DART_ERR_INVAL, and so is a tag
 * below another node's domain (the tree holds none). O(depth). */
dart_ret_t dart_domain_team_locality(dart_team_t team, const char *domain_tag,
                                     dart_domain_locality_t **team_domain_out);

/**
 * The record of unit `unit` (relative to team), owned by the library as the
 * team's tree: valid until dart_team_locality_finalize or dart_exit. A unit
 * of my node: its record in the tree (domain_tag: its CORE leaf). A unit of
 * another node: made on the first request for it from its place (one
 * dart_unit_place) and kept with the tree, so that changes to it are seen
 * by later calls (DASH's tests mock hardware so) and memory grows with the
 * units asked for (about 350 B each); its domain_tag is its NODE domain and
 * hwinfo.scopes lists NODE and GLOBAL only.
 */
dart_ret_t dart_unit_locality(dart_team_t team, dart_unit_t unit, dart_unit_locality_t **loc);

/** A new empty domain (tag ".", no units, scope UNDEFINED), owned by the
 * caller. */
dart_ret_t dart_domain_create(dart_domain_locality_t **domain_out);

/** A deep copy of `domain_in` and its subdomains, owned by the caller; the
 * copy has no parent. */
dart_ret_t dart_domain_clone(const dart_domain_locality_t *domain_in, dart_domain_locality_t **domain_out);

/**
 * Frees what `domain` holds (subdomains, unit list) and, if it came from
 * dart_domain_create or dart_domain_clone, the domain itself. A subdomain
 * of a caller's tree is unlinked from its parent and freed (counts above it
 * are updated). A domain of a team's tree: DART_ERR_INVAL (use
 * dart_team_locality_finalize). For a part of dart_domain_split_scope (the
 * caller's array) it frees the contents only.
 */
dart_ret_t dart_domain_destroy(dart_domain_locality_t *domain);

/** Replaces the contents of `domain_lhs` (not its parent) by a deep copy
 * of `domain_rhs`. */
dart_ret_t dart_domain_assign(dart_domain_locality_t *domain_lhs, const dart_domain_locality_t *domain_rhs);

/** The subdomain of `domain_in` (or itself) with tag `domain_tag`; none
 * (also a tag below another node's domain in a team's tree):
 * DART_ERR_NOTFOUND and *subdomain_out = NULL. */
dart_ret_t dart_domain_find(const dart_domain_locality_t *domain_in, const char *domain_tag,
                            dart_domain_locality_t **subdomain_out);

/** Keeps only the domains with the given tags, their subdomains and their
 * ancestors; unit lists and counts above them are updated. */
dart_ret_t dart_domain_select(dart_domain_locality_t *domain_in, int num_subdomain_tags,
                              const char **subdomain_tags);

/** Removes the domains with the given tags (and ancestors left without
 * units); unit lists and counts above them are updated. */
dart_ret_t dart_domain_exclude(dart_domain_locality_t *domain_in, int num_subdomain_tags,
                               const char **subdomain_tags);

/**
 * Splits the domains of `scope` in `domain_in` (in tree order; UNIT means
 * the CORE leaves) into `num_parts` parts of consecutive domains (as equal
 * in number as possible): split_domain_out[p] (an array of num_parts
 * domains the caller provides) becomes a copy of domain_in holding only
 * part p; release each with dart_domain_destroy. A NODE domain without
 * subdomains (another node in a team's tree) counts as one domain at
 * MODULE and NUMA scope, and at UNIT and CORE as its units in ascending
 * order (a part may take some of them), so that every unit deals a team's
 * units alike. DART_ERR_INVAL if num_parts is < 1 or more than the
 * domains of that scope.
 */
dart_ret_t dart_domain_split_scope(const dart_domain_locality_t *domain_in, dart_locality_scope_t scope,
                                   int num_parts, dart_domain_locality_t *split_domain_out);

/** Tags of the domains of `scope` in tree order (in a team's tree: below
 * NODE, only my node's): a malloc'd array of malloc'd strings that the
 * caller frees (each, then the array). */
dart_ret_t dart_domain_scope_tags(const dart_domain_locality_t *domain_in, dart_locality_scope_t scope,
                                  int *num_domains_out, char ***domain_tags_out);

/** The domains of `scope` in tree order: a malloc'd array of pointers into
 * the tree, which the caller frees. */
dart_ret_t dart_domain_scope_domains(const dart_domain_locality_t *domain_in, dart_locality_scope_t scope,
                                     int *num_domains_out, dart_domain_locality_t ***domains_out);

/**
 * Moves the domains with the given tags (duplicates count once; none may
 * contain another, nor be domain_in) under a new GROUP domain, a child of
 * their lowest common ancestor, whose tag is written to
 * group_domain_tag_out (at least DART_LOCALITY_DOMAIN_TAG_MAX_SIZE bytes).
 * Moved domains get tags below the group's; the others keep theirs.
 */
dart_ret_t dart_domain_group(dart_domain_locality_t *domain_in, int num_group_subdomains,
                             const char **group_subdomain_tags, char *group_domain_tag_out);

/**
 * Splits group `g` into `n` groups along the domains of `scope` in the tree
 * `domain` (as dart_domain_split_scope: the domains dealt into n parts of
 * consecutive domains); a unit of g belongs to the group of its domain.
 * gout[0 .. n-1] are created (release each with dart_group_destroy); *nout
 * is n. Local. A team's tree holds only the calling unit's node in full:
 * at MODULE and NUMA scope the groups differ between units (another node
 * counts as one domain), at UNIT scope they agree if each node's units
 * ascend through its NUMA domains. To agree on a team, split it with
 * dart_team_split_locality.
 */
dart_ret_t dart_group_locality_split(const dart_group_t g, dart_domain_locality_t *domain,
                                     dart_locality_scope_t scope, size_t n, size_t *nout, dart_group_t *gout);

#ifdef __cplusplus
}
#endif

#endif
