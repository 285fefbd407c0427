/* Reduction operations made by the program (internal). */
#ifndef DART_SRC_USEROP_H
#define DART_SRC_USEROP_H

#include <mpi.h>
#include "state.h"

static inline int dart__is_userop(dart_operation_t op) {
  return op >= DART_OP_USER_FIRST && op <= DART_OP_USER_LAST;
}

/* The MPI operation and element type of user operation op, which must have
 * been made for type; fails naming fn. */
dart_ret_t dart__userop_get(dart_operation_t op, dart_datatype_t type, const char *fn, MPI_Op *mop,
                            MPI_Datatype *mtype);

/* Frees the live user operations (dart_exit, before MPI is finalized). */
void dart__userop_fini(void);

#endif
