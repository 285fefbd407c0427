/* The locality domain tree (<dart/domain.h>): each team's tree is made
 * locally on first use from the places of the team's units (dart_unit_places:
 * its members only, not the whole run) and kept until
 * dart_team_locality_finalize or dart_exit. */
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "state.h"
#include "team.h"

typedef dart_domain_locality_t domain_t;

/* A team's tree and its unit records (by team-relative id). */
typedef struct team_tree {
  dart_team_t team;
  domain_t *root;
  dart_unit_locality_t *units;
  size_t num_units;
  struct team_tree *next;
} team_tree_t;

/* Guards trees and owned. */
static pthread_mutex_t trees_mutex = PTHREAD_MUTEX_INITIALIZER;
static team_tree_t *trees;
/* Roots from dart_domain_create/clone: dart_domain_destroy frees these
 * themselves, other roots (parts in the caller's array) only their contents. */
static domain_t **owned;
static size_t num_owned, cap_owned;

/* Small allocations of the tree: running out of memory there is fatal, as
 * an allocation failure inside a half-changed tree could not be undone. */
static void *xmalloc(size_t size) {
  void *p = malloc(size ? size : 1);
  if (!p) {
    fprintf(stderr, "dart: out of memory in the locality domain tree\n");
    abort();
  }
  return p;
}

/* A growable array of domain pointers. */
typedef struct {
  domain_t **at;
  int n, cap;
} domain_list_t;

static void list_push(domain_list_t *l, domain_t *d) {
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 8;
    domain_t **grown = realloc(l->at, sizeof *grown * (size_t)l->cap);
    if (!grown) {
      fprintf(stderr, "dart: out of memory in the locality domain tree\n");
      abort();
    }
    l->at = grown;
  }
  l->at[l->n++] = d;
}

static int list_has(const domain_list_t *l, const domain_t *d) {
  for (int i = 0; i < l->n; i++)
    if (l->at[i] == d) return 1;
  return 0;
}

static int to_int(int64_t v) { return v < 0 || v > INT_MAX ? -1 : (int)v; }

static void set_tag(domain_t *d, const char *tag) {
  snprintf(d->domain_tag, sizeof d->domain_tag, "%s", tag);
}

/* The tag of child `index` of a domain tagged `parent` ("." has no
 * trailing dot to repeat); 0 if it does not fit. */
static int child_tag(const char *parent, int index, char out[DART_LOCALITY_DOMAIN_TAG_MAX_SIZE]) {
  char tag[DART_LOCALITY_DOMAIN_TAG_MAX_SIZE + 16]; /* room for the index: no silent truncation */
  int len = snprintf(tag, sizeof tag, "%.*s.%d", DART_LOCALITY_DOMAIN_TAG_MAX_SIZE - 1,
                     strcmp(parent, ".") == 0 ? "" : parent, index);
  if (len <= 0 || len >= DART_LOCALITY_DOMAIN_TAG_MAX_SIZE) return 0;
  memcpy(out, tag, (size_t)len + 1);
  return 1;
}

static void init_domain(domain_t *d) {
  memset(d, 0, sizeof *d);
  d->scope = DART_LOCALITY_SCOPE_UNDEFINED;
  d->team = DART_TEAM_NULL;
  d->node_id = -1;
  d->shared_mem_bytes = -1;
  set_tag(d, ".");
}

static domain_t *new_domain(void) {
  domain_t *d = xmalloc(sizeof *d);
  init_domain(d);
  return d;
}

static void free_contents(domain_t *d) {
  for (int i = 0; i < d->num_domains; i++) {
    free_contents(d->children[i]);
    free(d->children[i]);
  }
  free(d->children);
  free(d->unit_ids);
  free(d->aliases);
  d->children = NULL;
  d->num_domains = 0;
  d->unit_ids = NULL;
  d->num_units = 0;
  d->aliases = NULL;
  d->num_aliases = 0;
}

static void free_domain(domain_t *d) {
  free_contents(d);
  free(d);
}

static void set_children(domain_t *d, domain_t *const *children, int n) {
  domain_t **copy = n > 0 ? xmalloc(sizeof *copy * (size_t)n) : NULL;
  for (int i = 0; i < n; i++) {
    copy[i] = children[i];
    copy[i]->parent = d;
  }
  free(d->children);
  d->children = copy;
  d->num_domains = n;
}

static void set_units(domain_t *d, const dart_unit_t *units, int n) {
  free(d->unit_ids);
  d->unit_ids = n > 0 ? xmalloc(sizeof *d->unit_ids * (size_t)n) : NULL;
  for (int i = 0; i < n; i++) d->unit_ids[i].id = units[i];
  d->num_units = n;
}

/* Sets children after some were removed: a domain left without any has no
 * units either (a leaf, which never had children, keeps its unit). */
static void keep_children(domain_t *d, const domain_list_t *kept) {
  int had_children = d->num_domains > 0;
  set_children(d, kept->at, kept->n);
  if (had_children && kept->n == 0) set_units(d, NULL, 0);
}

/* Deep copy of src into dst (whose old contents are not freed). */
static void copy_into(domain_t *dst, const domain_t *src, domain_t *parent) {
  *dst = *src;
  dst->parent = parent;
  dst->aliases = NULL;
  dst->num_aliases = 0;
  dst->unit_ids = NULL;
  dst->num_units = 0;
  dst->children = NULL;
  dst->num_domains = 0;
  if (src->num_units > 0) {
    dst->unit_ids = xmalloc(sizeof *dst->unit_ids * (size_t)src->num_units);
    memcpy(dst->unit_ids, src->unit_ids, sizeof *dst->unit_ids * (size_t)src->num_units);
    dst->num_units = src->num_units;
  }
  if (src->num_domains > 0) {
    dst->children = xmalloc(sizeof *dst->children * (size_t)src->num_domains);
    for (int i = 0; i < src->num_domains; i++) {
      dst->children[i] = xmalloc(sizeof(domain_t));
      copy_into(dst->children[i], src->children[i], dst);
    }
    dst->num_domains = src->num_domains;
  }
}

static int compare_ints(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* The node ids of the leaves below d (with repeats). */
static void leaf_nodes(const domain_t *d, int **nodes, int *n, int *cap) {
  if (d->num_domains == 0) {
    if (d->node_id < 0) return;
    if (*n == *cap) {
      *cap = *cap ? 2 * *cap : 16;
      int *grown = realloc(*nodes, sizeof *grown * (size_t)*cap);
      if (!grown) abort();
      *nodes = grown;
    }
    (*nodes)[(*n)++] = d->node_id;
  }
  for (int i = 0; i < d->num_domains; i++) leaf_nodes(d->children[i], nodes, n, cap);
}

/* Recomputes units, counts and relative indices below d from its leaves,
 * dropping subdomains left without units. */
static void update(domain_t *d) {
  if (d->num_domains == 0) return;
  domain_list_t kept = {0};
  int num_units = 0;
  for (int i = 0; i < d->num_domains; i++) {
    domain_t *c = d->children[i];
    update(c);
    if (c->num_units > 0) {
      list_push(&kept, c);
      num_units += c->num_units;
    } else {
      free_domain(c);
    }
  }
  dart_unit_t *units = xmalloc(sizeof *units * (size_t)num_units);
  int n = 0, cores = 0, symmetric = 1;
  for (int i = 0; i < kept.n; i++) {
    domain_t *c = kept.at[i];
    c->relative_index = i;
    for (int u = 0; u < c->num_units; u++) units[n++] = c->unit_ids[u].id;
    cores += c->num_cores;
    symmetric = symmetric && c->num_cores == kept.at[0]->num_cores;
  }
  qsort(units, (size_t)n, sizeof *units, compare_ints);
  keep_children(d, &kept);
  set_units(d, units, n);
  free(units);
  free(kept.at);
  d->num_cores = cores;
  d->is_symmetric = symmetric;
  int *nodes = NULL, num = 0, cap = 0, distinct = 0;
  leaf_nodes(d, &nodes, &num, &cap);
  qsort(nodes, (size_t)num, sizeof *nodes, compare_ints);
  for (int i = 0; i < num; i++)
    if (i == 0 || nodes[i] != nodes[i - 1]) distinct++;
  d->num_nodes = distinct;
  d->node_id = distinct == 1 ? nodes[0] : -1;
  free(nodes);
}

/* The scopes a tree may hold, for numbering each scope's domains. */
static const dart_locality_scope_t all_scopes[] = {
    DART_LOCALITY_SCOPE_UNDEFINED, DART_LOCALITY_SCOPE_GLOBAL, DART_LOCALITY_SCOPE_GROUP,
    DART_LOCALITY_SCOPE_NETWORK,   DART_LOCALITY_SCOPE_NODE,   DART_LOCALITY_SCOPE_MODULE,
    DART_LOCALITY_SCOPE_NUMA,      DART_LOCALITY_SCOPE_UNIT,   DART_LOCALITY_SCOPE_PACKAGE,
    DART_LOCALITY_SCOPE_UNCORE,    DART_LOCALITY_SCOPE_CACHE,  DART_LOCALITY_SCOPE_CORE,
    DART_LOCALITY_SCOPE_CPU};
#define NUM_SCOPES ((int)(sizeof all_scopes / sizeof all_scopes[0]))

static int scope_slot(dart_locality_scope_t scope) {
  for (int i = 0; i < NUM_SCOPES; i++)
    if (all_scopes[i] == scope) return i;
  return -1;
}

static int known_scope(dart_locality_scope_t scope) {
  return scope != DART_LOCALITY_SCOPE_UNDEFINED && scope_slot(scope) >= 0;
}

/* Numbers the domains of each scope in tree order (depth first). */
static void renumber(domain_t *d, int next[NUM_SCOPES]) {
  int slot = scope_slot(d->scope);
  d->global_index = slot >= 0 ? next[slot]++ : 0;
  for (int i = 0; i < d->num_domains; i++) renumber(d->children[i], next);
}

static domain_t *root_of(const domain_t *d) {
  while (d->parent) d = d->parent;
  return (domain_t *)d;
}

static void refresh(domain_t *d) {
  domain_t *root = root_of(d);
  update(root);
  int next[NUM_SCOPES] = {0};
  renumber(root, next);
}

static domain_t *find(const domain_t *d, const char *tag) {
  if (strcmp(d->domain_tag, tag) == 0) return (domain_t *)d;
  for (int i = 0; i < d->num_domains; i++) {
    domain_t *f = find(d->children[i], tag);
    if (f) return f;
  }
  return NULL;
}

/* DASH's leaves are CORE domains of one unit each: UNIT asks for them. */
static dart_locality_scope_t tree_scope(dart_locality_scope_t scope) {
  return scope == DART_LOCALITY_SCOPE_UNIT ? DART_LOCALITY_SCOPE_CORE : scope;
}

static void scope_domains(const domain_t *d, dart_locality_scope_t scope, domain_list_t *out) {
  if (d->scope == scope) list_push(out, (domain_t *)d);
  for (int i = 0; i < d->num_domains; i++) scope_domains(d->children[i], scope, out);
}

/* Drops the subdomains of d that are not in `keep`, not above one and not
 * below one; 1 if d stays. */
static int select_below(domain_t *d, const domain_list_t *keep) {
  if (list_has(keep, d)) return 1;
  domain_list_t kept = {0};
  for (int i = 0; i < d->num_domains; i++) {
    domain_t *c = d->children[i];
    if (select_below(c, keep))
      list_push(&kept, c);
    else
      free_domain(c);
  }
  keep_children(d, &kept);
  int stays = kept.n > 0;
  free(kept.at);
  return stays;
}

static void exclude_below(domain_t *d, const domain_list_t *drop) {
  domain_list_t kept = {0};
  for (int i = 0; i < d->num_domains; i++) {
    domain_t *c = d->children[i];
    if (list_has(drop, c)) {
      free_domain(c);
    } else {
      exclude_below(c, drop);
      list_push(&kept, c);
    }
  }
  keep_children(d, &kept);
  free(kept.at);
}

/* The domains named by `tags` in d, each once. */
static dart_ret_t resolve(const domain_t *d, int n, const char **tags, const char *fn, domain_list_t *out) {
  if (n < 0 || (n > 0 && !tags)) return dart__error(DART_ERR_INVAL, "%s: %d tags at %p", fn, n, (void *)tags);
  for (int i = 0; i < n; i++) {
    if (!tags[i]) return dart__error(DART_ERR_INVAL, "%s: tag %d is NULL", fn, i);
    domain_t *f = find(d, tags[i]);
    if (!f) return dart__error(DART_ERR_INVAL, "%s: no domain \"%s\" in \"%s\"", fn, tags[i], d->domain_tag);
    if (!list_has(out, f)) list_push(out, f);
  }
  return DART_OK;
}

static int is_ancestor(const domain_t *a, const domain_t *d) {
  for (d = d->parent; d; d = d->parent)
    if (d == a) return 1;
  return 0;
}

/* Gives d the tag `tag` and its subdomains tags below it (tags_fit
 * checked that they fit). */
static void retag(domain_t *d, const char *tag, int level) {
  set_tag(d, tag);
  d->level = level;
  for (int i = 0; i < d->num_domains; i++) {
    char sub[DART_LOCALITY_DOMAIN_TAG_MAX_SIZE];
    child_tag(d->domain_tag, i, sub);
    retag(d->children[i], sub, level + 1);
  }
}

/* Whether d, tagged with `len` characters, and its subdomains get tags
 * that fit when retagged. */
static int tags_fit(const domain_t *d, int len) {
  if (len >= DART_LOCALITY_DOMAIN_TAG_MAX_SIZE) return 0;
  for (int i = 0; i < d->num_domains; i++)
    if (!tags_fit(d->children[i], len + snprintf(NULL, 0, ".%d", i))) return 0;
  return 1;
}

static int last_index(const char *tag) {
  const char *dot = strrchr(tag, '.');
  return dot && dot[1] ? atoi(dot + 1) : -1;
}

/* ---- A team's tree from the places of its units ---- */

static void fill_unit(dart_unit_locality_t *ul, const dart_unit_place_t *p, const domain_t *core,
                      dart_team_t team, size_t u, int node_index, int numa_index, int core_index) {
  ul->unit.id = (dart_unit_t)u;
  ul->team = team;
  snprintf(ul->domain_tag, sizeof ul->domain_tag, "%s", core->domain_tag);
  dart_hwinfo_t *hw = &ul->hwinfo;
  snprintf(hw->host, sizeof hw->host, "%s", p->host);
  hw->num_cores = core->num_cores;
  hw->num_numa = p->host_numa;
  hw->numa_id = p->numa;
  hw->num_sockets = -1;
  hw->core_id = p->core;
  hw->cpu_id = p->cpu;
  hw->min_cpu_mhz = hw->max_cpu_mhz = -1;
  for (int c = 0; c < DART_LOCALITY_MAX_CACHE_LEVELS; c++) {
    hw->cache_sizes[c] = c < 3 ? to_int(p->cache_size[c]) : -1;
    hw->cache_line_sizes[c] = hw->cache_sizes[c] > 0 ? p->cache_line : -1;
    hw->cache_ids[c] = -1;
  }
  hw->min_threads = hw->max_threads = p->threads_per_core;
  hw->max_shmem_mbps = -1;
  hw->system_memory_bytes = to_int(p->host_memory);
  hw->numa_memory_bytes = core->shared_mem_bytes;
  hw->scopes[0] = (dart_locality_scope_pos_t){DART_LOCALITY_SCOPE_CORE, core_index};
  hw->scopes[1] = (dart_locality_scope_pos_t){DART_LOCALITY_SCOPE_NUMA, numa_index};
  hw->scopes[2] = (dart_locality_scope_pos_t){DART_LOCALITY_SCOPE_MODULE, 0};
  hw->scopes[3] = (dart_locality_scope_pos_t){DART_LOCALITY_SCOPE_NODE, node_index};
  hw->scopes[4] = (dart_locality_scope_pos_t){DART_LOCALITY_SCOPE_GLOBAL, 0};
  hw->num_scopes = 5;
}

static domain_t *child_domain(domain_t *parent, dart_locality_scope_t scope, int index,
                              const dart_unit_place_t *p) {
  domain_t *d = new_domain();
  d->scope = scope;
  d->team = parent->team;
  d->level = parent->level + 1;
  d->node_id = p->node;
  snprintf(d->host, sizeof d->host, "%s", p->host);
  child_tag(parent->domain_tag, index, d->domain_tag); /* at most ".n.0.m.k": fits for any int */
  return d;
}

/* The units of one node, in team order, grouped by NUMA domain in order of
 * their first unit. */
static domain_t *build_node(domain_t *root, int node_index, const size_t *members, size_t count,
                            const dart_unit_place_t *place, const dart_team_data_t *t,
                            dart_unit_locality_t *units) {
  const dart_unit_place_t *first = &place[members[0]];
  domain_t *node = child_domain(root, DART_LOCALITY_SCOPE_NODE, node_index, first);
  node->shared_mem_bytes = to_int(first->host_memory);
  domain_t *module = child_domain(node, DART_LOCALITY_SCOPE_MODULE, 0, first);
  module->shared_mem_bytes = node->shared_mem_bytes;
  set_children(node, &module, 1);

  /* NUMA domains of the node in order of their first unit (a node has few). */
  int *numa_of = xmalloc(sizeof *numa_of * count), *numa_ids = xmalloc(sizeof *numa_ids * count);
  int num_numa = 0;
  for (size_t k = 0; k < count; k++) {
    int id = place[members[k]].numa, j = 0;
    while (j < num_numa && numa_ids[j] != id) j++;
    if (j == num_numa) numa_ids[num_numa++] = id;
    numa_of[k] = j;
  }
  domain_list_t numas = {0};
  for (int j = 0; j < num_numa; j++) {
    domain_t *numa = child_domain(module, DART_LOCALITY_SCOPE_NUMA, j, first);
    int64_t divisor = first->host_numa > 1 ? first->host_numa : 1;
    numa->shared_mem_bytes = to_int(first->host_memory / divisor);
    domain_list_t cores = {0};
    for (size_t k = 0; k < count; k++) {
      if (numa_of[k] != j) continue;
      size_t u = members[k];
      const dart_unit_place_t *p = &place[u];
      domain_t *core = child_domain(numa, DART_LOCALITY_SCOPE_CORE, cores.n, p);
      /* The machine's cores are shared among all units on it (of the whole run). */
      int share = p->host_cores / (p->host_units > 1 ? p->host_units : 1);
      if (share < 1) share = 1;
      core->num_cores = p->bound_cores > 0 && p->bound_cores < p->host_cores ? p->bound_cores : share;
      core->num_nodes = 1;
      core->shared_mem_bytes = numa->shared_mem_bytes;
      dart_unit_t abs = dart__team_abs(t, (int)u);
      set_units(core, &abs, 1);
      fill_unit(&units[u], p, core, root->team, u, node_index, j, cores.n);
      list_push(&cores, core);
    }
    set_children(numa, cores.at, cores.n);
    free(cores.at);
    list_push(&numas, numa);
  }
  set_children(module, numas.at, numas.n);
  free(numas.at);
  free(numa_of);
  free(numa_ids);
  return node;
}

/* Builds the tree of team t. Requires trees_mutex. */
static dart_ret_t build_tree(dart_team_data_t *t, dart_team_t team, team_tree_t **out) {
  size_t n = (size_t)t->size;
  dart_unit_place_t *place = malloc(sizeof *place * n);
  if (!place) return dart__error(DART_ERR_NOMEM, "dart_domain: out of memory for %zu places", n);
  dart_ret_t r = dart_unit_places(team, 0, n, place);
  if (r != DART_OK) {
    free(place);
    return r;
  }
  /* Nodes in order of their lowest team unit; members of each in team
   * order (a counting sort on the node's index). */
  int max_node = 0;
  for (size_t u = 0; u < n; u++)
    if (place[u].node > max_node) max_node = place[u].node;
  int *index_of_node = xmalloc(sizeof *index_of_node * (size_t)(max_node + 1));
  for (int i = 0; i <= max_node; i++) index_of_node[i] = -1;
  size_t *start = xmalloc(sizeof *start * (n + 1)), *members = xmalloc(sizeof *members * n);
  int num_nodes = 0;
  for (size_t u = 0; u < n; u++) {
    int *idx = &index_of_node[place[u].node];
    if (*idx < 0) *idx = num_nodes++;
  }
  memset(start, 0, sizeof *start * (n + 1));
  for (size_t u = 0; u < n; u++) start[index_of_node[place[u].node] + 1]++;
  for (int i = 0; i < num_nodes; i++) start[i + 1] += start[i];
  size_t *fill = xmalloc(sizeof *fill * (size_t)(num_nodes + 1));
  memcpy(fill, start, sizeof *fill * (size_t)(num_nodes + 1));
  for (size_t u = 0; u < n; u++) members[fill[index_of_node[place[u].node]]++] = u;

  team_tree_t *tree = xmalloc(sizeof *tree);
  tree->team = team;
  tree->num_units = n;
  tree->units = calloc(n ? n : 1, sizeof *tree->units);
  if (!tree->units) abort();
  tree->root = new_domain();
  tree->root->scope = DART_LOCALITY_SCOPE_GLOBAL;
  tree->root->team = team;
  domain_list_t nodes = {0};
  for (int i = 0; i < num_nodes; i++) {
    domain_t *node =
        build_node(tree->root, i, members + start[i], start[i + 1] - start[i], place, t, tree->units);
    list_push(&nodes, node);
  }
  set_children(tree->root, nodes.at, nodes.n);
  free(nodes.at);
  refresh(tree->root);
  free(fill);
  free(start);
  free(members);
  free(index_of_node);
  free(place);
  tree->next = trees;
  trees = tree;
  *out = tree;
  return DART_OK;
}

/* The team's tree, made on first use. Requires trees_mutex. */
static dart_ret_t team_tree(dart_team_t team, const char *fn, team_tree_t **out) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, fn, &t);
  if (r != DART_OK) return r;
  for (team_tree_t *tree = trees; tree; tree = tree->next)
    if (tree->team == team) {
      *out = tree;
      return DART_OK;
    }
  return build_tree(t, team, out);
}

static int in_team_tree(const domain_t *d) {
  const domain_t *root = root_of(d);
  for (team_tree_t *tree = trees; tree; tree = tree->next)
    if (tree->root == root) return 1;
  return 0;
}

static void free_tree(team_tree_t *tree) {
  free_domain(tree->root);
  free(tree->units);
  free(tree);
}

void dart__domain_fini(void) {
  pthread_mutex_lock(&trees_mutex);
  while (trees) {
    team_tree_t *next = trees->next;
    free_tree(trees);
    trees = next;
  }
  pthread_mutex_unlock(&trees_mutex);
}

/* ---- The API ---- */

dart_ret_t dart_team_locality_init(dart_team_t team) {
  team_tree_t *tree;
  pthread_mutex_lock(&trees_mutex);
  dart_ret_t r = team_tree(team, "dart_team_locality_init", &tree);
  pthread_mutex_unlock(&trees_mutex);
  return r;
}

dart_ret_t dart_team_locality_finalize(dart_team_t team) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, "dart_team_locality_finalize", &t);
  if (r != DART_OK) return r;
  pthread_mutex_lock(&trees_mutex);
  for (team_tree_t **link = &trees; *link; link = &(*link)->next)
    if ((*link)->team == team) {
      team_tree_t *tree = *link;
      *link = tree->next;
      free_tree(tree);
      break;
    }
  pthread_mutex_unlock(&trees_mutex);
  return DART_OK;
}

dart_ret_t dart_domain_team_locality(dart_team_t team, const char *domain_tag,
                                     dart_domain_locality_t **team_domain_out) {
  if (!domain_tag || !team_domain_out)
    return dart__error(DART_ERR_INVAL, "dart_domain_team_locality: %s is NULL",
                       domain_tag ? "team_domain_out" : "domain_tag");
  team_tree_t *tree;
  pthread_mutex_lock(&trees_mutex);
  dart_ret_t r = team_tree(team, "dart_domain_team_locality", &tree);
  if (r == DART_OK) {
    domain_t *d = find(tree->root, domain_tag);
    if (d)
      *team_domain_out = d;
    else
      r = dart__error(DART_ERR_INVAL, "dart_domain_team_locality: no domain \"%s\" in team %lld", domain_tag,
                      (long long)team);
  }
  pthread_mutex_unlock(&trees_mutex);
  return r;
}

dart_ret_t dart_unit_locality(dart_team_t team, dart_unit_t unit, dart_unit_locality_t **loc) {
  if (!loc) return dart__error(DART_ERR_INVAL, "dart_unit_locality: loc is NULL");
  team_tree_t *tree;
  pthread_mutex_lock(&trees_mutex);
  dart_ret_t r = team_tree(team, "dart_unit_locality", &tree);
  if (r == DART_OK) {
    if (unit >= 0 && (size_t)unit < tree->num_units)
      *loc = &tree->units[unit];
    else
      r = dart__error(DART_ERR_INVAL, "dart_unit_locality: unit %d not in team %lld of %zu units", (int)unit,
                      (long long)team, tree->num_units);
  }
  pthread_mutex_unlock(&trees_mutex);
  return r;
}

static void add_owned(domain_t *d) {
  pthread_mutex_lock(&trees_mutex);
  if (num_owned == cap_owned) {
    size_t cap = cap_owned ? 2 * cap_owned : 16;
    domain_t **grown = realloc(owned, sizeof *grown * cap);
    if (!grown) abort();
    owned = grown;
    cap_owned = cap;
  }
  owned[num_owned++] = d;
  pthread_mutex_unlock(&trees_mutex);
}

/* Removes d from the owned roots; 1 if it was one. Requires trees_mutex. */
static int take_owned(const domain_t *d) {
  for (size_t i = 0; i < num_owned; i++)
    if (owned[i] == d) {
      owned[i] = owned[--num_owned];
      if (num_owned == 0) {
        free(owned);
        owned = NULL;
        cap_owned = 0;
      }
      return 1;
    }
  return 0;
}

dart_ret_t dart_domain_create(dart_domain_locality_t **domain_out) {
  if (!domain_out) return dart__error(DART_ERR_INVAL, "dart_domain_create: domain_out is NULL");
  domain_t *d = new_domain();
  add_owned(d);
  *domain_out = d;
  return DART_OK;
}

dart_ret_t dart_domain_clone(const dart_domain_locality_t *domain_in, dart_domain_locality_t **domain_out) {
  if (!domain_in || !domain_out)
    return dart__error(DART_ERR_INVAL, "dart_domain_clone: %s is NULL",
                       domain_in ? "domain_out" : "domain_in");
  domain_t *d = xmalloc(sizeof *d);
  copy_into(d, domain_in, NULL);
  add_owned(d);
  *domain_out = d;
  return DART_OK;
}

dart_ret_t dart_domain_destroy(dart_domain_locality_t *domain) {
  if (!domain) return dart__error(DART_ERR_INVAL, "dart_domain_destroy: domain is NULL");
  pthread_mutex_lock(&trees_mutex);
  dart_ret_t r = DART_OK;
  if (in_team_tree(domain)) {
    r = dart__error(DART_ERR_INVAL, "dart_domain_destroy: \"%s\" belongs to the tree of team %lld",
                    domain->domain_tag, (long long)domain->team);
  } else if (domain->parent) { /* a subdomain: unlink it from its parent first */
    domain_t *parent = domain->parent;
    domain_list_t kept = {0};
    for (int i = 0; i < parent->num_domains; i++)
      if (parent->children[i] != domain) list_push(&kept, parent->children[i]);
    keep_children(parent, &kept);
    free(kept.at);
    free_domain(domain);
    refresh(parent);
  } else if (take_owned(domain)) {
    free_domain(domain);
  } else {
    free_contents(domain);
  }
  pthread_mutex_unlock(&trees_mutex);
  return r;
}

dart_ret_t dart_domain_assign(dart_domain_locality_t *domain_lhs, const dart_domain_locality_t *domain_rhs) {
  if (!domain_lhs || !domain_rhs)
    return dart__error(DART_ERR_INVAL, "dart_domain_assign: %s is NULL",
                       domain_lhs ? "domain_rhs" : "domain_lhs");
  if (domain_lhs == domain_rhs) return DART_OK;
  domain_t copy;
  copy_into(&copy, domain_rhs, domain_lhs->parent);
  free_contents(domain_lhs);
  *domain_lhs = copy;
  for (int i = 0; i < domain_lhs->num_domains; i++) domain_lhs->children[i]->parent = domain_lhs;
  return DART_OK;
}

dart_ret_t dart_domain_find(const dart_domain_locality_t *domain_in, const char *domain_tag,
                            dart_domain_locality_t **subdomain_out) {
  if (!domain_in || !domain_tag || !subdomain_out)
    return dart__error(DART_ERR_INVAL, "dart_domain_find: %s is NULL",
                       !domain_in    ? "domain_in"
                       : !domain_tag ? "domain_tag"
                                     : "subdomain_out");
  domain_t *d = find(domain_in, domain_tag);
  *subdomain_out = d;
  if (!d)
    return dart__error(DART_ERR_NOTFOUND, "dart_domain_find: no domain \"%s\" in \"%s\"", domain_tag,
                       domain_in->domain_tag);
  return DART_OK;
}

dart_ret_t dart_domain_select(dart_domain_locality_t *domain_in, int num_subdomain_tags,
                              const char **subdomain_tags) {
  if (!domain_in) return dart__error(DART_ERR_INVAL, "dart_domain_select: domain_in is NULL");
  domain_list_t chosen = {0};
  dart_ret_t r = resolve(domain_in, num_subdomain_tags, subdomain_tags, "dart_domain_select", &chosen);
  if (r == DART_OK) {
    select_below(domain_in, &chosen);
    refresh(domain_in);
  }
  free(chosen.at);
  return r;
}

dart_ret_t dart_domain_exclude(dart_domain_locality_t *domain_in, int num_subdomain_tags,
                               const char **subdomain_tags) {
  if (!domain_in) return dart__error(DART_ERR_INVAL, "dart_domain_exclude: domain_in is NULL");
  domain_list_t chosen = {0};
  dart_ret_t r = resolve(domain_in, num_subdomain_tags, subdomain_tags, "dart_domain_exclude", &chosen);
  if (r == DART_OK && list_has(&chosen, domain_in))
    r = dart__error(DART_ERR_INVAL, "dart_domain_exclude: cannot exclude \"%s\" itself",
                    domain_in->domain_tag);
  if (r == DART_OK) {
    exclude_below(domain_in, &chosen);
    refresh(domain_in);
  }
  free(chosen.at);
  return r;
}

/* The domains of `scope` below d, after checking the arguments. */
static dart_ret_t scope_list(const domain_t *d, dart_locality_scope_t scope, const char *fn,
                             domain_list_t *out) {
  if (!d) return dart__error(DART_ERR_INVAL, "%s: domain_in is NULL", fn);
  if (!known_scope(scope))
    return dart__error(DART_ERR_INVAL, "%s: unknown locality scope %d", fn, (int)scope);
  scope_domains(d, tree_scope(scope), out);
  return DART_OK;
}

dart_ret_t dart_domain_split_scope(const dart_domain_locality_t *domain_in, dart_locality_scope_t scope,
                                   int num_parts, dart_domain_locality_t *split_domain_out) {
  if (!split_domain_out)
    return dart__error(DART_ERR_INVAL, "dart_domain_split_scope: split_domain_out is NULL");
  domain_list_t of_scope = {0};
  dart_ret_t r = scope_list(domain_in, scope, "dart_domain_split_scope", &of_scope);
  if (r == DART_OK && (num_parts < 1 || num_parts > of_scope.n))
    r = dart__error(DART_ERR_INVAL, "dart_domain_split_scope: %d parts of %d domains", num_parts, of_scope.n);
  for (int p = 0; r == DART_OK && p < num_parts; p++) {
    /* Domain k goes to part k * num_parts / m: consecutive, sizes differ by <= 1. */
    domain_t *part = &split_domain_out[p];
    copy_into(part, domain_in, NULL);
    domain_list_t chosen = {0};
    for (int k = 0; k < of_scope.n; k++)
      if ((long)k * num_parts / of_scope.n == p) list_push(&chosen, find(part, of_scope.at[k]->domain_tag));
    select_below(part, &chosen);
    refresh(part);
    free(chosen.at);
  }
  free(of_scope.at);
  return r;
}

dart_ret_t dart_domain_scope_tags(const dart_domain_locality_t *domain_in, dart_locality_scope_t scope,
                                  int *num_domains_out, char ***domain_tags_out) {
  if (!num_domains_out || !domain_tags_out)
    return dart__error(DART_ERR_INVAL, "dart_domain_scope_tags: %s is NULL",
                       num_domains_out ? "domain_tags_out" : "num_domains_out");
  domain_list_t of_scope = {0};
  dart_ret_t r = scope_list(domain_in, scope, "dart_domain_scope_tags", &of_scope);
  if (r == DART_OK) {
    char **tags = xmalloc(sizeof *tags * (size_t)(of_scope.n > 0 ? of_scope.n : 1));
    for (int i = 0; i < of_scope.n; i++) {
      tags[i] = xmalloc(DART_LOCALITY_DOMAIN_TAG_MAX_SIZE);
      snprintf(tags[i], DART_LOCALITY_DOMAIN_TAG_MAX_SIZE, "%s", of_scope.at[i]->domain_tag);
    }
    *num_domains_out = of_scope.n;
    *domain_tags_out = tags;
  }
  free(of_scope.at);
  return r;
}

dart_ret_t dart_domain_scope_domains(const dart_domain_locality_t *domain_in, dart_locality_scope_t scope,
                                     int *num_domains_out, dart_domain_locality_t ***domains_out) {
  if (!num_domains_out || !domains_out)
    return dart__error(DART_ERR_INVAL, "dart_domain_scope_domains: %s is NULL",
                       num_domains_out ? "domains_out" : "num_domains_out");
  domain_list_t of_scope = {0};
  dart_ret_t r = scope_list(domain_in, scope, "dart_domain_scope_domains", &of_scope);
  if (r != DART_OK) {
    free(of_scope.at);
    return r;
  }
  if (!of_scope.at) of_scope.at = xmalloc(sizeof *of_scope.at); /* the caller frees a real array */
  *num_domains_out = of_scope.n;
  *domains_out = of_scope.at;
  return DART_OK;
}

/* Checks the members of a group and finds their lowest common ancestor. */
static dart_ret_t group_parent(const domain_t *domain_in, const domain_list_t *members, domain_t **lca) {
  for (int i = 0; i < members->n; i++) {
    if (members->at[i] == domain_in)
      return dart__error(DART_ERR_INVAL, "dart_domain_group: cannot group \"%s\" itself",
                         domain_in->domain_tag);
    for (int j = 0; j < members->n; j++)
      if (is_ancestor(members->at[i], members->at[j]))
        return dart__error(DART_ERR_INVAL, "dart_domain_group: \"%s\" contains \"%s\"",
                           members->at[i]->domain_tag, members->at[j]->domain_tag);
  }
  /* The deepest ancestor of the first member that is above all others. */
  domain_t *a = members->at[0]->parent;
  for (int i = 1; i < members->n;)
    if (is_ancestor(a, members->at[i]))
      i++;
    else
      a = a->parent, i = 1;
  *lca = a;
  return DART_OK;
}

/* The members in tree order below d. */
static void tree_order(domain_t *d, const domain_list_t *members, domain_list_t *out) {
  if (list_has(members, d)) {
    list_push(out, d);
    return;
  }
  for (int i = 0; i < d->num_domains; i++) tree_order(d->children[i], members, out);
}

dart_ret_t dart_domain_group(dart_domain_locality_t *domain_in, int num_group_subdomains,
                             const char **group_subdomain_tags, char *group_domain_tag_out) {
  if (!domain_in || !group_domain_tag_out)
    return dart__error(DART_ERR_INVAL, "dart_domain_group: %s is NULL",
                       domain_in ? "group_domain_tag_out" : "domain_in");
  if (num_group_subdomains < 1)
    return dart__error(DART_ERR_INVAL, "dart_domain_group: %d subdomains", num_group_subdomains);
  domain_list_t members = {0}, ordered = {0};
  domain_t *lca = NULL;
  dart_ret_t r =
      resolve(domain_in, num_group_subdomains, group_subdomain_tags, "dart_domain_group", &members);
  if (r == DART_OK) r = group_parent(domain_in, &members, &lca);
  char tag[DART_LOCALITY_DOMAIN_TAG_MAX_SIZE];
  if (r == DART_OK) {
    int next = -1;
    for (int i = 0; i < lca->num_domains; i++) {
      int index = last_index(lca->children[i]->domain_tag);
      if (index > next) next = index;
    }
    int fit = child_tag(lca->domain_tag, next + 1, tag);
    tree_order(lca, &members, &ordered);
    for (int m = 0; fit && m < ordered.n; m++)
      fit = tags_fit(ordered.at[m], (int)strlen(tag) + snprintf(NULL, 0, ".%d", m));
    if (!fit)
      r = dart__error(DART_ERR_INVAL, "dart_domain_group: tags below \"%s\" would not fit", lca->domain_tag);
  }
  if (r == DART_OK) {
    for (int m = 0; m < ordered.n; m++) { /* unlink each member from its parent */
      domain_t *parent = ordered.at[m]->parent;
      domain_list_t kept = {0};
      for (int i = 0; i < parent->num_domains; i++)
        if (parent->children[i] != ordered.at[m]) list_push(&kept, parent->children[i]);
      keep_children(parent, &kept);
      free(kept.at);
    }
    domain_t *group = new_domain();
    group->scope = DART_LOCALITY_SCOPE_GROUP;
    group->team = lca->team;
    snprintf(group->host, sizeof group->host, "%s", lca->host);
    set_children(group, ordered.at, ordered.n);
    domain_list_t children = {0};
    for (int i = 0; i < lca->num_domains; i++) list_push(&children, lca->children[i]);
    list_push(&children, group);
    set_children(lca, children.at, children.n);
    free(children.at);
    retag(group, tag, lca->level + 1);
    refresh(lca);
    snprintf(group_domain_tag_out, DART_LOCALITY_DOMAIN_TAG_MAX_SIZE, "%s", tag);
  }
  free(members.at);
  free(ordered.at);
  return r;
}

dart_ret_t dart_group_locality_split(const dart_group_t g, dart_domain_locality_t *domain,
                                     dart_locality_scope_t scope, size_t n, size_t *nout,
                                     dart_group_t *gout) {
  if (!g || !domain || !nout || !gout)
    return dart__error(DART_ERR_INVAL, "dart_group_locality_split: %s is NULL",
                       !g        ? "g"
                       : !domain ? "domain"
                       : !nout   ? "nout"
                                 : "gout");
  if (n < 1 || n > (size_t)INT_MAX)
    return dart__error(DART_ERR_INVAL, "dart_group_locality_split: %zu parts", n);
  domain_t *parts = calloc(n, sizeof *parts);
  if (!parts) return dart__error(DART_ERR_NOMEM, "dart_group_locality_split: out of memory");
  dart_ret_t r = dart_domain_split_scope(domain, scope, (int)n, parts);
  size_t created = 0;
  for (size_t p = 0; r == DART_OK && p < n; p++) {
    r = dart_group_create(&gout[p]);
    if (r != DART_OK) break;
    created++;
    for (int u = 0; u < parts[p].num_units && r == DART_OK; u++) {
      int member = 0;
      dart_unit_t unit = parts[p].unit_ids[u].id;
      r = dart_group_ismember(g, unit, &member);
      if (r == DART_OK && member) r = dart_group_addmember(gout[p], unit);
    }
  }
  for (size_t p = 0; p < n; p++) free_contents(&parts[p]);
  free(parts);
  if (r != DART_OK) {
    for (size_t p = 0; p < created; p++) dart_group_destroy(&gout[p]);
    return r;
  }
  *nout = n;
  return DART_OK;
}
