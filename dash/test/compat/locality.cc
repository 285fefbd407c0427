// DASH's locality domain tree: dart_domain_* on a team's tree, unit
// localities, UnitLocality, TeamLocality, LocalityJSONPrinter, Config, and
// DASH's `auto &team = ...split(...)`. The tree must match the node layout
// of the run (real nodes or DART_UNITS_PER_NODE virtual ones): the calling
// unit's node in full, every other node as one domain of its units.
#include <algorithm>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include <libdash.h>

#include "check.h"

namespace {

// The units at the leaves below d, in tree order.
void leaves(const dart_domain_locality_t *d, std::vector<int> &out) {
  if (d->num_domains == 0) {
    for (int u = 0; u < d->num_units; ++u) out.push_back(d->unit_ids[u].id);
    return;
  }
  for (int i = 0; i < d->num_domains; ++i) {
    CHECK(d->children[i]->parent == d);
    CHECK(d->children[i]->relative_index == i);
    CHECK(d->children[i]->level == d->level + 1);
    leaves(d->children[i], out);
  }
}

std::vector<int> units_of(const dart_domain_locality_t *d) {
  std::vector<int> u;
  for (int i = 0; i < d->num_units; ++i) u.push_back(d->unit_ids[i].id);
  return u;
}

// Every unit of the root once at the leaves, and each domain's unit list
// is the union of its leaves.
void check_tree(const dart_domain_locality_t *d) {
  std::vector<int> below;
  leaves(d, below);
  std::sort(below.begin(), below.end());
  CHECK(std::adjacent_find(below.begin(), below.end()) == below.end());
  CHECK(below == units_of(d));
  for (int i = 0; i < d->num_domains; ++i) check_tree(d->children[i]);
}

std::vector<dart_domain_locality_t *> of_scope(const dart_domain_locality_t *d, dart_locality_scope_t scope) {
  int n = -1;
  dart_domain_locality_t **found = nullptr;
  CHECK(dart_domain_scope_domains(d, scope, &n, &found) == DART_OK);
  std::vector<dart_domain_locality_t *> out(found, found + std::max(n, 0));
  std::free(found);
  return out;
}

}  // namespace

int main(int argc, char *argv[]) {
  dash::init(&argc, &argv);
  {
    const int size = int(dash::size());
    const int me = dash::myid();
    dart_config_t cfg;
    CHECK(dart_config_get(&cfg) == DART_OK);
    const int nnodes = int(cfg.num_nodes);

    // Our own C call under it: where every unit runs.
    for (int u = 0; u < size; ++u) {
      dart_unit_place_t p, q;
      size_t node = 0;
      CHECK(dart_unit_place(DART_TEAM_ALL, u, &p) == DART_OK);
      CHECK(dart_unit_node(DART_TEAM_ALL, u, &node) == DART_OK && size_t(p.node) == node);
      CHECK(dart_unit_place(DART_TEAM_ALL, 0, &q) == DART_OK);
      CHECK((std::strcmp(p.host, q.host) == 0) == (p.node == q.node));  // a host name per (virtual) node
      CHECK(p.host_cores >= 1 && p.threads_per_core >= 1);
    }
    dart_unit_place_t p;
    CHECK(dart_unit_place(DART_TEAM_ALL, size, &p) == DART_ERR_INVAL);
    CHECK(dart_unit_place(DART_TEAM_ALL, 0, nullptr) == DART_ERR_INVAL);

    // The team's tree, on every unit (no other unit takes part).
    dart_domain_locality_t *global = nullptr;
    CHECK(dart_domain_team_locality(DART_TEAM_ALL, ".", &global) == DART_OK);
    CHECK(std::strcmp(global->domain_tag, ".") == 0 && global->scope == DART_LOCALITY_SCOPE_GLOBAL);
    CHECK(global->num_units == size && global->num_nodes == nnodes && global->num_domains == nnodes);
    check_tree(global);
    auto nodes = of_scope(global, DART_LOCALITY_SCOPE_NODE);
    CHECK(int(nodes.size()) == nnodes);
    for (auto *node : nodes) {
      CHECK(node->parent == global);
      CHECK(std::string(node->domain_tag) == "." + std::to_string(node->relative_index));
      for (int u : units_of(node)) {
        size_t n = 0;
        dart_unit_node(DART_TEAM_ALL, u, &n);
        CHECK(int(n) == node->node_id);
      }
      int members = 0;
      for (int u = 0; u < size; ++u) {
        size_t n = 0;
        dart_unit_node(DART_TEAM_ALL, u, &n);
        members += int(n) == node->node_id;
      }
      CHECK(node->num_units == members);
      bool mine = node->node_id == dash::util::Locality::MyNode();
      CHECK(node->num_domains == (mine ? 1 : 0));
      CHECK(!mine || node->children[0]->scope == DART_LOCALITY_SCOPE_MODULE);
    }
    const dart_domain_locality_t *my_node = global->children[dash::util::Locality::MyNode()];
    auto cores = of_scope(global, DART_LOCALITY_SCOPE_CORE);
    CHECK(int(cores.size()) == my_node->num_units &&
          int(of_scope(global, DART_LOCALITY_SCOPE_UNIT).size()) == my_node->num_units);
    for (auto *core : cores) CHECK(core->num_units == 1 && core->parent->scope == DART_LOCALITY_SCOPE_NUMA);

    // Unit localities: each unit's tag names its CORE domain on my node,
    // its node's domain on another one.
    for (int u = 0; u < size; ++u) {
      dart_unit_locality_t *loc = nullptr;
      CHECK(dart_unit_locality(DART_TEAM_ALL, dart_team_unit_t{u}, &loc) == DART_OK);
      dart_domain_locality_t *leaf = nullptr;
      CHECK(dart_domain_find(global, loc->domain_tag, &leaf) == DART_OK);
      std::vector<int> in_leaf = units_of(leaf);
      CHECK(std::count(in_leaf.begin(), in_leaf.end(), u) == 1);
      CHECK(std::strcmp(loc->hwinfo.host, leaf->host) == 0 && loc->hwinfo.num_cores >= 1);
      if (leaf->scope == DART_LOCALITY_SCOPE_CORE)
        CHECK(leaf->num_units == 1 && loc->hwinfo.num_scopes == 5 &&
              loc->hwinfo.scopes[0].scope == DART_LOCALITY_SCOPE_CORE);
      else
        CHECK(leaf->scope == DART_LOCALITY_SCOPE_NODE && leaf != my_node && loc->hwinfo.num_scopes == 2 &&
              loc->hwinfo.scopes[0].scope == DART_LOCALITY_SCOPE_NODE);
    }
    dart_unit_locality_t *loc = nullptr;
    CHECK(dart_unit_locality(DART_TEAM_ALL, dart_team_unit_t{size}, &loc) == DART_ERR_INVAL);
    CHECK(dart_unit_locality(DART_TEAM_ALL, dart_team_unit_t{0}, nullptr) == DART_ERR_INVAL);
    CHECK(dart_unit_locality(dart_team_t(12345), dart_team_unit_t{0}, &loc) == DART_ERR_INVAL);

    dash::util::UnitLocality mine;
    CHECK(mine.domain().unit_ids[0].id == me && mine.domain().parent->scope == DART_LOCALITY_SCOPE_NUMA);
    CHECK(mine.num_cores() >= 1 && mine.num_domain_threads() >= 1 && mine.num_numa() >= 1);
    dash::util::UnitLocality last(dash::global_unit_t(size - 1));
    CHECK(last.domain().unit_ids[last.domain().num_units - 1].id == size - 1);  // its leaf or its node
    size_t last_node = 0;
    CHECK(dart_unit_node(DART_TEAM_ALL, size - 1, &last_node) == DART_OK);
    CHECK(last.node_domain().node_id() == int(last_node) && last.num_numa() >= 1);
    CHECK(last.host() == last.node_domain().host());

    // DASH's TeamLocality split at Core scope (TeamLocalityTest.SplitCore):
    // other nodes count as one domain each, so the parts hold every unit.
    {
      dash::util::TeamLocality tloc(dash::Team::All());
      tloc.split(dash::util::Locality::Scope::Core, std::min(size, 3));
      std::set<int> in_parts;
      for (auto &part : tloc.parts())
        for (auto unit : part.units()) in_parts.insert(unit.id);
      CHECK(int(tloc.parts().size()) == std::min(size, 3) && int(in_parts.size()) == size);
    }

    // find: every tag, and errors.
    dart_domain_locality_t *found = nullptr;
    CHECK(dart_domain_find(global, nodes.back()->domain_tag, &found) == DART_OK && found == nodes.back());
    CHECK(dart_domain_find(global, ".9.9", &found) == DART_ERR_NOTFOUND && found == nullptr);
    CHECK(dart_domain_find(global, nullptr, &found) == DART_ERR_INVAL);
    CHECK(dart_domain_find(nullptr, ".", &found) == DART_ERR_INVAL);
    CHECK(dart_domain_find(global, ".", nullptr) == DART_ERR_INVAL);
    CHECK(dart_domain_team_locality(DART_TEAM_ALL, ".9", &found) == DART_ERR_INVAL);
    CHECK(dart_domain_team_locality(dart_team_t(12345), ".", &found) == DART_ERR_INVAL);

    // clone is deep and prints the same; the team's tree is not the caller's to destroy.
    dart_domain_locality_t *copy = nullptr;
    CHECK(dart_domain_clone(global, &copy) == DART_OK && copy != global);
    CHECK((dash::util::LocalityJSONPrinter() << *copy).str() ==
          (dash::util::LocalityJSONPrinter() << *global).str());
    CHECK(copy->children[0] != global->children[0] && copy->children[0]->parent == copy);
    CHECK(dart_domain_destroy(global) == DART_ERR_INVAL);
    CHECK(dart_domain_destroy(nullptr) == DART_ERR_INVAL);
    CHECK(dart_domain_clone(nullptr, &copy) == DART_ERR_INVAL);

    // group the NUMA domains of the first and the last unit (one domain if they share it).
    std::string first_numa = cores.front()->parent->domain_tag, last_numa = cores.back()->parent->domain_tag;
    const char *tags[] = {first_numa.c_str(), last_numa.c_str()};
    char group_tag[DART_LOCALITY_DOMAIN_TAG_MAX_SIZE] = "";
    CHECK(dart_domain_group(copy, 2, tags, group_tag) == DART_OK);
    dart_domain_locality_t *group = nullptr;
    CHECK(dart_domain_find(copy, group_tag, &group) == DART_OK && group->scope == DART_LOCALITY_SCOPE_GROUP);
    std::set<int> grouped;
    for (auto *numa : {cores.front()->parent, cores.back()->parent})
      for (int u : units_of(numa)) grouped.insert(u);
    auto in_group = units_of(group);
    CHECK(std::set<int>(in_group.begin(), in_group.end()) == grouped && in_group.size() == grouped.size());
    CHECK(group->num_domains == (first_numa == last_numa ? 1 : 2));
    CHECK(copy->num_units == size);
    check_tree(copy);
    CHECK(dart_domain_find(copy, first_numa.c_str(), &found) == DART_ERR_NOTFOUND);  // moved below the group
    const char *bad[] = {".9.9"};
    const char *root[] = {"."};
    CHECK(dart_domain_group(copy, 1, bad, group_tag) == DART_ERR_INVAL);
    CHECK(dart_domain_group(copy, 0, tags, group_tag) == DART_ERR_INVAL);
    CHECK(dart_domain_group(copy, 1, root, group_tag) == DART_ERR_INVAL);
    CHECK(dart_domain_group(copy, 1, nullptr, group_tag) == DART_ERR_INVAL);
    CHECK(dart_domain_group(copy, 1, tags, nullptr) == DART_ERR_INVAL);
    CHECK(dart_domain_destroy(copy) == DART_OK);

    // exclude and select on a copy.
    CHECK(dart_domain_clone(global, &copy) == DART_OK);
    const char *leaf0[] = {cores.front()->domain_tag};
    CHECK(dart_domain_exclude(copy, 1, leaf0) == DART_OK);
    CHECK(copy->num_units == size - 1);
    check_tree(copy);
    CHECK(dart_domain_exclude(copy, 1, bad) == DART_ERR_INVAL);
    CHECK(dart_domain_exclude(copy, 1, root) == DART_ERR_INVAL);
    CHECK(dart_domain_destroy(copy) == DART_OK);
    CHECK(dart_domain_clone(global, &copy) == DART_OK);
    const char *node0[] = {nodes.front()->domain_tag};
    CHECK(dart_domain_select(copy, 1, node0) == DART_OK);
    CHECK(copy->num_domains == 1 && units_of(copy) == units_of(nodes.front()));
    CHECK(dart_domain_select(copy, 1, bad) == DART_ERR_INVAL);
    CHECK(dart_domain_destroy(copy) == DART_OK);

    // split at node scope: part p holds node p.
    std::vector<dart_domain_locality_t> parts(static_cast<std::size_t>(nnodes) + 1);
    CHECK(dart_domain_split_scope(global, DART_LOCALITY_SCOPE_NODE, nnodes, parts.data()) == DART_OK);
    for (int n = 0; n < nnodes; ++n) {
      CHECK(units_of(&parts[std::size_t(n)]) == units_of(nodes[std::size_t(n)]));
      check_tree(&parts[std::size_t(n)]);
      CHECK(dart_domain_destroy(&parts[std::size_t(n)]) == DART_OK);
    }
    CHECK(dart_domain_split_scope(global, DART_LOCALITY_SCOPE_NODE, nnodes + 1, parts.data()) ==
          DART_ERR_INVAL);
    CHECK(dart_domain_split_scope(global, DART_LOCALITY_SCOPE_NODE, 0, parts.data()) == DART_ERR_INVAL);
    CHECK(dart_domain_split_scope(global, DART_LOCALITY_SCOPE_UNDEFINED, 1, parts.data()) == DART_ERR_INVAL);

    int ntags = 0;
    char **node_tags = nullptr;
    CHECK(dart_domain_scope_tags(global, DART_LOCALITY_SCOPE_NODE, &ntags, &node_tags) == DART_OK);
    CHECK(ntags == nnodes && std::string(node_tags[0]) == ".0");
    for (int i = 0; i < ntags; ++i) std::free(node_tags[i]);
    std::free(node_tags);

    // create / assign.
    dart_domain_locality_t *empty = nullptr;
    CHECK(dart_domain_create(&empty) == DART_OK && empty->num_units == 0 && empty->num_domains == 0);
    CHECK(dart_domain_assign(empty, global) == DART_OK && empty->num_units == size);
    check_tree(empty);
    CHECK(dart_domain_destroy(empty) == DART_OK);

    // DASH's form: a reference to the split team, from either split.
    auto &node_team = nnodes > 0
                          ? dash::Team::All().locality_split(DART_LOCALITY_SCOPE_NODE, std::size_t(nnodes))
                          : dash::Team::All().split(1);
    dart_domain_locality_t *team_root = nullptr;
    CHECK(dart_domain_team_locality(node_team.dart_id(), ".", &team_root) == DART_OK);
    CHECK(team_root->num_domains == 1 && team_root->num_units == int(node_team.size()));
    CHECK(units_of(team_root->children[0]) == units_of(global->children[dash::util::Locality::MyNode()]));
    dash::util::UnitLocality in_team(node_team, node_team.myid());
    CHECK(in_team.domain().unit_ids[0].id == me);
    CHECK(dart_team_locality_finalize(node_team.dart_id()) == DART_OK);
    CHECK(dart_domain_team_locality(node_team.dart_id(), ".", &team_root) == DART_OK);  // made again
    auto &module_team = dash::Team::All().locality_split(DART_LOCALITY_SCOPE_MODULE, 1);
    CHECK(module_team.size() == std::size_t(size));

    // JSON: every unit id once under "unit_ids" of the root.
    std::string json = (dash::util::LocalityJSONPrinter() << *global).str();
    CHECK(std::count(json.begin(), json.end(), '{') == std::count(json.begin(), json.end(), '}'));
    CHECK(json.find("\"scope\": \"NODE\"") != std::string::npos);

    // Config: set wins over the environment, unset is T{}.
    CHECK(!dash::util::Config::is_set("DASH_COMPAT_LOCALITY_TEST"));
    CHECK(dash::util::Config::get<int>("DASH_COMPAT_LOCALITY_TEST") == 0);
    dash::util::Config::set("DASH_COMPAT_LOCALITY_TEST", 4);
    CHECK(dash::util::Config::is_set("DASH_COMPAT_LOCALITY_TEST"));
    CHECK(dash::util::Config::get<int>("DASH_COMPAT_LOCALITY_TEST") == 4);
    dash::util::Config::set("DASH_COMPAT_LOCALITY_TEST", "2K");
    CHECK(dash::util::Config::get<long>("DASH_COMPAT_LOCALITY_TEST") == 2048);
    dash::util::Config::set("DASH_COMPAT_LOCALITY_TEST", true);
    CHECK(dash::util::Config::get<bool>("DASH_COMPAT_LOCALITY_TEST"));
  }
  dash::finalize();
  return compat::result();
}
