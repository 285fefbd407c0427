/* Atomics (internal): the setup of atomic.c's common case. */
#ifndef DART_SRC_ATOMIC_H
#define DART_SRC_ATOMIC_H

#include "state.h"

/* Chooses which operations take atomic.c's MPI-path common case: all
 * defined ones, or none where a node is crowded (progress.h decides,
 * before; a setup.c module). */
dart_ret_t dart__atomic_init(MPI_Comm world);

#endif
