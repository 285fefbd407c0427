/* Workarounds for defects of particular MPI libraries (internal).
 *
 * Detected once at dart_init from MPI_Get_library_version; each workaround
 * is taken only on the library that needs it. Open MPI 4.x (osc/rdma, the
 * only one-sided component Debian enables besides osc/sm) has two:
 *
 *  1. A 64-bit MPI_Compare_and_swap whose target is the calling process
 *     segfaults: osc/rdma passes it to btl/vader's emulated atomics, which
 *     have no endpoint for the caller itself. Vader executes every emulated
 *     atomic as a CPU atomic instruction in the target process, so a CPU
 *     compare-and-swap on one's own memory is atomic with respect to them:
 *     dart_compare_and_swap does that instead (dart__mpibugs.self_cas_by_cpu).
 *
 *  2. MPI_Win_create names its per-node shared state file after the node,
 *     the job and the communicator's context id only, and opens it without
 *     O_EXCL. Sibling communicators (from one MPI_Comm_split) share a
 *     context id, so two teams creating windows at the same time on one
 *     node either fail (the other team unlinked the file) or silently map
 *     each other's window state. DART therefore lets one team at a time
 *     create a window on a node: dart__win_create_guard_enter/exit around
 *     MPI_Win_create, a try-lock on a word shared by all processes of the
 *     real node, taken by the first member of the team on each node, and
 *     retried (all or none, after an allreduce) until the team holds every
 *     node it spans. No team waits while holding a node, so teams spanning
 *     several nodes cannot deadlock; the holder's members are all inside the
 *     guard, so it finishes without anyone else's help. */
#ifndef DART_SRC_MPIBUGS_H
#define DART_SRC_MPIBUGS_H

#include <mpi.h>
#include "state.h"

typedef struct {
  int self_cas_by_cpu;      /* workaround 1 */
  int serialize_win_create; /* workaround 2 */
  MPI_Comm node_comm;       /* processes of my real node (workaround 2) */
  MPI_Win node_win;         /* holds the node's guard word */
  int64_t *guard;           /* the guard word: 0 = free */
} dart_mpibugs_t;

extern dart_mpibugs_t dart__mpibugs DART_HIDDEN;

/* Detects the library and sets up the workarounds. Collective over world. */
dart_ret_t dart__mpibugs_init(MPI_Comm world);
/* Frees what init created. Collective over world, before MPI_Finalize. */
void dart__mpibugs_fini(void);

/* Bracket MPI_Win_create on comm. Collective over comm: every member calls
 * enter, then MPI_Win_create, then exit. No-ops where not needed. */
dart_ret_t dart__win_create_guard_enter(MPI_Comm comm, int *held);
void dart__win_create_guard_exit(MPI_Comm comm, int held);

#endif
