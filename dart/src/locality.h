/* Locality (internal): what the domain tree reads of places and nodes. */
#ifndef DART_SRC_LOCALITY_H
#define DART_SRC_LOCALITY_H

#include "state.h"

/* The places of team units rels[0 .. count-1] (valid team-relative ids), as
 * dart_unit_places: one get each, one completion (locality.c). */
dart_ret_t dart__unit_places_of(dart_team_data_t *team, const int32_t *rels, size_t count,
                                dart_unit_place_t *places);

/* The team's nodes numbered in order of their lowest member: dom[rel] for
 * every member, *count nodes. Local (the node table), O(n log n) time
 * (locality.c). */
dart_ret_t dart__team_nodes(dart_team_data_t *team, int32_t *dom, size_t *count);

#endif
