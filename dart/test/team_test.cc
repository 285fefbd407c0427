// Teams: creation by split, translation, nesting, lookup, id uniqueness,
// translation of consecutive, strided and irregular members, many
// create/destroy cycles and the limit on live teams.
#include <algorithm>
#include <cstdio>
#include <set>
#include <string>
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

// Ids are never reused, and 4,000 teams in a row at 2 units (issue 35)
// neither leak communicators nor slots.
TEST(Team, ManyCreateDestroyCyclesWithUniqueIds) {
  int cycles = test_iterations(4000, 200);
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

// Members of a team of units whose ids satisfy pick(u), ascending.
template <class Pick>
static std::vector<int> members_where(Pick pick) {
  std::vector<int> m;
  for (int u = 0; u < test_size(); u++)
    if (pick(u)) m.push_back(u);
  return m;
}

// A team of the units where pick holds (and one of the others), with
// translation checked both ways and data moved to every member through a
// collective segment: consecutive, strided and irregular member lists
// take different translations (team.h), and each must reach every member.
template <class Pick>
static void check_team_kind(Pick pick) {
  int n = test_size(), me = test_myid();
  std::vector<int> in = members_where(pick), out = members_where([&](int u) { return !pick(u); });
  const std::vector<int> &mine = pick(me) ? in : out;
  dart_group_t g;
  ASSERT_DART_OK(dart_group_create(&g));
  for (int u : mine) ASSERT_DART_OK(dart_group_addmember(g, u));
  dart_team_t t;
  ASSERT_DART_OK(dart_team_create(DART_TEAM_ALL, g, &t));
  dart_group_destroy(&g);
  int size = static_cast<int>(mine.size());
  ASSERT_EQ(size, team_n(t));
  for (int r = 0; r < size; r++) {
    dart_unit_t abs, rel;
    ASSERT_DART_OK(dart_team_unit_l2g(t, r, &abs));
    EXPECT_EQ(mine[r], abs);
    ASSERT_DART_OK(dart_team_unit_g2l(t, mine[r], &rel));
    EXPECT_EQ(r, rel);
  }
  for (int u = 0; u < n; u++) {
    if (std::count(mine.begin(), mine.end(), u)) continue;
    dart_unit_t rel;
    EXPECT_EQ(DART_ERR_NOTFOUND, dart_team_unit_g2l(t, u, &rel)) << "unit " << u;
  }
  // Every member writes its id into slot `rel` of every member's array.
  dart_gptr_t seg;
  ASSERT_DART_OK(dart_team_memalloc_aligned(t, sizeof(int) * size, &seg));
  int rel_me = team_me(t), v = 1000 + me;
  for (int r = 0; r < size; r++)
    ASSERT_DART_OK(
        dart_put_blocking(at_unit(seg, t, r, sizeof(int) * rel_me), &v, 1, DART_TYPE_INT, DART_TYPE_INT));
  ASSERT_DART_OK(dart_barrier(t));
  for (int r = 0; r < size; r++) {
    int got = -1;
    ASSERT_DART_OK(
        dart_get_blocking(&got, at_unit(seg, t, rel_me, sizeof(int) * r), 1, DART_TYPE_INT, DART_TYPE_INT));
    EXPECT_EQ(1000 + mine[r], got) << "slot " << r;
  }
  // A unit outside the team is refused, not translated to some member.
  if (n > size) {
    dart_gptr_t bad = seg;
    int outsider = pick(me) ? out[0] : in[0];
    EXPECT_EQ(DART_ERR_INVAL, dart_gptr_setunit(&bad, outsider));
    bad.unitid = outsider;
    EXPECT_NE(DART_OK, dart_put_blocking(bad, &v, 1, DART_TYPE_INT, DART_TYPE_INT));
  }
  ASSERT_DART_OK(dart_barrier(t));
  ASSERT_DART_OK(dart_team_memfree(seg));
  ASSERT_DART_OK(dart_team_destroy(&t));
}

TEST(Team, ConsecutiveMembersTranslateAndMoveData) {
  int n = test_size();
  check_team_kind([n](int u) { return u < (n + 1) / 2; });
}

TEST(Team, StridedMembersTranslateAndMoveData) {
  check_team_kind([](int u) { return u % 2 == 0; });
}

TEST(Team, IrregularMembersTranslateAndMoveData) {
  // {0, 1, 3} at 4 units: neither consecutive nor strided (hashed).
  check_team_kind([](int u) { return u != 2; });
}

// A team's whole life, 4,000 times in a row at 1 unit (more than MPI's
// ~2,000 communicators: a leaked one would show) and 300 at 2: communicator,
// memory (windows) and a lock each time; nothing may pile up.
TEST(Team, CreateUseDestroyThousandsInARow) {
  int cycles = test_size() == 1 ? test_iterations(4000, 300) : test_iterations(300, 30);
  dart_group_t g;
  dart_team_get_group(DART_TEAM_ALL, &g);
  for (int i = 0; i < cycles; i++) {
    dart_team_t t;
    ASSERT_DART_OK(dart_team_create(DART_TEAM_ALL, g, &t)) << "cycle " << i;
    dart_gptr_t seg;
    ASSERT_DART_OK(dart_team_memalloc_aligned(t, 64, &seg)) << "cycle " << i;
    dart_lock_t lock;
    ASSERT_DART_OK(dart_team_lock_init(t, &lock)) << "cycle " << i;
    ASSERT_DART_OK(dart_lock_acquire(lock));
    int v = i;
    ASSERT_DART_OK(dart_put_blocking(at_unit(seg, t, 0), &v, 1, DART_TYPE_INT, DART_TYPE_INT));
    ASSERT_DART_OK(dart_lock_release(lock));
    ASSERT_DART_OK(dart_team_lock_destroy(&lock));
    ASSERT_DART_OK(dart_team_memfree(seg));
    ASSERT_DART_OK(dart_team_destroy(&t)) << "cycle " << i;
  }
  dart_group_destroy(&g);
}

// The limit on live teams (docs/design.md): DART's 2,047 slots, or MPI's
// communicators before that. Reaching it is a clear error on every unit,
// and the runtime stays usable. At most 2 units: 2,000 creations on
// oversubscribed cores take minutes.
// Live teams that hold memory: their node memory needs no communicator
// (shm.h), so the limit is DART's slots when the team is within one node;
// a team spanning nodes adds the one its MPI window keeps (MPICH dups the
// communicator). Every team keeps its value to the end.
TEST(Team, LiveTeamsWithMemoryLimitIsMeasured) {
  if (test_size() > 2) GTEST_SKIP() << "2,000 team creations on oversubscribed cores";
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "2,000 team creations under AddressSanitizer (the mpich and openmpi stages run it)";
#endif
  dart_group_t g;
  dart_team_get_group(DART_TEAM_ALL, &g);
  struct live {
    dart_team_t team;
    dart_gptr_t mem;
  };
  std::vector<live> teams;
  dart_ret_t r = DART_OK;
  while (teams.size() < 4096) {
    live l{DART_TEAM_NULL, DART_GPTR_NULL};
    if ((r = dart_team_create(DART_TEAM_ALL, g, &l.team)) != DART_OK) break;
    if ((r = dart_team_memalloc_aligned(l.team, sizeof(int), &l.mem)) != DART_OK) {
      ASSERT_DART_OK(dart_team_destroy(&l.team));
      break;
    }
    int v = (int)teams.size() * 10 + test_myid();
    dart_gptr_t mine = l.mem;
    dart_gptr_setunit(&mine, test_myid());
    ASSERT_DART_OK(dart_put_blocking(mine, &v, 1, DART_TYPE_INT, DART_TYPE_INT));
    teams.push_back(l);
  }
  EXPECT_NE(DART_OK, r);
  EXPECT_NE(std::string(dart_last_error()), "");
  if (test_myid() == 0)
    std::printf("[ live teams ] %zu teams with memory alive at the limit (%s): %s\n", teams.size(),
                test_nodes() > 1 ? "spanning nodes" : "one node", dart_last_error());
  EXPECT_GE(teams.size(), test_nodes() > 1 ? 1000u : 2000u);  // documented in docs/design.md
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  int peer = (test_myid() + 1) % test_size();
  for (size_t i = 0; i < teams.size(); i++) {
    int v = -1;
    dart_gptr_t p = teams[i].mem;
    dart_gptr_setunit(&p, peer);
    ASSERT_DART_OK(dart_get_blocking(&v, p, 1, DART_TYPE_INT, DART_TYPE_INT));
    ASSERT_EQ((int)i * 10 + peer, v) << "team " << i;
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  for (auto &l : teams) {
    ASSERT_DART_OK(dart_team_memfree(l.mem));
    ASSERT_DART_OK(dart_team_destroy(&l.team));
  }
  dart_group_destroy(&g);
}

TEST(Team, LiveTeamLimitIsAnErrorAndMeasured) {
  if (test_size() > 2) GTEST_SKIP() << "2,000 team creations on oversubscribed cores";
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "2,000 team creations under AddressSanitizer (the mpich and openmpi stages run it)";
#endif
  dart_group_t g;
  dart_team_get_group(DART_TEAM_ALL, &g);
  std::vector<dart_team_t> teams;
  dart_ret_t r = DART_OK;
  while (teams.size() < 4096) {
    dart_team_t t;
    if ((r = dart_team_create(DART_TEAM_ALL, g, &t)) != DART_OK) break;
    teams.push_back(t);
  }
  EXPECT_NE(DART_OK, r);
  EXPECT_NE(std::string(dart_last_error()), "");
  if (test_myid() == 0)
    std::printf("[ live teams ] %zu teams alive at the limit: %s\n", teams.size(), dart_last_error());
  EXPECT_GE(teams.size(), 2000u);  // documented in docs/design.md
  EXPECT_LE(teams.size(), 2047u);
  for (auto &t : teams) ASSERT_DART_OK(dart_team_destroy(&t));
  dart_team_t t;
  ASSERT_DART_OK(dart_team_create(DART_TEAM_ALL, g, &t));
  ASSERT_DART_OK(dart_barrier(t));
  ASSERT_DART_OK(dart_team_destroy(&t));
  dart_group_destroy(&g);
}
