/* Teams: slot table with O(1) lookup by id, unit translation, node layout. */
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
  MPI_Comm comm; /* the team's communicator: its only one */
  int myid, size;
  /* Unit translation without a job-sized table. Members ascend by absolute
   * id (groups are sorted, splits keep the parent's order). When they form
   * an arithmetic progression first, first + stride, ... (DART_TEAM_ALL,
   * blocks of a split, one unit per node of equal nodes), translation is
   * arithmetic and rel2abs is NULL; otherwise rel2abs lists them and
   * abs_hash (open addressing, 2..4 entries per member, -1 empty) maps an
   * absolute id back to its team-relative one. */
  int32_t first, stride; /* stride 0: listed and hashed */
  int32_t *rel2abs;      /* [size] or NULL */
  int32_t *abs_hash;     /* [hash_mask + 1] team-relative ids, or NULL */
  uint32_t hash_mask;
  /* The members on my node whose memory this unit reaches with loads and
   * stores: team ranks [node_first, node_first + node_count), the run of
   * consecutive team ranks on my node around me (all of them whenever a
   * node's units have consecutive ids, as launchers place them). Members
   * of my node outside the run are reached through MPI, like other nodes. */
  int node_first, node_count;
  int all_on_node; /* every member is on my node: no MPI path needed */
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
  uint32_t chunk_serial; /* chunks made so far: names their node memory (shm.h) */
};

/* Absolute id of team-relative unit rel (0 <= rel < size). */
static inline dart_unit_t dart__team_abs(const dart_team_data_t *t, int rel) {
  return t->rel2abs ? t->rel2abs[rel] : t->first + rel * t->stride;
}

/* Team-relative id of absolute unit abs, or -1 if it is not a member. O(1):
 * arithmetic, or one hash probe sequence (short: the table is at most half
 * full). */
int dart__team_rel_listed(const dart_team_data_t *t, dart_unit_t abs);
static inline int dart__team_rel(const dart_team_data_t *t, dart_unit_t abs) {
  if (__builtin_expect(t->stride == 1, 1)) {
    uint32_t r = (uint32_t)abs - (uint32_t)t->first;
    return r < (uint32_t)t->size ? (int)r : -1;
  }
  if (t->stride > 1) {
    uint32_t d = (uint32_t)abs - (uint32_t)t->first;
    return d % (uint32_t)t->stride == 0 && d / (uint32_t)t->stride < (uint32_t)t->size
               ? (int)(d / (uint32_t)t->stride)
               : -1;
  }
  return dart__team_rel_listed(t, abs);
}

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

/* A team from MPI_Comm_split(parent->comm, color, key): the calling unit
 * is not a member if color < 0 (*newteam = DART_TEAM_NULL). Collective over
 * parent. */
dart_ret_t dart__team_split(dart_team_data_t *parent, int color, int key, dart_team_t *newteam);

/* Frees a team's communicator and tables and empties its slot; the
 * modules' state of the team is released before (setup.c: team finis). */
void dart__team_free(dart_team_data_t *team);

#endif
