/* ARMCI on DART: mutexes (sync.c) (internal). */
#ifndef ARMCI_DART_SYNC_H
#define ARMCI_DART_SYNC_H

#include "state.h"

void armci__mutex_fini(void);

#endif
