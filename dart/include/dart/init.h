/**
 * @file dart/init.h
 * Initialization, shutdown, environment queries, configuration and errors.
 *
 * DART is not thread-safe: call it from one thread per unit.
 */
#ifndef DART_INIT_H
#define DART_INIT_H

#include <stdio.h>
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Initializes the runtime. Collective over all processes of MPI_COMM_WORLD.
 * Initializes MPI unless the program already did; in that case dart_exit
 * leaves MPI initialized. Reads the DART_* environment variables (see
 * README): a bad value makes this call fail with DART_ERR_INVAL and a
 * message on stderr naming the variable. Calling it twice is DART_ERR_INVAL.
 */
dart_ret_t dart_init(int *argc, char ***argv);

/**
 * Shuts the runtime down: frees all teams, segments and locks. Collective
 * over all units. Finalizes MPI only if dart_init initialized it.
 */
dart_ret_t dart_exit(void);

/** Sets *flag to 1 between dart_init and dart_exit, else 0. Any time. */
dart_ret_t dart_initialized(int *flag);

/** Aborts all units with the given exit code (MPI_Abort). Any time. */
dart_ret_t dart_abort(int errorcode);

/** The calling unit's absolute id. */
dart_ret_t dart_myid(dart_unit_t *myid);

/** The number of units in DART_TEAM_ALL. */
dart_ret_t dart_size(size_t *size);

/** Effective configuration, read from the environment at dart_init. */
typedef struct {
  size_t units_per_node;   /**< DART_UNITS_PER_NODE: 0 = real nodes */
  size_t local_pool_bytes; /**< DART_LOCAL_POOL: per-unit pool for dart_memalloc */
  size_t team_pool_bytes;  /**< DART_TEAM_POOL: per-unit chunk step for team pools */
  int print_config;        /**< DART_PRINT_CONFIG: print this at dart_init */
  unsigned debug;          /**< DART_DEBUG: event categories printed to stderr
                                (bit 0 alloc, 1 team, 2 path; README) */
  size_t num_nodes;        /**< nodes (real or virtual) in the run */
  size_t node_id;          /**< the node of the calling unit */
  size_t node_size;        /**< units on the calling unit's node */
} dart_config_t;

/** Copies the effective configuration into *cfg. */
dart_ret_t dart_config_get(dart_config_t *cfg);

/** Prints the effective configuration, one variable per line, to out. */
dart_ret_t dart_config_print(FILE *out);

/** A static message for a status code. Any time. */
const char *dart_strerror(dart_ret_t status);

/**
 * A message describing the last error this unit's DART calls returned
 * (which call, which argument, which limit), or "" if none. Any time.
 */
const char *dart_last_error(void);

#ifdef __cplusplus
}
#endif

#endif /* DART_INIT_H */
