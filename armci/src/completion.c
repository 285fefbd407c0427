/* Completion and ordering of one-sided operations: outstanding
 * non-blocking operations per target, handles, waits, fences, barrier.
 *
 * Consistency (ARMCI's): a blocking put or accumulate on the MPI path is
 * complete locally on return and complete at the target after ARMCI_Fence,
 * ARMCI_AllFence, ARMCI_Barrier, ARMCI_Unlock, the *_flag calls, or a
 * conflicting operation to the same target. Outstanding operations are
 * recorded per target (which kinds, which segments); an operation that
 * conflicts with outstanding ones to the same target (a get or accumulate
 * after a put, a put or accumulate after a get, a get or put after an
 * accumulate, an Rmw after anything) completes them first, so a process's
 * operations to a target take effect in issue order. The strided calls
 * (GA's patches) check conflicts per allocation instead: a get from one
 * global array does not wait for an accumulate into another.
 *
 * Same-node copies are plain stores into the target's (cache-coherent)
 * memory, so they are complete on return; ARMCI_Fence, ARMCI_AllFence,
 * ARMCI_Barrier, ARMCI_Unlock and the *_flag calls add the memory fence
 * that orders them before the caller's later stores (a signal), as the
 * ARMCI completion model asks. */
#include <stdatomic.h>
#include <stdlib.h>

#include "completion.h"

/* ---- Outstanding operations per target ---- */

#define MAXSEG 8

typedef struct {
  int kinds;
  int nseg;
  int listed;
  dart_gptr_t seg[MAXSEG];
  int skinds[MAXSEG]; /* kinds outstanding per segment (armci__order_seg) */
} pend_t;

static pend_t *pend; /* [np] */
static int *plist;   /* targets with something outstanding */
static int nplist;

/* ---- Staging of small blocking puts and accumulates (armci__stage) ----
 * The ring is reused from its start once every outstanding operation is
 * complete, which is when nothing can still read from it. */

#define STAGE_RING (64 * 1024)

static char *stage;
static size_t stage_used;

void armci__completion_init(void) {
  pend = calloc((size_t)armci__s.np, sizeof *pend);
  plist = malloc(sizeof(int) * (size_t)armci__s.np);
  stage = malloc(STAGE_RING);
  if (!pend || !plist || !stage) armci__fatal("ARMCI_Init: out of memory");
  nplist = 0;
  stage_used = 0;
}

void armci__completion_fini(void) {
  free(pend);
  free(plist);
  free(stage);
  pend = NULL;
  plist = NULL;
  stage = NULL;
  nplist = 0;
}

void armci__flush(dart_gptr_t g) { DART_CALL(dart_flush(g)); }

static void complete_one(int proc) {
  pend_t *p = &pend[proc];
  for (int i = 0; i < p->nseg; i++) armci__flush(p->seg[i]);
  p->nseg = 0;
  p->kinds = 0;
}

void armci__complete(int proc) {
  if (!pend) return;
  if (proc >= 0) {
    if (pend[proc].kinds) complete_one(proc);
    return;
  }
  for (int i = 0; i < nplist; i++) {
    complete_one(plist[i]);
    pend[plist[i]].listed = 0;
  }
  nplist = 0;
  stage_used = 0;
}

void *armci__stage(size_t bytes) {
  size_t need = (bytes + 15) & ~(size_t)15;
  if (stage_used + need > STAGE_RING) armci__complete(-1);
  char *slot = stage + stage_used;
  stage_used += need;
  return slot;
}

/* Which outstanding kinds an operation of `kind` to the same target must
 * wait for. Puts after puts and accumulates after accumulates are not
 * completed in between: MPI applies one origin's accumulates to a target in
 * order (its default accumulate ordering), and MPICH delivers one origin's
 * puts to a target in order, which ARMCI-MPI relies on as well (a put is
 * locally complete on return, remotely at the next fence). */
static inline int conflicts(int kind) {
  switch (kind) {
    case PEND_GET: return PEND_PUT | PEND_ACC;
    case PEND_ACC: return PEND_PUT | PEND_GET;
    default: return PEND_GET | PEND_ACC;
  }
}

void armci__order(int proc, int kind) {
  if (__builtin_expect(pend[proc].kinds & conflicts(kind), 0)) complete_one(proc);
}

/* Segments of one allocation: the same DART segment. */
static inline int same_seg(dart_gptr_t a, dart_gptr_t b) { return a.segid == b.segid && a.flags == b.flags; }

void armci__order_seg(int proc, int kind, dart_gptr_t g) {
  pend_t *p = &pend[proc];
  if (__builtin_expect(!(p->kinds & conflicts(kind)), 1)) return;
  for (int i = 0; i < p->nseg; i++)
    if (same_seg(p->seg[i], g) && (p->skinds[i] & conflicts(kind))) {
      complete_one(proc);
      return;
    }
}

void armci__pending(int proc, int kind, dart_gptr_t g) {
  pend_t *p = &pend[proc];
  int found = -1;
  for (int i = 0; i < p->nseg && found < 0; i++)
    if (same_seg(p->seg[i], g)) found = i;
  if (found < 0) {
    if (p->nseg == MAXSEG) complete_one(proc);
    g.offset = 0;
    found = p->nseg++;
    p->seg[found] = g;
    p->skinds[found] = 0;
  }
  p->skinds[found] |= kind;
  p->kinds |= kind;
  if (!p->listed) {
    p->listed = 1;
    plist[nplist++] = proc;
  }
}

/* ---- Handles: target = -1 nothing outstanding, >= 0 that process, -2 several ---- */

void armci__handle_note(armci_hdl_t *h, int proc) {
  if (!h) return;
  if (h->target == -1)
    h->target = proc;
  else if (h->target != proc)
    h->target = -2;
}

void ARMCI_INIT_HANDLE(armci_hdl_t *hdl) {
  if (!hdl) return;
  hdl->target = -1;
  hdl->aggregate = 0;
}

void ARMCI_SET_AGGREGATE_HANDLE(armci_hdl_t *handle) {
  if (handle) handle->aggregate = 1;
}

void ARMCI_UNSET_AGGREGATE_HANDLE(armci_hdl_t *handle) {
  if (handle) handle->aggregate = 0;
}

int PARMCI_Wait(armci_hdl_t *hdl) {
  ARMCI_CHECK_INIT("ARMCI_Wait");
  if (!hdl) return 0;
  if (hdl->target >= 0 && hdl->target < armci__s.np)
    armci__complete(hdl->target);
  else if (hdl->target != -1)
    armci__complete(-1); /* several targets, or a handle never initialized */
  hdl->target = -1;
  return 0;
}

/* Completion is bounded (a flush of the handle's targets), so Test
 * completes the operation and reports it done. */
int PARMCI_Test(armci_hdl_t *hdl) { return PARMCI_Wait(hdl); }

int PARMCI_WaitProc(int proc) {
  ARMCI_CHECK_INIT("ARMCI_WaitProc");
  if (proc >= 0 && proc < armci__s.np) armci__complete(proc);
  return 0;
}

int PARMCI_WaitAll(void) {
  ARMCI_CHECK_INIT("ARMCI_WaitAll");
  armci__complete(-1);
  return 0;
}

void PARMCI_Fence(int proc) {
  ARMCI_CHECK_INIT("ARMCI_Fence");
  if (proc >= 0 && proc < armci__s.np) armci__complete(proc);
  atomic_thread_fence(memory_order_seq_cst);
}

void PARMCI_AllFence(void) {
  ARMCI_CHECK_INIT("ARMCI_AllFence");
  armci__complete(-1);
  atomic_thread_fence(memory_order_seq_cst);
}

void PARMCI_Barrier(void) {
  ARMCI_CHECK_INIT("ARMCI_Barrier");
  armci__complete(-1);
  DART_CALL(dart_barrier(DART_TEAM_ALL));
  atomic_thread_fence(memory_order_seq_cst);
}

/* The application's names: weak aliases, which a profiling tool may replace (parmci.h). */
ARMCI_WEAK_ALIAS(ARMCI_Wait, PARMCI_Wait);
ARMCI_WEAK_ALIAS(ARMCI_Test, PARMCI_Test);
ARMCI_WEAK_ALIAS(ARMCI_WaitProc, PARMCI_WaitProc);
ARMCI_WEAK_ALIAS(ARMCI_WaitAll, PARMCI_WaitAll);
ARMCI_WEAK_ALIAS(ARMCI_Fence, PARMCI_Fence);
ARMCI_WEAK_ALIAS(ARMCI_AllFence, PARMCI_AllFence);
ARMCI_WEAK_ALIAS(ARMCI_Barrier, PARMCI_Barrier);
