// DASH's locality domain tree (<dash/dart/if/dart_locality.h>) on
// dart_unit_node / dart_unit_places: each team's tree is made locally on
// first use from the places of the team's units (read from them in one
// batch: its members only, not the whole run), and kept until dash::finalize.
#include <dash/dart/if/dart_locality.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include <dart/dart.h>

namespace {

using Domain = dart_domain_locality_t;

struct TeamTree {
  Domain *root = nullptr;
  std::vector<dart_unit_locality_t> units;  // by team-relative id
};

std::mutex trees_mutex;  // guards trees and owned
std::map<dart_team_t, TeamTree> trees;
std::set<const Domain *> owned;  // from dart_domain_create/clone: freed by dart_domain_destroy

int to_int(int64_t v) { return v < 0 || v > INT_MAX ? -1 : static_cast<int>(v); }

void set_tag(Domain *d, const std::string &tag) {
  std::snprintf(d->domain_tag, sizeof d->domain_tag, "%s", tag.c_str());
}

// The tag of child `index` of a domain tagged `parent` ("." has no trailing dot to repeat).
std::string child_tag(const char *parent, int index) {
  std::string tag = std::strcmp(parent, ".") == 0 ? "" : parent;
  return tag + "." + std::to_string(index);
}

Domain *new_domain() {
  auto *d = static_cast<Domain *>(std::calloc(1, sizeof(Domain)));
  if (!d) return nullptr;
  d->scope = DART_LOCALITY_SCOPE_UNDEFINED;
  d->team = DART_TEAM_NULL;
  d->node_id = -1;
  d->shared_mem_bytes = -1;
  set_tag(d, ".");
  return d;
}

void free_contents(Domain *d) {
  for (int i = 0; i < d->num_domains; ++i) {
    free_contents(d->children[i]);
    std::free(d->children[i]);
  }
  std::free(d->children);
  std::free(d->unit_ids);
  std::free(d->aliases);
  d->children = nullptr;
  d->num_domains = 0;
  d->unit_ids = nullptr;
  d->num_units = 0;
  d->aliases = nullptr;
  d->num_aliases = 0;
}

void set_children(Domain *d, const std::vector<Domain *> &children) {
  std::free(d->children);
  d->children = nullptr;
  d->num_domains = static_cast<int>(children.size());
  if (children.empty()) return;
  d->children = static_cast<Domain **>(std::malloc(sizeof(Domain *) * children.size()));
  if (!d->children) std::abort();  // a few pointers: out of memory is fatal here
  std::copy(children.begin(), children.end(), d->children);
  for (Domain *c : children) c->parent = d;
}

void set_units(Domain *d, const std::vector<dart_unit_t> &units);

// Sets children after some were removed: a domain left without any has no
// units either (a leaf, which never had any, keeps its unit).
void keep_children(Domain *d, const std::vector<Domain *> &kept) {
  bool had_children = d->num_domains > 0;
  set_children(d, kept);
  if (had_children && kept.empty()) set_units(d, {});
}

void set_units(Domain *d, const std::vector<dart_unit_t> &units) {
  std::free(d->unit_ids);
  d->unit_ids = nullptr;
  d->num_units = static_cast<int>(units.size());
  if (units.empty()) return;
  d->unit_ids = static_cast<dart_global_unit_t *>(std::malloc(sizeof(dart_global_unit_t) * units.size()));
  if (!d->unit_ids) std::abort();
  for (std::size_t i = 0; i < units.size(); ++i) d->unit_ids[i].id = units[i];
}

// Deep copy of src into dst (whose old contents are not freed).
void copy_into(Domain *dst, const Domain *src, Domain *parent) {
  *dst = *src;
  dst->parent = parent;
  dst->aliases = nullptr;
  dst->num_aliases = 0;
  dst->unit_ids = nullptr;
  dst->children = nullptr;
  dst->num_domains = 0;
  dst->num_units = 0;
  std::vector<dart_unit_t> units;
  for (int u = 0; u < src->num_units; ++u) units.push_back(src->unit_ids[u].id);
  set_units(dst, units);
  std::vector<Domain *> children;
  for (int i = 0; i < src->num_domains; ++i) {
    auto *c = static_cast<Domain *>(std::malloc(sizeof(Domain)));
    if (!c) std::abort();
    copy_into(c, src->children[i], dst);
    children.push_back(c);
  }
  set_children(dst, children);
}

void collect_nodes(const Domain *d, std::set<int> &nodes) {
  if (d->num_domains == 0 && d->node_id >= 0) nodes.insert(d->node_id);
  for (int i = 0; i < d->num_domains; ++i) collect_nodes(d->children[i], nodes);
}

// Recomputes units, counts and relative indices below d from its leaves,
// dropping subdomains left without units.
void update(Domain *d) {
  if (d->num_domains == 0) return;
  std::vector<Domain *> kept;
  for (int i = 0; i < d->num_domains; ++i) {
    Domain *c = d->children[i];
    update(c);
    if (c->num_units > 0) {
      kept.push_back(c);
    } else {
      free_contents(c);
      std::free(c);
    }
  }
  std::vector<dart_unit_t> units;
  int cores = 0;
  bool symmetric = true;
  for (std::size_t i = 0; i < kept.size(); ++i) {
    kept[i]->relative_index = static_cast<int>(i);
    for (int u = 0; u < kept[i]->num_units; ++u) units.push_back(kept[i]->unit_ids[u].id);
    cores += kept[i]->num_cores;
    symmetric = symmetric && kept[i]->num_cores == kept[0]->num_cores;
  }
  std::sort(units.begin(), units.end());
  set_children(d, kept);
  set_units(d, units);
  d->num_cores = cores;
  d->is_symmetric = symmetric;
  std::set<int> nodes;
  collect_nodes(d, nodes);
  d->num_nodes = static_cast<int>(nodes.size());
  d->node_id = nodes.size() == 1 ? *nodes.begin() : -1;
}

// Numbers the domains of each scope in tree order (depth first).
void renumber(Domain *d, std::map<int, int> &next) {
  d->global_index = next[d->scope]++;
  for (int i = 0; i < d->num_domains; ++i) renumber(d->children[i], next);
}

Domain *root_of(Domain *d) {
  while (d->parent) d = d->parent;
  return d;
}

void refresh(Domain *d) {
  Domain *root = root_of(d);
  update(root);
  std::map<int, int> next;
  renumber(root, next);
}

Domain *find(const Domain *d, const char *tag) {
  if (std::strcmp(d->domain_tag, tag) == 0) return const_cast<Domain *>(d);
  for (int i = 0; i < d->num_domains; ++i)
    if (Domain *f = find(d->children[i], tag)) return f;
  return nullptr;
}

// DASH's leaves are CORE domains of one unit each: UNIT asks for them.
dart_locality_scope_t tree_scope(dart_locality_scope_t scope) {
  return scope == DART_LOCALITY_SCOPE_UNIT ? DART_LOCALITY_SCOPE_CORE : scope;
}

bool known_scope(dart_locality_scope_t s) {
  switch (static_cast<int>(s)) {
    case DART_LOCALITY_SCOPE_GLOBAL:
    case DART_LOCALITY_SCOPE_GROUP:
    case DART_LOCALITY_SCOPE_NETWORK:
    case DART_LOCALITY_SCOPE_NODE:
    case DART_LOCALITY_SCOPE_MODULE:
    case DART_LOCALITY_SCOPE_NUMA:
    case DART_LOCALITY_SCOPE_UNIT:
    case DART_LOCALITY_SCOPE_PACKAGE:
    case DART_LOCALITY_SCOPE_UNCORE:
    case DART_LOCALITY_SCOPE_CACHE:
    case DART_LOCALITY_SCOPE_CORE:
    case DART_LOCALITY_SCOPE_CPU: return true;
    default: return false;
  }
}

void scope_domains(const Domain *d, dart_locality_scope_t scope, std::vector<Domain *> &out) {
  if (d->scope == scope) out.push_back(const_cast<Domain *>(d));
  for (int i = 0; i < d->num_domains; ++i) scope_domains(d->children[i], scope, out);
}

// Drops the subdomains of d that are not in `keep`, not above one and not below one.
bool select_below(Domain *d, const std::set<const Domain *> &keep) {
  if (keep.count(d)) return true;
  std::vector<Domain *> kept;
  for (int i = 0; i < d->num_domains; ++i) {
    Domain *c = d->children[i];
    if (select_below(c, keep)) {
      kept.push_back(c);
    } else {
      free_contents(c);
      std::free(c);
    }
  }
  keep_children(d, kept);
  return !kept.empty();
}

void exclude_below(Domain *d, const std::set<const Domain *> &drop) {
  std::vector<Domain *> kept;
  for (int i = 0; i < d->num_domains; ++i) {
    Domain *c = d->children[i];
    if (drop.count(c)) {
      free_contents(c);
      std::free(c);
    } else {
      exclude_below(c, drop);
      kept.push_back(c);
    }
  }
  keep_children(d, kept);
}

// The domains named by `tags` in d, each once; false if a tag is NULL or unknown.
bool resolve(const Domain *d, int n, const char **tags, std::vector<Domain *> &out) {
  if (n < 0 || (n > 0 && !tags)) return false;
  for (int i = 0; i < n; ++i) {
    if (!tags[i]) return false;
    Domain *f = find(d, tags[i]);
    if (!f) return false;
    if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
  }
  return true;
}

bool is_ancestor(const Domain *a, const Domain *d) {
  for (d = d->parent; d; d = d->parent)
    if (d == a) return true;
  return false;
}

void retag(Domain *d, const std::string &tag, int level) {
  set_tag(d, tag);
  d->level = level;
  for (int i = 0; i < d->num_domains; ++i) retag(d->children[i], child_tag(d->domain_tag, i), level + 1);
}

int last_index(const char *tag) {
  const char *dot = std::strrchr(tag, '.');
  return dot && dot[1] ? std::atoi(dot + 1) : -1;
}

// The team's tree, made on first use. Requires trees_mutex.
TeamTree *team_tree(dart_team_t team) {
  std::size_t n = 0;
  if (dart_team_size(team, &n) != DART_OK) return nullptr;
  auto it = trees.find(team);
  if (it != trees.end()) return &it->second;

  std::vector<dart_unit_place_t> place(n);
  std::vector<dart_unit_t> global(n);
  if (dart_unit_places(team, 0, n, place.data()) != DART_OK) return nullptr;
  for (std::size_t u = 0; u < n; ++u)
    if (dart_team_unit_l2g(team, static_cast<dart_unit_t>(u), &global[u]) != DART_OK) return nullptr;

  // Nodes in order of their lowest unit, NUMA domains likewise within a node.
  std::vector<int> nodes;
  std::map<int, std::vector<int>> numas;                 // node -> numa ids
  std::map<std::pair<int, int>, std::vector<int>> leaf;  // (node, numa) -> team units
  for (std::size_t u = 0; u < n; ++u) {
    int node = place[u].node, numa = place[u].numa;
    if (std::find(nodes.begin(), nodes.end(), node) == nodes.end()) nodes.push_back(node);
    auto &nn = numas[node];
    if (std::find(nn.begin(), nn.end(), numa) == nn.end()) nn.push_back(numa);
    leaf[{node, numa}].push_back(static_cast<int>(u));
  }

  TeamTree tree;
  tree.units.resize(n);
  Domain *root = new_domain();
  if (!root) return nullptr;
  root->scope = DART_LOCALITY_SCOPE_GLOBAL;
  root->team = team;
  std::vector<Domain *> node_domains;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const dart_unit_place_t &first = place[static_cast<std::size_t>(leaf[{nodes[i], numas[nodes[i]][0]}][0])];
    auto make = [&](dart_locality_scope_t scope, const std::string &tag, int level) {
      Domain *d = new_domain();
      if (!d) std::abort();
      d->scope = scope;
      d->team = team;
      d->level = level;
      d->node_id = nodes[i];
      std::snprintf(d->host, sizeof d->host, "%s", first.host);
      set_tag(d, tag);
      return d;
    };
    Domain *node = make(DART_LOCALITY_SCOPE_NODE, child_tag(".", static_cast<int>(i)), 1);
    node->shared_mem_bytes = to_int(first.host_memory);
    Domain *module = make(DART_LOCALITY_SCOPE_MODULE, child_tag(node->domain_tag, 0), 2);
    module->shared_mem_bytes = node->shared_mem_bytes;
    std::vector<Domain *> numa_domains;
    const auto &nn = numas[nodes[i]];
    for (std::size_t j = 0; j < nn.size(); ++j) {
      Domain *numa = make(DART_LOCALITY_SCOPE_NUMA, child_tag(module->domain_tag, static_cast<int>(j)), 3);
      numa->shared_mem_bytes = to_int(first.host_memory / std::max(1, first.host_numa));
      std::vector<Domain *> cores;
      const auto &members = leaf[{nodes[i], nn[j]}];
      for (std::size_t k = 0; k < members.size(); ++k) {
        auto u = static_cast<std::size_t>(members[k]);
        const dart_unit_place_t &p = place[u];
        Domain *core = make(DART_LOCALITY_SCOPE_CORE, child_tag(numa->domain_tag, static_cast<int>(k)), 4);
        std::snprintf(core->host, sizeof core->host, "%s", p.host);
        // The machine's cores are shared among all units on it (of the whole run).
        int share = std::max(1, p.host_cores / std::max(1, p.host_units));
        core->num_cores = p.bound_cores > 0 && p.bound_cores < p.host_cores ? p.bound_cores : share;
        core->num_nodes = 1;
        core->shared_mem_bytes = numa->shared_mem_bytes;
        set_units(core, {global[u]});
        cores.push_back(core);

        dart_unit_locality_t &ul = tree.units[u];
        ul.unit.id = static_cast<dart_unit_t>(u);
        ul.team = team;
        std::snprintf(ul.domain_tag, sizeof ul.domain_tag, "%s", core->domain_tag);
        dart_hwinfo_t &hw = ul.hwinfo;
        std::snprintf(hw.host, sizeof hw.host, "%s", p.host);
        hw.num_cores = core->num_cores;
        hw.num_numa = p.host_numa;
        hw.numa_id = p.numa;
        hw.num_sockets = -1;
        hw.core_id = p.core;
        hw.cpu_id = p.cpu;
        hw.min_cpu_mhz = hw.max_cpu_mhz = -1;
        for (int c = 0; c < DART_LOCALITY_MAX_CACHE_LEVELS; ++c) {
          hw.cache_sizes[c] = c < 3 ? to_int(p.cache_size[c]) : -1;
          hw.cache_line_sizes[c] = hw.cache_sizes[c] > 0 ? p.cache_line : -1;
          hw.cache_ids[c] = -1;
        }
        hw.min_threads = hw.max_threads = p.threads_per_core;
        hw.max_shmem_mbps = -1;
        hw.system_memory_bytes = to_int(p.host_memory);
        hw.numa_memory_bytes = numa->shared_mem_bytes;
        hw.scopes[0] = {DART_LOCALITY_SCOPE_CORE, static_cast<int>(k)};
        hw.scopes[1] = {DART_LOCALITY_SCOPE_NUMA, static_cast<int>(j)};
        hw.scopes[2] = {DART_LOCALITY_SCOPE_MODULE, 0};
        hw.scopes[3] = {DART_LOCALITY_SCOPE_NODE, static_cast<int>(i)};
        hw.scopes[4] = {DART_LOCALITY_SCOPE_GLOBAL, 0};
        hw.num_scopes = 5;
      }
      set_children(numa, cores);
      numa_domains.push_back(numa);
    }
    set_children(module, numa_domains);
    set_children(node, {module});
    node_domains.push_back(node);
  }
  set_children(root, node_domains);
  refresh(root);
  tree.root = root;
  return &(trees[team] = std::move(tree));
}

bool in_team_tree(const Domain *d) {
  const Domain *root = root_of(const_cast<Domain *>(d));
  for (const auto &entry : trees)
    if (entry.second.root == root) return true;
  return false;
}

}  // namespace

namespace dash::detail {
// Called by dash::finalize: the teams' trees go with the run.
void release_domain_trees() {
  std::lock_guard<std::mutex> lock(trees_mutex);
  for (auto &entry : trees) {
    free_contents(entry.second.root);
    std::free(entry.second.root);
  }
  trees.clear();
}
}  // namespace dash::detail

dart_ret_t dart_team_locality_init(dart_team_t team) {
  std::lock_guard<std::mutex> lock(trees_mutex);
  return team_tree(team) ? DART_OK : DART_ERR_INVAL;
}

dart_ret_t dart_team_locality_finalize(dart_team_t team) {
  std::lock_guard<std::mutex> lock(trees_mutex);
  auto it = trees.find(team);
  if (it == trees.end()) {
    std::size_t n = 0;
    return dart_team_size(team, &n) == DART_OK ? DART_OK : DART_ERR_INVAL;
  }
  free_contents(it->second.root);
  std::free(it->second.root);
  trees.erase(it);
  return DART_OK;
}

dart_ret_t dart_domain_team_locality(dart_team_t team, const char *domain_tag,
                                     dart_domain_locality_t **team_domain_out) {
  if (!domain_tag || !team_domain_out) return DART_ERR_INVAL;
  std::lock_guard<std::mutex> lock(trees_mutex);
  TeamTree *tree = team_tree(team);
  if (!tree) return DART_ERR_INVAL;
  Domain *d = find(tree->root, domain_tag);
  if (!d) return DART_ERR_INVAL;
  *team_domain_out = d;
  return DART_OK;
}

dart_ret_t dart_domain_create(dart_domain_locality_t **domain_out) {
  if (!domain_out) return DART_ERR_INVAL;
  Domain *d = new_domain();
  if (!d) return DART_ERR_NOMEM;
  std::lock_guard<std::mutex> lock(trees_mutex);
  owned.insert(d);
  *domain_out = d;
  return DART_OK;
}

dart_ret_t dart_domain_clone(const dart_domain_locality_t *domain_in, dart_domain_locality_t **domain_out) {
  if (!domain_in || !domain_out) return DART_ERR_INVAL;
  auto *d = static_cast<Domain *>(std::malloc(sizeof(Domain)));
  if (!d) return DART_ERR_NOMEM;
  copy_into(d, domain_in, nullptr);
  std::lock_guard<std::mutex> lock(trees_mutex);
  owned.insert(d);
  *domain_out = d;
  return DART_OK;
}

dart_ret_t dart_domain_destroy(dart_domain_locality_t *domain) {
  if (!domain) return DART_ERR_INVAL;
  std::lock_guard<std::mutex> lock(trees_mutex);
  if (in_team_tree(domain)) return DART_ERR_INVAL;
  if (domain->parent) {  // a subdomain: unlink it from its parent first
    Domain *parent = domain->parent;
    std::vector<Domain *> kept;
    for (int i = 0; i < parent->num_domains; ++i)
      if (parent->children[i] != domain) kept.push_back(parent->children[i]);
    keep_children(parent, kept);
    free_contents(domain);
    std::free(domain);
    refresh(parent);
    return DART_OK;
  }
  free_contents(domain);
  if (owned.erase(domain)) std::free(domain);
  return DART_OK;
}

dart_ret_t dart_domain_assign(dart_domain_locality_t *domain_lhs, const dart_domain_locality_t *domain_rhs) {
  if (!domain_lhs || !domain_rhs || domain_lhs == domain_rhs)
    return domain_lhs && domain_rhs ? DART_OK : DART_ERR_INVAL;
  Domain copy;
  copy_into(&copy, domain_rhs, domain_lhs->parent);
  free_contents(domain_lhs);
  *domain_lhs = copy;
  for (int i = 0; i < domain_lhs->num_domains; ++i) domain_lhs->children[i]->parent = domain_lhs;
  return DART_OK;
}

dart_ret_t dart_domain_find(const dart_domain_locality_t *domain_in, const char *domain_tag,
                            dart_domain_locality_t **subdomain_out) {
  if (!domain_in || !domain_tag || !subdomain_out) return DART_ERR_INVAL;
  Domain *d = find(domain_in, domain_tag);
  *subdomain_out = d;
  return d ? DART_OK : DART_ERR_NOTFOUND;
}

dart_ret_t dart_domain_select(dart_domain_locality_t *domain_in, int num_subdomain_tags,
                              const char **subdomain_tags) {
  std::vector<Domain *> chosen;
  if (!domain_in || !resolve(domain_in, num_subdomain_tags, subdomain_tags, chosen)) return DART_ERR_INVAL;
  select_below(domain_in, std::set<const Domain *>(chosen.begin(), chosen.end()));
  refresh(domain_in);
  return DART_OK;
}

dart_ret_t dart_domain_exclude(dart_domain_locality_t *domain_in, int num_subdomain_tags,
                               const char **subdomain_tags) {
  std::vector<Domain *> chosen;
  if (!domain_in || !resolve(domain_in, num_subdomain_tags, subdomain_tags, chosen)) return DART_ERR_INVAL;
  if (std::find(chosen.begin(), chosen.end(), domain_in) != chosen.end()) return DART_ERR_INVAL;
  exclude_below(domain_in, std::set<const Domain *>(chosen.begin(), chosen.end()));
  refresh(domain_in);
  return DART_OK;
}

dart_ret_t dart_domain_split_scope(const dart_domain_locality_t *domain_in, dart_locality_scope_t scope,
                                   int num_parts, dart_domain_locality_t *split_domain_out) {
  if (!domain_in || !split_domain_out || !known_scope(scope)) return DART_ERR_INVAL;
  std::vector<Domain *> of_scope;
  scope_domains(domain_in, tree_scope(scope), of_scope);
  auto m = static_cast<long>(of_scope.size());
  if (num_parts < 1 || num_parts > m) return DART_ERR_INVAL;
  for (int p = 0; p < num_parts; ++p) {
    std::vector<std::string> tags;
    for (long d = 0; d < m; ++d)
      if (d * num_parts / m == p) tags.emplace_back(of_scope[static_cast<std::size_t>(d)]->domain_tag);
    Domain *part = &split_domain_out[p];
    copy_into(part, domain_in, nullptr);
    std::vector<Domain *> chosen;
    for (const auto &t : tags) chosen.push_back(find(part, t.c_str()));
    select_below(part, std::set<const Domain *>(chosen.begin(), chosen.end()));
    refresh(part);
  }
  return DART_OK;
}

dart_ret_t dart_domain_scope_tags(const dart_domain_locality_t *domain_in, dart_locality_scope_t scope,
                                  int *num_domains_out, char ***domain_tags_out) {
  if (!domain_in || !num_domains_out || !domain_tags_out || !known_scope(scope)) return DART_ERR_INVAL;
  std::vector<Domain *> of_scope;
  scope_domains(domain_in, tree_scope(scope), of_scope);
  char **tags = static_cast<char **>(std::malloc(sizeof(char *) * std::max<std::size_t>(1, of_scope.size())));
  if (!tags) return DART_ERR_NOMEM;
  for (std::size_t i = 0; i < of_scope.size(); ++i) {
    tags[i] = static_cast<char *>(std::malloc(DART_LOCALITY_DOMAIN_TAG_MAX_SIZE));
    if (!tags[i]) std::abort();
    std::snprintf(tags[i], DART_LOCALITY_DOMAIN_TAG_MAX_SIZE, "%s", of_scope[i]->domain_tag);
  }
  *num_domains_out = static_cast<int>(of_scope.size());
  *domain_tags_out = tags;
  return DART_OK;
}

dart_ret_t dart_domain_scope_domains(const dart_domain_locality_t *domain_in, dart_locality_scope_t scope,
                                     int *num_domains_out, dart_domain_locality_t ***domains_out) {
  if (!domain_in || !num_domains_out || !domains_out || !known_scope(scope)) return DART_ERR_INVAL;
  std::vector<Domain *> of_scope;
  scope_domains(domain_in, tree_scope(scope), of_scope);
  auto **out =
      static_cast<Domain **>(std::malloc(sizeof(Domain *) * std::max<std::size_t>(1, of_scope.size())));
  if (!out) return DART_ERR_NOMEM;
  std::copy(of_scope.begin(), of_scope.end(), out);
  *num_domains_out = static_cast<int>(of_scope.size());
  *domains_out = out;
  return DART_OK;
}

dart_ret_t dart_domain_group(dart_domain_locality_t *domain_in, int num_group_subdomains,
                             const char **group_subdomain_tags, char *group_domain_tag_out) {
  std::vector<Domain *> members;
  if (!domain_in || !group_domain_tag_out || num_group_subdomains < 1 ||
      !resolve(domain_in, num_group_subdomains, group_subdomain_tags, members))
    return DART_ERR_INVAL;
  for (Domain *a : members) {
    if (a == domain_in) return DART_ERR_INVAL;
    for (Domain *b : members)
      if (is_ancestor(a, b)) return DART_ERR_INVAL;
  }
  // Lowest common ancestor: the deepest ancestor of the first above all others.
  Domain *lca = members[0]->parent;
  while (std::any_of(members.begin(), members.end(), [&](Domain *m) { return !is_ancestor(lca, m); }))
    lca = lca->parent;
  int next = -1;
  for (int i = 0; i < lca->num_domains; ++i) next = std::max(next, last_index(lca->children[i]->domain_tag));

  Domain *group = new_domain();
  if (!group) return DART_ERR_NOMEM;
  group->scope = DART_LOCALITY_SCOPE_GROUP;
  group->team = lca->team;
  std::snprintf(group->host, sizeof group->host, "%s", lca->host);
  std::string tag = child_tag(lca->domain_tag, next + 1);
  if (tag.size() >= static_cast<std::size_t>(DART_LOCALITY_DOMAIN_TAG_MAX_SIZE)) {
    std::free(group);
    return DART_ERR_INVAL;
  }
  // Members in tree order: unlink each from its parent, then hang them under the group.
  std::vector<Domain *> ordered, walk{lca};
  while (!walk.empty()) {  // depth-first, children in order
    Domain *d = walk.back();
    walk.pop_back();
    if (std::find(members.begin(), members.end(), d) != members.end()) {
      ordered.push_back(d);
      continue;
    }
    for (int i = d->num_domains - 1; i >= 0; --i) walk.push_back(d->children[i]);
  }
  for (Domain *m : ordered) {
    Domain *parent = m->parent;
    std::vector<Domain *> kept;
    for (int i = 0; i < parent->num_domains; ++i)
      if (parent->children[i] != m) kept.push_back(parent->children[i]);
    keep_children(parent, kept);
  }
  set_children(group, ordered);
  std::vector<Domain *> lca_children(lca->children, lca->children + lca->num_domains);
  lca_children.push_back(group);
  set_children(lca, lca_children);
  retag(group, tag, lca->level + 1);
  refresh(lca);
  std::snprintf(group_domain_tag_out, DART_LOCALITY_DOMAIN_TAG_MAX_SIZE, "%s", tag.c_str());
  return DART_OK;
}

dart_ret_t dart_unit_locality(dart_team_t team, dart_team_unit_t unit, dart_unit_locality_t **loc) {
  if (!loc) return DART_ERR_INVAL;
  std::lock_guard<std::mutex> lock(trees_mutex);
  TeamTree *tree = team_tree(team);
  if (!tree || unit.id < 0 || static_cast<std::size_t>(unit.id) >= tree->units.size()) return DART_ERR_INVAL;
  *loc = &tree->units[static_cast<std::size_t>(unit.id)];
  return DART_OK;
}

dart_ret_t dart_group_locality_split(const dart_group_t g, dart_domain_locality_t *domain,
                                     dart_locality_scope_t scope, size_t n, size_t *nout,
                                     dart_group_t *gout) {
  if (!g || !domain || !nout || !gout || n < 1 || n > static_cast<size_t>(INT_MAX)) return DART_ERR_INVAL;
  std::vector<dart_domain_locality_t> parts(n);
  for (auto &part : parts) part = dart_domain_locality_t{};
  dart_ret_t status = dart_domain_split_scope(domain, scope, static_cast<int>(n), parts.data());
  if (status != DART_OK) return status;
  size_t created = 0;
  for (size_t p = 0; p < n && status == DART_OK; ++p) {
    status = dart_group_create(&gout[p]);
    if (status != DART_OK) break;
    ++created;
    for (int u = 0; u < parts[p].num_units && status == DART_OK; ++u) {
      int member = 0;
      dart_unit_t unit = parts[p].unit_ids[u].id;
      status = dart_group_ismember(g, unit, &member);
      if (status == DART_OK && member) status = dart_group_addmember(gout[p], unit);
    }
  }
  for (auto &part : parts) dart_domain_destroy(&part);
  if (status != DART_OK) {
    for (size_t p = 0; p < created; ++p) dart_group_destroy(&gout[p]);
    return status;
  }
  *nout = n;
  return DART_OK;
}
