/* Locality: nodes (from the node table built at init, virtual nodes
 * included), where each unit runs (each unit's own record, read one-sidedly),
 * NUMA domains (hwloc) and team splits along them. */
#include <hwloc.h>
#include <stdint.h>
#include <stdlib.h>

#include "locality.h"
#include "team.h"
#include "progress.h"
#include "segment.h"

dart_ret_t dart_unit_node(dart_team_t team, dart_unit_t unit, size_t *node) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart_unit_node", &t);
  if (r != DART_OK) return r;
  if (!node) return dart__error(DART_ERR_INVAL, "dart_unit_node: node is NULL");
  if (unit < 0 || unit >= t->size)
    return dart__error(DART_ERR_INVAL, "dart_unit_node: unit %d out of range [0, %d)", (int)unit, t->size);
  *node = (size_t)dart__state.node_of[dart__team_abs(t, unit)];
  return DART_OK;
}

/* Unit `abs`'s record: dart_init put it at offset 0 of that unit's local
 * pool (segment 0 of DART_TEAM_ALL). Reading it there instead of gathering
 * every record into every unit keeps a unit's memory for places O(1) (at
 * 100,000 units the gathered table was 13.6 MB per process); a read costs a
 * memcpy on the same node, an MPI_Get to another one. */
static dart_gptr_t place_gptr(int abs) { return (dart_gptr_t){abs, 0, DART_POOL_FLAGS, {0}}; }

/* Places of team units rels[0 .. count-1], or first .. first+count-1 if
 * rels is NULL (valid ids): the gets of all, then one completion. */
static dart_ret_t read_places(dart_team_data_t *t, const int32_t *rels, int first, size_t count,
                              dart_unit_place_t *places) {
  int pending = 0;
  for (size_t i = 0; i < count; i++) {
    int abs = dart__team_abs(t, rels ? rels[i] : first + (int)i);
    if (abs == dart__state.myid) {
      places[i] = dart__state.place;
      continue;
    }
    dart_ret_t r = dart_get(&places[i], place_gptr(abs), sizeof *places, DART_TYPE_BYTE, DART_TYPE_BYTE);
    if (r != DART_OK) return r;
    pending = 1;
  }
  return pending ? dart_flush_local_all(place_gptr(dart__state.myid)) : DART_OK;
}

dart_ret_t dart__unit_places_of(dart_team_data_t *t, const int32_t *rels, size_t count,
                                dart_unit_place_t *places) {
  return read_places(t, rels, 0, count, places);
}

dart_ret_t dart_unit_place(dart_team_t team, dart_unit_t unit, dart_unit_place_t *place) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart_unit_place", &t);
  if (r != DART_OK) return r;
  if (!place) return dart__error(DART_ERR_INVAL, "dart_unit_place: place is NULL");
  if (unit < 0 || unit >= t->size)
    return dart__error(DART_ERR_INVAL, "dart_unit_place: unit %d out of range [0, %d)", (int)unit, t->size);
  return read_places(t, NULL, unit, 1, place);
}

dart_ret_t dart_unit_places(dart_team_t team, dart_unit_t first, size_t count, dart_unit_place_t *places) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart_unit_places", &t);
  if (r != DART_OK) return r;
  if (first < 0 || first > t->size || count > (size_t)(t->size - first))
    return dart__error(DART_ERR_INVAL,
                       "dart_unit_places: units %d .. %d + %zu are not inside the team's [0, %d)", (int)first,
                       (int)first, count, t->size);
  if (!places && count > 0) return dart__error(DART_ERR_INVAL, "dart_unit_places: places is NULL");
  return read_places(t, NULL, first, count, places);
}

/* The NUMA domain of the calling thread's last CPU, -1 if hwloc cannot tell. */
static int detect_numa(void) {
  hwloc_topology_t topo;
  if (hwloc_topology_init(&topo) != 0) return -1;
  int numa = -1;
  /* Only NUMA nodes and processing units: the rest is not needed. */
  hwloc_topology_set_all_types_filter(topo, HWLOC_TYPE_FILTER_KEEP_NONE);
  hwloc_topology_set_type_filter(topo, HWLOC_OBJ_NUMANODE, HWLOC_TYPE_FILTER_KEEP_ALL);
  hwloc_topology_set_type_filter(topo, HWLOC_OBJ_PU, HWLOC_TYPE_FILTER_KEEP_ALL);
  hwloc_bitmap_t where = hwloc_bitmap_alloc();
  if (where && hwloc_topology_load(topo) == 0 &&
      hwloc_get_last_cpu_location(topo, where, HWLOC_CPUBIND_THREAD) == 0) {
    for (hwloc_obj_t o = NULL; (o = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_NUMANODE, o)) != NULL;)
      if (hwloc_bitmap_intersects(o->cpuset, where)) {
        numa = (int)o->os_index;
        break;
      }
    if (numa < 0 && hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_NUMANODE) <= 1) numa = 0;
  }
  hwloc_bitmap_free(where);
  hwloc_topology_destroy(topo);
  return numa;
}

dart_ret_t dart_unit_numa(int *numa) {
  DART_CHECK_INIT("dart_unit_numa");
  if (!numa) return dart__error(DART_ERR_INVAL, "dart_unit_numa: numa is NULL");
  *numa = detect_numa();
  if (*numa < 0) return dart__error(DART_ERR_OTHER, "dart_unit_numa: hwloc cannot tell the NUMA domain");
  return DART_OK;
}

/* A key and where it first occurs. */
typedef struct {
  int64_t key;
  int32_t at;
} keyed_t;

static int by_key_then_index(const void *a, const void *b) {
  const keyed_t *x = a, *y = b;
  if (x->key != y->key) return x->key < y->key ? -1 : 1;
  return (x->at > y->at) - (x->at < y->at);
}

/* Numbers n keys by value in order of first appearance: dom[i] = the
 * number of keys[i]. Sorting (key, index) pairs puts each key's first
 * index at the head of its run; those heads, numbered in index order, give
 * the numbers. O(n log n) time, 12 B per key of scratch. */
static dart_ret_t number_keys(const int64_t *keys, int32_t n, int32_t *dom, size_t *count) {
  keyed_t *k = malloc(sizeof *k * (size_t)(n > 0 ? n : 1));
  if (!k) return dart__error(DART_ERR_NOMEM, "locality: out of memory for %d keys", (int)n);
  for (int32_t i = 0; i < n; i++) k[i] = (keyed_t){keys[i], i};
  qsort(k, (size_t)n, sizeof *k, by_key_then_index);
  for (int32_t i = 0; i < n; i++) dom[i] = -1;
  for (int32_t i = 0; i < n; i++)
    if (i == 0 || k[i].key != k[i - 1].key) dom[k[i].at] = 0; /* a head */
  int32_t next = 0;
  for (int32_t i = 0; i < n; i++)
    if (dom[i] == 0) dom[i] = next++; /* heads in index order: not yet overwritten */
  for (int32_t i = 0, head = 0; i < n; i++) {
    if (k[i].key != k[head].key) head = i;
    dom[k[i].at] = dom[k[head].at];
  }
  free(k);
  *count = (size_t)next;
  return DART_OK;
}

dart_ret_t dart__team_nodes(dart_team_data_t *t, int32_t *dom, size_t *count) {
  int64_t *keys = malloc(sizeof *keys * (size_t)t->size);
  if (!keys) return dart__error(DART_ERR_NOMEM, "locality: out of memory for %d node keys", t->size);
  for (int u = 0; u < t->size; u++) keys[u] = dart__state.node_of[dart__team_abs(t, u)];
  dart_ret_t r = number_keys(keys, t->size, dom, count);
  free(keys);
  return r;
}

/* The domains of `scope` among the team's units, numbered in order of their
 * lowest member: *count of them, *mine the calling unit's and, if dom is not
 * NULL, dom[rel] every member's. GLOBAL and UNIT need nothing, NODE reads
 * the node table; only NUMA communicates (an allgather of every member's
 * domain, the one O(team) exchange: nobody else knows a unit's NUMA
 * domain). O(n log n) time. */
static dart_ret_t domains_of(dart_team_data_t *t, dart_locality_scope_t scope, const char *fn, int32_t *dom,
                             size_t *count, size_t *mine) {
  switch (scope) {
    case DART_LOCALITY_SCOPE_GLOBAL:
    case DART_LOCALITY_SCOPE_UNIT: {
      int unit = scope == DART_LOCALITY_SCOPE_UNIT;
      for (int u = 0; dom && u < t->size; u++) dom[u] = unit ? u : 0;
      *count = unit ? (size_t)t->size : 1;
      *mine = unit ? (size_t)t->myid : 0;
      return DART_OK;
    }
    case DART_LOCALITY_SCOPE_NODE:
    case DART_LOCALITY_SCOPE_NUMA: break;
    default: return dart__error(DART_ERR_INVAL, "%s: unknown locality scope %d", fn, (int)scope);
  }
  int32_t *d = dom ? dom : malloc(sizeof *d * (size_t)t->size);
  if (!d) return dart__error(DART_ERR_NOMEM, "%s: out of memory", fn);
  dart_ret_t r;
  if (scope == DART_LOCALITY_SCOPE_NODE) {
    r = dart__team_nodes(t, d, count);
  } else {
    int numa = detect_numa();
    int64_t key = (int64_t)dart__state.node_of[dart__state.myid] * ((int64_t)1 << 20) + (numa < 0 ? 0 : numa);
    int64_t *keys = malloc(sizeof *keys * (size_t)t->size);
    int ret = keys ? dart__allgather(&key, 1, MPI_INT64_T, keys, t->comm) : MPI_SUCCESS;
    if (!keys)
      r = dart__error(DART_ERR_NOMEM, "%s: out of memory", fn);
    else if (ret != MPI_SUCCESS)
      r = dart__mpi_error(ret, "MPI_Allgather");
    else
      r = number_keys(keys, t->size, d, count);
    free(keys);
  }
  if (r == DART_OK) *mine = (size_t)d[t->myid];
  if (d != dom) free(d);
  return r;
}

dart_ret_t dart_team_domains(dart_team_t team, dart_locality_scope_t scope, size_t *count, size_t *mine) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart_team_domains", &t);
  if (r != DART_OK) return r;
  size_t n = 0, m = 0;
  r = domains_of(t, scope, "dart_team_domains", NULL, &n, &m);
  if (r == DART_OK) {
    if (count) *count = n;
    if (mine) *mine = m;
  }
  return r;
}

dart_ret_t dart_team_split_locality(dart_team_t team, dart_locality_scope_t scope, size_t nparts,
                                    dart_team_t *newteam) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart_team_split_locality", &t);
  if (r != DART_OK) return r;
  if (!newteam) return dart__error(DART_ERR_INVAL, "dart_team_split_locality: newteam is NULL");
  size_t n = 0, mine = 0;
  r = domains_of(t, scope, "dart_team_split_locality", NULL, &n, &mine);
  if (r == DART_OK && (nparts == 0 || nparts > n))
    r = dart__error(DART_ERR_INVAL, "dart_team_split_locality: %zu parts of %zu domains", nparts, n);
  /* Domain d goes to part d * nparts / n: consecutive, sizes differ by <= 1.
   * A split keeps the team's order and needs no member list. */
  if (r == DART_OK) r = dart__team_split(t, (int)(mine * nparts / n), t->myid, newteam);
  return r;
}
