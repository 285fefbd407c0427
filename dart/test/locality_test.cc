// Locality: node numbering (virtual nodes included), domains of every
// scope, team splits along them (checked member by member and with a
// reduction over the new team), and errors that every unit reports alike.
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

#include <dart/mpi.h>

#include "dart_test.h"

namespace {

size_t node_of(dart_team_t team, dart_unit_t unit) {
  size_t node = 0;
  EXPECT_DART_OK(dart_unit_node(team, unit, &node));
  return node;
}

TEST(Locality, NodesNumberedDenselyAndMatchSharedMemory) {
  dart_config_t cfg;
  ASSERT_DART_OK(dart_config_get(&cfg));
  int n = test_size(), me = test_myid();
  std::set<size_t> nodes;
  for (int u = 0; u < n; u++) {
    size_t node = node_of(DART_TEAM_ALL, u);
    nodes.insert(node);
    int same = 0;
    ASSERT_DART_OK(dart_unit_on_my_node(u, &same));
    EXPECT_EQ(same != 0, node == cfg.node_id) << "unit " << u;
  }
  EXPECT_EQ(cfg.node_id, node_of(DART_TEAM_ALL, me));
  EXPECT_EQ(cfg.num_nodes, nodes.size());
  EXPECT_EQ(cfg.num_nodes - 1, *nodes.rbegin());  // 0 .. num_nodes-1
  EXPECT_EQ(0u, node_of(DART_TEAM_ALL, 0));       // in order of the lowest unit
  if (cfg.units_per_node > 0) {                   // virtual nodes: consecutive units
    for (int u = 0; u < n; u++) EXPECT_EQ(u / cfg.units_per_node, node_of(DART_TEAM_ALL, u));
  }
}

TEST(Locality, DomainsOfEveryScope) {
  dart_config_t cfg;
  ASSERT_DART_OK(dart_config_get(&cfg));
  size_t count = 0, mine = 0;
  ASSERT_DART_OK(dart_team_domains(DART_TEAM_ALL, DART_LOCALITY_SCOPE_GLOBAL, &count, &mine));
  EXPECT_EQ(1u, count);
  EXPECT_EQ(0u, mine);
  ASSERT_DART_OK(dart_team_domains(DART_TEAM_ALL, DART_LOCALITY_SCOPE_NODE, &count, &mine));
  EXPECT_EQ(cfg.num_nodes, count);
  EXPECT_EQ(cfg.node_id, mine);
  ASSERT_DART_OK(dart_team_domains(DART_TEAM_ALL, DART_LOCALITY_SCOPE_UNIT, &count, &mine));
  EXPECT_EQ(static_cast<size_t>(test_size()), count);
  EXPECT_EQ(static_cast<size_t>(test_myid()), mine);
  ASSERT_DART_OK(dart_team_domains(DART_TEAM_ALL, DART_LOCALITY_SCOPE_NUMA, &count, &mine));
  EXPECT_GE(count, cfg.num_nodes);  // a NUMA domain never spans nodes
  EXPECT_LE(count, static_cast<size_t>(test_size()));
  EXPECT_LT(mine, count);
  int numa = -1;
  ASSERT_DART_OK(dart_unit_numa(&numa));
  EXPECT_GE(numa, 0);
}

// The calling unit's team of a NODE split has exactly the units of its node.
void expect_node_team(dart_team_t parent, dart_team_t node_team) {
  size_t parent_size = 0, size = 0;
  ASSERT_DART_OK(dart_team_size(parent, &parent_size));
  ASSERT_DART_OK(dart_team_size(node_team, &size));
  dart_unit_t me_abs = test_myid();
  size_t my_node = node_of(DART_TEAM_ALL, me_abs), expected = 0;
  for (dart_unit_t r = 0; r < static_cast<dart_unit_t>(parent_size); r++)
    expected += node_of(parent, r) == my_node;
  EXPECT_EQ(expected, size);
  for (dart_unit_t r = 0; r < static_cast<dart_unit_t>(size); r++) {
    dart_unit_t abs;
    ASSERT_DART_OK(dart_team_unit_l2g(node_team, r, &abs));
    EXPECT_EQ(my_node, node_of(DART_TEAM_ALL, abs));
  }
  long one = 1, sum = 0;
  ASSERT_DART_OK(dart_allreduce(&one, &sum, 1, DART_TYPE_LONG, DART_OP_SUM, node_team));
  EXPECT_EQ(static_cast<long>(size), sum);
}

TEST(Locality, SplitByNodeGivesOneTeamPerNode) {
  dart_config_t cfg;
  ASSERT_DART_OK(dart_config_get(&cfg));
  dart_team_t node = DART_TEAM_NULL;
  ASSERT_DART_OK(dart_team_split_locality(DART_TEAM_ALL, DART_LOCALITY_SCOPE_NODE, cfg.num_nodes, &node));
  ASSERT_NE(DART_TEAM_NULL, node);
  expect_node_team(DART_TEAM_ALL, node);

  // The node team split by unit: singletons (the unit level of the hierarchy).
  size_t node_size = 0;
  ASSERT_DART_OK(dart_team_size(node, &node_size));
  dart_team_t unit = DART_TEAM_NULL;
  ASSERT_DART_OK(dart_team_split_locality(node, DART_LOCALITY_SCOPE_UNIT, node_size, &unit));
  size_t unit_size = 0;
  ASSERT_DART_OK(dart_team_size(unit, &unit_size));
  EXPECT_EQ(1u, unit_size);
  ASSERT_DART_OK(dart_team_destroy(&unit));
  ASSERT_DART_OK(dart_team_destroy(&node));

  // One part: everybody.
  dart_team_t all = DART_TEAM_NULL;
  ASSERT_DART_OK(dart_team_split_locality(DART_TEAM_ALL, DART_LOCALITY_SCOPE_NODE, 1, &all));
  size_t all_size = 0;
  ASSERT_DART_OK(dart_team_size(all, &all_size));
  EXPECT_EQ(static_cast<size_t>(test_size()), all_size);
  ASSERT_DART_OK(dart_team_destroy(&all));
}

TEST(Locality, SplitDealsConsecutiveDomainsIntoParts) {
  int n = test_size(), me = test_myid();
  if (n < 2) GTEST_SKIP() << "needs 2 units";
  // Units as domains, 2 parts: as dart_group_split, the first part larger.
  dart_team_t half = DART_TEAM_NULL;
  ASSERT_DART_OK(dart_team_split_locality(DART_TEAM_ALL, DART_LOCALITY_SCOPE_UNIT, 2, &half));
  size_t size = 0;
  ASSERT_DART_OK(dart_team_size(half, &size));
  // Domain d goes to part d * 2 / n.
  bool in_first = static_cast<size_t>(me) * 2 / n == 0;
  size_t lower = 0;
  for (int u = 0; u < n; u++) lower += static_cast<size_t>(u) * 2 / n == 0;
  EXPECT_EQ(in_first ? lower : n - lower, size);
  // A node split of a sub-team.
  size_t nodes = 0;
  ASSERT_DART_OK(dart_team_domains(half, DART_LOCALITY_SCOPE_NODE, &nodes, nullptr));
  dart_team_t node = DART_TEAM_NULL;
  ASSERT_DART_OK(dart_team_split_locality(half, DART_LOCALITY_SCOPE_NODE, nodes, &node));
  expect_node_team(half, node);
  ASSERT_DART_OK(dart_team_destroy(&node));
  ASSERT_DART_OK(dart_team_destroy(&half));
}

// The members of `team` (absolute ids, ascending).
std::vector<dart_unit_t> members(dart_team_t team) {
  size_t size = 0;
  EXPECT_DART_OK(dart_team_size(team, &size));
  std::vector<dart_unit_t> out(size);
  for (size_t r = 0; r < size; r++)
    EXPECT_DART_OK(dart_team_unit_l2g(team, static_cast<dart_unit_t>(r), &out[r]));
  return out;
}

TEST(Locality, SplitByNodeDealsConsecutiveNodesIntoParts) {
  // Nodes of DART_TEAM_ALL are numbered by their lowest unit, as its
  // domains: node d goes to part d * nparts / nodes. With virtual nodes
  // every part but one spans other nodes.
  dart_config_t cfg;
  ASSERT_DART_OK(dart_config_get(&cfg));
  size_t nodes = cfg.num_nodes;
  for (size_t nparts : std::set<size_t>{1, (nodes + 1) / 2, nodes}) {
    dart_team_t part = DART_TEAM_NULL;
    ASSERT_DART_OK(dart_team_split_locality(DART_TEAM_ALL, DART_LOCALITY_SCOPE_NODE, nparts, &part));
    std::vector<dart_unit_t> expected;
    for (int u = 0; u < test_size(); u++)
      if (node_of(DART_TEAM_ALL, u) * nparts / nodes == cfg.node_id * nparts / nodes) expected.push_back(u);
    EXPECT_EQ(expected, members(part)) << nparts << " parts of " << nodes << " nodes";
    size_t count = 0, mine = 0;
    ASSERT_DART_OK(dart_team_domains(part, DART_LOCALITY_SCOPE_NODE, &count, &mine));
    std::set<size_t> part_nodes;
    for (dart_unit_t u : expected) part_nodes.insert(node_of(DART_TEAM_ALL, u));
    EXPECT_EQ(part_nodes.size(), count);
    EXPECT_EQ(cfg.node_id - node_of(DART_TEAM_ALL, expected.front()), mine);
    ASSERT_DART_OK(dart_team_destroy(&part));
  }
}

TEST(Locality, SplitByUnitGivesRangesOfUnits) {
  // Unit u goes to part u * nparts / n: singletons at n parts, ranges
  // across (virtual) nodes below; then the upper half split again, whose
  // units are numbered from its own first one.
  int n = test_size(), me = test_myid();
  for (int nparts : std::set<int>{n, (n + 1) / 2}) {
    dart_team_t part = DART_TEAM_NULL;
    ASSERT_DART_OK(dart_team_split_locality(DART_TEAM_ALL, DART_LOCALITY_SCOPE_UNIT, nparts, &part));
    std::vector<dart_unit_t> expected;
    for (int u = 0; u < n; u++)
      if (u * nparts / n == me * nparts / n) expected.push_back(u);
    EXPECT_EQ(expected, members(part)) << nparts << " parts";
    if (nparts < n) {
      size_t psize = expected.size();
      dart_team_t single = DART_TEAM_NULL;
      ASSERT_DART_OK(dart_team_split_locality(part, DART_LOCALITY_SCOPE_UNIT, psize, &single));
      EXPECT_EQ(std::vector<dart_unit_t>{me}, members(single));
      ASSERT_DART_OK(dart_team_destroy(&single));
    }
    ASSERT_DART_OK(dart_team_destroy(&part));
  }
}

TEST(Locality, PlacesOfEveryUnitMatchTheNodes) {
  // The same record from every unit, relative to any team.
  int n = test_size(), me = test_myid();
  dart_unit_place_t mine;
  ASSERT_DART_OK(dart_unit_place(DART_TEAM_ALL, me, &mine));
  int numa = -1;
  if (dart_unit_numa(&numa) == DART_OK) {
    EXPECT_GE(mine.numa, 0);
  }
  for (int u = 0; u < n; u++) {
    dart_unit_place_t p, first;
    ASSERT_DART_OK(dart_unit_place(DART_TEAM_ALL, u, &p));
    ASSERT_DART_OK(dart_unit_place(DART_TEAM_ALL, 0, &first));
    EXPECT_EQ(node_of(DART_TEAM_ALL, u), size_t(p.node));
    EXPECT_EQ(std::string(p.host) == first.host, p.node == first.node) << "unit " << u << " " << p.host;
    EXPECT_GE(p.host_cores, 1);
    EXPECT_GE(p.threads_per_core, 1);
    EXPECT_GE(p.bound_cores, 1);
  }
  // Relative to a team: unit 0 of the upper half is absolute unit n/2.
  dart_team_t half = DART_TEAM_NULL;
  ASSERT_DART_OK(dart_team_split_locality(DART_TEAM_ALL, DART_LOCALITY_SCOPE_UNIT, n > 1 ? 2 : 1, &half));
  dart_unit_t first = -1;
  ASSERT_DART_OK(dart_team_unit_l2g(half, 0, &first));
  dart_unit_place_t a, b;
  ASSERT_DART_OK(dart_unit_place(half, 0, &a));
  ASSERT_DART_OK(dart_unit_place(DART_TEAM_ALL, first, &b));
  EXPECT_EQ(0, memcmp(&a, &b, sizeof a));
  ASSERT_DART_OK(dart_team_destroy(&half));
  dart_unit_place_t p;
  EXPECT_EQ(DART_ERR_INVAL, dart_unit_place(DART_TEAM_ALL, n, &p));
  EXPECT_EQ(DART_ERR_INVAL, dart_unit_place(DART_TEAM_ALL, 0, nullptr));
  EXPECT_EQ(DART_ERR_INVAL, dart_unit_place(12345, 0, &p));
}

// One machine per host name: DART_TEST_HOSTS machines (1 on one host; the
// tests across emulated hosts set it), each a node of its own (or
// DART_UNITS_PER_NODE's virtual nodes inside it, never across two).
TEST(Locality, NodesFollowTheHosts) {
  dart_config_t cfg;
  ASSERT_DART_OK(dart_config_get(&cfg));
  const int n = test_size();
  std::set<std::string> hosts;
  std::vector<std::string> host_of_node(cfg.num_nodes);
  for (int u = 0; u < n; u++) {
    dart_unit_place_t p;
    ASSERT_DART_OK(dart_unit_place(DART_TEAM_ALL, u, &p));
    std::string h = p.host, real = h.substr(0, h.rfind(":vnode"));
    hosts.insert(real);
    ASSERT_LT(size_t(p.node), host_of_node.size());
    if (host_of_node[p.node].empty()) host_of_node[p.node] = real;
    EXPECT_EQ(host_of_node[p.node], real) << "unit " << u << ": a node spans two hosts";
    EXPECT_EQ(n / test_hosts(), p.host_units) << "unit " << u << " on " << real;
  }
  EXPECT_EQ(size_t(test_hosts()), hosts.size());
  if (cfg.units_per_node == 0) {
    EXPECT_EQ(hosts.size(), cfg.num_nodes);
  }
}

TEST(Locality, EveryUnitReadsWhatEachUnitReportsForItself) {
  // Each unit's record as it reports it, gathered here by MPI; then every
  // unit reads every record one-sidedly (same node: shared memory; other
  // virtual nodes: MPI), one by one, in bulk and through a sub-team.
  dart_config_t cfg;
  ASSERT_DART_OK(dart_config_get(&cfg));
  int n = test_size(), me = test_myid();
  dart_unit_place_t self;
  ASSERT_DART_OK(dart_unit_place(DART_TEAM_ALL, me, &self));
  EXPECT_EQ(node_of(DART_TEAM_ALL, me), size_t(self.node));
  EXPECT_GE(self.cpu, 0);
  EXPECT_GE(self.numa, 0);
  char host[DART_HOST_NAME_MAX] = "";
  gethostname(host, sizeof host - 1);
  std::string h = self.host, real = h.substr(0, h.rfind(":vnode"));
  EXPECT_EQ(std::string(host).substr(0, 40), real.substr(0, 40));
  EXPECT_EQ(cfg.units_per_node > 0, h.find(":vnode") != std::string::npos) << h;
  MPI_Comm shm;
  ASSERT_EQ(MPI_SUCCESS, MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, me, MPI_INFO_NULL, &shm));
  int on_host = 0;
  MPI_Comm_size(shm, &on_host);
  MPI_Comm_free(&shm);
  EXPECT_EQ(on_host, self.host_units);

  std::vector<dart_unit_place_t> reported(n), bulk(n);
  ASSERT_EQ(MPI_SUCCESS, MPI_Allgather(&self, sizeof self, MPI_BYTE, reported.data(), sizeof self, MPI_BYTE,
                                       MPI_COMM_WORLD));
  for (int u = 0; u < n; u++) {
    dart_unit_place_t p;
    ASSERT_DART_OK(dart_unit_place(DART_TEAM_ALL, u, &p));
    const dart_unit_place_t &r = reported[u];
    EXPECT_EQ(r.node, p.node) << "unit " << u;
    EXPECT_EQ(r.numa, p.numa) << "unit " << u;
    EXPECT_EQ(r.cpu, p.cpu) << "unit " << u;
    EXPECT_STREQ(r.host, p.host) << "unit " << u;
    EXPECT_EQ(0, memcmp(&r, &p, sizeof p)) << "unit " << u;
    EXPECT_EQ(node_of(DART_TEAM_ALL, u), size_t(p.node)) << "unit " << u;
  }
  ASSERT_DART_OK(dart_unit_places(DART_TEAM_ALL, 0, n, bulk.data()));
  EXPECT_EQ(0, memcmp(reported.data(), bulk.data(), sizeof bulk[0] * n));
  if (n > 1) {  // a range not starting at 0
    ASSERT_DART_OK(dart_unit_places(DART_TEAM_ALL, 1, n - 1, bulk.data()));
    EXPECT_EQ(0, memcmp(&reported[1], bulk.data(), sizeof bulk[0] * (n - 1)));
  }
  // Team-relative: the upper half's units are absolute n/2 .. n-1.
  dart_team_t half = DART_TEAM_NULL;
  ASSERT_DART_OK(dart_team_split_locality(DART_TEAM_ALL, DART_LOCALITY_SCOPE_UNIT, n > 1 ? 2 : 1, &half));
  size_t hn = 0;
  ASSERT_DART_OK(dart_team_size(half, &hn));
  std::vector<dart_unit_place_t> team_places(hn);
  ASSERT_DART_OK(dart_unit_places(half, 0, hn, team_places.data()));
  for (size_t u = 0; u < hn; u++) {
    dart_unit_t g = -1;
    ASSERT_DART_OK(dart_team_unit_l2g(half, static_cast<dart_unit_t>(u), &g));
    EXPECT_EQ(0, memcmp(&reported[g], &team_places[u], sizeof team_places[u])) << "team unit " << u;
  }
  EXPECT_EQ(DART_ERR_INVAL, dart_unit_places(half, 0, hn + 1, team_places.data()));
  ASSERT_DART_OK(dart_team_destroy(&half));
  // Bad ranges and pointers.
  EXPECT_EQ(DART_ERR_INVAL, dart_unit_places(DART_TEAM_ALL, 0, n + 1, bulk.data()));
  EXPECT_EQ(DART_ERR_INVAL, dart_unit_places(DART_TEAM_ALL, -1, 1, bulk.data()));
  EXPECT_EQ(DART_ERR_INVAL, dart_unit_places(DART_TEAM_ALL, n, 1, bulk.data()));
  EXPECT_EQ(DART_ERR_INVAL, dart_unit_places(DART_TEAM_ALL, 0, 1, nullptr));
  EXPECT_EQ(DART_ERR_INVAL, dart_unit_places(12345, 0, 1, bulk.data()));
  EXPECT_EQ(DART_ERR_INVAL, dart_unit_place(DART_TEAM_ALL, -1, &self));
  ASSERT_DART_OK(dart_unit_places(DART_TEAM_ALL, n, 0, nullptr));  // empty: nothing to read
}

TEST(Locality, ErrorsAreTheSameOnEveryUnit) {
  dart_team_t t = DART_TEAM_NULL;
  size_t node = 0;
  EXPECT_EQ(DART_ERR_INVAL, dart_team_split_locality(DART_TEAM_ALL, DART_LOCALITY_SCOPE_NODE, 0, &t));
  EXPECT_EQ(DART_ERR_INVAL,
            dart_team_split_locality(DART_TEAM_ALL, DART_LOCALITY_SCOPE_UNIT, test_size() + 1, &t));
  EXPECT_EQ(DART_TEAM_NULL, t);
  EXPECT_EQ(DART_ERR_INVAL, dart_team_split_locality(DART_TEAM_ALL, (dart_locality_scope_t)42, 1, &t));
  EXPECT_EQ(DART_ERR_INVAL, dart_team_split_locality(DART_TEAM_ALL, DART_LOCALITY_SCOPE_NODE, 1, nullptr));
  EXPECT_EQ(DART_ERR_INVAL, dart_unit_node(DART_TEAM_ALL, test_size(), &node));
  EXPECT_EQ(DART_ERR_INVAL, dart_unit_node(DART_TEAM_ALL, -1, &node));
  EXPECT_EQ(DART_ERR_INVAL, dart_unit_node(12345, 0, &node));
  EXPECT_EQ(DART_ERR_INVAL, dart_unit_node(DART_TEAM_ALL, 0, nullptr));
  EXPECT_EQ(DART_ERR_INVAL, dart_unit_numa(nullptr));
  // Still in step: a collective works.
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
}

}  // namespace
