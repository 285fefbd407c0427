/* Teams. A team is one MPI communicator plus its unit translation (no table
 * sized by the job: team.h) and the memory it owns. Lookup by id is O(1) through the slot table. */
#include <stdlib.h>
#include <string.h>
#include <dart/mpi.h>
#include "debug.h"
#include "group.h"
#include "team.h"

dart_team_data_t *dart__team_slots[DART_TEAM_MAX_SLOTS];
static int64_t team_serial; /* highest serial this unit has seen */

dart_ret_t dart__team_lookup(dart_team_t id, const char *fn, dart_team_data_t **team) {
  if (__builtin_expect(!dart__initialized, 0))
    return dart__error(DART_ERR_NOTINIT, "%s: DART is not initialized", fn);
  *team = dart__team_get(id);
  if (!*team)
    return dart__error(DART_ERR_INVAL, "%s: team %lld does not exist on unit %d", fn, (long long)id,
                       (int)dart__state.myid);
  return DART_OK;
}

/* Where a unit's probe sequence starts in the member hash (Fibonacci hashing). */
static uint32_t hash_start(const dart_team_data_t *t, dart_unit_t abs) {
  return ((uint32_t)abs * 0x9e3779b1u) & t->hash_mask;
}

int dart__team_rel_listed(const dart_team_data_t *t, dart_unit_t abs) {
  if (!t->abs_hash) return -1;
  for (uint32_t h = hash_start(t, abs);; h = (h + 1) & t->hash_mask) {
    int32_t rel = t->abs_hash[h];
    if (rel < 0 || t->rel2abs[rel] == abs) return rel;
  }
}

/* Translation of the members listed in rel2abs: kept as an
 * arithmetic progression when they form one, else hashed. */
static dart_ret_t translation_setup(dart_team_data_t *t) {
  int32_t *a = t->rel2abs;
  int stride = t->size > 1 ? a[1] - a[0] : 1, ap = stride > 0;
  for (int i = 2; i < t->size && ap; i++) ap = a[i] - a[i - 1] == stride;
  t->first = a[0];
  if (ap) {
    t->stride = stride;
    free(t->rel2abs);
    t->rel2abs = NULL;
    return DART_OK;
  }
  t->stride = 0;
  uint32_t cap = 4;
  while (cap < 2 * (uint32_t)t->size) cap *= 2;
  t->abs_hash = malloc(sizeof *t->abs_hash * cap);
  if (!t->abs_hash) return dart__error(DART_ERR_NOMEM, "dart_team_create: out of memory");
  t->hash_mask = cap - 1;
  for (uint32_t h = 0; h < cap; h++) t->abs_hash[h] = -1;
  for (int i = 0; i < t->size; i++) {
    uint32_t h = hash_start(t, a[i]);
    while (t->abs_hash[h] >= 0) h = (h + 1) & t->hash_mask;
    t->abs_hash[h] = i;
  }
  return DART_OK;
}

/* The run of consecutive team ranks on my node around me (team.h). */
static void node_run_setup(dart_team_data_t *t) {
  const int32_t *node_of = dart__state.node_of;
  int32_t mine = node_of[dart__state.myid];
  int lo = t->myid, hi = t->myid + 1;
  while (lo > 0 && node_of[dart__team_abs(t, lo - 1)] == mine) lo--;
  while (hi < t->size && node_of[dart__team_abs(t, hi)] == mine) hi++;
  t->node_first = lo;
  t->node_count = hi - lo;
  t->all_on_node = t->node_count == t->size;
}

/* Fills the translation and node layout and registers the team in its
 * slot. DART_TEAM_ALL (slot 0) translates by identity. */
static dart_ret_t team_setup(dart_team_data_t *t, MPI_Comm comm, int slot, int64_t serial,
                             dart_team_t parent) {
  t->comm = comm;
  t->parent = parent;
  t->slot = slot;
  t->id = ((dart_team_t)serial << DART_TEAM_SLOT_BITS) | slot;
  MPI_Comm_rank(comm, &t->myid);
  MPI_Comm_size(comm, &t->size);
  if (slot == 0) {
    t->first = 0;
    t->stride = 1;
  } else {
    t->rel2abs = malloc(sizeof *t->rel2abs * (size_t)t->size);
    int *ranks = malloc(sizeof *ranks * (size_t)t->size);
    if (!t->rel2abs || !ranks) {
      free(ranks);
      return dart__error(DART_ERR_NOMEM, "dart_team_create: out of memory");
    }
    /* MPI's groups are only borrowed: a kept one costs MPI memory per member. */
    MPI_Group group, world_group;
    MPI_Comm_group(comm, &group);
    MPI_Comm_group(dart__state.all->comm, &world_group);
    for (int i = 0; i < t->size; i++) ranks[i] = i;
    MPI_Group_translate_ranks(group, t->size, ranks, world_group, t->rel2abs);
    MPI_Group_free(&world_group);
    MPI_Group_free(&group);
    free(ranks);
    dart_ret_t r = translation_setup(t);
    if (r != DART_OK) return r;
  }
  node_run_setup(t);
  if (serial > team_serial) team_serial = serial;
  dart__team_slots[slot] = t;
  return DART_OK;
}

void dart__team_free(dart_team_data_t *t) {
  if (dart__team_slots[t->slot] == t) dart__team_slots[t->slot] = NULL;
  if (t->comm != MPI_COMM_NULL) MPI_Comm_free(&t->comm);
  free(t->rel2abs);
  free(t->abs_hash);
  free(t->chunks);
  free(t);
}

dart_ret_t dart__team_all_init(MPI_Comm world) {
  memset(dart__team_slots, 0, sizeof dart__team_slots);
  team_serial = 0;
  dart_team_data_t *t = calloc(1, sizeof *t);
  if (!t) return dart__error(DART_ERR_NOMEM, "dart_init: out of memory");
  dart_ret_t r = team_setup(t, world, 0, 0, DART_TEAM_NULL);
  if (r != DART_OK) {
    dart__team_free(t);
    return r;
  }
  dart__state.all = t;
  return DART_OK;
}

/* 64-bit mixer (splitmix64's finaliser). */
static uint64_t mix64(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9u;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebu;
  return x ^ (x >> 31);
}

/* The two terms by which dart_team_create checks that groups fit together:
 * with f(G, v) a hash of the group and a unit, each unit u in its own group
 * G adds sum over v in G of f(G, v) to the first and |G| * f(G, u) to the
 * second. The sums over all units are equal when every member of each
 * group passed that group (each group then adds |G| * sum f(G, v) to both),
 * and differ otherwise but for a 64-bit hash coincidence. */
static void group_fit_terms(const dart_unit_t *units, size_t n, uint64_t terms[2]) {
  uint64_t h = n;
  for (size_t i = 0; i < n; i++) h = mix64(h ^ (uint32_t)units[i]);
  for (size_t i = 0; i < n; i++) {
    uint64_t f = mix64(h + 0x9e3779b97f4a7c15u * (uint64_t)(uint32_t)units[i]);
    terms[0] += f;
    if (units[i] == dart__state.myid) terms[1] += (uint64_t)n * f;
  }
}

/* Makes a team of comm (the calling unit's new communicator, a member's:
 * collective over the new team): agrees on a slot free on every member,
 * then on the serial. Takes comm over, also on failure. */
static dart_ret_t team_register(dart_team_data_t *p, MPI_Comm comm, dart_team_t *newteam) {
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
  enum { W = DART_TEAM_MAX_SLOTS / 64 };
  uint64_t used[W] = {0}, all_used[W];
  for (int s = 0; s < DART_TEAM_MAX_SLOTS; s++)
    if (dart__team_slots[s]) used[s / 64] |= (uint64_t)1 << (s % 64);
  int ret = MPI_Allreduce(used, all_used, W, MPI_UINT64_T, MPI_BOR, comm);
  if (ret != MPI_SUCCESS) {
    MPI_Comm_free(&comm);
    return dart__mpi_error(ret, "MPI_Allreduce");
  }
  int slot = -1;
  for (int s = 1; s < DART_TEAM_MAX_SLOTS && slot < 0; s++)
    if (!(all_used[s / 64] >> (s % 64) & 1)) slot = s;
  if (slot < 0) {
    MPI_Comm_free(&comm);
    return dart__error(DART_ERR_NOMEM, "dart_team_create: %d teams alive, no free team slot",
                       DART_TEAM_MAX_SLOTS - 1);
  }
  int64_t agreed_serial;
  ret = MPI_Allreduce(&team_serial, &agreed_serial, 1, MPI_INT64_T, MPI_MAX, comm);
  if (ret != MPI_SUCCESS) {
    MPI_Comm_free(&comm);
    return dart__mpi_error(ret, "MPI_Allreduce");
  }
  dart_team_data_t *t = calloc(1, sizeof *t);
  if (!t) {
    MPI_Comm_free(&comm);
    return dart__error(DART_ERR_NOMEM, "dart_team_create: out of memory");
  }
  dart_ret_t r = team_setup(t, comm, slot, agreed_serial + 1, p->id);
  if (r != DART_OK) {
    dart__team_free(t);
    return r;
  }
  *newteam = t->id;
  DART_DEBUG(TEAM, "team %lld created from team %lld: %d units, I am unit %d of it", (long long)t->id,
             (long long)p->id, t->size, t->myid);
  return DART_OK;
}

dart_ret_t dart_team_create(dart_team_t parent, const dart_group_t group, dart_team_t *newteam) {
  dart_team_data_t *p;
  dart_ret_t r = dart__team_lookup(parent, "dart_team_create", &p);
  if (r != DART_OK) return r;
  if (!newteam) return dart__error(DART_ERR_INVAL, "dart_team_create: newteam is NULL");
  *newteam = DART_TEAM_NULL;

  /* Validate locally, then agree in the one allreduce that did only that
   * before: a bad group on one unit fails all, and so do groups that do not
   * fit together (MPI_Comm_create would hang: every member of a group must
   * pass that same group; disjoint groups are fine, as in a split). */
  size_t n = 0;
  const dart_unit_t *units = group ? dart__group_units(group, &n) : NULL;
  int bad = !group, member = 0;
  for (size_t i = 0; i < n && !bad; i++) {
    if (dart__team_rel(p, units[i]) < 0) bad = 1;
    if (units[i] == dart__state.myid) member = 1;
  }
  uint64_t v[3] = {(uint64_t)bad, 0, 0}, agreed[3];
  if (member && !bad) group_fit_terms(units, n, v + 1);
  DART_MPI(MPI_Allreduce(v, agreed, 3, MPI_UINT64_T, MPI_SUM, p->comm), "MPI_Allreduce");
  if (agreed[0])
    return dart__error(DART_ERR_INVAL,
                       "dart_team_create: a group is NULL or has units outside the parent team");
  if (agreed[1] != agreed[2])
    return dart__error(DART_ERR_INVAL,
                       "dart_team_create: units passed groups that do not fit together (a member of one "
                       "unit's group passed another group)");

  MPI_Group world_group, g = MPI_GROUP_EMPTY;
  MPI_Comm_group(dart__state.all->comm, &world_group);
  if (member) MPI_Group_incl(world_group, (int)n, (const int *)units, &g);
  MPI_Group_free(&world_group);
  MPI_Comm comm;
  int ret = MPI_Comm_create(p->comm, g, &comm);
  if (g != MPI_GROUP_EMPTY) MPI_Group_free(&g);
  if (ret != MPI_SUCCESS) return dart__mpi_error(ret, "MPI_Comm_create");
  if (comm == MPI_COMM_NULL) return DART_OK;
  return team_register(p, comm, newteam);
}

dart_ret_t dart__team_split(dart_team_data_t *p, int color, int key, dart_team_t *newteam) {
  *newteam = DART_TEAM_NULL;
  MPI_Comm comm;
  DART_MPI(MPI_Comm_split(p->comm, color < 0 ? MPI_UNDEFINED : color, key, &comm), "MPI_Comm_split");
  if (comm == MPI_COMM_NULL) return DART_OK;
  return team_register(p, comm, newteam);
}

dart_ret_t dart_team_myid(dart_team_t team, dart_unit_t *myid) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart_team_myid", &t);
  if (r != DART_OK) return r;
  if (!myid) return dart__error(DART_ERR_INVAL, "dart_team_myid: myid is NULL");
  *myid = t->myid;
  return DART_OK;
}

dart_ret_t dart_team_size(dart_team_t team, size_t *size) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart_team_size", &t);
  if (r != DART_OK) return r;
  if (!size) return dart__error(DART_ERR_INVAL, "dart_team_size: size is NULL");
  *size = (size_t)t->size;
  return DART_OK;
}

dart_ret_t dart_team_get_group(dart_team_t team, dart_group_t *group) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart_team_get_group", &t);
  if (r != DART_OK) return r;
  if (!group) return dart__error(DART_ERR_INVAL, "dart_team_get_group: group is NULL");
  if ((r = dart_group_create(group)) != DART_OK) return r;
  for (int i = 0; i < t->size && r == DART_OK; i++) r = dart_group_addmember(*group, dart__team_abs(t, i));
  if (r != DART_OK) dart_group_destroy(group);
  return r;
}

dart_ret_t dart_team_get_parent(dart_team_t team, dart_team_t *parent) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart_team_get_parent", &t);
  if (r != DART_OK) return r;
  if (!parent) return dart__error(DART_ERR_INVAL, "dart_team_get_parent: parent is NULL");
  *parent = t->parent;
  return DART_OK;
}

dart_ret_t dart_team_unit_l2g(dart_team_t team, dart_unit_t relative, dart_unit_t *absolute) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart_team_unit_l2g", &t);
  if (r != DART_OK) return r;
  if (!absolute) return dart__error(DART_ERR_INVAL, "dart_team_unit_l2g: absolute is NULL");
  if (relative < 0 || relative >= t->size) {
    *absolute = DART_UNDEFINED_UNIT_ID;
    return dart__error(DART_ERR_INVAL, "dart_team_unit_l2g: unit %d out of range [0, %d)", (int)relative,
                       t->size);
  }
  *absolute = dart__team_abs(t, relative);
  return DART_OK;
}

dart_ret_t dart_team_unit_g2l(dart_team_t team, dart_unit_t absolute, dart_unit_t *relative) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart_team_unit_g2l", &t);
  if (r != DART_OK) return r;
  if (!relative) return dart__error(DART_ERR_INVAL, "dart_team_unit_g2l: relative is NULL");
  *relative = DART_UNDEFINED_UNIT_ID;
  if (absolute < 0 || absolute >= dart__state.size)
    return dart__error(DART_ERR_INVAL, "dart_team_unit_g2l: unit %d out of range [0, %d)", (int)absolute,
                       dart__state.size);
  int rel = dart__team_rel(t, absolute);
  if (rel < 0)
    return dart__error(DART_ERR_NOTFOUND, "dart_team_unit_g2l: unit %d is not in the team", (int)absolute);
  *relative = rel;
  return DART_OK;
}

dart_ret_t dart_team_get_comm(dart_team_t team, MPI_Comm *comm) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart_team_get_comm", &t);
  if (r != DART_OK) return r;
  if (!comm) return dart__error(DART_ERR_INVAL, "dart_team_get_comm: comm is NULL");
  *comm = t->comm;
  return DART_OK;
}

dart_ret_t dart_unit_on_my_node(dart_unit_t unit, int *same) {
  DART_CHECK_INIT("dart_unit_on_my_node");
  if (!same) return dart__error(DART_ERR_INVAL, "dart_unit_on_my_node: same is NULL");
  if (unit < 0 || unit >= dart__state.size)
    return dart__error(DART_ERR_INVAL, "dart_unit_on_my_node: unit %d out of range [0, %d)", (int)unit,
                       dart__state.size);
  *same = dart__state.node_of[unit] == dart__state.node_of[dart__state.myid];
  return DART_OK;
}
