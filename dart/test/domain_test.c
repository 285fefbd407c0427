/* The locality domain tree (<dart/domain.h>) from C: walks DART_TEAM_ALL's
 * tree (global -> nodes -> module -> NUMA -> one leaf per unit) and checks
 * it against dart_size and the node layout (DART_UNITS_PER_NODE=1: one node
 * per unit), finds domains by tag, splits, selects, excludes and groups a
 * copy, splits a group along nodes, and checks the errors of bad input.
 * Exits non-zero, naming the check, if one fails. Every tree the test
 * makes is destroyed (the sanitize stage's leak check). */
#include <dart/dart.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define CHECK(cond)                                                                      \
  do {                                                                                   \
    if (!(cond)) {                                                                       \
      fprintf(stderr, "%s:%d: %s (%s)\n", __FILE__, __LINE__, #cond, dart_last_error()); \
      failures++;                                                                        \
    }                                                                                    \
  } while (0)

/* Counts the leaves below d, checking every domain's links and that its
 * unit list is its leaves' units in ascending order. */
static int walk(const dart_domain_locality_t *d, int *leaf_units) {
  if (d->num_domains == 0) {
    CHECK(d->scope == DART_LOCALITY_SCOPE_CORE && d->num_units == 1 && d->num_nodes == 1);
    if (d->num_units == 1) leaf_units[d->unit_ids[0].id]++;
    return 1;
  }
  int leaves = 0, units = 0;
  for (int i = 0; i < d->num_domains; i++) {
    const dart_domain_locality_t *c = d->children[i];
    CHECK(c->parent == d && c->relative_index == i && c->level == d->level + 1 && c->scope > d->scope);
    CHECK(strncmp(c->domain_tag, d->domain_tag,
                  strcmp(d->domain_tag, ".") == 0 ? 0 : strlen(d->domain_tag)) == 0);
    leaves += walk(c, leaf_units);
    units += c->num_units;
  }
  CHECK(units == d->num_units);
  for (int u = 1; u < d->num_units; u++) CHECK(d->unit_ids[u - 1].id < d->unit_ids[u].id);
  return leaves;
}

static int count_scope(const dart_domain_locality_t *d, dart_locality_scope_t scope) {
  int n = -1;
  dart_domain_locality_t **domains = NULL;
  CHECK(dart_domain_scope_domains(d, scope, &n, &domains) == DART_OK);
  free(domains);
  return n;
}

static void check_team_tree(int size, int num_nodes) {
  dart_domain_locality_t *root = NULL;
  CHECK(dart_domain_team_locality(DART_TEAM_ALL, ".", &root) == DART_OK);
  if (!root) return;
  CHECK(root->scope == DART_LOCALITY_SCOPE_GLOBAL && root->level == 0 && root->parent == NULL);
  CHECK(root->num_units == size && root->num_nodes == num_nodes && root->num_domains == num_nodes);
  int *leaf_units = calloc((size_t)size, sizeof *leaf_units);
  CHECK(walk(root, leaf_units) == size);
  for (int u = 0; u < size; u++) CHECK(leaf_units[u] == 1);
  free(leaf_units);

  /* Each node: its units are those dart_unit_node names, in one module. */
  for (int i = 0; i < root->num_domains; i++) {
    const dart_domain_locality_t *node = root->children[i];
    CHECK(node->scope == DART_LOCALITY_SCOPE_NODE && node->num_nodes == 1 && node->num_domains == 1);
    CHECK(node->children[0]->scope == DART_LOCALITY_SCOPE_MODULE);
    for (int u = 0; u < node->num_units; u++) {
      size_t of = 99;
      CHECK(dart_unit_node(DART_TEAM_ALL, node->unit_ids[u].id, &of) == DART_OK);
      CHECK((int)of == node->node_id);
    }
  }
  CHECK(count_scope(root, DART_LOCALITY_SCOPE_NODE) == num_nodes);
  CHECK(count_scope(root, DART_LOCALITY_SCOPE_UNIT) == size);
  CHECK(count_scope(root, DART_LOCALITY_SCOPE_CORE) == size);
  size_t numa = 0;
  CHECK(dart_team_domains(DART_TEAM_ALL, DART_LOCALITY_SCOPE_NUMA, &numa, NULL) == DART_OK);
  CHECK(count_scope(root, DART_LOCALITY_SCOPE_NUMA) == (int)numa);

  /* Every unit's record names its leaf. */
  for (int u = 0; u < size; u++) {
    dart_unit_locality_t *loc = NULL;
    CHECK(dart_unit_locality(DART_TEAM_ALL, u, &loc) == DART_OK);
    if (!loc) continue;
    dart_domain_locality_t *leaf = NULL;
    CHECK(loc->unit.id == u && loc->team == DART_TEAM_ALL);
    CHECK(dart_domain_find(root, loc->domain_tag, &leaf) == DART_OK);
    CHECK(leaf && leaf->num_units == 1 && leaf->unit_ids[0].id == u);
    CHECK(leaf && strcmp(leaf->host, loc->hwinfo.host) == 0 && loc->hwinfo.num_cores >= 1);
    CHECK(loc->hwinfo.num_scopes == 5 && loc->hwinfo.scopes[4].scope == DART_LOCALITY_SCOPE_GLOBAL);
  }

  /* Find by tag: the root, the first node, the tags of a scope. */
  dart_domain_locality_t *found = NULL;
  CHECK(dart_domain_find(root, ".", &found) == DART_OK && found == root);
  CHECK(dart_domain_find(root, ".0", &found) == DART_OK && found == root->children[0]);
  CHECK(dart_domain_team_locality(DART_TEAM_ALL, ".0.0", &found) == DART_OK &&
        found->scope == DART_LOCALITY_SCOPE_MODULE);
  int ntags = 0;
  char **tags = NULL;
  CHECK(dart_domain_scope_tags(root, DART_LOCALITY_SCOPE_NODE, &ntags, &tags) == DART_OK &&
        ntags == num_nodes);
  for (int i = 0; i < ntags; i++) {
    CHECK(dart_domain_find(root, tags[i], &found) == DART_OK && found == root->children[i]);
    free(tags[i]);
  }
  free(tags);
}

/* Splits, select, exclude and group on a copy of the team's tree. */
static void check_copy(int size, int num_nodes) {
  dart_domain_locality_t *root = NULL, *copy = NULL, *found = NULL;
  CHECK(dart_domain_team_locality(DART_TEAM_ALL, ".", &root) == DART_OK);
  CHECK(dart_domain_clone(root, &copy) == DART_OK);
  if (!copy) return;
  CHECK(copy != root && copy->parent == NULL && copy->num_units == size);
  /* The copy is the caller's, the team's tree is not. */
  CHECK(dart_domain_destroy(root) == DART_ERR_INVAL);

  /* Split along units into two parts (one at one unit): unit k goes to
   * part k * 2 / size, so the first part has the odd unit. */
  int parts = size > 1 ? 2 : 1;
  dart_domain_locality_t split[2];
  memset(split, 0, sizeof split);
  CHECK(dart_domain_split_scope(copy, DART_LOCALITY_SCOPE_UNIT, parts, split) == DART_OK);
  int units = 0;
  for (int p = 0; p < parts; p++) units += split[p].num_units;
  CHECK(units == size);
  if (parts == 2) CHECK(split[0].num_units == (size + 1) / 2 && split[1].unit_ids[0].id == (size + 1) / 2);
  for (int p = 0; p < parts; p++) CHECK(dart_domain_destroy(&split[p]) == DART_OK);

  /* Split along nodes into one part per node. */
  dart_domain_locality_t *per_node = calloc((size_t)num_nodes, sizeof *per_node);
  CHECK(dart_domain_split_scope(copy, DART_LOCALITY_SCOPE_NODE, num_nodes, per_node) == DART_OK);
  for (int p = 0; p < num_nodes; p++) {
    CHECK(per_node[p].num_nodes == 1 && per_node[p].num_units == copy->children[p]->num_units);
    CHECK(dart_domain_destroy(&per_node[p]) == DART_OK);
  }
  free(per_node);

  /* Group the last node's leaves: a GROUP under their NUMA domain. */
  const dart_domain_locality_t *last = copy->children[copy->num_domains - 1];
  int nleaves = 0;
  char **leaf_tags = NULL;
  CHECK(dart_domain_scope_tags(last, DART_LOCALITY_SCOPE_CORE, &nleaves, &leaf_tags) == DART_OK);
  char group_tag[DART_LOCALITY_DOMAIN_TAG_MAX_SIZE] = "";
  int numa_of_last = count_scope(last, DART_LOCALITY_SCOPE_NUMA);
  if (numa_of_last == 1) {
    CHECK(dart_domain_group(copy, 1, (const char **)leaf_tags, group_tag) == DART_OK);
    CHECK(dart_domain_find(copy, group_tag, &found) == DART_OK && found->scope == DART_LOCALITY_SCOPE_GROUP);
    CHECK(found->num_units == 1 && found->num_domains == 1 && found->children[0]->level == found->level + 1);
    CHECK(count_scope(copy, DART_LOCALITY_SCOPE_GROUP) == 1 &&
          count_scope(copy, DART_LOCALITY_SCOPE_UNIT) == size);
  }
  for (int i = 0; i < nleaves; i++) free(leaf_tags[i]);
  free(leaf_tags);

  /* Exclude the first node, then select what is left of it: nothing. */
  if (num_nodes > 1) {
    const char *first = ".0";
    int first_units = copy->children[0]->num_units;
    CHECK(dart_domain_exclude(copy, 1, &first) == DART_OK);
    CHECK(copy->num_units == size - first_units && copy->num_domains == num_nodes - 1);
    CHECK(dart_domain_find(copy, ".0", &found) == DART_ERR_NOTFOUND && found == NULL);
    const char *second = ".1";
    CHECK(dart_domain_select(copy, 1, &second) == DART_OK && copy->num_domains == 1 && copy->num_nodes == 1);
  }

  /* Assign the team's tree back into the copy. */
  CHECK(dart_domain_assign(copy, root) == DART_OK && copy->num_units == size && copy->parent == NULL);
  for (int i = 0; i < copy->num_domains; i++) CHECK(copy->children[i]->parent == copy);
  CHECK(dart_domain_destroy(copy) == DART_OK);
}

/* Split of DART_TEAM_ALL's group along nodes: one group per node. */
static void check_group_split(int num_nodes) {
  dart_domain_locality_t *root = NULL;
  dart_group_t all = NULL;
  CHECK(dart_domain_team_locality(DART_TEAM_ALL, ".", &root) == DART_OK);
  CHECK(dart_team_get_group(DART_TEAM_ALL, &all) == DART_OK);
  dart_group_t *groups = calloc((size_t)num_nodes, sizeof *groups);
  size_t n = 0;
  CHECK(dart_group_locality_split(all, root, DART_LOCALITY_SCOPE_NODE, (size_t)num_nodes, &n, groups) ==
        DART_OK);
  CHECK(n == (size_t)num_nodes);
  for (size_t g = 0; g < n; g++) {
    size_t members = 0;
    CHECK(dart_group_size(groups[g], &members) == DART_OK && members == (size_t)root->children[g]->num_units);
    dart_group_destroy(&groups[g]);
  }
  free(groups);
  dart_group_destroy(&all);
}

/* Bad input: NULLs, unknown tags, teams, units and scopes. */
static void check_errors(int size) {
  dart_domain_locality_t *root = NULL, *found = NULL, *empty = NULL;
  dart_unit_locality_t *loc = NULL;
  CHECK(dart_domain_team_locality(DART_TEAM_ALL, ".", &root) == DART_OK);
  CHECK(dart_domain_team_locality(DART_TEAM_ALL, NULL, &found) == DART_ERR_INVAL);
  CHECK(dart_domain_team_locality(DART_TEAM_ALL, ".", NULL) == DART_ERR_INVAL);
  CHECK(dart_domain_team_locality(DART_TEAM_ALL, ".77", &found) == DART_ERR_INVAL);
  CHECK(dart_domain_team_locality((dart_team_t)12345, ".", &found) != DART_OK);
  CHECK(dart_unit_locality(DART_TEAM_ALL, size, &loc) == DART_ERR_INVAL);
  CHECK(dart_unit_locality(DART_TEAM_ALL, -1, &loc) == DART_ERR_INVAL);
  CHECK(dart_unit_locality(DART_TEAM_ALL, 0, NULL) == DART_ERR_INVAL);
  CHECK(dart_domain_find(NULL, ".", &found) == DART_ERR_INVAL);
  CHECK(dart_domain_find(root, NULL, &found) == DART_ERR_INVAL);
  CHECK(dart_domain_find(root, ".", NULL) == DART_ERR_INVAL);
  CHECK(dart_domain_find(root, ".9.9.9", &found) == DART_ERR_NOTFOUND && found == NULL);
  CHECK(dart_domain_clone(NULL, &found) == DART_ERR_INVAL);
  CHECK(dart_domain_create(NULL) == DART_ERR_INVAL);
  CHECK(dart_domain_destroy(NULL) == DART_ERR_INVAL);
  CHECK(dart_domain_assign(NULL, root) == DART_ERR_INVAL);
  int n = 0;
  char **tags = NULL;
  CHECK(dart_domain_scope_tags(root, DART_LOCALITY_SCOPE_UNDEFINED, &n, &tags) == DART_ERR_INVAL);
  CHECK(dart_domain_scope_tags(root, (dart_locality_scope_t)123, &n, &tags) == DART_ERR_INVAL);
  CHECK(dart_domain_scope_tags(NULL, DART_LOCALITY_SCOPE_NODE, &n, &tags) == DART_ERR_INVAL);
  dart_domain_locality_t part;
  memset(&part, 0, sizeof part);
  CHECK(dart_domain_split_scope(root, DART_LOCALITY_SCOPE_UNIT, 0, &part) == DART_ERR_INVAL);
  CHECK(dart_domain_split_scope(root, DART_LOCALITY_SCOPE_UNIT, size + 1, &part) == DART_ERR_INVAL);
  CHECK(dart_domain_split_scope(root, DART_LOCALITY_SCOPE_UNIT, 1, NULL) == DART_ERR_INVAL);

  /* On a caller's tree: unknown tags leave it unchanged. */
  CHECK(dart_domain_clone(root, &found) == DART_OK);
  const char *unknown = ".42";
  const char *none = NULL;
  char group_tag[DART_LOCALITY_DOMAIN_TAG_MAX_SIZE];
  CHECK(dart_domain_select(found, 1, &unknown) == DART_ERR_INVAL && found->num_units == size);
  CHECK(dart_domain_exclude(found, 1, &unknown) == DART_ERR_INVAL && found->num_units == size);
  CHECK(dart_domain_exclude(found, 1, &none) == DART_ERR_INVAL);
  CHECK(dart_domain_group(found, 1, &unknown, group_tag) == DART_ERR_INVAL);
  const char *itself = ".";
  CHECK(dart_domain_group(found, 1, &itself, group_tag) == DART_ERR_INVAL);
  CHECK(dart_domain_exclude(found, 1, &itself) == DART_ERR_INVAL);
  CHECK(dart_domain_group(found, 0, &itself, group_tag) == DART_ERR_INVAL);
  CHECK(dart_domain_destroy(found) == DART_OK);

  /* An empty domain of the caller's. */
  CHECK(dart_domain_create(&empty) == DART_OK && empty->num_units == 0 &&
        strcmp(empty->domain_tag, ".") == 0);
  CHECK(count_scope(empty, DART_LOCALITY_SCOPE_NODE) == 0);
  CHECK(dart_domain_destroy(empty) == DART_OK);
}

int main(int argc, char **argv) {
  dart_domain_locality_t *root = NULL;
  /* Before dart_init: a team's tree cannot be made; a caller's tree can. */
  CHECK(dart_domain_team_locality(DART_TEAM_ALL, ".", &root) == DART_ERR_NOTINIT);
  CHECK(dart_init(&argc, &argv) == DART_OK);
  size_t size = 0;
  dart_config_t cfg;
  CHECK(dart_size(&size) == DART_OK && dart_config_get(&cfg) == DART_OK);
  const char *per_node = getenv("DART_UNITS_PER_NODE");
  if (per_node && strcmp(per_node, "1") == 0) CHECK(cfg.num_nodes == size);

  CHECK(dart_team_locality_init(DART_TEAM_ALL) == DART_OK);
  check_team_tree((int)size, (int)cfg.num_nodes);
  check_copy((int)size, (int)cfg.num_nodes);
  check_group_split((int)cfg.num_nodes);
  check_errors((int)size);
  /* Finalize and make again: the same tree. */
  CHECK(dart_team_locality_finalize(DART_TEAM_ALL) == DART_OK);
  CHECK(dart_team_locality_finalize(DART_TEAM_ALL) == DART_OK);
  CHECK(dart_team_locality_finalize((dart_team_t)12345) != DART_OK);
  check_team_tree((int)size, (int)cfg.num_nodes);

  /* A sub-team's tree: its own units, team-relative records. */
  dart_team_t half = DART_TEAM_NULL;
  CHECK(dart_team_split_locality(DART_TEAM_ALL, DART_LOCALITY_SCOPE_UNIT, size > 1 ? 2 : 1, &half) ==
        DART_OK);
  size_t half_size = 0;
  dart_unit_t me = -1;
  CHECK(dart_team_size(half, &half_size) == DART_OK && dart_team_myid(half, &me) == DART_OK);
  CHECK(dart_domain_team_locality(half, ".", &root) == DART_OK && root->num_units == (int)half_size);
  dart_unit_locality_t *loc = NULL;
  CHECK(dart_unit_locality(half, me, &loc) == DART_OK && loc->unit.id == me && loc->team == half);
  CHECK(dart_team_destroy(&half) == DART_OK);

  CHECK(dart_exit() == DART_OK);
  if (failures) fprintf(stderr, "domain_test: %d checks failed\n", failures);
  return failures ? 1 : 0;
}
