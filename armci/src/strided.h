/* ARMCI on DART: strided transfers (strided.c) (internal). */
#ifndef ARMCI_DART_STRIDED_H
#define ARMCI_DART_STRIDED_H

#include "state.h"

/* Frees the cached DART layouts at finalize. */
void armci__strided_fini(void);

#endif
