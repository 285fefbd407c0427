/**
 * @file dart/mpi.h
 * Interoperation with MPI, for programs and layers (such as the ARMCI
 * front-end) that mix DART with their own MPI calls. Not included by
 * dart/dart.h, so that plain DART programs need no MPI header.
 */
#ifndef DART_MPI_H
#define DART_MPI_H

#include <mpi.h>
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Sets *comm to the communicator of team (ranks = team-relative ids). The
 * communicator belongs to DART: use it, do not free it; it is freed by
 * dart_team_destroy / dart_exit. Local. Threads: any.
 */
dart_ret_t dart_team_get_comm(dart_team_t team, MPI_Comm *comm);

/**
 * Sets *same to 1 if unit shares a (real or virtual) node with the caller,
 * i.e. DART reaches it through shared memory. Local, O(1). Threads: any.
 */
dart_ret_t dart_unit_on_my_node(dart_unit_t unit, int *same);

#ifdef __cplusplus
}
#endif

#endif /* DART_MPI_H */
