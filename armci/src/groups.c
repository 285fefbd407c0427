/* Process groups on DART teams.
 *
 * An ARMCI_Group is a struct the caller owns and copies (Global Arrays keeps
 * copies inside its own processor groups and reads `comm` directly). Its
 * `comm` is a real communicator of the members in group-rank order (a
 * duplicate of the DART team's communicator, or a reordering split of it
 * when pid_list is not ascending: DART orders team members by absolute id,
 * ARMCI by position in pid_list). `grp_to_abs` points into the library's
 * record of the group (armci_grp_info_t), which also holds the DART team,
 * so that every copy of the struct finds it in O(1). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "completion.h"
#include "groups.h"
#include "mem.h"

static armci_grp_info_t *live; /* every info this process created */

static armci_grp_info_t *info_new(int size) {
  armci_grp_info_t *g = calloc(1, sizeof *g + sizeof(int) * (size_t)(size > 0 ? size : 1));
  int *a2g = malloc(sizeof(int) * (size_t)armci__s.np);
  if (!g || !a2g) armci__fatal("ARMCI groups: out of memory");
  for (int p = 0; p < armci__s.np; p++) a2g[p] = -1;
  g->magic = ARMCI_GRP_MAGIC;
  g->team = DART_TEAM_NULL;
  g->comm = MPI_COMM_NULL;
  g->size = size;
  g->rank = -1;
  g->a2g = a2g;
  g->next = live;
  live = g;
  return g;
}

static void info_free(armci_grp_info_t *g) {
  for (armci_grp_info_t **pp = &live; *pp; pp = &(*pp)->next)
    if (*pp == g) {
      *pp = g->next;
      break;
    }
  g->magic = 0;
  free(g->a2g);
  free(g);
}

static void info_finish(armci_grp_info_t *g) {
  g->all_on_node = 1;
  for (int i = 0; i < g->size; i++) {
    g->a2g[g->g2a[i]] = i;
    if (g->g2a[i] == armci__s.me) g->rank = i;
    if (armci__s.node_of[g->g2a[i]] != armci__s.my_node) g->all_on_node = 0;
  }
}

static void to_struct(armci_grp_info_t *g, ARMCI_Group *out) {
  memset(out, 0, sizeof *out);
  out->comm = g->comm;
  out->noncoll_pgroup_comm = MPI_COMM_NULL;
  out->grp_to_abs = g->g2a;
  out->abs_to_grp = g->a2g;
  out->rank = g->rank;
  out->size = g->size;
}

void armci__groups_init(void) {
  armci_grp_info_t *w = info_new(armci__s.np);
  for (int p = 0; p < armci__s.np; p++) w->g2a[p] = p;
  w->team = DART_TEAM_ALL;
  w->comm = armci__s.comm;
  info_finish(w);
  armci__s.world = w;
  to_struct(w, &armci__s.world_group);
  armci__s.default_group = armci__s.world_group;
}

void armci__groups_fini(void) {
  while (live) {
    armci_grp_info_t *g = live;
    if (g != armci__s.world && g->comm != MPI_COMM_NULL) MPI_Comm_free(&g->comm);
    /* DART teams go with dart_exit (collective there, in a fixed order) */
    info_free(g);
  }
  armci__s.world = NULL;
}

/* Creates the group of parent ranks list[0..n-1]; collective over parent. */
static void create_child(int n, const int *list, ARMCI_Group *out, armci_grp_info_t *parent, const char *fn) {
  if (parent->rank < 0) armci__fatal("%s: the caller is not a member of the parent group", fn);
  if (n < 0 || (n > 0 && !list)) armci__fatal("%s: bad process list", fn);
  armci_grp_info_t *g = info_new(n);
  int sorted = 1;
  for (int i = 0; i < n; i++) {
    if (list[i] < 0 || list[i] >= parent->size)
      armci__fatal("%s: rank %d is not in the parent group (size %d)", fn, list[i], parent->size);
    g->g2a[i] = parent->g2a[list[i]];
    if (i > 0 && g->g2a[i] <= g->g2a[i - 1]) sorted = 0;
  }
  info_finish(g);
  dart_group_t dg;
  DART_CALL(dart_group_create(&dg));
  for (int i = 0; i < n; i++) DART_CALL(dart_group_addmember(dg, g->g2a[i]));
  dart_team_t team = DART_TEAM_NULL;
  DART_CALL(dart_team_create(parent->team, dg, &team));
  dart_group_destroy(&dg);
  if (team != DART_TEAM_NULL) {
    MPI_Comm tc;
    DART_CALL(dart_team_get_comm(team, &tc));
    if (sorted)
      MPI_Comm_dup(tc, &g->comm);
    else
      MPI_Comm_split(tc, 0, g->rank, &g->comm);
    g->team = team;
  } else {
    g->rank = -1; /* not a member */
  }
  to_struct(g, out);
}

void ARMCI_Group_create_child(int grp_size, int *pid_list, ARMCI_Group *group_out,
                              ARMCI_Group *group_parent) {
  static const char fn[] = "ARMCI_Group_create_child";
  if (!group_out) armci__fatal("%s: group_out is NULL", fn);
  create_child(grp_size, pid_list, group_out, armci__grp(group_parent, fn), fn);
}

void ARMCI_Group_create(int grp_size, int *pid_list, ARMCI_Group *group_out) {
  static const char fn[] = "ARMCI_Group_create";
  if (!group_out) armci__fatal("%s: group_out is NULL", fn);
  create_child(grp_size, pid_list, group_out, armci__grp(&armci__s.default_group, fn), fn);
}

void ARMCI_Group_free(ARMCI_Group *group) {
  armci_grp_info_t *g = armci__grp(group, "ARMCI_Group_free");
  if (g == armci__s.world) return; /* the world group lives until finalize */
  if (g->team != DART_TEAM_NULL) {
    armci__complete(-1);
    armci__mem_drop_group(g);
    DART_CALL(dart_team_destroy(&g->team));
    MPI_Comm_free(&g->comm);
  }
  if (armci__s.default_group.grp_to_abs == g->g2a) armci__s.default_group = armci__s.world_group;
  info_free(g);
  memset(group, 0, sizeof *group);
  group->comm = MPI_COMM_NULL;
}

int ARMCI_Group_rank(ARMCI_Group *group, int *rank) {
  armci_grp_info_t *g = armci__grp(group, "ARMCI_Group_rank");
  if (rank) *rank = g->rank;
  return g->rank < 0 ? 1 : 0;
}

void ARMCI_Group_size(ARMCI_Group *group, int *size) {
  armci_grp_info_t *g = armci__grp(group, "ARMCI_Group_size");
  if (size) *size = g->size;
}

void ARMCI_Group_set_default(ARMCI_Group *group) {
  armci_grp_info_t *g = armci__grp(group, "ARMCI_Group_set_default");
  to_struct(g, &armci__s.default_group);
}

void ARMCI_Group_get_default(ARMCI_Group *group_out) {
  ARMCI_CHECK_INIT("ARMCI_Group_get_default");
  if (group_out) *group_out = armci__s.default_group;
}

void ARMCI_Group_get_world(ARMCI_Group *group_out) {
  ARMCI_CHECK_INIT("ARMCI_Group_get_world");
  if (group_out) *group_out = armci__s.world_group;
}

int ARMCI_Absolute_id(ARMCI_Group *group, int group_rank) {
  armci_grp_info_t *g = armci__grp(group, "ARMCI_Absolute_id");
  if (group_rank < 0 || group_rank >= g->size)
    armci__fatal("ARMCI_Absolute_id: rank %d is not in the group (size %d)", group_rank, g->size);
  return g->g2a[group_rank];
}
