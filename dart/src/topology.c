/* Node layout: which units share memory. With DART_UNITS_PER_NODE=k the
 * units of each real node are cut into virtual nodes of k consecutive
 * units, so that the inter-node (MPI RMA) path runs on one machine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "place.h"

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

dart_ret_t dart__topology_init(MPI_Comm world) {
  MPI_Comm shm;
  int lrank, wrank = dart__state.myid, n = dart__state.size;
  DART_MPI(MPI_Comm_split_type(world, MPI_COMM_TYPE_SHARED, wrank, MPI_INFO_NULL, &shm),
           "MPI_Comm_split_type");
  MPI_Comm_rank(shm, &lrank);
  int host_units = 1;
  MPI_Comm_size(shm, &host_units);
  /* The lowest world rank names the real node, and its pid the job's
   * shared-memory objects on the machine (shm.h). */
  long leader_id[2] = {wrank, (long)getpid()};
  MPI_Bcast(leader_id, 2, MPI_LONG, 0, shm);
  int leader = (int)leader_id[0];
  dart__state.shm_job = leader_id[1];
  MPI_Comm_free(&shm);
  size_t k = dart__state.config.units_per_node;
  int64_t key = (int64_t)leader * n + (k ? (int64_t)(lrank / (int)k) : 0);

  int64_t *keys = malloc(sizeof *keys * (size_t)n * 2);
  int32_t *node_of = malloc(sizeof *node_of * (size_t)n);
  int32_t *host_of_node = malloc(sizeof *host_of_node * (size_t)n);
  if (!keys || !node_of || !host_of_node) {
    free(keys);
    free(node_of);
    free(host_of_node);
    return dart__error(DART_ERR_NOMEM, "dart_init: out of memory for the node table");
  }
  int ret = MPI_Allgather(&key, 1, MPI_INT64_T, keys, 1, MPI_INT64_T, world);
  if (ret != MPI_SUCCESS) {
    free(keys);
    free(node_of);
    free(host_of_node);
    return dart__mpi_error(ret, "MPI_Allgather");
  }
  /* Number nodes densely in order of their keys. */
  int64_t *sorted = keys + n;
  for (int i = 0; i < n; i++) sorted[i] = keys[i];
  qsort(sorted, (size_t)n, sizeof *sorted, cmp_i64);
  int nnodes = 0;
  for (int i = 0; i < n; i++)
    if (i == 0 || sorted[i] != sorted[i - 1]) sorted[nnodes++] = sorted[i];
  size_t node_size = 0;
  for (int i = 0; i < n; i++) {
    int lo = 0, hi = nnodes - 1;
    while (lo < hi) {
      int mid = (lo + hi) / 2;
      if (sorted[mid] < keys[i])
        lo = mid + 1;
      else
        hi = mid;
    }
    node_of[i] = lo;
    if (keys[i] == key) node_size++;
  }
  /* A node's key is its machine's leader * n + its index there: virtual
   * nodes of one machine share the leader (memory limits are per machine). */
  for (int i = 0; i < nnodes; i++) host_of_node[i] = (int32_t)(sorted[i] / n);
  int32_t *shrunk = realloc(host_of_node, sizeof *host_of_node * (size_t)nnodes);
  if (shrunk) host_of_node = shrunk;
  free(keys);

  /* Where this unit runs; dart_init publishes it in the local pool. */
  dart_unit_place_t me;
  memset(&me, 0, sizeof me);
  dart__place_detect(&me);
  me.host_units = host_units;
  char host[DART_HOST_NAME_MAX] = "";
  gethostname(host, sizeof host - 1);
  if (k)
    snprintf(me.host, sizeof me.host, "%.40s:vnode%d", host, lrank / (int)k);
  else
    snprintf(me.host, sizeof me.host, "%s", host);
  me.node = node_of[wrank];
  dart__state.place = me;
  dart__state.node_of = node_of;
  dart__state.host_of_node = host_of_node;
  dart__state.config.num_nodes = (size_t)nnodes;
  dart__state.config.node_id = (size_t)node_of[wrank];
  dart__state.config.node_size = node_size;
  return DART_OK;
}

void dart__topology_fini(void) {
  free(dart__state.node_of);
  dart__state.node_of = NULL;
  free(dart__state.host_of_node);
  dart__state.host_of_node = NULL;
}
