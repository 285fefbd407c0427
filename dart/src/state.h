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

/* 1 while the library's common cases may be taken (rma.c, atomic.c):
 * initialized and DART_STATS off (stats.h). One load, as the check of
 * dart__initialized it replaces there. */
extern int dart__lib_fast DART_HIDDEN;

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

/* Records a detailed message for dart_last_error. */
void dart__set_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void dart__set_mpi_error(int mpi_ret, const char *call);

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
 * DART_CRASH_REPORT=0 (crash.c). Called at the end of dart_init. */
void dart__crash_report_init(void);
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

/* Computes node ids (real or virtual) of all units and where the calling
 * unit runs; fills dart__state.node_of and .place. */
dart_ret_t dart__topology_init(MPI_Comm world);
void dart__topology_fini(void);

/* Frees the teams' locality domain trees (domain.c). Called by dart_exit. */
void dart__domain_fini(void);

#endif
