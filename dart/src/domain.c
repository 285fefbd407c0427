/* The locality domain tree (<dart/domain.h>). A team's tree is made
 * locally on first use and kept until dart_team_locality_finalize or
 * dart_exit: the calling unit's node in full (module, NUMA domains, a leaf
 * and a record per unit, from the places of its units), every other node as
 * one NODE domain made from the place of its first member, so that the tree
 * costs O(nodes + units of my node) plus 8 B per team unit (the unit lists
 * of the root and of the nodes). Records of other nodes' units are made on
 * request. */
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "locality.h"
#include "team.h"

typedef dart_domain_locality_t domain_t;

/* A node's id (dart_unit_node) and its index in a team's tree. */
typedef struct {
  int32_t id, index;
} node_ref_t;

/* The record of another node's unit, made on request (open addressing on
 * the team-relative unit id; -1: an empty slot). */
typedef struct {
  int32_t unit;
  dart_unit_locality_t *rec;
} made_t;

/* A team's tree. Its domains never own their unit lists: every list is a
 * view into ids, by_node or mine_ids, which the tree owns (the library
 * refuses to change or destroy a team's tree, so no list is ever freed
 * alone). The NODE domains sit in one block; my node's others are single
 * allocations. */
typedef struct team_tree {
  dart_team_t team;
  size_t bytes; /* heap bytes held (dart__domain_tree_bytes) */
  domain_t *root;
  domain_t *nodes;                 /* [num_nodes] in tree order */
  node_ref_t *node_refs;           /* [num_nodes] ascending by id */
  int num_nodes, my_node;          /* my_node: the index of the calling unit's */
  dart_global_unit_id_t *ids;      /* [size] the root's list: the members, ascending */
  dart_global_unit_id_t *by_node;  /* [size] grouped by node in tree order, or NULL if that is ids */
  dart_global_unit_id_t *mine_ids; /* [num_mine] my node's units grouped by NUMA domain */
  int32_t *mine;                   /* [num_mine] their team-relative ids, ascending */
  dart_unit_locality_t *units;     /* [num_mine] their records */
  int num_mine;
  made_t *made; /* [cap_made] records of other nodes' units */
  size_t num_made, cap_made;
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

static domain_t *find_anywhere(const domain_t *d, const char *tag) {
  if (strcmp(d->domain_tag, tag) == 0) return (domain_t *)d;
  for (int i = 0; i < d->num_domains; i++) {
    domain_t *f = find_anywhere(d->children[i], tag);
    if (f) return f;
  }
  return NULL;
}

/* Whether `tag` is `prefix` or a tag below it. */
static int tag_within(const char *tag, const char *prefix) {
  size_t n = strcmp(prefix, ".") == 0 ? 0 : strlen(prefix);
  return strncmp(tag, prefix, n) == 0 && (tag[n] == '\0' || tag[n] == '.');
}

/* The domain tagged `tag` at or below d. A domain's tag is its parent's
 * plus ".k", and children[k] holds it unless domains were removed or
 * grouped: the path is followed, O(depth) in a team's tree. Tags a caller
 * changed (dart_domain_assign into a subdomain, DASH's set_domain_tag) may
 * leave the path: then every domain is searched. */
static domain_t *find(const domain_t *d, const char *tag) {
  const domain_t *at = d;
  while (at && strcmp(at->domain_tag, tag) != 0) {
    const domain_t *next = NULL;
    if (tag_within(tag, at->domain_tag)) {
      long k = strtol(tag + (strcmp(at->domain_tag, ".") == 0 ? 0 : strlen(at->domain_tag)) + 1, NULL, 10);
      if (k >= 0 && k < at->num_domains && tag_within(tag, at->children[k]->domain_tag))
        next = at->children[k];
      for (int i = 0; !next && i < at->num_domains; i++)
        if (tag_within(tag, at->children[i]->domain_tag)) next = at->children[i];
    }
    at = next;
  }
  return at ? (domain_t *)at : find_anywhere(d, tag);
}

/* DASH's leaves are CORE domains of one unit each: UNIT asks for them. */
static dart_locality_scope_t tree_scope(dart_locality_scope_t scope) {
  return scope == DART_LOCALITY_SCOPE_UNIT ? DART_LOCALITY_SCOPE_CORE : scope;
}

/* The domains of `scope` below d in tree order; with `whole_nodes`, for a
 * scope of a node's subtree (MODULE, NUMA, CORE), also NODE domains without
 * subdomains (other nodes in a team's tree, whose finer domains it does
 * not hold). */
static void scope_domains(const domain_t *d, dart_locality_scope_t scope, int whole_nodes,
                          domain_list_t *out) {
  int in_node = scope == DART_LOCALITY_SCOPE_MODULE || scope == DART_LOCALITY_SCOPE_NUMA ||
                scope == DART_LOCALITY_SCOPE_CORE;
  if (d->scope == scope || (whole_nodes && in_node && d->scope == DART_LOCALITY_SCOPE_NODE &&
                            d->num_domains == 0 && d->num_units > 0))
    list_push(out, (domain_t *)d);
  for (int i = 0; i < d->num_domains; i++) scope_domains(d->children[i], scope, whole_nodes, out);
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

/* ---- A team's tree ---- */

static void *tree_alloc(team_tree_t *tree, size_t size) {
  tree->bytes += size;
  return xmalloc(size);
}

/* Cores of a unit: its binding, else its share of the machine's cores
 * (shared among all units on it, of the whole run). */
static int unit_cores(const dart_unit_place_t *p) {
  int share = p->host_cores / (p->host_units > 1 ? p->host_units : 1);
  if (share < 1) share = 1;
  return p->bound_cores > 0 && p->bound_cores < p->host_cores ? p->bound_cores : share;
}

static int numa_memory(const dart_unit_place_t *p) {
  return to_int(p->host_memory / (p->host_numa > 1 ? p->host_numa : 1));
}

/* The record of team unit u with place p in the domain `d` (its CORE leaf,
 * or its NODE domain if on another node): all but the scopes. */
static void fill_unit(dart_unit_locality_t *ul, const dart_unit_place_t *p, const domain_t *d,
                      dart_team_t team, int u) {
  memset(ul, 0, sizeof *ul);
  ul->unit.id = (dart_unit_t)u;
  ul->team = team;
  snprintf(ul->domain_tag, sizeof ul->domain_tag, "%s", d->domain_tag);
  dart_hwinfo_t *hw = &ul->hwinfo;
  snprintf(hw->host, sizeof hw->host, "%s", p->host);
  hw->num_cores = unit_cores(p);
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
  hw->numa_memory_bytes = numa_memory(p);
}

/* Makes d child `index` of `parent` with scope `scope`, on p's node. */
static void child_of(domain_t *d, domain_t *parent, dart_locality_scope_t scope, int index,
                     const dart_unit_place_t *p) {
  init_domain(d);
  d->scope = scope;
  d->team = parent->team;
  d->parent = parent;
  d->level = parent->level + 1;
  d->relative_index = index;
  d->node_id = p->node;
  d->num_nodes = 1;
  snprintf(d->host, sizeof d->host, "%s", p->host);
  child_tag(parent->domain_tag, index, d->domain_tag); /* at most ".n.0.m.k": fits for any int */
}

/* Whether the domains' cores are equal in number. */
static int symmetric(domain_t *const *d, int n) {
  for (int i = 1; i < n; i++)
    if (d[i]->num_cores != d[0]->num_cores) return 0;
  return 1;
}

/* My node's domains below `node`: one module, the NUMA domains in order of
 * their first unit, under each a CORE leaf per unit in team order, and the
 * units' records. place[k] is the place of member k (tree->mine[k]). */
static void build_my_node(team_tree_t *tree, domain_t *node, const dart_unit_place_t *place,
                          const dart_team_data_t *t) {
  int k = tree->num_mine;
  const dart_unit_place_t *first = &place[0];
  domain_t *module = tree_alloc(tree, sizeof *module);
  child_of(module, node, DART_LOCALITY_SCOPE_MODULE, 0, first);
  module->shared_mem_bytes = node->shared_mem_bytes;
  module->num_units = node->num_units;
  module->unit_ids = node->unit_ids;
  node->children = tree_alloc(tree, sizeof *node->children);
  node->children[0] = module;
  node->num_domains = 1;
  node->is_symmetric = 1;

  /* NUMA domain of each unit, in order of first appearance (a node has
   * few), then the units grouped by it (a counting sort: ascending in each). */
  int *numa_of = xmalloc(sizeof *numa_of * (size_t)k), *numa_ids = xmalloc(sizeof *numa_ids * (size_t)k);
  int *start = xmalloc(sizeof *start * (size_t)(k + 1)), num_numa = 0;
  for (int m = 0; m < k; m++) {
    int j = 0;
    while (j < num_numa && numa_ids[j] != place[m].numa) j++;
    if (j == num_numa) numa_ids[num_numa++] = place[m].numa;
    numa_of[m] = j;
  }
  memset(start, 0, sizeof *start * (size_t)(num_numa + 1));
  for (int m = 0; m < k; m++) start[numa_of[m] + 1]++;
  for (int j = 0; j < num_numa; j++) start[j + 1] += start[j];
  tree->mine_ids = tree_alloc(tree, sizeof *tree->mine_ids * (size_t)k);
  module->children = tree_alloc(tree, sizeof *module->children * (size_t)num_numa);
  module->num_domains = num_numa;
  for (int j = 0; j < num_numa; j++) {
    domain_t *numa = module->children[j] = tree_alloc(tree, sizeof *numa);
    child_of(numa, module, DART_LOCALITY_SCOPE_NUMA, j, first);
    numa->shared_mem_bytes = numa_memory(first);
    numa->num_units = numa->num_domains = start[j + 1] - start[j];
    numa->unit_ids = tree->mine_ids + start[j];
    numa->children = tree_alloc(tree, sizeof *numa->children * (size_t)numa->num_domains);
  }
  for (int m = 0; m < k; m++) {
    domain_t *numa = module->children[numa_of[m]];
    int slot = start[numa_of[m]]++, index = slot - (int)(numa->unit_ids - tree->mine_ids);
    domain_t *core = numa->children[index] = tree_alloc(tree, sizeof *core);
    child_of(core, numa, DART_LOCALITY_SCOPE_CORE, index, &place[m]);
    core->num_cores = unit_cores(&place[m]);
    core->shared_mem_bytes = numa->shared_mem_bytes;
    tree->mine_ids[slot].id = dart__team_abs(t, tree->mine[m]);
    core->unit_ids = &tree->mine_ids[slot];
    core->num_units = 1;
    numa->num_cores += core->num_cores;
    dart_unit_locality_t *ul = &tree->units[m];
    fill_unit(ul, &place[m], core, tree->team, tree->mine[m]);
    ul->hwinfo.scopes[0] = (dart_locality_scope_pos_t){DART_LOCALITY_SCOPE_CORE, index};
    ul->hwinfo.scopes[1] = (dart_locality_scope_pos_t){DART_LOCALITY_SCOPE_NUMA, numa_of[m]};
    ul->hwinfo.scopes[2] = (dart_locality_scope_pos_t){DART_LOCALITY_SCOPE_MODULE, 0};
    ul->hwinfo.scopes[3] = (dart_locality_scope_pos_t){DART_LOCALITY_SCOPE_NODE, node->relative_index};
    ul->hwinfo.scopes[4] = (dart_locality_scope_pos_t){DART_LOCALITY_SCOPE_GLOBAL, 0};
    ul->hwinfo.num_scopes = 5;
  }
  for (int j = 0; j < num_numa; j++) {
    domain_t *numa = module->children[j];
    numa->is_symmetric = symmetric(numa->children, numa->num_domains);
    module->num_cores += numa->num_cores;
  }
  module->is_symmetric = symmetric(module->children, num_numa);
  node->num_cores = module->num_cores;
  free(numa_of);
  free(numa_ids);
  free(start);
}

/* NODE domain `index` of the root, with `count` units at ids, from the place
 * of one of its units: its cores are count times that unit's. */
static void fill_node(domain_t *node, domain_t *root, int index, const dart_unit_place_t *p,
                      dart_global_unit_id_t *ids, int count) {
  child_of(node, root, DART_LOCALITY_SCOPE_NODE, index, p);
  node->shared_mem_bytes = to_int(p->host_memory);
  node->num_units = count;
  node->unit_ids = ids;
  node->num_cores = count * unit_cores(p);
}

static int by_node_id(const void *a, const void *b) {
  int32_t x = ((const node_ref_t *)a)->id, y = ((const node_ref_t *)b)->id;
  return (x > y) - (x < y);
}

/* Frees the domains below d (not their unit lists: views into the tree's
 * arrays) and d's array of children. */
static void free_shape(domain_t *d) {
  for (int i = 0; i < d->num_domains; i++) {
    free_shape(d->children[i]);
    free(d->children[i]);
  }
  free(d->children);
}

static void free_tree(team_tree_t *tree) {
  if (tree->root) free(tree->root->children);
  free(tree->root);
  for (int i = 0; tree->nodes && i < tree->num_nodes; i++) free_shape(&tree->nodes[i]);
  free(tree->nodes);
  free(tree->node_refs);
  free(tree->ids);
  free(tree->by_node);
  free(tree->mine_ids);
  free(tree->mine);
  free(tree->units);
  for (size_t i = 0; i < tree->cap_made; i++) free(tree->made[i].rec);
  free(tree->made);
  free(tree);
}

/* Places read at a time for other nodes' domains: bounded scratch. */
#define PLACE_BATCH 64

/* Builds the tree of team t. O(n log n) for n members: the nodes numbered
 * by sorting, the members grouped by a counting sort on the node number;
 * one place read per other node and one per unit of mine. Requires
 * trees_mutex. */
static dart_ret_t build_tree(dart_team_data_t *t, dart_team_t team, team_tree_t **out) {
  int n = t->size;
  int32_t *dom = malloc(sizeof *dom * (size_t)n), *order = malloc(sizeof *order * (size_t)n);
  size_t count = 0;
  dart_ret_t r = dom && order ? dart__team_nodes(t, dom, &count)
                              : dart__error(DART_ERR_NOMEM, "dart_domain: out of memory for %d units", n);
  if (r != DART_OK) {
    free(dom);
    free(order);
    return r;
  }
  int g = (int)count;
  int *start = xmalloc(sizeof *start * (size_t)(g + 1));
  memset(start, 0, sizeof *start * (size_t)(g + 1));
  for (int u = 0; u < n; u++) start[dom[u] + 1]++;
  for (int i = 0; i < g; i++) start[i + 1] += start[i];
  int in_order = 1;
  for (int u = 0; u < n; u++) { /* the counting sort: members of each node ascending */
    int at = start[dom[u]]++;
    order[at] = u;
    in_order = in_order && at == u;
  }
  for (int i = g; i > 0; i--) start[i] = start[i - 1]; /* back to the first member of each */
  start[0] = 0;

  team_tree_t *tree = xmalloc(sizeof *tree);
  memset(tree, 0, sizeof *tree);
  tree->bytes = sizeof *tree;
  tree->team = team;
  tree->my_node = dom[t->myid];
  tree->num_nodes = g;
  /* The members ascend by absolute id (team.h), so the root's list is
   * the members in team order; the nodes' lists are slices of it when each node's members
   * are consecutive (the usual placement), else of a copy grouped by node. */
  tree->ids = tree_alloc(tree, sizeof *tree->ids * (size_t)n);
  for (int u = 0; u < n; u++) tree->ids[u].id = dart__team_abs(t, u);
  dart_global_unit_id_t *grouped = tree->ids;
  if (!in_order) {
    grouped = tree->by_node = tree_alloc(tree, sizeof *tree->by_node * (size_t)n);
    for (int at = 0; at < n; at++) grouped[at].id = dart__team_abs(t, order[at]);
  }
  domain_t *root = tree->root = tree_alloc(tree, sizeof *root);
  init_domain(root);
  root->scope = DART_LOCALITY_SCOPE_GLOBAL;
  root->team = team;
  root->num_units = n;
  root->unit_ids = tree->ids;
  root->num_nodes = g;
  root->children = tree_alloc(tree, sizeof *root->children * (size_t)g);
  root->num_domains = g;
  tree->nodes = tree_alloc(tree, sizeof *tree->nodes * (size_t)g);
  memset(tree->nodes, 0, sizeof *tree->nodes * (size_t)g); /* no children until built (free_tree) */
  tree->node_refs = tree_alloc(tree, sizeof *tree->node_refs * (size_t)g);

  /* My node: every member's place. */
  int m0 = start[tree->my_node], k = start[tree->my_node + 1] - m0;
  tree->num_mine = k;
  tree->mine = tree_alloc(tree, sizeof *tree->mine * (size_t)k);
  memcpy(tree->mine, order + m0, sizeof *tree->mine * (size_t)k);
  tree->units = tree_alloc(tree, sizeof *tree->units * (size_t)k);
  dart_unit_place_t *place = malloc(sizeof *place * (size_t)(k > PLACE_BATCH ? k : PLACE_BATCH));
  r = place ? dart__unit_places_of(t, tree->mine, (size_t)k, place)
            : dart__error(DART_ERR_NOMEM, "dart_domain: out of memory for %d places", k);
  if (r == DART_OK) {
    fill_node(&tree->nodes[tree->my_node], root, tree->my_node, &place[0], grouped + m0, k);
    build_my_node(tree, &tree->nodes[tree->my_node], place, t);
  }
  /* Other nodes: the place of each one's first member, PLACE_BATCH at a time. */
  int32_t firsts[PLACE_BATCH];
  for (int i = 0; i < g && r == DART_OK;) {
    int b = 0, at[PLACE_BATCH];
    for (; i < g && b < PLACE_BATCH; i++)
      if (i != tree->my_node) {
        at[b] = i;
        firsts[b++] = order[start[i]];
      }
    r = dart__unit_places_of(t, firsts, (size_t)b, place);
    for (int j = 0; j < b && r == DART_OK; j++)
      fill_node(&tree->nodes[at[j]], root, at[j], &place[j], grouped + start[at[j]],
                start[at[j] + 1] - start[at[j]]);
  }
  free(place);
  free(start);
  free(order);
  free(dom);
  if (r != DART_OK) {
    free_tree(tree);
    return r;
  }
  for (int i = 0; i < g; i++) {
    domain_t *node = root->children[i] = &tree->nodes[i];
    root->num_cores += node->num_cores;
    tree->node_refs[i] = (node_ref_t){node->node_id, i};
  }
  qsort(tree->node_refs, (size_t)g, sizeof *tree->node_refs, by_node_id);
  root->is_symmetric = symmetric(root->children, g);
  root->node_id = g == 1 ? tree->nodes[0].node_id : -1;
  int next[NUM_SCOPES] = {0};
  renumber(root, next);
  tree->next = trees;
  trees = tree;
  *out = tree;
  return DART_OK;
}

/* The team's tree, made on first use, and the team. Requires trees_mutex. */
static dart_ret_t team_tree(dart_team_t team, const char *fn, team_tree_t **out, dart_team_data_t **data) {
  dart_team_data_t *t;
  dart_ret_t r = dart__team_lookup(team, fn, &t);
  if (r != DART_OK) return r;
  if (data) *data = t;
  for (team_tree_t *tree = trees; tree; tree = tree->next)
    if (tree->team == team) {
      *out = tree;
      return DART_OK;
    }
  return build_tree(t, team, out);
}

/* Whether d belongs to a team's tree. Requires trees_mutex. */
static int in_team_tree(const domain_t *d) {
  const domain_t *root = root_of(d);
  for (team_tree_t *tree = trees; tree; tree = tree->next)
    if (tree->root == root) return 1;
  return 0;
}

/* DART_ERR_INVAL if d belongs to a team's tree, which only the library
 * changes. */
static dart_ret_t check_changeable(const domain_t *d, const char *fn) {
  pthread_mutex_lock(&trees_mutex);
  int of_team = in_team_tree(d);
  pthread_mutex_unlock(&trees_mutex);
  if (of_team)
    return dart__error(DART_ERR_INVAL, "%s: \"%s\" belongs to the tree of team %lld (change a clone)", fn,
                       d->domain_tag, (long long)d->team);
  return DART_OK;
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

/* Test hook: the heap bytes of the team's tree (records made on request
 * included), 0 if it has none. */
size_t dart__domain_tree_bytes(dart_team_t team);
size_t dart__domain_tree_bytes(dart_team_t team) {
  size_t bytes = 0;
  pthread_mutex_lock(&trees_mutex);
  for (team_tree_t *tree = trees; tree; tree = tree->next)
    if (tree->team == team) bytes = tree->bytes;
  pthread_mutex_unlock(&trees_mutex);
  return bytes;
}

static size_t made_slot(const team_tree_t *tree, int32_t unit) {
  size_t mask = tree->cap_made - 1, i = ((uint32_t)unit * 2654435761u) & mask;
  while (tree->made[i].unit >= 0 && tree->made[i].unit != unit) i = (i + 1) & mask;
  return i;
}

/* Keeps rec as the record of `unit` (at most half the slots in use). */
static void made_add(team_tree_t *tree, int32_t unit, dart_unit_locality_t *rec) {
  if (2 * (tree->num_made + 1) > tree->cap_made) {
    made_t *old = tree->made;
    size_t old_cap = tree->cap_made;
    tree->cap_made = old_cap ? 2 * old_cap : 16;
    tree->made = tree_alloc(tree, sizeof *tree->made * tree->cap_made);
    for (size_t i = 0; i < tree->cap_made; i++) tree->made[i] = (made_t){-1, NULL};
    for (size_t i = 0; i < old_cap; i++)
      if (old[i].unit >= 0) tree->made[made_slot(tree, old[i].unit)] = old[i];
    free(old);
    tree->bytes -= sizeof *old * old_cap;
  }
  tree->made[made_slot(tree, unit)] = (made_t){unit, rec};
  tree->num_made++;
}

/* The record of team unit `unit` (in range): my node's from the tree, another
 * node's made on first request from its place and kept with the tree.
 * Requires trees_mutex. */
static dart_ret_t unit_record(team_tree_t *tree, dart_team_data_t *t, int32_t unit,
                              dart_unit_locality_t **loc) {
  int32_t node_id = dart__state.node_of[dart__team_abs(t, unit)];
  if (node_id == tree->nodes[tree->my_node].node_id) {
    const int32_t *at = bsearch(&unit, tree->mine, (size_t)tree->num_mine, sizeof unit, compare_ints);
    *loc = &tree->units[at - tree->mine];
    return DART_OK;
  }
  if (tree->cap_made && tree->made[made_slot(tree, unit)].unit == unit) {
    *loc = tree->made[made_slot(tree, unit)].rec;
    return DART_OK;
  }
  dart_unit_place_t place;
  dart_ret_t r = dart__unit_places_of(t, &unit, 1, &place);
  if (r != DART_OK) return r;
  node_ref_t key = {node_id, 0};
  const node_ref_t *ref = bsearch(&key, tree->node_refs, (size_t)tree->num_nodes, sizeof key, by_node_id);
  const domain_t *node = &tree->nodes[ref->index];
  dart_unit_locality_t *ul = tree_alloc(tree, sizeof *ul);
  fill_unit(ul, &place, node, tree->team, unit);
  ul->hwinfo.scopes[0] = (dart_locality_scope_pos_t){DART_LOCALITY_SCOPE_NODE, node->relative_index};
  ul->hwinfo.scopes[1] = (dart_locality_scope_pos_t){DART_LOCALITY_SCOPE_GLOBAL, 0};
  ul->hwinfo.num_scopes = 2;
  made_add(tree, unit, ul);
  *loc = ul;
  return DART_OK;
}

/* ---- The API ---- */

dart_ret_t dart_team_locality_init(dart_team_t team) {
  team_tree_t *tree;
  pthread_mutex_lock(&trees_mutex);
  dart_ret_t r = team_tree(team, "dart_team_locality_init", &tree, NULL);
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
  dart_ret_t r = team_tree(team, "dart_domain_team_locality", &tree, NULL);
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
  dart_team_data_t *t;
  pthread_mutex_lock(&trees_mutex);
  dart_ret_t r = team_tree(team, "dart_unit_locality", &tree, &t);
  if (r == DART_OK) {
    if (unit >= 0 && unit < t->size)
      r = unit_record(tree, t, unit, loc);
    else
      r = dart__error(DART_ERR_INVAL, "dart_unit_locality: unit %d not in team %lld of %d units", (int)unit,
                      (long long)team, t->size);
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
  dart_ret_t r = check_changeable(domain_lhs, "dart_domain_assign");
  if (r != DART_OK) return r;
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
  dart_ret_t r = check_changeable(domain_in, "dart_domain_select");
  if (r == DART_OK) r = resolve(domain_in, num_subdomain_tags, subdomain_tags, "dart_domain_select", &chosen);
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
  dart_ret_t r = check_changeable(domain_in, "dart_domain_exclude");
  if (r == DART_OK)
    r = resolve(domain_in, num_subdomain_tags, subdomain_tags, "dart_domain_exclude", &chosen);
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
static dart_ret_t scope_list(const domain_t *d, dart_locality_scope_t scope, int whole_nodes, const char *fn,
                             domain_list_t *out) {
  if (!d) return dart__error(DART_ERR_INVAL, "%s: domain_in is NULL", fn);
  if (!known_scope(scope))
    return dart__error(DART_ERR_INVAL, "%s: unknown locality scope %d", fn, (int)scope);
  scope_domains(d, tree_scope(scope), whole_nodes, out);
  return DART_OK;
}

/* The domains a split at `scope` deals, counted: a domain of the scope
 * counts once, another node's domain in a team's tree (see scope_domains)
 * once per unit at CORE, so that every unit deals the team's units alike,
 * and once at MODULE and NUMA (its count of them is unknown). */
static int dealt_count(const domain_t *d, dart_locality_scope_t scope) {
  return d->scope == DART_LOCALITY_SCOPE_NODE && scope == DART_LOCALITY_SCOPE_CORE ? d->num_units : 1;
}

dart_ret_t dart_domain_split_scope(const dart_domain_locality_t *domain_in, dart_locality_scope_t scope,
                                   int num_parts, dart_domain_locality_t *split_domain_out) {
  if (!split_domain_out)
    return dart__error(DART_ERR_INVAL, "dart_domain_split_scope: split_domain_out is NULL");
  domain_list_t of_scope = {0};
  dart_ret_t r = scope_list(domain_in, scope, 1, "dart_domain_split_scope", &of_scope);
  long m = 0;
  for (int k = 0; r == DART_OK && k < of_scope.n; k++) m += dealt_count(of_scope.at[k], tree_scope(scope));
  if (r == DART_OK && (num_parts < 1 || num_parts > m))
    r = dart__error(DART_ERR_INVAL, "dart_domain_split_scope: %d parts of %ld domains", num_parts, m);
  for (int p = 0; r == DART_OK && p < num_parts; p++) {
    /* Domain k goes to part k * num_parts / m: consecutive, sizes differ by
     * <= 1; part p has k in [lo, hi). A node dealt per unit may be cut: the
     * part keeps the units of its range (in ascending order). */
    long lo = (p * m + num_parts - 1) / num_parts, hi = ((p + 1) * m + num_parts - 1) / num_parts;
    domain_t *part = &split_domain_out[p];
    copy_into(part, domain_in, NULL);
    domain_list_t chosen = {0};
    for (long k = 0, at = 0; at < of_scope.n; k += dealt_count(of_scope.at[at++], tree_scope(scope))) {
      long w = dealt_count(of_scope.at[at], tree_scope(scope)), a = lo > k ? lo - k : 0,
           b = hi < k + w ? hi - k : w;
      if (a >= b) continue;
      domain_t *d = find(part, of_scope.at[at]->domain_tag);
      list_push(&chosen, d);
      if (b - a < w) {
        memmove(d->unit_ids, d->unit_ids + a, sizeof *d->unit_ids * (size_t)(b - a));
        d->num_cores = (int)(d->num_cores * (b - a) / w);
        d->num_units = (int)(b - a);
      }
    }
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
  dart_ret_t r = scope_list(domain_in, scope, 0, "dart_domain_scope_tags", &of_scope);
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
  dart_ret_t r = scope_list(domain_in, scope, 0, "dart_domain_scope_domains", &of_scope);
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
  dart_ret_t r = check_changeable(domain_in, "dart_domain_group");
  if (r == DART_OK)
    r = resolve(domain_in, num_group_subdomains, group_subdomain_tags, "dart_domain_group", &members);
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
