/* The ARMCI message layer (armci_msg_*) on MPI.
 *
 * World operations run on a duplicate of MPI_COMM_WORLD owned by the
 * library, group operations on the group's communicator (ranks in group
 * order). Broadcast roots are absolute process ids. Collectives are
 * nonblocking MPI collectives polled with yields (armci__wait_req): a
 * process that waits gives its core to the others when processes outnumber
 * cores, and keeps serving RMA aimed at it.
 *
 * Scopes: SCOPE_ALL is every process, SCOPE_NODE the processes of the
 * caller's (real or virtual) node, SCOPE_MASTERS the lowest process of
 * every node (a call by a non-master returns at once). */
#include <math.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "msg.h"

/* ---- identity, timing, point to point ---- */

int armci_msg_me(void) {
  ARMCI_CHECK_INIT("armci_msg_me");
  return armci__s.me;
}

int armci_msg_nproc(void) {
  ARMCI_CHECK_INIT("armci_msg_nproc");
  return armci__s.np;
}

void armci_msg_abort(int code) {
  char line[128];
  snprintf(line, sizeof line, "[%d] ARMCI: armci_msg_abort(%d): ending the job\n", armci__s.me, code);
  armci__abort_job(line, code);
}

double armci_timer(void) { return MPI_Wtime(); }

void armci_msg_snd(int tag, void *buffer, int len, int to) {
  ARMCI_CHECK_INIT("armci_msg_snd");
  MPI_Request r;
  MPI_Isend(buffer, len, MPI_BYTE, to, tag, armci__s.comm, &r);
  armci__wait_req(&r);
}

static void recv_common(int tag, void *buffer, int buflen, int *msglen, int from, int *source) {
  MPI_Request r;
  MPI_Status st;
  MPI_Irecv(buffer, buflen, MPI_BYTE, from, tag, armci__s.comm, &r);
  for (unsigned i = 0;; i++) {
    int done = 0;
    MPI_Test(&r, &done, &st);
    if (done) break;
    if (i >= 64) sched_yield();
  }
  if (msglen) {
    int n = 0;
    MPI_Get_count(&st, MPI_BYTE, &n);
    *msglen = n;
  }
  if (source) *source = st.MPI_SOURCE;
}

void armci_msg_rcv(int tag, void *buffer, int buflen, int *msglen, int from) {
  ARMCI_CHECK_INIT("armci_msg_rcv");
  recv_common(tag, buffer, buflen, msglen, from, NULL);
}

int armci_msg_rcvany(int tag, void *buffer, int buflen, int *msglen) {
  ARMCI_CHECK_INIT("armci_msg_rcvany");
  int src = -1;
  recv_common(tag, buffer, buflen, msglen, MPI_ANY_SOURCE, &src);
  return src;
}

/* ---- communicators of the scopes ---- */

void armci__msg_init(void) {
  MPI_Comm_split(armci__s.comm, armci__s.my_node, armci__s.me, &armci__s.node_comm);
  MPI_Comm_split(armci__s.comm, armci__s.is_master ? 0 : MPI_UNDEFINED, armci__s.me, &armci__s.masters_comm);
}

void armci__msg_fini(void) {
  if (armci__s.node_comm != MPI_COMM_NULL) MPI_Comm_free(&armci__s.node_comm);
  if (armci__s.masters_comm != MPI_COMM_NULL) MPI_Comm_free(&armci__s.masters_comm);
}

/* The communicator of a scope (MPI_COMM_NULL: the caller takes no part). */
static MPI_Comm scope_comm(int scope) {
  switch (scope) {
    case SCOPE_NODE: return armci__s.node_comm;
    case SCOPE_MASTERS: return armci__s.masters_comm;
    default: return armci__s.comm;
  }
}

/* Rank in comm of absolute process id p (MPI_UNDEFINED if not a member). */
static int rank_in(MPI_Comm comm, int p) {
  if (comm == armci__s.comm) return p;
  MPI_Group wg, cg;
  int r = MPI_UNDEFINED;
  MPI_Comm_group(armci__s.comm, &wg);
  MPI_Comm_group(comm, &cg);
  MPI_Group_translate_ranks(wg, 1, &p, cg, &r);
  MPI_Group_free(&wg);
  MPI_Group_free(&cg);
  return r;
}

/* ---- barriers and broadcasts ---- */

static void barrier_on(MPI_Comm comm) {
  atomic_thread_fence(memory_order_seq_cst);
  MPI_Request r;
  MPI_Ibarrier(comm, &r);
  armci__wait_req(&r);
  atomic_thread_fence(memory_order_seq_cst);
}

void parmci_msg_barrier(void) {
  ARMCI_CHECK_INIT("armci_msg_barrier");
  barrier_on(armci__s.comm);
}

void parmci_msg_group_barrier(ARMCI_Group *group) {
  armci_grp_info_t *g = armci__grp(group, "armci_msg_group_barrier");
  if (g->comm == MPI_COMM_NULL) armci__fatal("armci_msg_group_barrier: not a member of the group");
  barrier_on(g->comm);
}

static void bcast_on(MPI_Comm comm, void *buf, int len, int root) {
  if (root == MPI_UNDEFINED || root < 0) armci__fatal("armci_msg_bcast: root is not in the scope or group");
  MPI_Request r;
  MPI_Ibcast(buf, len, MPI_BYTE, root, comm, &r);
  armci__wait_req(&r);
}

void armci_msg_bcast(void *buffer, int len, int root) {
  ARMCI_CHECK_INIT("armci_msg_bcast");
  bcast_on(armci__s.comm, buffer, len, root);
}

void armci_msg_brdcst(void *buffer, int len, int root) { armci_msg_bcast(buffer, len, root); }

void armci_msg_bcast_scope(int scope, void *buffer, int len, int root) {
  ARMCI_CHECK_INIT("armci_msg_bcast_scope");
  MPI_Comm c = scope_comm(scope);
  if (c == MPI_COMM_NULL) return;
  bcast_on(c, buffer, len, rank_in(c, root));
}

void armci_msg_group_bcast_scope(int scope, void *buf, int len, int root, ARMCI_Group *group) {
  (void)scope; /* the group decides who takes part */
  armci_grp_info_t *g = armci__grp(group, "armci_msg_group_bcast_scope");
  if (g->comm == MPI_COMM_NULL) armci__fatal("armci_msg_group_bcast_scope: not a member of the group");
  if (root < 0 || root >= armci__s.np) armci__fatal("armci_msg_group_bcast_scope: bad root %d", root);
  bcast_on(g->comm, buf, len, g->a2g[root]);
}

/* Binary tree over the processes of a scope, in rank order. */
void armci_msg_bintree(int scope, int *Root, int *Up, int *Left, int *Right) {
  ARMCI_CHECK_INIT("armci_msg_bintree");
  int *procs = calloc((size_t)armci__s.np, sizeof(int)), n = 0;
  if (!procs) armci__fatal("armci_msg_bintree: out of memory");
  if (scope == SCOPE_NODE) {
    for (int i = armci__s.node_start[armci__s.my_node]; i < armci__s.node_start[armci__s.my_node + 1]; i++)
      procs[n++] = armci__s.node_procs[i];
  } else if (scope == SCOPE_MASTERS) {
    for (int d = 0; d < armci__s.nnodes; d++) procs[n++] = armci__s.node_procs[armci__s.node_start[d]];
  } else {
    for (int p = 0; p < armci__s.np; p++) procs[n++] = p;
  }
  int idx = -1;
  for (int i = 0; i < n; i++)
    if (procs[i] == armci__s.me) idx = i;
  int root = procs[0], up = -1, left = -1, right = -1;
  if (idx >= 0) {
    if (idx > 0) up = procs[(idx - 1) / 2];
    if (2 * idx + 1 < n) left = procs[2 * idx + 1];
    if (2 * idx + 2 < n) right = procs[2 * idx + 2];
  }
  free(procs);
  if (Root) *Root = root;
  if (Up) *Up = up;
  if (Left) *Left = left;
  if (Right) *Right = right;
}

/* ---- reductions ---- */

typedef enum {
  OP_SUM,
  OP_PROD,
  OP_MAX,
  OP_MIN,
  OP_ABSMAX,
  OP_ABSMIN,
  OP_BOR,
  OP_BAND,
  OP_LAND,
  OP_LOR
} gop_t;

static gop_t parse_op(const char *op, int integer, const char *fn) {
  if (!op) armci__fatal("%s: operation is NULL", fn);
  gop_t o;
  if (!strcmp(op, "+"))
    o = OP_SUM;
  else if (!strcmp(op, "*"))
    o = OP_PROD;
  else if (!strcmp(op, "max"))
    o = OP_MAX;
  else if (!strcmp(op, "min"))
    o = OP_MIN;
  else if (!strcmp(op, "absmax"))
    o = OP_ABSMAX;
  else if (!strcmp(op, "absmin"))
    o = OP_ABSMIN;
  else if (!strcmp(op, "or") || !strcmp(op, "bor") || !strcmp(op, "|"))
    o = OP_BOR;
  else if (!strcmp(op, "and") || !strcmp(op, "band") || !strcmp(op, "&"))
    o = OP_BAND;
  else if (!strcmp(op, "land") || !strcmp(op, "&&"))
    o = OP_LAND;
  else if (!strcmp(op, "lor") || !strcmp(op, "||"))
    o = OP_LOR;
  else
    armci__fatal("%s: unknown operation \"%s\"", fn, op);
  if (!integer && o >= OP_BOR) armci__fatal("%s: operation \"%s\" needs an integer type", fn, op);
  return o;
}

static MPI_Op mpi_op(gop_t o) {
  switch (o) {
    case OP_SUM: return MPI_SUM;
    case OP_PROD: return MPI_PROD;
    case OP_MAX:
    case OP_ABSMAX: return MPI_MAX;
    case OP_MIN:
    case OP_ABSMIN: return MPI_MIN;
    case OP_BOR: return MPI_BOR;
    case OP_BAND: return MPI_BAND;
    case OP_LAND: return MPI_LAND;
    default: return MPI_LOR;
  }
}

static void type_of(int type, MPI_Datatype *dt, size_t *size, int *integer, const char *fn) {
  switch (type) {
    case ARMCI_INT:
      *dt = MPI_INT;
      *size = sizeof(int);
      *integer = 1;
      return;
    case ARMCI_LONG:
      *dt = MPI_LONG;
      *size = sizeof(long);
      *integer = 1;
      return;
    case ARMCI_LONG_LONG:
      *dt = MPI_LONG_LONG;
      *size = sizeof(long long);
      *integer = 1;
      return;
    case ARMCI_FLOAT:
      *dt = MPI_FLOAT;
      *size = sizeof(float);
      *integer = 0;
      return;
    case ARMCI_DOUBLE:
      *dt = MPI_DOUBLE;
      *size = sizeof(double);
      *integer = 0;
      return;
    default: armci__fatal("%s: unknown type %d", fn, type);
  }
}

static void absolute(void *x, int n, int type) {
  for (int i = 0; i < n; i++) switch (type) {
      case ARMCI_INT: {
        int *v = x;
        if (v[i] < 0) v[i] = -v[i];
        break;
      }
      case ARMCI_LONG: {
        long *v = x;
        if (v[i] < 0) v[i] = -v[i];
        break;
      }
      case ARMCI_LONG_LONG: {
        long long *v = x;
        if (v[i] < 0) v[i] = -v[i];
        break;
      }
      case ARMCI_FLOAT: {
        float *v = x;
        v[i] = fabsf(v[i]);
        break;
      }
      default: {
        double *v = x;
        v[i] = fabs(v[i]);
        break;
      }
    }
}

static void gop_on(MPI_Comm comm, void *x, int n, const char *op, int type, const char *fn) {
  MPI_Datatype dt;
  size_t size;
  int integer;
  type_of(type, &dt, &size, &integer, fn);
  gop_t o = parse_op(op, integer, fn);
  if (comm == MPI_COMM_NULL || n <= 0) return;
  if (o == OP_ABSMAX || o == OP_ABSMIN) absolute(x, n, type);
  MPI_Request r;
  MPI_Iallreduce(MPI_IN_PLACE, x, n, dt, mpi_op(o), comm, &r);
  armci__wait_req(&r);
}

void armci_msg_gop_scope(int scope, void *x, int n, char *op, int type) {
  ARMCI_CHECK_INIT("armci_msg_gop_scope");
  gop_on(scope_comm(scope), x, n, op, type, "armci_msg_gop_scope");
}

void armci_msg_reduce(void *x, int n, char *op, int type) {
  ARMCI_CHECK_INIT("armci_msg_reduce");
  gop_on(armci__s.comm, x, n, op, type, "armci_msg_reduce");
}

void armci_msg_reduce_scope(int scope, void *x, int n, char *op, int type) {
  ARMCI_CHECK_INIT("armci_msg_reduce_scope");
  gop_on(scope_comm(scope), x, n, op, type, "armci_msg_reduce_scope");
}

void armci_msg_igop(int *x, int n, char *op) { armci_msg_reduce(x, n, op, ARMCI_INT); }
void armci_msg_lgop(long *x, int n, char *op) { armci_msg_reduce(x, n, op, ARMCI_LONG); }
void armci_msg_llgop(long long *x, int n, char *op) { armci_msg_reduce(x, n, op, ARMCI_LONG_LONG); }
void armci_msg_fgop(float *x, int n, char *op) { armci_msg_reduce(x, n, op, ARMCI_FLOAT); }
void armci_msg_dgop(double *x, int n, char *op) { armci_msg_reduce(x, n, op, ARMCI_DOUBLE); }

void armci_msg_group_gop_scope(int scope, void *x, int n, char *op, int type, ARMCI_Group *group) {
  (void)scope;
  armci_grp_info_t *g = armci__grp(group, "armci_msg_group_gop_scope");
  if (g->comm == MPI_COMM_NULL) armci__fatal("armci_msg_group_gop_scope: not a member of the group");
  gop_on(g->comm, x, n, op, type, "armci_msg_group_gop_scope");
}

void armci_msg_group_igop(int *x, int n, char *op, ARMCI_Group *group) {
  armci_msg_group_gop_scope(SCOPE_ALL, x, n, op, ARMCI_INT, group);
}
void armci_msg_group_lgop(long *x, int n, char *op, ARMCI_Group *group) {
  armci_msg_group_gop_scope(SCOPE_ALL, x, n, op, ARMCI_LONG, group);
}
void armci_msg_group_llgop(long long *x, int n, char *op, ARMCI_Group *group) {
  armci_msg_group_gop_scope(SCOPE_ALL, x, n, op, ARMCI_LONG_LONG, group);
}
void armci_msg_group_fgop(float *x, int n, char *op, ARMCI_Group *group) {
  armci_msg_group_gop_scope(SCOPE_ALL, x, n, op, ARMCI_FLOAT, group);
}
void armci_msg_group_dgop(double *x, int n, char *op, ARMCI_Group *group) {
  armci_msg_group_gop_scope(SCOPE_ALL, x, n, op, ARMCI_DOUBLE, group);
}

/* ---- selection: the winner's whole buffer goes to everybody ---- */

static void sel_on(MPI_Comm comm, void *x, int n, const char *op, int type, int contribute, const char *fn) {
  MPI_Datatype dt;
  size_t size;
  int integer;
  type_of(type, &dt, &size, &integer, fn);
  int is_max;
  if (op && !strcmp(op, "max"))
    is_max = 1;
  else if (op && !strcmp(op, "min"))
    is_max = 0;
  else
    armci__fatal("%s: operation must be \"max\" or \"min\", not \"%s\"", fn, op ? op : "(null)");
  if (comm == MPI_COMM_NULL) return;
  if ((size_t)n < size) armci__fatal("%s: %d bytes cannot hold the value", fn, n);
  double v = 0;
  switch (type) {
    case ARMCI_INT: {
      int t;
      memcpy(&t, x, sizeof t);
      v = t;
      break;
    }
    case ARMCI_LONG: {
      long t;
      memcpy(&t, x, sizeof t);
      v = (double)t;
      break;
    }
    case ARMCI_LONG_LONG: {
      long long t;
      memcpy(&t, x, sizeof t);
      v = (double)t;
      break;
    }
    case ARMCI_FLOAT: {
      float t;
      memcpy(&t, x, sizeof t);
      v = t;
      break;
    }
    default: memcpy(&v, x, sizeof v); break;
  }
  int rank;
  MPI_Comm_rank(comm, &rank);
  struct {
    double v;
    int rank;
  } in = {contribute ? (is_max ? v : -v) : -INFINITY, contribute ? rank : -1}, out;
  /* MAXLOC on the value (negated for min); ties go to the lowest rank */
  MPI_Request r;
  MPI_Iallreduce(&in, &out, 1, MPI_DOUBLE_INT, MPI_MAXLOC, comm, &r);
  armci__wait_req(&r);
  if (out.rank < 0) return; /* nobody contributed */
  MPI_Ibcast(x, n, MPI_BYTE, out.rank, comm, &r);
  armci__wait_req(&r);
}

void armci_msg_sel(void *x, int n, char *op, int type, int contribute) {
  ARMCI_CHECK_INIT("armci_msg_sel");
  sel_on(armci__s.comm, x, n, op, type, contribute, "armci_msg_sel");
}

void armci_msg_sel_scope(int scope, void *x, int n, char *op, int type, int contribute) {
  ARMCI_CHECK_INIT("armci_msg_sel_scope");
  sel_on(scope_comm(scope), x, n, op, type, contribute, "armci_msg_sel_scope");
}

/* The application's names: weak aliases, which a profiling tool may replace (parmci.h). */
ARMCI_WEAK_ALIAS(armci_msg_barrier, parmci_msg_barrier);
ARMCI_WEAK_ALIAS(armci_msg_group_barrier, parmci_msg_group_barrier);
