// The runtime at many units (label scale: 32 and 64 units, oversubscribed,
// on the real node and on virtual nodes of 4): data moved around a ring of
// the whole team, collectives of known values, quarters of the team with
// memory of their own, split again along nodes, the locality tree's
// counts, and a contended lock with an exact count. Every check holds at
// any unit count. Few collectives and few teams: at 64 units on 2 cores a
// barrier costs ~0.6 s, a team's creation ~2.5 s and its first allocation
// (a shared-memory window, and an MPI window across nodes) ~5 s, most of it
// MPICH polling for its peers (cmake/MpiTest.cmake). These cases run in the
// job of the C++ library's (dash/test/CMakeLists.txt, dash.scale_test),
// after dash::init; only DART's calls are used here.
#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <vector>

#include <dart/domain.h>

#include "dart_test.h"

namespace {

// Where a split of n units into `parts` consecutive parts (sizes differ by
// at most one, the first ones larger) puts `unit`: its part's first unit
// and size.
void part_of(int n, int parts, int unit, int *first, int *size) {
  int base = n / parts, rem = n % parts, start = 0;
  for (int p = 0; p < parts; p++) {
    int s = base + (p < rem);
    if (unit < start + s) {
      *first = start;
      *size = s;
      return;
    }
    start += s;
  }
  *first = *size = -1;
}

// Checks that team's members are the absolute units first ..
// first+size-1, in order, both by the team's translation and by gathering
// every member's id over the team (one allgather).
void expect_members(dart_team_t team, int first, int size) {
  ASSERT_EQ(size, team_n(team));
  ASSERT_EQ(first + team_me(team), test_myid());
  std::vector<int32_t> ids(size, -1), want(size);
  std::iota(want.begin(), want.end(), first);
  for (int r = 0; r < size; r++) ASSERT_DART_OK(dart_team_unit_l2g(team, r, &ids[r]));
  EXPECT_EQ(want, ids);
  int32_t me = test_myid();
  std::fill(ids.begin(), ids.end(), -1);
  ASSERT_DART_OK(dart_allgather(&me, ids.data(), 1, DART_TYPE_INT32, team));
  EXPECT_EQ(want, ids);
}

// Moves data around a ring of team, whose members must be the absolute
// units first .. first+size-1: each unit puts its absolute id into its right
// neighbour's memory, then reads back its own id from there; an allreduce
// sums the ids. One allocation, an allgather, two barriers, an allreduce.
void ring(dart_team_t team, int first, int size) {
  expect_members(team, first, size);
  const int me = team_me(team), right = (me + 1) % size, left = (me + size - 1) % size;
  dart_gptr_t g;
  ASSERT_DART_OK(dart_team_memalloc_aligned(team, sizeof(int64_t), &g));
  int64_t id = test_myid(), got = -1;
  ASSERT_DART_OK(dart_put_blocking(at_unit(g, team, right), &id, 1, DART_TYPE_INT64, DART_TYPE_INT64));
  ASSERT_DART_OK(dart_barrier(team));
  int64_t *mine = nullptr;
  dart_gptr_t own = at_unit(g, team, me);
  ASSERT_DART_OK(dart_gptr_getaddr(own, reinterpret_cast<void **>(&mine)));
  EXPECT_EQ(first + left, *mine);
  ASSERT_DART_OK(dart_get_blocking(&got, at_unit(g, team, right), 1, DART_TYPE_INT64, DART_TYPE_INT64));
  EXPECT_EQ(id, got);
  int64_t sum = -1;
  ASSERT_DART_OK(dart_allreduce(&id, &sum, 1, DART_TYPE_INT64, DART_OP_SUM, team));
  EXPECT_EQ(int64_t(size) * first + int64_t(size) * (size - 1) / 2, sum);
  ASSERT_DART_OK(dart_barrier(team));  // all have read before the memory goes
  ASSERT_DART_OK(dart_team_memfree(g));
}

TEST(DartScale, RingAndCollectivesOnTheWholeTeam) {
  const int n = test_size(), me = test_myid();
  ring(DART_TEAM_ALL, 0, n);
  // Known values: sums of i+1 and (i+1)^2, and the last unit's value
  // broadcast.
  int64_t v[2] = {me + 1, int64_t(me + 1) * (me + 1)}, s[2] = {-1, -1};
  ASSERT_DART_OK(dart_allreduce(v, s, 2, DART_TYPE_INT64, DART_OP_SUM, DART_TEAM_ALL));
  EXPECT_EQ(int64_t(n) * (n + 1) / 2, s[0]);
  EXPECT_EQ(int64_t(n) * (n + 1) * (2 * n + 1) / 6, s[1]);
  int64_t b = me == n - 1 ? 4242 : -1;
  ASSERT_DART_OK(dart_bcast(&b, 1, DART_TYPE_INT64, n - 1, DART_TEAM_ALL));
  EXPECT_EQ(4242, b);
}

TEST(DartScale, QuartersWithMemoryAndTheirNodeTeams) {
  dart_config_t cfg;
  ASSERT_DART_OK(dart_config_get(&cfg));
  const int n = test_size(), me = test_myid();
  dart_team_t quarter = split(DART_TEAM_ALL, 4);
  ASSERT_NE(DART_TEAM_NULL, quarter);
  int qfirst, qsize;
  part_of(n, 4, me, &qfirst, &qsize);
  ring(quarter, qfirst, qsize);
  // The quarter split along nodes (a team whose parent is not the world):
  // the units of the quarter on my node.
  size_t nodes = 0;
  ASSERT_DART_OK(dart_team_domains(quarter, DART_LOCALITY_SCOPE_NODE, &nodes, nullptr));
  dart_team_t node = DART_TEAM_NULL;
  ASSERT_DART_OK(dart_team_split_locality(quarter, DART_LOCALITY_SCOPE_NODE, nodes, &node));
  ASSERT_NE(DART_TEAM_NULL, node);
  dart_team_t parent = DART_TEAM_NULL;
  ASSERT_DART_OK(dart_team_get_parent(node, &parent));
  EXPECT_EQ(quarter, parent);
  int nfirst = qfirst, nend = qfirst + qsize;
  if (cfg.units_per_node) {
    const int k = int(cfg.units_per_node);
    nfirst = std::max(nfirst, me / k * k);
    nend = std::min(nend, me / k * k + k);
  }
  expect_members(node, nfirst, nend - nfirst);
  ASSERT_DART_OK(dart_team_destroy(&node));
  ASSERT_DART_OK(dart_team_destroy(&quarter));
}

TEST(DartScale, LocalityTreeCounts) {
  dart_config_t cfg;
  ASSERT_DART_OK(dart_config_get(&cfg));
  const int n = test_size(), me = test_myid();
  if (cfg.units_per_node) {
    EXPECT_EQ((n + cfg.units_per_node - 1) / cfg.units_per_node, cfg.num_nodes);
  }
  // The tree: the root holds every unit, the nodes' unit counts sum to the
  // team size, each node's units are on that node, and my node (the one
  // node in full) has a leaf per unit, mine holding me.
  dart_domain_locality_t *root = nullptr;
  ASSERT_DART_OK(dart_domain_team_locality(DART_TEAM_ALL, ".", &root));
  EXPECT_EQ(n, root->num_units);
  EXPECT_EQ(int(cfg.num_nodes), root->num_nodes);
  int count = 0;
  dart_domain_locality_t **nodes = nullptr;
  ASSERT_DART_OK(dart_domain_scope_domains(root, DART_LOCALITY_SCOPE_NODE, &count, &nodes));
  ASSERT_EQ(int(cfg.num_nodes), count);
  int units = 0, mine = -1, leaves = 0;
  for (int d = 0; d < count; d++) {
    units += nodes[d]->num_units;
    if (size_t(nodes[d]->node_id) == cfg.node_id) mine = nodes[d]->num_units;
    for (int u = 0; u < nodes[d]->num_units; u++) {
      size_t node = 0;
      ASSERT_DART_OK(dart_unit_node(DART_TEAM_ALL, nodes[d]->unit_ids[u].id, &node));
      EXPECT_EQ(size_t(nodes[d]->node_id), node) << "unit " << nodes[d]->unit_ids[u].id;
    }
  }
  std::free(nodes);
  EXPECT_EQ(n, units);
  dart_domain_locality_t **cores = nullptr;
  ASSERT_DART_OK(dart_domain_scope_domains(root, DART_LOCALITY_SCOPE_CORE, &leaves, &cores));
  std::free(cores);
  EXPECT_EQ(mine, leaves);
  dart_unit_locality_t *loc = nullptr;
  ASSERT_DART_OK(dart_unit_locality(DART_TEAM_ALL, me, &loc));
  dart_domain_locality_t *leaf = nullptr;
  ASSERT_DART_OK(dart_domain_find(root, loc->domain_tag, &leaf));
  ASSERT_EQ(1, leaf->num_units);
  EXPECT_EQ(me, leaf->unit_ids[0].id);
  ASSERT_DART_OK(dart_team_locality_finalize(DART_TEAM_ALL));
}

TEST(DartScale, LockOnTheWholeTeamCountsExactly) {
  // Every unit at once runs one critical section, a plain get, increment
  // and put of a counter on the last unit: the count is exact only if the
  // lock excludes. (One each: a hand-off between virtual nodes takes
  // ~0.2 s at 64 units, as it waits for two units to be scheduled.)
  const int n = test_size();
  dart_lock_t lock;
  ASSERT_DART_OK(dart_team_lock_init(DART_TEAM_ALL, &lock));
  dart_gptr_t g;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int64_t), &g));
  dart_gptr_t ctr = at_unit(g, DART_TEAM_ALL, n - 1);
  int64_t *mine = nullptr;
  ASSERT_DART_OK(dart_gptr_getaddr(at_unit(g, DART_TEAM_ALL, test_myid()), reinterpret_cast<void **>(&mine)));
  *mine = 0;
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_lock_acquire(lock));
  int64_t c = -1;
  ASSERT_DART_OK(dart_get_blocking(&c, ctr, 1, DART_TYPE_INT64, DART_TYPE_INT64));
  c++;
  ASSERT_DART_OK(dart_put_blocking(ctr, &c, 1, DART_TYPE_INT64, DART_TYPE_INT64));
  ASSERT_DART_OK(dart_lock_release(lock));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  int64_t total = -1;
  ASSERT_DART_OK(dart_get_blocking(&total, ctr, 1, DART_TYPE_INT64, DART_TYPE_INT64));
  EXPECT_EQ(n, total);
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_team_memfree(g));
  ASSERT_DART_OK(dart_team_lock_destroy(&lock));
}

}  // namespace
