// Teams: creation by split, translation, nesting, lookup, id uniqueness,
// and many create/destroy cycles.
#include <set>
#include <vector>

#include "dart_test.h"

TEST(Team, AllTeam) {
  dart_unit_t id;
  size_t n;
  ASSERT_DART_OK(dart_team_myid(DART_TEAM_ALL, &id));
  ASSERT_DART_OK(dart_team_size(DART_TEAM_ALL, &n));
  EXPECT_EQ(test_myid(), id);
  EXPECT_EQ(static_cast<size_t>(test_size()), n);
  dart_team_t parent;
  ASSERT_DART_OK(dart_team_get_parent(DART_TEAM_ALL, &parent));
  EXPECT_EQ(DART_TEAM_NULL, parent);
  dart_team_t all = DART_TEAM_ALL;
  EXPECT_EQ(DART_ERR_INVAL, dart_team_destroy(&all));
  EXPECT_EQ(DART_ERR_INVAL, dart_team_myid(12345, &id));
}

TEST(Team, SplitTranslatesIds) {
  int n = test_size(), me = test_myid();
  dart_team_t t = split(DART_TEAM_ALL, 2);
  ASSERT_NE(DART_TEAM_NULL, t);
  int first = me < (n + 1) / 2 ? 0 : (n + 1) / 2;
  int size = me < (n + 1) / 2 ? (n + 1) / 2 : n / 2;
  dart_unit_t rel, abs;
  size_t tsize;
  ASSERT_DART_OK(dart_team_myid(t, &rel));
  ASSERT_DART_OK(dart_team_size(t, &tsize));
  EXPECT_EQ(me - first, rel);
  EXPECT_EQ(static_cast<size_t>(size), tsize);
  for (int r = 0; r < size; r++) {
    ASSERT_DART_OK(dart_team_unit_l2g(t, r, &abs));
    EXPECT_EQ(first + r, abs);
    ASSERT_DART_OK(dart_team_unit_g2l(t, first + r, &rel));
    EXPECT_EQ(r, rel);
  }
  EXPECT_EQ(DART_ERR_INVAL, dart_team_unit_l2g(t, size, &abs));
  if (n > 1) {
    int outsider = first == 0 ? n - 1 : 0;
    EXPECT_EQ(DART_ERR_NOTFOUND, dart_team_unit_g2l(t, outsider, &rel));
    EXPECT_EQ(DART_UNDEFINED_UNIT_ID, rel);
  }
  dart_team_t parent;
  ASSERT_DART_OK(dart_team_get_parent(t, &parent));
  EXPECT_EQ(DART_TEAM_ALL, parent);
  dart_group_t g;
  ASSERT_DART_OK(dart_team_get_group(t, &g));
  size_t gsize;
  dart_group_size(g, &gsize);
  EXPECT_EQ(tsize, gsize);
  dart_group_destroy(&g);
  ASSERT_DART_OK(dart_barrier(t));
  dart_team_t old = t;
  ASSERT_DART_OK(dart_team_destroy(&t));
  EXPECT_EQ(DART_TEAM_NULL, t);
  EXPECT_EQ(DART_ERR_INVAL, dart_barrier(old));  // destroyed: lookup fails
}

TEST(Team, NestedSplitsToDepth) {
  std::vector<dart_team_t> chain{DART_TEAM_ALL};
  for (int depth = 0; depth < 3; depth++) {
    size_t n;
    dart_team_size(chain.back(), &n);
    dart_team_t t = split(chain.back(), n > 1 ? 2 : 1);
    ASSERT_NE(DART_TEAM_NULL, t);
    dart_team_t parent;
    dart_team_get_parent(t, &parent);
    EXPECT_EQ(chain.back(), parent);
    chain.push_back(t);
  }
  size_t n;
  dart_team_size(chain.back(), &n);
  EXPECT_EQ(1u, n > 1 ? 1u : n);  // at most 4 units: depth 2 already singletons
  for (size_t i = chain.size() - 1; i > 0; i--) ASSERT_DART_OK(dart_team_destroy(&chain[i]));
}

TEST(Team, BadGroupFailsOnEveryUnit) {
  dart_team_t t;
  // A NULL group on every unit (a group outside the parent is the same path).
  EXPECT_EQ(DART_ERR_INVAL, dart_team_create(DART_TEAM_ALL, nullptr, &t));
  EXPECT_EQ(DART_ERR_INVAL, dart_team_create(DART_TEAM_ALL, nullptr, nullptr));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));  // still usable
}

// Ids are never reused, and many cycles neither leak communicators nor slots.
TEST(Team, ManyCreateDestroyCyclesWithUniqueIds) {
  int cycles = test_iterations(10000, 200);
  dart_group_t g;
  dart_team_get_group(DART_TEAM_ALL, &g);
  std::set<dart_team_t> seen;
  for (int i = 0; i < cycles; i++) {
    dart_team_t t;
    ASSERT_DART_OK(dart_team_create(DART_TEAM_ALL, g, &t));
    ASSERT_TRUE(seen.insert(t).second) << "team id reused at cycle " << i;
    ASSERT_DART_OK(dart_team_destroy(&t));
  }
  dart_group_destroy(&g);
}

// Live teams share the slot table: many at once, then all destroyed.
TEST(Team, ManyLiveTeams) {
  dart_group_t g;
  dart_team_get_group(DART_TEAM_ALL, &g);
  std::vector<dart_team_t> teams(test_iterations(500, 50));
  for (auto &t : teams) ASSERT_DART_OK(dart_team_create(DART_TEAM_ALL, g, &t));
  for (auto &t : teams) {
    size_t n;
    ASSERT_DART_OK(dart_team_size(t, &n));
    EXPECT_EQ(static_cast<size_t>(test_size()), n);
  }
  for (auto &t : teams) ASSERT_DART_OK(dart_team_destroy(&t));
  dart_group_destroy(&g);
}
