/* Locality: nodes (from the node table built at init, virtual nodes
 * included), where each unit runs (each unit's own record, read one-sidedly),
 * NUMA domains (hwloc) and team splits along them. */
#include <hwloc.h>
#include <stdint.h>
#include <stdlib.h>

#include "state.h"
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

/* Places of team units first .. first+count-1 (a valid range): the gets
 * of all, then one completion. */
static dart_ret_t read_places(dart_team_data_t *t, int first, size_t count, dart_unit_place_t *places) {
  int pending = 0;
  for (size_t i = 0; i < count; i++) {
    int abs = dart__team_abs(t, first + (int)i);
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

dart_ret_t dart_unit_place(dart_team_t team, dart_unit_t unit, dart_unit_place_t *place) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart_unit_place", &t);
  if (r != DART_OK) return r;
  if (!place) return dart__error(DART_ERR_INVAL, "dart_unit_place: place is NULL");
  if (unit < 0 || unit >= t->size)
    return dart__error(DART_ERR_INVAL, "dart_unit_place: unit %d out of range [0, %d)", (int)unit, t->size);
  return read_places(t, unit, 1, place);
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
  return read_places(t, first, count, places);
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

/* Every member's domain key for `scope`, gathered over the team, and the
 * domains numbered in order of their lowest member: dom[rel] = domain. */
static dart_ret_t domains_of(dart_team_data_t *t, dart_locality_scope_t scope, const char *fn, size_t *dom,
                             size_t *count) {
  int64_t key;
  int64_t node = dart__state.node_of[dart__state.myid];
  switch (scope) {
    case DART_LOCALITY_SCOPE_GLOBAL: key = 0; break;
    case DART_LOCALITY_SCOPE_NODE: key = node; break;
    case DART_LOCALITY_SCOPE_NUMA: {
      int numa = detect_numa();
      key = node * ((int64_t)1 << 20) + (numa < 0 ? 0 : numa);
      break;
    }
    case DART_LOCALITY_SCOPE_UNIT: key = t->myid; break;
    default: return dart__error(DART_ERR_INVAL, "%s: unknown locality scope %d", fn, (int)scope);
  }
  int64_t *keys = malloc(sizeof *keys * (size_t)t->size * 2);
  if (!keys) return dart__error(DART_ERR_NOMEM, "%s: out of memory", fn);
  int ret = dart__allgather(&key, 1, MPI_INT64_T, keys, t->comm);
  if (ret != MPI_SUCCESS) {
    free(keys);
    return dart__mpi_error(ret, "MPI_Allgather");
  }
  /* Distinct keys in order of first appearance: O(size * domains), domains are few. */
  int64_t *seen = keys + t->size;
  size_t n = 0;
  for (int u = 0; u < t->size; u++) {
    size_t d = 0;
    while (d < n && seen[d] != keys[u]) d++;
    if (d == n) seen[n++] = keys[u];
    dom[u] = d;
  }
  free(keys);
  *count = n;
  return DART_OK;
}

dart_ret_t dart_team_domains(dart_team_t team, dart_locality_scope_t scope, size_t *count, size_t *mine) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart_team_domains", &t);
  if (r != DART_OK) return r;
  size_t *dom = malloc(sizeof *dom * (size_t)t->size), n = 0;
  if (!dom) return dart__error(DART_ERR_NOMEM, "dart_team_domains: out of memory");
  r = domains_of(t, scope, "dart_team_domains", dom, &n);
  if (r == DART_OK) {
    if (count) *count = n;
    if (mine) *mine = dom[t->myid];
  }
  free(dom);
  return r;
}

dart_ret_t dart_team_split_locality(dart_team_t team, dart_locality_scope_t scope, size_t nparts,
                                    dart_team_t *newteam) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart_team_split_locality", &t);
  if (r != DART_OK) return r;
  if (!newteam) return dart__error(DART_ERR_INVAL, "dart_team_split_locality: newteam is NULL");
  size_t *dom = malloc(sizeof *dom * (size_t)t->size), n = 0;
  if (!dom) return dart__error(DART_ERR_NOMEM, "dart_team_split_locality: out of memory");
  r = domains_of(t, scope, "dart_team_split_locality", dom, &n);
  if (r == DART_OK && (nparts == 0 || nparts > n))
    r = dart__error(DART_ERR_INVAL, "dart_team_split_locality: %zu parts of %zu domains", nparts, n);
  dart_group_t group = NULL;
  if (r == DART_OK) r = dart_group_create(&group);
  if (r == DART_OK) {
    /* Domain d goes to part d * nparts / n: consecutive, sizes differ by <= 1. */
    size_t mine = dom[t->myid] * nparts / n;
    for (int u = 0; u < t->size && r == DART_OK; u++)
      if (dom[u] * nparts / n == mine) r = dart_group_addmember(group, dart__team_abs(t, u));
  }
  free(dom);
  if (r == DART_OK) r = dart_team_create(team, group, newteam);
  if (group) dart_group_destroy(&group);
  return r;
}
