/* Where the calling unit runs, from hwloc (place.h). */
#include <hwloc.h>
#include "place.h"

/* The cache of `level` (1-3) above processing unit `pu`, or NULL. */
static hwloc_obj_t cache_above(hwloc_obj_t pu, unsigned level) {
  for (hwloc_obj_t o = pu ? pu->parent : NULL; o; o = o->parent)
    if (hwloc_obj_type_is_cache(o->type) && o->attr->cache.depth == level &&
        o->attr->cache.type != HWLOC_OBJ_CACHE_INSTRUCTION)
      return o;
  return NULL;
}

void dart__place_detect(dart_unit_place_t *p) {
  p->numa = p->cpu = p->core = p->bound_cores = p->threads_per_core = -1;
  p->host_cores = p->host_numa = p->cache_line = -1;
  p->cache_size[0] = p->cache_size[1] = p->cache_size[2] = p->host_memory = -1;
  hwloc_topology_t topo;
  if (hwloc_topology_init(&topo) != 0) return;
  hwloc_bitmap_t where = hwloc_bitmap_alloc(), bound = hwloc_bitmap_alloc();
  if (!where || !bound || hwloc_topology_load(topo) != 0) goto done;
  int cores = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE);
  int pus = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
  int numas = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_NUMANODE);
  p->host_cores = cores > 0 ? cores : pus;
  p->host_numa = numas > 0 ? numas : 1;
  p->threads_per_core = cores > 0 && pus >= cores ? pus / cores : 1;
  p->host_memory = (int64_t)hwloc_get_root_obj(topo)->total_memory;
  if (hwloc_get_cpubind(topo, bound, HWLOC_CPUBIND_PROCESS) == 0) {
    int n = hwloc_get_nbobjs_inside_cpuset_by_type(topo, bound, HWLOC_OBJ_CORE);
    p->bound_cores = n > 0 ? n : p->host_cores;
  }
  if (hwloc_get_last_cpu_location(topo, where, HWLOC_CPUBIND_THREAD) == 0) {
    hwloc_obj_t pu = hwloc_get_obj_inside_cpuset_by_type(topo, where, HWLOC_OBJ_PU, 0);
    if (pu) {
      p->cpu = (int32_t)pu->os_index;
      hwloc_obj_t core = hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_CORE, pu);
      p->core = (int32_t)(core ? core->os_index : pu->os_index);
      for (unsigned level = 1; level <= 3; level++) {
        hwloc_obj_t c = cache_above(pu, level);
        if (c) p->cache_size[level - 1] = (int64_t)c->attr->cache.size;
        if (c && level == 1) p->cache_line = (int32_t)c->attr->cache.linesize;
      }
    }
    for (hwloc_obj_t o = NULL; (o = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_NUMANODE, o)) != NULL;)
      if (hwloc_bitmap_intersects(o->cpuset, where)) {
        p->numa = (int32_t)o->os_index;
        break;
      }
    if (p->numa < 0 && numas <= 1) p->numa = 0;
  }
done:
  hwloc_bitmap_free(where);
  hwloc_bitmap_free(bound);
  hwloc_topology_destroy(topo);
}
