/* Workarounds for defects of particular MPI libraries (see mpibugs.h). */
#include <sched.h>
#include <string.h>
#include "mpibugs.h"

dart_mpibugs_t dart__mpibugs = {0, 0, MPI_COMM_NULL, MPI_WIN_NULL, NULL};

dart_ret_t dart__mpibugs_init(MPI_Comm world) {
  char v[MPI_MAX_LIBRARY_VERSION_STRING];
  int len = 0;
  MPI_Get_library_version(v, &len);
  int ompi4 = strstr(v, "Open MPI v4.") != NULL;
  dart__mpibugs.self_cas_by_cpu = ompi4;
  dart__mpibugs.serialize_win_create = ompi4;
  if (!ompi4) return DART_OK;
  int wrank, lrank;
  MPI_Comm_rank(world, &wrank);
  DART_MPI(MPI_Comm_split_type(world, MPI_COMM_TYPE_SHARED, wrank, MPI_INFO_NULL, &dart__mpibugs.node_comm),
           "MPI_Comm_split_type");
  MPI_Comm_rank(dart__mpibugs.node_comm, &lrank);
  void *mine;
  DART_MPI(MPI_Win_allocate_shared(lrank == 0 ? 64 : 0, 1, MPI_INFO_NULL, dart__mpibugs.node_comm, &mine,
                                   &dart__mpibugs.node_win),
           "MPI_Win_allocate_shared");
  MPI_Aint size;
  int du;
  void *base;
  MPI_Win_shared_query(dart__mpibugs.node_win, 0, &size, &du, &base);
  dart__mpibugs.guard = base;
  if (lrank == 0) __atomic_store_n(dart__mpibugs.guard, 0, __ATOMIC_SEQ_CST);
  MPI_Barrier(dart__mpibugs.node_comm);
  return DART_OK;
}

void dart__mpibugs_fini(void) {
  if (dart__mpibugs.node_win != MPI_WIN_NULL) MPI_Win_free(&dart__mpibugs.node_win);
  if (dart__mpibugs.node_comm != MPI_COMM_NULL) MPI_Comm_free(&dart__mpibugs.node_comm);
  dart__mpibugs.guard = NULL;
}

/* Am I the lowest rank of comm on my real node? */
static int first_on_node(MPI_Comm comm) {
  MPI_Comm on_node;
  int r = 1;
  if (MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &on_node) != MPI_SUCCESS) return 1;
  MPI_Comm_rank(on_node, &r);
  MPI_Comm_free(&on_node);
  return r == 0;
}

dart_ret_t dart__win_create_guard_enter(MPI_Comm comm, int *held) {
  *held = 0;
  if (!dart__mpibugs.serialize_win_create) return DART_OK;
  int leader = first_on_node(comm);
  for (unsigned round = 0;; round++) {
    int64_t expect = 0;
    int got = !leader || __atomic_compare_exchange_n(dart__mpibugs.guard, &expect, 1, 0, __ATOMIC_SEQ_CST,
                                                     __ATOMIC_SEQ_CST);
    int all = 0;
    DART_MPI(MPI_Allreduce(&got, &all, 1, MPI_INT, MPI_MIN, comm), "MPI_Allreduce");
    if (all) {
      *held = leader;
      return DART_OK;
    }
    if (leader && got) __atomic_store_n(dart__mpibugs.guard, 0, __ATOMIC_SEQ_CST);
    if (round > 8) sched_yield(); /* the holder's team needs the CPU, not us */
  }
}

void dart__win_create_guard_exit(MPI_Comm comm, int held) {
  if (!dart__mpibugs.serialize_win_create) return;
  /* osc/rdma unlinks its file before MPI_Win_create returns on the node's
   * first process; the barrier makes sure every member got there. */
  MPI_Barrier(comm);
  if (held) __atomic_store_n(dart__mpibugs.guard, 0, __ATOMIC_SEQ_CST);
}
