/* Initialization, termination, topology (domains) and shared-memory
 * queries. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "completion.h"
#include "groups.h"
#include "mem.h"
#include "msg.h"
#include "shmacc.h"
#include "strided.h"
#include "sync.h"

/* Node table: which processes share a (real or virtual) node, from DART. */
static void topology_init(void) {
  armci_state_t *s = &armci__s;
  dart_config_t cfg;
  DART_CALL(dart_config_get(&cfg));
  int mine = (int)cfg.node_id;
  s->node_of = malloc(sizeof(int) * (size_t)s->np);
  s->node_start = calloc((size_t)cfg.num_nodes + 1, sizeof(int));
  s->node_procs = malloc(sizeof(int) * (size_t)s->np);
  if (!s->node_of || !s->node_start || !s->node_procs) armci__fatal("ARMCI_Init: out of memory");
  MPI_Allgather(&mine, 1, MPI_INT, s->node_of, 1, MPI_INT, s->comm);
  s->nnodes = (int)cfg.num_nodes;
  s->my_node = mine;
  for (int p = 0; p < s->np; p++) s->node_start[s->node_of[p] + 1]++;
  for (int n = 0; n < s->nnodes; n++) s->node_start[n + 1] += s->node_start[n];
  int *fill = calloc((size_t)s->nnodes, sizeof(int));
  if (!fill) armci__fatal("ARMCI_Init: out of memory");
  for (int p = 0; p < s->np; p++) {
    int n = s->node_of[p];
    s->node_procs[s->node_start[n] + fill[n]++] = p;
  }
  free(fill);
  s->node_peers = s->node_start[mine + 1] - s->node_start[mine];
  s->is_master = s->node_procs[s->node_start[mine]] == s->me;
}

static int init_common(int *argc, char ***argv) {
  if (armci__s.initialized++ > 0) return 0;
  int dinit = 0;
  dart_initialized(&dinit);
  armci__s.dart_owned = !dinit;
  if (!dinit) {
    /* ARMCI checks every DART call and reports a failure as an ARMCI error
     * (or a status): DART returns its errors, unless DART_ERRORS says otherwise. */
    if (!getenv("DART_ERRORS")) dart_set_error_mode(DART_ERRORS_RETURN);
    dart_ret_t r = dart_init(argc, argv);
    if (r != DART_OK) {
      fprintf(stderr, "ARMCI_Init: dart_init failed: %s (%s)\n", dart_strerror(r), dart_last_error());
      armci__s.initialized = 0;
      return 1;
    }
  }
  dart_unit_t me;
  size_t np;
  dart_myid(&me);
  dart_size(&np);
  armci__s.me = me;
  armci__s.np = (int)np;
  MPI_Comm_dup(MPI_COMM_WORLD, &armci__s.comm);
  topology_init();
  armci__msg_init();
  armci__completion_init();
  armci__mem_init();
  armci__stripes_init();
  armci__groups_init();
  return 0;
}

int PARMCI_Init(void) { return init_common(NULL, NULL); }

int PARMCI_Init_args(int *argc, char ***argv) { return init_common(argc, argv); }

int PARMCI_Init_thread(int armci_requested) {
  (void)armci_requested; /* DART is used from one thread per process */
  return init_common(NULL, NULL);
}

int PARMCI_Init_thread_comm(int armci_requested, MPI_Comm comm) {
  (void)armci_requested;
  int init = 0;
  MPI_Initialized(&init);
  if (init) {
    int cmp = MPI_UNEQUAL;
    MPI_Comm_compare(comm, MPI_COMM_WORLD, &cmp);
    if (cmp != MPI_IDENT && cmp != MPI_CONGRUENT) {
      fprintf(stderr,
              "ARMCI_Init_thread_comm: only MPI_COMM_WORLD (or a congruent "
              "communicator) is supported: DART spans MPI_COMM_WORLD\n");
      return 1;
    }
  }
  return init_common(NULL, NULL);
}

int PARMCI_Initialized(void) { return armci__s.initialized > 0; }

int PARMCI_Finalize(void) {
  /* GA calls it more than once at the end (as ARMCI-MPI, not an error) */
  if (armci__s.initialized <= 0) return 0;
  if (--armci__s.initialized > 0) return 0;
  armci__complete(-1);
  MPI_Barrier(armci__s.comm);
  armci__mutex_fini();
  armci__mem_fini();
  armci__stripes_fini();
  armci__groups_fini();
  armci__msg_fini();
  armci__strided_fini();
  armci__completion_fini();
  free(armci__s.node_of);
  free(armci__s.node_start);
  free(armci__s.node_procs);
  MPI_Comm_free(&armci__s.comm);
  int owned = armci__s.dart_owned;
  memset(&armci__s, 0, sizeof armci__s);
  if (owned) {
    dart_ret_t r = dart_exit();
    if (r != DART_OK) return 1;
  }
  return 0;
}

void ARMCI_Cleanup(void) {
  /* Abnormal termination path (GA calls it before aborting): nothing must
   * communicate here. Resources go with the process. */
}

void ARMCI_Error(const char *msg, int code) {
  char line[1024];
  snprintf(line, sizeof line, "[%d] ARMCI Error: %.900s: %d\n", armci__s.me, msg ? msg : "", code);
  armci__abort_job(line, code);
}

/* ---- Domains: one domain per (real or virtual) node; a negative domain
 * id means the caller's (as native ARMCI, which GA relies on) ---- */

static int domain_ok(armci_domain_t d, const char *fn) {
  ARMCI_CHECK_INIT(fn);
  if (d != ARMCI_DOMAIN_SMP) armci__fatal("%s: unknown domain %d", fn, (int)d);
  return 1;
}

int armci_domain_nprocs(armci_domain_t domain, int id) {
  domain_ok(domain, "armci_domain_nprocs");
  if (id < 0) id = armci__s.my_node;
  if (id < 0 || id >= armci__s.nnodes) armci__fatal("armci_domain_nprocs: no domain %d", id);
  return armci__s.node_start[id + 1] - armci__s.node_start[id];
}

int armci_domain_id(armci_domain_t domain, int glob_proc_id) {
  domain_ok(domain, "armci_domain_id");
  if (glob_proc_id < 0 || glob_proc_id >= armci__s.np)
    armci__fatal("armci_domain_id: no process %d", glob_proc_id);
  return armci__s.node_of[glob_proc_id];
}

int armci_domain_glob_proc_id(armci_domain_t domain, int id, int loc_proc_id) {
  domain_ok(domain, "armci_domain_glob_proc_id");
  if (id < 0) id = armci__s.my_node;
  if (id < 0 || id >= armci__s.nnodes || loc_proc_id < 0 ||
      loc_proc_id >= armci__s.node_start[id + 1] - armci__s.node_start[id])
    armci__fatal("armci_domain_glob_proc_id: no process %d in domain %d", loc_proc_id, id);
  return armci__s.node_procs[armci__s.node_start[id] + loc_proc_id];
}

int armci_domain_my_id(armci_domain_t domain) {
  domain_ok(domain, "armci_domain_my_id");
  return armci__s.my_node;
}

int armci_domain_count(armci_domain_t domain) {
  domain_ok(domain, "armci_domain_count");
  return armci__s.nnodes;
}

int armci_domain_same_id(armci_domain_t domain, int proc) {
  domain_ok(domain, "armci_domain_same_id");
  if (proc < 0 || proc >= armci__s.np) return 0;
  return armci__s.node_of[proc] == armci__s.my_node;
}

int ARMCI_Same_node(int proc) { return armci_domain_same_id(ARMCI_DOMAIN_SMP, proc); }

/* ---- Shared memory ---- */

int ARMCI_Uses_shm(void) {
  ARMCI_CHECK_INIT("ARMCI_Uses_shm");
  return armci__s.node_peers > 1;
}

void ARMCI_Set_shm_limit(unsigned long shmemlimit) {
  (void)shmemlimit; /* DART sizes its pools itself (DART_TEAM_POOL) */
}

int ARMCI_Uses_shm_grp(ARMCI_Group *group) {
  armci_grp_info_t *g = armci__grp(group, "ARMCI_Uses_shm_grp");
  for (int i = 0; i < g->size; i++)
    if (g->g2a[i] != armci__s.me && armci__s.node_of[g->g2a[i]] == armci__s.my_node) return 1;
  return 0;
}

/* The application's names: weak aliases, which a profiling tool may replace (parmci.h). */
ARMCI_WEAK_ALIAS(ARMCI_Init, PARMCI_Init);
ARMCI_WEAK_ALIAS(ARMCI_Init_args, PARMCI_Init_args);
ARMCI_WEAK_ALIAS(ARMCI_Init_thread, PARMCI_Init_thread);
ARMCI_WEAK_ALIAS(ARMCI_Init_thread_comm, PARMCI_Init_thread_comm);
ARMCI_WEAK_ALIAS(ARMCI_Initialized, PARMCI_Initialized);
ARMCI_WEAK_ALIAS(ARMCI_Finalize, PARMCI_Finalize);
