/* Groups (internal): what team creation reads of a group. */
#ifndef DART_SRC_GROUP_H
#define DART_SRC_GROUP_H

#include "state.h"

/* The group's members, ascending absolute ids (*n of them). */
const dart_unit_t *dart__group_units(const dart_group_t g, size_t *n);

#endif
