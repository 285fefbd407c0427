/* The locality domain tree (<dart/domain.h>) from C: walks DART_TEAM_ALL's
 * tree (global -> nodes; my node -> module -> NUMA -> one leaf per unit,
 * other nodes without subdomains) and checks it against dart_size, the node
 * layout (DART_UNITS_PER_NODE=1: one node per unit) and the units' places,
 * finds domains by tag, makes records of other nodes' units on request,
 * splits, selects, excludes and groups a copy, splits a group along nodes,
 * bounds the tree's bytes and checks the errors of bad input. Exits
 * non-zero, naming the check, if one fails. Every tree the test makes is
 * destroyed (the sanitize stage's leak check). */
#include <dart/dart.h>
#include <stdint.h>
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

/* Test hook (domain.c): the heap bytes of the team's tree. */
size_t dart__domain_tree_bytes(dart_team_t team);

static size_t my_node(void) {
  dart_config_t cfg;
  CHECK(dart_config_get(&cfg) == DART_OK);
  return cfg.node_id;
}

/* Counts the units at the leaves below d, checking every domain's links
 * and that its unit list is its leaves' units in ascending order. Leaves:
 * a CORE domain per unit of my node, a NODE domain per other node. */
static int walk(const dart_domain_locality_t *d, int *leaf_units) {
  if (d->num_domains == 0) {
    int core = d->scope == DART_LOCALITY_SCOPE_CORE, node = d->scope == DART_LOCALITY_SCOPE_NODE;
    CHECK((core && d->num_units == 1) || (node && d->num_units >= 1 && (size_t)d->node_id != my_node()));
    CHECK(d->num_nodes == 1);
    for (int u = 0; u < d->num_units; u++) leaf_units[d->unit_ids[u].id]++;
    for (int u = 1; u < d->num_units; u++) CHECK(d->unit_ids[u - 1].id < d->unit_ids[u].id);
    return d->num_units;
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

/* Units of team DART_TEAM_ALL on node `node`. */
static int units_on(int size, size_t node) {
  int n = 0;
  for (int u = 0; u < size; u++) {
    size_t of = 99;
    CHECK(dart_unit_node(DART_TEAM_ALL, u, &of) == DART_OK);
    n += of == node;
  }
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

  /* Each node: its index and units are those of dart_unit_node (nodes of
   * DART_TEAM_ALL in order of their lowest unit: their ids), its host that
   * of its units' places; mine in one module, the others without
   * subdomains. */
  int my_units = 0;
  for (int i = 0; i < root->num_domains; i++) {
    const dart_domain_locality_t *node = root->children[i];
    int mine = (size_t)node->node_id == my_node();
    CHECK(node->scope == DART_LOCALITY_SCOPE_NODE && node->num_nodes == 1 && node->node_id == i);
    CHECK(node->num_domains == (mine ? 1 : 0) && node->num_units == units_on(size, (size_t)i));
    CHECK(!mine || node->children[0]->scope == DART_LOCALITY_SCOPE_MODULE);
    CHECK(node->num_cores >= node->num_units && node->shared_mem_bytes != 0);
    if (mine) my_units = node->num_units;
    for (int u = 0; u < node->num_units; u++) {
      size_t of = 99;
      dart_unit_place_t place;
      CHECK(dart_unit_node(DART_TEAM_ALL, node->unit_ids[u].id, &of) == DART_OK);
      CHECK((int)of == node->node_id);
      CHECK(dart_unit_place(DART_TEAM_ALL, node->unit_ids[u].id, &place) == DART_OK);
      CHECK(strcmp(place.host, node->host) == 0);
    }
  }
  CHECK(count_scope(root, DART_LOCALITY_SCOPE_NODE) == num_nodes);
  CHECK(count_scope(root, DART_LOCALITY_SCOPE_UNIT) == my_units);
  CHECK(count_scope(root, DART_LOCALITY_SCOPE_CORE) == my_units);
  size_t numa = 0;
  CHECK(dart_team_domains(DART_TEAM_ALL, DART_LOCALITY_SCOPE_NUMA, &numa, NULL) == DART_OK);
  CHECK(count_scope(root, DART_LOCALITY_SCOPE_NUMA) >= 1 &&
        count_scope(root, DART_LOCALITY_SCOPE_NUMA) <= (int)numa);

  /* Every unit's record names its deepest domain in the tree: its leaf on
   * my node, its node's domain on another (made on request, then kept). */
  for (int u = 0; u < size; u++) {
    dart_unit_locality_t *loc = NULL, *again = NULL;
    CHECK(dart_unit_locality(DART_TEAM_ALL, u, &loc) == DART_OK);
    if (!loc) continue;
    CHECK(dart_unit_locality(DART_TEAM_ALL, u, &again) == DART_OK && again == loc);
    dart_domain_locality_t *leaf = NULL, *by_team = NULL;
    dart_unit_place_t place;
    size_t node = 99;
    CHECK(dart_unit_place(DART_TEAM_ALL, u, &place) == DART_OK &&
          dart_unit_node(DART_TEAM_ALL, u, &node) == DART_OK);
    CHECK(loc->unit.id == u && loc->team == DART_TEAM_ALL);
    CHECK(dart_domain_find(root, loc->domain_tag, &leaf) == DART_OK);
    CHECK(dart_domain_team_locality(DART_TEAM_ALL, loc->domain_tag, &by_team) == DART_OK && by_team == leaf);
    CHECK(strcmp(place.host, loc->hwinfo.host) == 0 && loc->hwinfo.numa_id == place.numa);
    CHECK(loc->hwinfo.cpu_id == place.cpu && loc->hwinfo.num_cores >= 1);
    if (!leaf) continue;
    CHECK(strcmp(leaf->host, loc->hwinfo.host) == 0 && leaf->node_id == (int)node);
    if (node == my_node()) {
      CHECK(leaf->scope == DART_LOCALITY_SCOPE_CORE && leaf->num_units == 1 && leaf->unit_ids[0].id == u);
      CHECK(loc->hwinfo.num_scopes == 5 && loc->hwinfo.scopes[4].scope == DART_LOCALITY_SCOPE_GLOBAL);
    } else {
      int in = 0;
      for (int i = 0; i < leaf->num_units; i++) in += leaf->unit_ids[i].id == u;
      CHECK(leaf->scope == DART_LOCALITY_SCOPE_NODE && leaf->num_domains == 0 && in == 1);
      CHECK(loc->hwinfo.num_scopes == 2 && loc->hwinfo.scopes[0].scope == DART_LOCALITY_SCOPE_NODE &&
            loc->hwinfo.scopes[0].index == leaf->relative_index);
      /* Below another node's domain the tree holds nothing. */
      char below[DART_LOCALITY_DOMAIN_TAG_MAX_SIZE + 8];
      snprintf(below, sizeof below, "%s.0", leaf->domain_tag);
      CHECK(dart_domain_team_locality(DART_TEAM_ALL, below, &by_team) == DART_ERR_INVAL);
      CHECK(dart_domain_find(root, below, &by_team) == DART_ERR_NOTFOUND && by_team == NULL);
      /* The record stays the library's: a change is seen by the next call. */
      int saved = loc->hwinfo.max_cpu_mhz;
      loc->hwinfo.max_cpu_mhz = 4242;
      CHECK(dart_unit_locality(DART_TEAM_ALL, u, &again) == DART_OK && again->hwinfo.max_cpu_mhz == 4242);
      loc->hwinfo.max_cpu_mhz = saved;
    }
  }

  /* Find by tag: the root, the first node, my module, the tags of a scope. */
  dart_domain_locality_t *found = NULL;
  CHECK(dart_domain_find(root, ".", &found) == DART_OK && found == root);
  CHECK(dart_domain_find(root, ".0", &found) == DART_OK && found == root->children[0]);
  char module[DART_LOCALITY_DOMAIN_TAG_MAX_SIZE + 8];
  snprintf(module, sizeof module, "%s.0", root->children[my_node()]->domain_tag);
  CHECK(dart_domain_team_locality(DART_TEAM_ALL, module, &found) == DART_OK &&
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

  /* Split along units into two parts (one at one unit): the units dealt in
   * tree order are my node's leaves and each other node's units ascending;
   * the k-th goes to part k * 2 / size, so the first part has the odd one. */
  int parts = size > 1 ? 2 : 1, m = 0;
  int *dealt = calloc((size_t)size, sizeof *dealt);
  for (int i = 0; i < copy->num_domains; i++) {
    dart_domain_locality_t *node = copy->children[i], **leaves = NULL;
    int n = 0;
    CHECK(dart_domain_scope_domains(node, DART_LOCALITY_SCOPE_CORE, &n, &leaves) == DART_OK);
    for (int u = 0; node->num_domains == 0 && u < node->num_units; u++) dealt[m++] = node->unit_ids[u].id;
    for (int l = 0; l < n; l++) dealt[m++] = leaves[l]->unit_ids[0].id;
    free(leaves);
  }
  CHECK(m == size);
  dart_domain_locality_t split[2];
  memset(split, 0, sizeof split);
  CHECK(dart_domain_split_scope(copy, DART_LOCALITY_SCOPE_UNIT, parts, split) == DART_OK);
  for (int p = 0; p < parts; p++) {
    int *in = calloc((size_t)size, sizeof *in), expected = 0;
    for (int u = 0; u < split[p].num_units; u++) in[split[p].unit_ids[u].id]++;
    for (int k = 0; k < m; k++)
      if (k * parts / m == p) {
        CHECK(in[dealt[k]] == 1);
        expected++;
      }
    CHECK(split[p].num_units == expected && (p == 1 || expected == (size + 1) / 2));
    free(in);
  }
  for (int p = 0; p < parts; p++) CHECK(dart_domain_destroy(&split[p]) == DART_OK);
  free(dealt);

  /* At CORE scope the parts may cut another node: a part per unit. */
  dart_domain_locality_t *per_unit = calloc((size_t)size, sizeof *per_unit);
  CHECK(dart_domain_split_scope(copy, DART_LOCALITY_SCOPE_CORE, size, per_unit) == DART_OK);
  int *seen = calloc((size_t)size, sizeof *seen);
  for (int p = 0; p < size; p++) {
    CHECK(per_unit[p].num_units == 1 && per_unit[p].num_nodes == 1);
    if (per_unit[p].num_units == 1) seen[per_unit[p].unit_ids[0].id]++;
    CHECK(dart_domain_destroy(&per_unit[p]) == DART_OK);
  }
  for (int u = 0; u < size; u++) CHECK(seen[u] == 1);
  free(seen);
  free(per_unit);

  /* Split along nodes into one part per node. */
  dart_domain_locality_t *per_node = calloc((size_t)num_nodes, sizeof *per_node);
  CHECK(dart_domain_split_scope(copy, DART_LOCALITY_SCOPE_NODE, num_nodes, per_node) == DART_OK);
  for (int p = 0; p < num_nodes; p++) {
    CHECK(per_node[p].num_nodes == 1 && per_node[p].num_units == copy->children[p]->num_units);
    CHECK(dart_domain_destroy(&per_node[p]) == DART_OK);
  }
  free(per_node);

  /* Group my node's leaves: a GROUP under their NUMA domain. */
  const dart_domain_locality_t *mine = copy->children[my_node()];
  int nleaves = 0;
  char **leaf_tags = NULL;
  CHECK(dart_domain_scope_tags(mine, DART_LOCALITY_SCOPE_CORE, &nleaves, &leaf_tags) == DART_OK);
  CHECK(nleaves == mine->num_units);
  char group_tag[DART_LOCALITY_DOMAIN_TAG_MAX_SIZE] = "";
  if (count_scope(mine, DART_LOCALITY_SCOPE_NUMA) == 1) {
    CHECK(dart_domain_group(copy, nleaves, (const char **)leaf_tags, group_tag) == DART_OK);
    CHECK(dart_domain_find(copy, group_tag, &found) == DART_OK && found->scope == DART_LOCALITY_SCOPE_GROUP);
    CHECK(found->num_units == nleaves && found->num_domains == nleaves &&
          found->children[0]->level == found->level + 1);
    CHECK(count_scope(copy, DART_LOCALITY_SCOPE_GROUP) == 1 &&
          count_scope(copy, DART_LOCALITY_SCOPE_UNIT) == nleaves && copy->num_units == size);
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

  /* A team's tree is the library's: changes are refused, it stays whole. */
  const char *first_node = ".0";
  char tag_out[DART_LOCALITY_DOMAIN_TAG_MAX_SIZE];
  CHECK(dart_domain_select(root, 1, &first_node) == DART_ERR_INVAL);
  CHECK(dart_domain_exclude(root->children[0], 0, NULL) == DART_ERR_INVAL);
  CHECK(dart_domain_group(root, 1, &first_node, tag_out) == DART_ERR_INVAL);
  CHECK(dart_domain_assign(root->children[0], root) == DART_ERR_INVAL);
  CHECK(dart_domain_destroy(root->children[0]) == DART_ERR_INVAL);
  CHECK(root->num_units == size && root->children[0]->parent == root);

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

/* The team's tree, just made, holds at most
 *   A + 8 n + P nodes + U k  bytes  (n team units, k of them on my node):
 * 8 B per team unit for the ascending unit lists of the root and of the
 * nodes (a node's list is a slice of the root's when its units are
 * consecutive, else of one array grouped by node); per node P = D + 16, its
 * domain, its pointer among the root's children and its (id, index) entry;
 * per unit of my node U = 2 D + R + 24, its CORE leaf and at most one NUMA
 * domain with their pointers, its record and its id in two lists; A = 2 D +
 * 256 for the root, my node's module and the tree's own record (D, R: the
 * sizes of a domain and of a unit's record). A record of another node's
 * unit, made on request, adds R and its slot in a hash of 16 B slots at
 * most half full. */
static void check_bytes(dart_team_t team) {
  dart_domain_locality_t *root = NULL;
  CHECK(dart_team_locality_finalize(team) == DART_OK);
  CHECK(dart_domain_team_locality(team, ".", &root) == DART_OK);
  if (!root) return;
  size_t d = sizeof(dart_domain_locality_t), r = sizeof(dart_unit_locality_t);
  size_t n = (size_t)root->num_units, nodes = (size_t)root->num_domains, k = 0;
  for (size_t i = 0; i < nodes; i++)
    if ((size_t)root->children[i]->node_id == my_node()) k = (size_t)root->children[i]->num_units;
  size_t bytes = dart__domain_tree_bytes(team),
         bound = 2 * d + 256 + 8 * n + (d + 16) * nodes + (2 * d + r + 24) * k;
  CHECK(k >= 1 && bytes <= bound);
  CHECK(bytes >= 4 * n + (d + r) * k + d * nodes); /* it counts at least the root's list, leaves, records */
  /* A record of another node's unit: R more, and a hash of 16 slots. */
  for (int u = 0; u < root->num_units; u++) {
    size_t node = 0;
    dart_unit_t rel = -1;
    CHECK(dart_team_unit_g2l(team, root->unit_ids[u].id, &rel) == DART_OK);
    CHECK(dart_unit_node(team, rel, &node) == DART_OK);
    if (node == my_node()) continue;
    dart_unit_locality_t *loc = NULL;
    CHECK(dart_unit_locality(team, rel, &loc) == DART_OK);
    CHECK(dart__domain_tree_bytes(team) == bytes + r + 16 * 16);
    CHECK(dart_unit_locality(team, rel, &loc) == DART_OK &&
          dart__domain_tree_bytes(team) == bytes + r + 16 * 16);
    break;
  }
  printf("domain_test: tree of %zu units, %zu nodes, %zu on my node: %zu bytes (bound %zu)\n", n, nodes, k,
         bytes, bound);
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
  check_bytes(DART_TEAM_ALL);
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
  for (dart_unit_t u = 0; u < (dart_unit_t)half_size; u++) {
    dart_unit_place_t place;
    dart_domain_locality_t *d = NULL;
    CHECK(dart_unit_locality(half, u, &loc) == DART_OK && loc->unit.id == u && loc->team == half);
    CHECK(dart_unit_place(half, u, &place) == DART_OK && strcmp(place.host, loc->hwinfo.host) == 0);
    CHECK(dart_domain_team_locality(half, loc->domain_tag, &d) == DART_OK &&
          strcmp(d->host, place.host) == 0);
  }
  check_bytes(half);
  CHECK(dart_team_destroy(&half) == DART_OK);

  CHECK(dart_exit() == DART_OK);
  if (failures) fprintf(stderr, "domain_test: %d checks failed\n", failures);
  return failures ? 1 : 0;
}
