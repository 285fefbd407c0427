/* Runtime-wide state, configuration and error reporting (internal). */
#ifndef DART_SRC_STATE_H
#define DART_SRC_STATE_H

#include <mpi.h>
#include <pthread.h>
#include <dart/dart.h>

typedef struct dart_team_data dart_team_data_t; /* team.h */
typedef struct dart_chunk dart_chunk_t;         /* pool.h */

/* Internal data of the library: not exported from a shared libdart, and
 * reached without a GOT load from position-independent code. */
#define DART_HIDDEN __attribute__((visibility("hidden")))

/* Whether DART is initialized is dart__initialized (dart/detail/fast_path.h): the
 * header's inline completion reads it. */
typedef struct {
  int mpi_owned; /* dart_init called MPI_Init, so dart_exit finalizes */
  int exited;    /* dart_exit ran; MPI may be gone */
  int threads;   /* DART_THREAD_MULTIPLE provided: shared state takes dart__lock */
  dart_unit_t myid;
  int size;
  dart_config_t config;
  int32_t *node_of;      /* [size] node id of every unit */
  int32_t *host_of_node; /* [nodes] the real node (machine) of every node: its lowest world rank */
  long shm_job;          /* pid of my machine's lowest world rank: names the job's shm objects (shm.h) */
  /* Where the calling unit runs. Other units' records are not kept here:
   * each unit publishes its own at offset 0 of its local pool (segment 0 of
   * DART_TEAM_ALL), where dart_unit_place reads them one-sidedly, so that a
   * unit holds O(1) of them instead of O(units). */
  dart_unit_place_t place;
  dart_team_data_t *all;
} dart_state_t;

extern dart_state_t dart__state DART_HIDDEN;

/* dart__initialized (dart/detail/fast_path.h) under a hidden name, for the
 * library's own checks: the public one is exported for the header. */
extern int dart__initialized_lib DART_HIDDEN;

/* 1 while the calling thread may take the library's common cases (rma.c,
 * atomic.c): initialized, DART_STATS off (stats.h), and the thread admitted
 * (threads.c). Thread-local, initial-exec: one %fs-relative load, the same
 * instructions as the global it was. The thread that starts DART is
 * admitted at dart_init; another thread's first transfer or atomic takes
 * the general path, which admits it, or, under DART_CHECK=1 without thread
 * support, fails naming DART_THREADS. */
extern __thread int dart__lib_fast DART_HIDDEN __attribute__((tls_model("initial-exec")));
/* The general path's check of the calling thread (fn: the call, for the
 * message); a macro so that the common case pays nothing. */
dart_ret_t dart__thread_admit(const char *fn);
void dart__threads_init(void); /* the thread of dart_init: admitted */
void dart__threads_fini(void);
#define DART_THREAD_ADMIT(fn)                          \
  do {                                                 \
    if (__builtin_expect(!dart__lib_fast, 0)) {        \
      dart_ret_t dart_admit_ = dart__thread_admit(fn); \
      if (dart_admit_ != DART_OK) return dart_admit_;  \
    }                                                  \
  } while (0)

/* Guards for DART's own shared tables (free lists, allocators, lock and
 * type tables) at DART_THREAD_MULTIPLE. They cost nothing on the paths that
 * never touch such a table (shared-memory put and get, atomics), and one
 * predictable branch at DART_THREAD_SINGLE elsewhere. */
static inline void dart__lock(pthread_mutex_t *m) {
  if (dart__state.threads) pthread_mutex_lock(m);
}
static inline void dart__unlock(pthread_mutex_t *m) {
  if (dart__state.threads) pthread_mutex_unlock(m);
}

/* Records a detailed message for dart_last_error and, in abort mode
 * (DART_ERRORS, dart_set_error_mode), prints it with the unit and ends the
 * job. func: the C function that failed, named in the abort line when the
 * message does not start with a DART call's name. */
void dart__report_error(const char *func, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void dart__report_mpi_error(const char *func, int mpi_ret, const char *call);
#define dart__set_error(...) dart__report_error(__func__, __VA_ARGS__)
#define dart__set_mpi_error(mpi_ret, call) dart__report_mpi_error(__func__, (mpi_ret), (call))

/* dart_init defers the abort of its errors (dart__errors_defer) until the
 * units agree that init failed; then dart__errors_raise ends the job in
 * abort mode with the message recorded last. */
void dart__errors_defer(int on);
void dart__errors_raise(void);
/* The mode the environment gives (DART_ERRORS of cfg, read at dart_init),
 * unless a dart_set_error_mode call chose one. */
void dart__errors_from_config(dart_config_t *cfg);

/* Record a message and evaluate to the status. Macros, so that the compiler
 * sees the constant a failing path returns and knows out-parameters are
 * set on every DART_OK path. */
#define dart__error(status, ...) (dart__set_error(__VA_ARGS__), (dart_ret_t)(status))
#define dart__mpi_error(mpi_ret, call) (dart__set_mpi_error((mpi_ret), (call)), DART_ERR_OTHER)

#define DART_CHECK_INIT(fn)                                                    \
  do {                                                                         \
    if (__builtin_expect(!dart__initialized_lib, 0))                           \
      return dart__error(DART_ERR_NOTINIT, "%s: DART is not initialized", fn); \
  } while (0)

#define DART_MPI(call, name)                                                                            \
  do {                                                                                                  \
    int dart_mpi_ret_ = (call);                                                                         \
    if (__builtin_expect(dart_mpi_ret_ != MPI_SUCCESS, 0)) return dart__mpi_error(dart_mpi_ret_, name); \
  } while (0)

/* Elements per MPI call: MPI counts are int, so transfers, accumulates and
 * collectives above this are split (default 2^30). Tests lower it with
 * dart__set_max_count so that the split paths run on kilobytes instead of
 * multi-GiB buffers; 0 restores the default. */
#define DART_MAX_COUNT_DEFAULT ((size_t)1 << 30)
extern size_t dart__max_count DART_HIDDEN;
void dart__set_max_count(size_t n);

/* DART_CHECK: collectives agree on their arguments across the team before
 * they communicate (collective.c). Read once per call, where off it is one
 * predictable branch. dart__set_check changes it for tests and benchmarks
 * (every unit of a team alike, between collectives). */
extern int dart__check DART_HIDDEN;
void dart__set_check(int on);

/* Bytes of memory the calling unit's machine can still give to shared
 * memory: the smaller of free /dev/shm and MemAvailable (or the amount a
 * test set with dart__set_node_memory). */
unsigned long long dart__node_memory_available(void);
void dart__set_node_memory(size_t bytes);

/* Every module's start and shutdown, in the order of setup.c's table.
 * dart__setup_init runs each module's init in order (world: the duplicate
 * of MPI_COMM_WORLD that becomes DART_TEAM_ALL's) and, if one fails, the
 * finis of those before it in reverse. dart__setup_fini runs every fini in
 * reverse (dart_exit), returning the first error. setup.c also ends
 * teams (dart_team_destroy): every module's team fini, in reverse order. */
dart_ret_t dart__setup_init(MPI_Comm world);
dart_ret_t dart__setup_fini(void);

/* Reports units that end without dart_exit or on a fatal signal, unless
 * DART_CRASH_REPORT=0; finalizes at exit when every unit leaves without
 * dart_exit (crash.c). Called at the end of dart_init (collective: world). */
void dart__crash_report_init(MPI_Comm world);
void dart__crash_report_fini(void);
/* At exit without dart_exit: 1 if every unit left too (the caller then
 * finalizes; unit 0 printed the warning), else the report and the end of
 * the job; 0 when there is nothing to check (DART_CRASH_REPORT=0, a forked
 * child, the job is aborting). */
int dart__crash_exit_check(void);
/* Ends the whole job with status code: flushes stdio, gives the launcher a
 * moment to forward what was written (MPICH's hydra drops output it has not
 * forwarded when MPI_Abort kills the job), then MPI_Abort, or _exit once
 * MPI is finalized or was never started. Safe in an atexit handler. */
void dart__abort_job(int code) __attribute__((noreturn));

/* Reads DART_* variables into cfg; prints a message naming a bad one. */
dart_ret_t dart__config_read(dart_config_t *cfg);
/* The i-th DART_* variable of the configuration record: name and default
 * as documented. Returns 0 past the last one. */
int dart__config_var(size_t i, const char **name, const char **default_text);
void dart__print_versions(FILE *out); /* DART and MPI versions: version.c */
/* dart_init's checks of the MPI it runs on (version.c): the library is of
 * the family (and, for Open MPI, the major version) DART was built for; a
 * world of one process was not started as one of several by a launcher
 * this MPI does not speak to. DART_ERR_OTHER with the message otherwise. */
dart_ret_t dart__check_mpi_library(void);
dart_ret_t dart__check_launcher(int world_size);
/* Set when the MPI library is not the one DART was built for: its handles
 * mean other things, so an abort ends the process without MPI. */
extern int dart__mpi_foreign DART_HIDDEN;

/* Computes node ids (real or virtual) of all units and where the calling
 * unit runs; fills dart__state.node_of and .place. */
dart_ret_t dart__topology_init(MPI_Comm world);
void dart__topology_fini(void);

/* Frees the teams' locality domain trees (domain.c). Called by dart_exit. */
void dart__domain_fini(void);

#endif
