/* Teams: slot table with O(1) lookup by id, communicators, node layout. */
#ifndef DART_SRC_TEAM_H
#define DART_SRC_TEAM_H

#include "state.h"

/* A team id is (serial << DART_TEAM_SLOT_BITS) | slot. The slot indexes the
 * table below and is the same on every member; the serial, agreed at
 * creation as max+1 over the members, makes ids unique within a run. */
#define DART_TEAM_SLOT_BITS 11
#define DART_TEAM_MAX_SLOTS (1 << DART_TEAM_SLOT_BITS) /* 2048 live teams */
#define DART_TEAM_SLOT_MASK (DART_TEAM_MAX_SLOTS - 1)

typedef struct dart_segment dart_segment_t;

struct dart_team_data {
  dart_team_t id;
  dart_team_t parent;
  int slot;
  MPI_Comm comm;
  MPI_Group group;
  int myid, size;
  int32_t *rel2abs;   /* [size] */
  int32_t *abs2rel;   /* [world size], -1 for non-members; NULL for ALL */
  MPI_Comm node_comm; /* members on my node; MPI_COMM_NULL until needed */
  int all_on_node;    /* every member is on my node: no MPI path needed */
  /* Collective and registered segments, in allocation order (the same on
   * every member). */
  dart_segment_t *seg_first, *seg_last;
  /* Segments freed since the team's last collective allocation (newest
   * first), whose memory is not yet given back, and a hash of their
   * handles in free order (segment.c: deferred release). */
  dart_segment_t *dying;
  uint32_t dying_tag;
  /* Pool chunks serving collective allocations, in creation order. */
  dart_chunk_t **chunks;
  int nchunks, chunks_cap;
};

extern dart_team_data_t *dart__team_slots[DART_TEAM_MAX_SLOTS];

/* O(1): the team with this id, or NULL if it does not exist here. */
static inline dart_team_data_t *dart__team_get(dart_team_t id) {
  if (id < 0) return NULL;
  dart_team_data_t *t = dart__team_slots[id & DART_TEAM_SLOT_MASK];
  return (t && t->id == id) ? t : NULL;
}

/* Looks a team up or fails with DART_ERR_INVAL naming fn. */
dart_ret_t dart__team_lookup(dart_team_t id, const char *fn, dart_team_data_t **team);

/* Creates DART_TEAM_ALL on the given world communicator. */
dart_ret_t dart__team_all_init(MPI_Comm world);

/* Creates the team's node communicator if it does not exist. Collective. */
dart_ret_t dart__team_node_comm(dart_team_data_t *team);

/* Frees every team (in slot order, so collectives match) at dart_exit. */
dart_ret_t dart__team_fini_all(void);

#endif
