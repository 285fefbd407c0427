/* ARMCI on DART: process groups (groups.c) (internal). */
#ifndef ARMCI_DART_GROUPS_H
#define ARMCI_DART_GROUPS_H

#include "state.h"

/* Creates the world group at init; frees every group at finalize. */
void armci__groups_init(void);
void armci__groups_fini(void);

#endif
