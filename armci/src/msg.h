/* ARMCI on DART: messages (msg.c) (internal). */
#ifndef ARMCI_DART_MSG_H
#define ARMCI_DART_MSG_H

#include "state.h"

void armci__msg_init(void);
void armci__msg_fini(void);

#endif
