/* Where the calling unit runs (internal): hwloc's view of its CPU, core,
 * caches, NUMA domain and machine. */
#ifndef DART_SRC_PLACE_H
#define DART_SRC_PLACE_H

#include "state.h"

/* The calling unit's CPU, core, NUMA domain and machine; host and node are
 * left to the caller (topology.c). */
void dart__place_detect(dart_unit_place_t *place);

#endif
