/* ARMCI on DART: the global state every source file shares, the fatal
 * error and the group lookup (state.c). One header per module beside it
 * (mem.h, completion.h, ...); this one includes none of them.
 *
 * Address translation. ARMCI names remote memory by (raw address, absolute
 * process id). Every collective allocation (ARMCI_Malloc*, one DART
 * segment) records, for each member p, the address it handed out for p
 * (`ptr[p]`: the caller's own mapping of p's part when p shares the
 * caller's node, else p's own address) and p's size. Per process p a table
 * sorted by address maps (addr, p) to the allocation by binary search,
 * O(log n); the result is a DART global pointer (segment of the allocation,
 * unit p, offset addr - ptr[p]) and, for same-node targets, the local
 * address of the byte.
 *
 * Paths. A target on the caller's (real or virtual) node is reached by
 * DART through shared memory (loads/stores/memcpy, complete on return);
 * other targets through MPI RMA. Accumulates follow DART's rule: CPU
 * atomics when the allocation's team lies within one node, MPI atomics
 * otherwise (even for same-node targets).
 *
 * Completion. Blocking operations complete remotely before they return
 * (this keeps the caller's operations to a target in issue order without
 * any bookkeeping). Non-blocking operations on the MPI path are issued
 * without completion and recorded per target (kinds and segments); a later
 * conflicting operation to the same target, ARMCI_Wait*, ARMCI_Fence*,
 * ARMCI_Unlock and ARMCI_Barrier complete them. */
#ifndef ARMCI_DART_STATE_H
#define ARMCI_DART_STATE_H

#include <stddef.h>
#include <stdint.h>

#include <mpi.h>
#include <dart/dart.h>
#include <dart/mpi.h>

#include "armci.h"

/* ---- Profiling names (parmci.h) ----
 * A profiled call is defined as PARMCI_x; ARMCI_x is declared after it,
 * in the same file, as ARMCI_WEAK_ALIAS(ARMCI_x, PARMCI_x): the same
 * function under a second, weak name (same address, no extra call), which
 * a tool's own strong ARMCI_x replaces at link time. Inside the library,
 * calls go to PARMCI_x or to armci__* helpers, never to an ARMCI_x name,
 * so that a tool counts only the application's calls. Error messages keep
 * the ARMCI_x name, the one the application called. */
#define ARMCI_WEAK_ALIAS(name, impl) extern __typeof__(impl) name __attribute__((__weak__, __alias__(#impl)))

/* ---- Global state ---- */

typedef struct armci_grp_info armci_grp_info_t;

typedef struct {
  int initialized; /* reference count of ARMCI_Init */
  int dart_owned;  /* ARMCI_Init called dart_init (so Finalize calls dart_exit) */
  int me, np;
  MPI_Comm comm; /* dup of MPI_COMM_WORLD for the message layer */
  int *node_of;  /* [np] (virtual) node id of every process */
  int nnodes, my_node;
  int *node_start;       /* [nnodes+1] offsets into node_procs */
  int *node_procs;       /* processes ordered by node, then rank */
  int node_peers;        /* processes on my node, me included */
  MPI_Comm node_comm;    /* my node's processes */
  MPI_Comm masters_comm; /* lowest rank of each node; MPI_COMM_NULL elsewhere */
  int is_master;
  armci_grp_info_t *world;   /* info of the world group */
  ARMCI_Group world_group;   /* returned by ARMCI_Group_get_world */
  ARMCI_Group default_group; /* ARMCI_Group_set_default */
} armci_state_t;

extern armci_state_t armci__s;

/* Aborts with a message (ARMCI_Error semantics). */
void armci__fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* Writes line (whole, in one piece) to stderr and ends the job with code. */
void armci__abort_job(const char *line, int code) __attribute__((noreturn));

/* Aborts unless ARMCI is initialized. */
#define ARMCI_CHECK_INIT(fn)                                                                          \
  do {                                                                                                \
    if (__builtin_expect(!armci__s.initialized, 0)) armci__fatal("%s: ARMCI is not initialized", fn); \
  } while (0)

/* Aborts on a DART error, naming the call. */
#define DART_CALL(call)                                                                      \
  do {                                                                                       \
    dart_ret_t armci_r_ = (call);                                                            \
    if (__builtin_expect(armci_r_ != DART_OK, 0))                                            \
      armci__fatal("%s failed: %s (%s)", #call, dart_strerror(armci_r_), dart_last_error()); \
  } while (0)

/* Waits for an MPI request, polling with yields so that oversubscribed
 * processes get the CPU and RMA aimed at the waiting process progresses. */
void armci__wait_req(MPI_Request *req);

/* Behind every ARMCI_Group the library created: grp_to_abs points at g2a
 * below (container_of recovers the info). */
struct armci_grp_info {
  uint32_t magic;
  dart_team_t team; /* DART team of the members (DART_TEAM_NULL for non-members) */
  MPI_Comm comm;    /* the group's communicator, ranks in group order */
  int size, rank;
  int *a2g;               /* [np] absolute -> group rank, -1 for non-members */
  int all_on_node;        /* every member shares my node */
  armci_grp_info_t *next; /* list of live infos */
  int g2a[];              /* [size] group rank -> absolute id */
};
#define ARMCI_GRP_MAGIC 0x41524d47u

/* The info behind a group (the world group's for NULL); aborts if bad. */
armci_grp_info_t *armci__grp(const ARMCI_Group *g, const char *fn);

#endif
