/* Memory pools (internal): window-backed chunks, carved into allocations
 * by the offset allocator of alloc.h.
 *
 * A chunk is memory every member of a team contributes, reserved once and
 * carved into many allocations: each member's part is a shared-memory
 * object that the members of its node run map (plain loads and stores
 * between them, shm.h), and an MPI_Win_create window over the whole team
 * reaches it from other nodes (MPI RMA). */
#ifndef DART_SRC_POOL_H
#define DART_SRC_POOL_H

#include <dart/types.h>
#include "alloc.h"
#include "state.h"

struct dart_chunk {
  MPI_Win win;   /* on the team communicator; MPI_WIN_NULL if all members share a node */
  size_t mapped; /* bytes mapped of each part of the node run; 0 for registered memory */
  /* Parts this unit reaches with loads and stores: team ranks node_first +
   * l for l < node_count (the team's node run, team.h; only mine for
   * registered memory), at base[l]. O(units of my node), not O(team). */
  char **base;
  int node_first, node_count;
  char *mine;
  size_t size;   /* bytes per member */
  size_t *sizes; /* [team size] for registered memory (sizes differ), else NULL */
  dart_alloc_t alloc;
  int nsegs;      /* live segments carved from it */
  size_t touched; /* bytes of my part touched so far (dart__chunk_touch) */
};

/* Reserves size bytes on every member. Collective over the team. Checks
 * /dev/shm first so that an oversized request fails with DART_ERR_NOMEM on
 * every member instead of SIGBUS. Touches no page: see dart__chunk_touch. */
dart_ret_t dart__chunk_create(dart_team_data_t *team, size_t size, dart_chunk_t **chunk);

/* Called by the owner for each allocation [off, off + n) of its part:
 * touches the pages up to its end not touched yet, so that they are placed
 * on the owner's NUMA node (first touch) and a unit's resident memory is
 * what it allocated, not the whole pool. The touch keeps the contents (a
 * peer may already be writing there). No-op for registered user memory. */
void dart__chunk_touch(dart_chunk_t *c, uint64_t off, size_t n);

/* Exposes user memory (sizes may differ). Collective over the team. */
dart_ret_t dart__chunk_register(dart_team_data_t *team, void *addr, size_t size, dart_chunk_t **chunk);

/* Frees the windows and the chunk. Collective over the team. */
dart_ret_t dart__chunk_destroy(dart_chunk_t *chunk);

#endif
