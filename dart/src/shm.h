/* Node memory (internal): the part of a chunk that one unit contributes,
 * as a POSIX shared-memory object which the other units of its node run
 * map by name. No communicator is needed for it, so a team keeps only its
 * own (MPI-3 shared-memory windows needed one per team and node). */
#ifndef DART_SRC_SHM_H
#define DART_SRC_SHM_H

#include <stddef.h>
#include <stdint.h>
#include "state.h"

/* Longest name of an object, with its terminating zero. */
#define DART_SHM_NAME_MAX 64

/* The name of unit `abs`'s part of chunk `serial` of team `team`. Unique on
 * a machine while the job runs: it starts with the pid of the machine's
 * lowest world rank (dart__state.shm_job), alive as long as the job. */
void dart__shm_name(char name[DART_SHM_NAME_MAX], dart_team_t team, uint32_t serial, int abs);

/* Bytes mapped for a part of `size` bytes: whole pages, at least one. */
size_t dart__shm_bytes(size_t size);

/* Creates the object `name` of `bytes` (dart__shm_bytes) and maps it; no
 * page is touched. An object of that name left by a job that died is
 * replaced. DART_ERR_NOMEM with the reason on failure. */
dart_ret_t dart__shm_create(const char *name, size_t bytes, void **addr);

/* Maps the object `name` that a unit of my node created. */
dart_ret_t dart__shm_attach(const char *name, size_t bytes, void **addr);

/* Removes the name (the mappings stay valid). */
void dart__shm_unlink(const char *name);

/* Unmaps a part mapped by dart__shm_create or dart__shm_attach. */
void dart__shm_unmap(void *addr, size_t bytes);

#endif
