/* Collectives (internal): what setup.c calls at exit. */
#ifndef DART_SRC_COLLECTIVE_H
#define DART_SRC_COLLECTIVE_H

/* Frees the MINMAX operations and pair types created on first use. Call
 * before MPI is finalized; idempotent. */
void dart__collective_fini(void);

#endif
