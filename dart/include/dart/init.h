/**
 * @file dart/init.h
 * Initialization, shutdown, environment queries, configuration and errors.
 *
 * Threads. Started with dart_init, or with dart_init_thread when the
 * provided level is DART_THREAD_SINGLE, DART is called by one thread at a
 * time. At DART_THREAD_MULTIPLE, every function's documentation ends with
 * its thread-safety class:
 * - "Threads: any." Safe from any number of threads at once (on distinct
 *   output arguments; concurrent transfers to the same bytes race as in
 *   any memory model).
 * - "Threads: per team." A collective call: safe concurrently with any
 *   call on other teams and with the "any" class, but one thread of a unit
 *   at a time per team, and every unit issues a team's collectives in the
 *   same order.
 * - "Threads: serialised." At most one thread of a unit at a time in any
 *   function of this class; concurrent with the "any" and "per team" calls.
 * - "Threads: none." No other thread of the unit may be inside DART.
 * Objects (handles, groups, locks, types) may be used by any thread, but
 * destroying one while another thread uses it is an error of the program.
 */
#ifndef DART_INIT_H
#define DART_INIT_H

#include <stdio.h>
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The version of these headers (the file VERSION; CHANGELOG.md). */
/** Major version of these headers: changes break compatibility. */
#define DART_VERSION_MAJOR 0
/** Minor version of these headers: additions. */
#define DART_VERSION_MINOR 1
/** Patch version of these headers: fixes. */
#define DART_VERSION_PATCH 0
/** "MAJOR.MINOR.PATCH" (dart_version() gives the library's). */
#define DART_VERSION_STRING "0.1.0"

/**
 * The version of the library the program runs with, which may differ from
 * the DART_VERSION_* macros it was compiled with. A NULL argument is
 * skipped. Any time, also before dart_init. Threads: any.
 */
dart_ret_t dart_version(int *major, int *minor, int *patch);

/**
 * The MPI library: the one DART was compiled against (from its mpi.h, e.g.
 * "MPICH 4.0.2" or "Open MPI 4.1.4", else "MPI 3.1") into built, and the one
 * it runs with (the first line of MPI_Get_library_version, blanks squeezed,
 * e.g. "MPICH Version: 4.0.2") into running. Each buffer receives at most
 * its length in bytes, NUL included (truncated if longer); a NULL buffer
 * is skipped, a length of 0 for a non-NULL one is DART_ERR_INVAL. Any time,
 * also before dart_init. Threads: any.
 */
dart_ret_t dart_mpi_library_version(char *built, size_t built_len, char *running, size_t running_len);

/**
 * Initializes the runtime. Collective over all processes of MPI_COMM_WORLD.
 * Initializes MPI unless the program already did; in that case dart_exit
 * leaves MPI initialized. Reads the DART_* environment variables (see
 * docs/environment.md): a bad value makes this call fail with DART_ERR_INVAL and a
 * message on stderr naming the variable. Calling it twice is DART_ERR_INVAL.
 * The same as dart_init_thread with DART_THREAD_SINGLE. Threads: none.
 */
dart_ret_t dart_init(int *argc, char ***argv);

/**
 * dart_init with thread support: requests level (DART_THREAD_SINGLE or
 * DART_THREAD_MULTIPLE) and stores in *provided what the runtime gives. MPI
 * is initialized with MPI_Init_thread (MPI_THREAD_MULTIPLE for
 * DART_THREAD_MULTIPLE); if the program initialized MPI itself, the level it
 * got decides. *provided is DART_THREAD_MULTIPLE only if level asked for it
 * and MPI provides MPI_THREAD_MULTIPLE, else DART_THREAD_SINGLE (not an
 * error: the program checks *provided). Another level value or a NULL
 * provided is DART_ERR_INVAL. Threads: none.
 */
dart_ret_t dart_init_thread(int *argc, char ***argv, dart_thread_support_level_t level,
                            dart_thread_support_level_t *provided);

/** The level dart_init_thread provided (DART_THREAD_SINGLE after dart_init). Threads: any. */
dart_ret_t dart_thread_support(dart_thread_support_level_t *provided);

/**
 * Shuts the runtime down: frees all teams, segments and locks. Collective
 * over all units. Finalizes MPI only if dart_init initialized it.
 * Threads: none.
 */
dart_ret_t dart_exit(void);

/** Sets *flag to 1 between dart_init and dart_exit, else 0. Any time. Threads: any. */
dart_ret_t dart_initialized(int *flag);

/** Aborts all units with the given exit code (MPI_Abort). Any time. Threads: any. */
dart_ret_t dart_abort(int errorcode);

/** The calling unit's absolute id. Threads: any. */
dart_ret_t dart_myid(dart_unit_t *myid);

/** The number of units in DART_TEAM_ALL. Threads: any. */
dart_ret_t dart_size(size_t *size);

/** Effective configuration, read from the environment at dart_init. */
typedef struct {
  size_t units_per_node;   /**< DART_UNITS_PER_NODE: 0 = real nodes */
  size_t local_pool_bytes; /**< DART_LOCAL_POOL: per-unit pool for dart_memalloc */
  size_t team_pool_bytes;  /**< DART_TEAM_POOL: per-unit chunk step for team pools */
  int print_config;        /**< DART_PRINT_CONFIG: print this at dart_init */
  unsigned debug;          /**< DART_DEBUG: event categories printed to stderr
                                (bit 0 alloc, 1 team, 2 path; docs/environment.md) */
  int check;               /**< DART_CHECK: collectives check that every unit of
                                the team passed the same arguments (default 1
                                in debug builds, 0 with NDEBUG) */
  size_t num_nodes;        /**< nodes (real or virtual) in the run */
  size_t node_id;          /**< the node of the calling unit */
  size_t node_size;        /**< units on the calling unit's node */
  int crash_report;        /**< DART_CRASH_REPORT: report a unit that exits without
                                dart_exit (and abort the job) or dies on a fatal signal */
  int threads;             /**< DART_THREADS: 1 = "multiple" (start with threads on) */
  int stats;               /**< DART_STATS: count communication calls per unit and
                                print them as one table at dart_exit */
  int progress_thread;     /**< DART_PROGRESS=thread: a thread per unit runs MPI's
                                progress engine (asynchronous progress) */
  int errors;              /**< DART_ERRORS (or dart_set_error_mode): a
                                dart_error_mode_t, what a failing call does */
  size_t timeout_s;        /**< DART_TIMEOUT: seconds a blocking communication
                                call may wait before the unit ends (0: no limit) */
} dart_config_t;

/** Copies the effective configuration into *cfg. Threads: any. */
dart_ret_t dart_config_get(dart_config_t *cfg);

/** Prints the effective configuration, one variable per line, to out. Threads: any. */
dart_ret_t dart_config_print(FILE *out);

/** What a failing DART call does: the variable DART_ERRORS, or dart_set_error_mode. */
typedef enum {
  /** As MPI's default error handler (MPI_ERRORS_ARE_FATAL): print one line
      to stderr, "[dart unit N] <call>: <message> (DART_ERRORS=abort)", and
      end the job (MPI_Abort; exit status 1). The default. */
  DART_ERRORS_ABORT = 0,
  /** Return the status; dart_last_error gives the message. The C++ library
      and the ARMCI front-end start DART in this mode unless DART_ERRORS is
      set: they turn every failed call into their own error (an exception,
      an ARMCI error). */
  DART_ERRORS_RETURN = 1
} dart_error_mode_t;

/**
 * Sets what a failing DART call does from now on, in place of the DART_ERRORS
 * variable (docs/environment.md): also a call before dart_init wins over the
 * variable. Any time. Threads: any.
 */
dart_ret_t dart_set_error_mode(dart_error_mode_t mode);

/** The mode in effect (DART_ERRORS or dart_set_error_mode). Any time. Threads: any. */
dart_ret_t dart_get_error_mode(dart_error_mode_t *mode);

/** A static message for a status code. Any time. Threads: any. */
const char *dart_strerror(dart_ret_t status);

/**
 * A message describing the last error the calling thread's DART calls
 * returned (which call, which argument, which limit), or "" if none. Each
 * thread has its own. Any time. Threads: any.
 */
const char *dart_last_error(void);

#ifdef __cplusplus
}
#endif

#endif /* DART_INIT_H */
