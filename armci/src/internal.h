/* ARMCI on DART: internal state shared by the source files.
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
#ifndef ARMCI_DART_INTERNAL_H
#define ARMCI_DART_INTERNAL_H

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

/* ---- Groups ---- */

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
/* Creates the world group at init; frees every group at finalize. */
void armci__groups_init(void);
void armci__groups_fini(void);

/* ---- Allocations and address translation ---- */

typedef struct armci_alloc {
  dart_gptr_t gptr; /* segment; unitid/offset are set per access */
  uint32_t key;     /* (team flags << 16 | segid): the same on every member */
  armci_grp_info_t *grp;
  int spans_nodes; /* the team spans nodes: accumulates take the MPI path */
  int nmemb;
  int *members; /* [nmemb] absolute ids, group order */
  char **ptr;   /* [nmemb] address handed out for each member */
  size_t *size; /* [nmemb] bytes each member asked for */
  char **local; /* [nmemb] caller's mapping of each member's part, or NULL */
} armci_alloc_t;

/* Result of translating (addr, proc). */
typedef struct {
  armci_alloc_t *a;
  dart_gptr_t g; /* unit = proc, offset of addr */
  char *local;   /* caller's address of the byte, NULL if not on my node */
} armci_target_t;

/* Translates (addr, proc) for an access of len bytes; aborts if addr is
 * not in an allocation of proc or the access passes its end. */
void armci__translate(const void *addr, int proc, size_t len, armci_target_t *t, const char *fn);

void armci__mem_init(void);
void armci__mem_fini(void);
/* Drops the allocations of a group whose team is being destroyed. */
void armci__mem_drop_group(armci_grp_info_t *g);

/* ---- Completion of non-blocking MPI-path operations ---- */

enum { PEND_PUT = 1, PEND_GET = 2, PEND_ACC = 4 };

/* Completes what the caller has outstanding to proc (all if proc < 0). */
void armci__complete(int proc);
/* Completes outstanding operations to proc that conflict with an
 * operation of kind `kind` about to be issued. */
void armci__order(int proc, int kind);
/* Records an issued, not completed operation of kind on segment g to proc. */
void armci__pending(int proc, int kind, dart_gptr_t g);
/* Notes in handle h (may be NULL) an operation to proc left outstanding. */
void armci__handle_note(armci_hdl_t *h, int proc);
void armci__completion_init(void);
void armci__completion_fini(void);

/* Completes the caller's operations to g's unit in g's segment, remotely
 * (dart_flush: also MPI accumulates to a same-node target on a segment
 * that spans nodes). */
void armci__flush(dart_gptr_t g);

/* ---- Contiguous transfers (contig.c); nb = 0: complete on return ---- */
int armci__put_contig(void *src, void *dst, int bytes, int proc, armci_hdl_t *h, int nb, const char *fn);
int armci__get_contig(void *src, void *dst, int bytes, int proc, armci_hdl_t *h, int nb, const char *fn);

/* ---- Strided transfers: frees the cached DART layouts at finalize ---- */
void armci__strided_fini(void);

/* ---- Accumulate and Rmw on allocations within the caller's node ---- */
void armci__stripes_init(void);
void armci__stripes_fini(void);
/* Adds scale * src (bytes, ARMCI type datatype of esize bytes) at t, which
 * must be on an allocation that does not span nodes. one: scale is 1.
 * held: NULL, or a lock the caller keeps across calls (a batch of segments
 * in one block takes it once); release it with armci__shm_release. */
void armci__shm_acc(const armci_target_t *t, int datatype, const void *scale, int one, const void *src,
                    size_t bytes, size_t esize, uint32_t **held);
void armci__shm_release(uint32_t **held);
/* Segments of a strided accumulate: segment k (seg bytes) goes from
 * src + so(k) to t + do(k), where (so, do) = (offs[2k], offs[2k+1]), or
 * (k * sstride, k * dstride) when offs is NULL (one stride level). They
 * span sspan bytes at src and dspan at t; bits: OR of seg and every stride
 * (the alignment of all offsets). */
typedef struct {
  size_t seg, nseg;
  const size_t *offs;
  size_t sstride, dstride;
  size_t sspan, dspan, bits;
} armci_segs_t;
void armci__shm_acc_batch(const armci_target_t *t, int datatype, const void *scale, int one, const void *src,
                          const armci_segs_t *sg, size_t esize);
/* Fetch-and-add (swap = 0) or swap of an int or long at t. */
void armci__shm_rmw(const armci_target_t *t, int is_long, int swap, const void *val, void *old);

/* ---- Mutexes ---- */
void armci__mutex_fini(void);

/* ---- Messages ---- */
void armci__msg_init(void);
void armci__msg_fini(void);

#endif
