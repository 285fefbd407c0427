/* Team locks (internal): what setup.c calls at team destruction and exit. */
#ifndef DART_SRC_LOCK_H
#define DART_SRC_LOCK_H

#include "state.h"

/* Releases the lock state of a team that is being destroyed (pending
 * lock-destroy barriers on its communicator are completed; the lock cells
 * go with the team's memory). Collective over the team. */
void dart__lock_team_fini(dart_team_data_t *team);

/* Frees every lock record and the teams' lock state. Every unit calls it,
 * before MPI is finalized (it completes pending nonblocking barriers of
 * destroyed locks); idempotent. */
void dart__lock_fini(void);

#endif
