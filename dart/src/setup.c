/* Start and shutdown of every module, in one order (the table below;
 * docs/architecture.md, "Start and shutdown"). dart_init runs the inits top
 * to bottom, dart_exit the finis bottom to top, and an init that fails
 * undoes the rows above it, bottom to top. No module starts or stops
 * another: a team's destruction also goes through this table (team_fini),
 * which is why dart_team_destroy lives here. */
#include "atomic.h"
#include "collective.h"
#include "debug.h"
#include "datatype.h"
#include "fast.h"
#include "lock.h"
#include "mpibugs.h"
#include "progress.h"
#include "rma.h"
#include "segment.h"
#include "stats.h"
#include "team.h"
#include "userop.h"
#include "watchdog.h"

typedef struct {
  const char *name;
  dart_ret_t (*init)(MPI_Comm world); /* NULL: nothing to start (state made on first use) */
  dart_ret_t (*fini)(void);           /* NULL: nothing to stop */
  /* A team's state in this module, released before the team goes. */
  dart_ret_t (*team_fini)(dart_team_data_t *team);
  /* The fini frees MPI objects made on first use: it also runs from
   * MPI_Finalize if dart_exit did not (fallback below). */
  int at_finalize;
} module_t;

/* Adapters from the modules' own signatures to the table's. */
static dart_ret_t api_init(MPI_Comm world) {
  (void)world;
  dart__initialized = 1; /* the public calls work from here on (some rows below use them) */
  return DART_OK;
}
static dart_ret_t api_fini(void) {
  dart__initialized = 0;
  return DART_OK;
}
static dart_ret_t rma_fini(void) {
  dart__rma_fini();
  return DART_OK;
}
static dart_ret_t fast_init(MPI_Comm world) {
  (void)world;
  return dart__fast_init();
}
static dart_ret_t mpibugs_fini(void) {
  dart__mpibugs_fini();
  return DART_OK;
}
static dart_ret_t types_init(MPI_Comm world) {
  (void)world;
  return dart__types_init();
}
static dart_ret_t types_fini(void) {
  dart__types_fini();
  return DART_OK;
}
static dart_ret_t topology_fini(void) {
  dart__topology_fini();
  return DART_OK;
}
static dart_ret_t lock_fini(void) {
  dart__lock_fini();
  return DART_OK;
}
static dart_ret_t lock_team_fini(dart_team_data_t *team) {
  dart__lock_team_fini(team);
  return DART_OK;
}
static dart_ret_t userop_fini(void) {
  dart__userop_fini();
  return DART_OK;
}
static dart_ret_t collective_fini(void) {
  dart__collective_fini();
  return DART_OK;
}
static dart_ret_t domain_fini(void) {
  dart__domain_fini();
  return DART_OK;
}
static dart_ret_t stats_init(MPI_Comm world) {
  (void)world;
  dart__stats_init(dart__state.config.stats);
  return DART_OK;
}
static dart_ret_t progress_fini(void) {
  dart__progress_fini();
  return DART_OK;
}
static dart_ret_t local_pool_init(MPI_Comm world) {
  (void)world;
  return dart__segment_local_pool_init(&dart__state.place, sizeof dart__state.place);
}
static dart_ret_t lib_fast_init(MPI_Comm world) {
  (void)world;
  dart__threads_init();
  return DART_OK;
}
static dart_ret_t lib_fast_fini(void) {
  dart__threads_fini();
  return DART_OK;
}
static dart_ret_t config_print(MPI_Comm world) {
  (void)world;
  if (dart__state.config.print_config && dart__state.myid == 0) dart_config_print(stdout);
  return DART_OK;
}
static dart_ret_t team_fini_rows(dart_team_data_t *team);

/* Every team at dart_exit, highest slot first (the same order on every
 * unit, so that the collectives of their finis match). */
static dart_ret_t teams_fini(void) {
  dart_ret_t ret = DART_OK;
  for (int s = DART_TEAM_MAX_SLOTS - 1; s >= 0; s--) {
    dart_team_data_t *t = dart__team_slots[s];
    if (!t) continue;
    dart_ret_t r = team_fini_rows(t);
    if (r != DART_OK && ret == DART_OK) ret = r;
    dart__team_free(t);
  }
  dart__state.all = NULL;
  return ret;
}
static dart_ret_t crash_init(MPI_Comm world) {
  dart__crash_report_init(world);
  return DART_OK;
}
static dart_ret_t crash_fini(void) {
  dart__crash_report_fini();
  return DART_OK;
}

/* Each row may use the rows above it. */
static const module_t modules[] = {
    {"api", api_init, api_fini, NULL, 0},                      /* dart__initialized */
    {"rma", NULL, rma_fini, NULL, 0},                          /* transfer handles */
    {"fast", fast_init, NULL, NULL, 0},                        /* the header's inline records */
    {"mpibugs", dart__mpibugs_init, mpibugs_fini, NULL, 0},    /* workarounds of MPI defects */
    {"datatype", types_init, types_fini, NULL, 0},             /* basic and derived types */
    {"topology", dart__topology_init, topology_fini, NULL, 0}, /* nodes, places */
    {"team", dart__team_all_init, teams_fini, NULL, 0},        /* DART_TEAM_ALL; every team at exit */
    {"segment", NULL, NULL, dart__segment_team_fini, 0},       /* a team's memory */
    /* State made on first use; locks and MINMAX live in team memory. */
    {"lock", NULL, lock_fini, lock_team_fini, 1},
    {"userop", NULL, userop_fini, NULL, 1},
    {"collective", NULL, collective_fini, NULL, 1},
    {"domain", NULL, domain_fini, NULL, 0},                    /* the teams' locality trees */
    {"stats", stats_init, NULL, NULL, 0},                      /* counters (printed by dart_exit) */
    {"progress", dart__progress_init, progress_fini, NULL, 0}, /* waiting mode, progress thread */
    {"atomics", dart__atomic_init, NULL, NULL, 0},             /* the common case's operations (crowding) */
    {"watchdog", dart__watchdog_init, NULL, NULL, 0},          /* DART_TIMEOUT; stopped after MPI_Finalize */
    {"local pool", local_pool_init, NULL, NULL, 0},            /* freed with DART_TEAM_ALL's segments */
    {"lib fast", lib_fast_init, lib_fast_fini, NULL, 0},       /* dart__lib_fast */
    {"config", config_print, NULL, NULL, 0},                   /* DART_PRINT_CONFIG */
    {"crash", crash_init, crash_fini, NULL, 0},                /* the crash report; finalize at exit */
};
enum { NMODULES = sizeof modules / sizeof *modules };

/* Runs the finis of rows [0, n) bottom to top (those marked at_finalize
 * only, if only_at_finalize); the first error. */
static dart_ret_t fini_rows(int n, int only_at_finalize) {
  dart_ret_t ret = DART_OK;
  for (int i = n - 1; i >= 0; i--) {
    if (!modules[i].fini || (only_at_finalize && !modules[i].at_finalize)) continue;
    dart_ret_t r = modules[i].fini();
    if (r != DART_OK && ret == DART_OK) ret = r;
  }
  return ret;
}

/* Fallback when dart_exit does not run: MPI_Finalize frees MPI_COMM_SELF
 * first, which runs this attribute's delete callback while MPI is still
 * usable, so that the MPI objects made on first use are freed. */
static int fini_keyval = MPI_KEYVAL_INVALID;

static int fini_at_finalize(MPI_Comm comm, int keyval, void *attr, void *extra) {
  (void)comm, (void)keyval, (void)attr, (void)extra;
  if (dart__initialized) fini_rows(NMODULES, 1);
  return MPI_SUCCESS;
}

dart_ret_t dart__setup_init(MPI_Comm world) {
  if (fini_keyval == MPI_KEYVAL_INVALID &&
      MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, fini_at_finalize, &fini_keyval, NULL) == MPI_SUCCESS)
    MPI_Comm_set_attr(MPI_COMM_SELF, fini_keyval, NULL);
  for (int i = 0; i < NMODULES; i++) {
    if (!modules[i].init) continue;
    dart_ret_t r = modules[i].init(world);
    if (r != DART_OK) {
      fini_rows(i, 0);
      return r;
    }
  }
  return DART_OK;
}

dart_ret_t dart__setup_fini(void) { return fini_rows(NMODULES, 0); }

/* A team ends here, not in team.c: its end is every module's team fini,
 * and the team module sits below those modules. */
dart_ret_t dart_team_destroy(dart_team_t *team) {
  if (!team) return dart__error(DART_ERR_INVAL, "dart_team_destroy: team is NULL");
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(*team, "dart_team_destroy", &t);
  if (r != DART_OK) return r;
  if (t->slot == 0)
    return dart__error(DART_ERR_INVAL, "dart_team_destroy: DART_TEAM_ALL cannot be destroyed");
  DART_DEBUG(TEAM, "team %lld destroyed", (long long)t->id);
  r = team_fini_rows(t);
  dart__team_free(t);
  *team = DART_TEAM_NULL;
  return r;
}

static dart_ret_t team_fini_rows(dart_team_data_t *team) {
  dart_ret_t ret = DART_OK;
  for (int i = NMODULES - 1; i >= 0; i--) {
    if (!modules[i].team_fini) continue;
    dart_ret_t r = modules[i].team_fini(team);
    if (r != DART_OK && ret == DART_OK) ret = r;
  }
  return ret;
}
