// Stale global pointers and mismatched collectives (issue 24, defects 1
// and 2): a pointer into a freed segment or a destroyed team must stay an
// error however often ids are reused, and a collective whose units pass
// different arguments must fail on every unit instead of hanging.
#include <cstdint>
#include <cstring>
#include <vector>

#include "dart_test.h"

// Internal hook (dart/src/segment.c): advances the calling unit's segment
// handle counter by n, so that a test reaches a handle's wrap-around
// without allocating billions of times. Every unit must pass the same n.
// Weak: a runtime without it fails SegmentHandleArithmetic instead of the
// link.
extern "C" void dart__segment_counter_advance(uint64_t n) __attribute__((weak));

namespace {

dart_group_t all_units() {
  dart_group_t g;
  dart_group_create(&g);
  for (int u = 0; u < test_size(); u++) dart_group_addmember(g, u);
  return g;
}

}  // namespace

TEST(Stale, PointerIntoDestroyedTeamStaysAnErrorAcrossManyTeams) {
  // The first team's pointer is kept after the team is destroyed; every
  // later team takes the same place in the team table, and every fourth
  // allocates a segment of the same size (segments cost windows: the
  // others keep the loop short). The stale pointer must never reach it
  // (the runtime once accepted it after 16 teams: a 4-bit slot generation).
  const int cycles = test_iterations(64, 20);
  dart_group_t g = all_units();
  dart_team_t t;
  ASSERT_DART_OK(dart_team_create(DART_TEAM_ALL, g, &t));
  dart_gptr_t stale;
  ASSERT_DART_OK(dart_team_memalloc_aligned(t, sizeof(int), &stale));
  ASSERT_DART_OK(dart_team_destroy(&t));
  stale.unitid = test_myid();
  int accepted = 0;
  for (int i = 0; i < cycles; i++) {
    ASSERT_DART_OK(dart_team_create(DART_TEAM_ALL, g, &t));
    if (i % 4 != 3) {
      ASSERT_DART_OK(dart_team_destroy(&t));
      continue;
    }
    dart_gptr_t fresh;
    ASSERT_DART_OK(dart_team_memalloc_aligned(t, sizeof(int), &fresh));
    fresh.unitid = test_myid();
    int v = i;
    ASSERT_DART_OK(dart_put_blocking(fresh, &v, 1, DART_TYPE_INT, DART_TYPE_INT));
    int bad = -1;
    if (dart_put_blocking(stale, &bad, 1, DART_TYPE_INT, DART_TYPE_INT) == DART_OK) accepted++;
    int back = -2;
    ASSERT_DART_OK(dart_get_blocking(&back, fresh, 1, DART_TYPE_INT, DART_TYPE_INT));
    EXPECT_EQ(i, back) << "cycle " << i << ": the stale pointer wrote into the new team's segment";
    ASSERT_DART_OK(dart_team_memfree(fresh));
    ASSERT_DART_OK(dart_team_destroy(&t));
  }
  EXPECT_EQ(0, accepted);
  dart_group_destroy(&g);
}

TEST(Stale, FreedSegmentStaysAnErrorAcrossManyAllocations) {
  // Allocate and free in a loop on one team: the first segment's pointer
  // never reaches a later one.
  const int cycles = test_iterations(200, 20);
  dart_gptr_t stale;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int), &stale));
  ASSERT_DART_OK(dart_team_memfree(stale));
  stale.unitid = test_myid();
  int accepted = 0;
  for (int i = 0; i < cycles; i++) {
    dart_gptr_t fresh;
    ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int), &fresh));
    int v = 0;
    if (dart_put_blocking(stale, &v, 1, DART_TYPE_INT, DART_TYPE_INT) == DART_OK) accepted++;
    ASSERT_DART_OK(dart_team_memfree(fresh));
  }
  EXPECT_EQ(0, accepted);
}

TEST(Stale, SegmentHandleArithmetic) {
  // A pointer's (flags, segid) is a 32-bit handle from a counter that only
  // grows: the table index (segid) comes back every 2^16 allocations with
  // other flags, and the whole handle only after 2^32. The hook skips the
  // counter forward on every unit alike.
  ASSERT_NE(nullptr, &dart__segment_counter_advance) << "the runtime has no segment handle counter";
  dart_gptr_t a;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int), &a));
  ASSERT_DART_OK(dart_team_memfree(a));  // a below is not at index 1 (index 0 is skipped)
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int), &a));
  a.unitid = test_myid();
  int v = 7;
  ASSERT_DART_OK(dart_put_blocking(a, &v, 1, DART_TYPE_INT, DART_TYPE_INT));
  ASSERT_DART_OK(dart_team_memfree(a));

  // Same index (segid), one turn of the index space later: other flags.
  dart__segment_counter_advance((1u << 16) - 1);
  dart_gptr_t b;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int), &b));
  b.unitid = test_myid();
  EXPECT_EQ(a.segid, b.segid);
  EXPECT_NE(a.flags, b.flags);
  EXPECT_EQ(DART_ERR_NOTFOUND, dart_put_blocking(a, &v, 1, DART_TYPE_INT, DART_TYPE_INT));
  ASSERT_DART_OK(dart_put_blocking(b, &v, 1, DART_TYPE_INT, DART_TYPE_INT));
  ASSERT_DART_OK(dart_team_memfree(b));

  // Just before the whole handle comes round: still different.
  dart__segment_counter_advance((uint64_t{1} << 32) - (1u << 16) - 2);
  dart_gptr_t c;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int), &c));
  EXPECT_FALSE(c.segid == a.segid && c.flags == a.flags);
  ASSERT_DART_OK(dart_team_memfree(c));
  // Exactly 2^32 counter steps after a: the same handle (the documented
  // limit: a stale pointer can match again only after 2^32 allocations).
  dart_gptr_t d;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int), &d));
  EXPECT_EQ(a.segid, d.segid);
  EXPECT_EQ(a.flags, d.flags);
  ASSERT_DART_OK(dart_team_memfree(d));

  // A segment that lives while the index space turns over keeps its index:
  // the next handles skip it on every unit.
  dart_gptr_t keep;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int), &keep));
  keep.unitid = test_myid();
  ASSERT_DART_OK(dart_put_blocking(keep, &v, 1, DART_TYPE_INT, DART_TYPE_INT));
  dart__segment_counter_advance((1u << 16) - 1);
  dart_gptr_t next;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int), &next));
  EXPECT_NE(keep.segid, next.segid);
  // keep is now more than a turn old: the next allocation finds the next
  // collision by scanning the table, and is free on the first try.
  dart_gptr_t third;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int), &third));
  EXPECT_NE(keep.segid, third.segid);
  EXPECT_NE(next.segid, third.segid);
  ASSERT_DART_OK(dart_team_memfree(third));
  int back = 0;
  ASSERT_DART_OK(dart_get_blocking(&back, keep, 1, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_EQ(7, back);
  ASSERT_DART_OK(dart_team_memfree(next));
  ASSERT_DART_OK(dart_team_memfree(keep));
}

TEST(Stale, MemfreeOfFreedPointerOnOneUnitFailsOnEveryUnit) {
  // Unit 0 frees a pointer it already freed, the others a live segment.
  // dart_team_memfree is local: unit 0 gets DART_ERR_NOTFOUND at once,
  // every unit gets DART_ERR_INVAL at the team's next allocation (none
  // waits forever), and the runtime stays usable: the allocation after it
  // works and moves data.
  if (test_size() < 2) GTEST_SKIP() << "needs two units";
  dart_gptr_t old, live;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int), &old));
  ASSERT_DART_OK(dart_team_memfree(old));
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int), &live));
  EXPECT_EQ(test_myid() == 0 ? DART_ERR_NOTFOUND : DART_OK, dart_team_memfree(test_myid() == 0 ? old : live));
  dart_gptr_t g;
  EXPECT_EQ(DART_ERR_INVAL, dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int), &g));
  EXPECT_NE(nullptr, std::strstr(dart_last_error(), "freed different segments"));
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int), &g));
  dart_gptr_t next = g;
  next.unitid = (test_myid() + 1) % test_size();
  int v = 3 + test_myid(), back = 0;
  ASSERT_DART_OK(dart_put_blocking(next, &v, 1, DART_TYPE_INT, DART_TYPE_INT));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  dart_gptr_t mine = g;
  mine.unitid = test_myid();
  ASSERT_DART_OK(dart_get_blocking(&back, mine, 1, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_EQ(3 + (test_myid() + test_size() - 1) % test_size(), back);
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_team_memfree(g));
  if (test_myid() == 0) {
    ASSERT_DART_OK(dart_team_memfree(live));  // unit 0 frees one more segment than the others
  }
  EXPECT_EQ(DART_ERR_INVAL, dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int), &g))
      << "unit 0 freed one more segment than the others";
}

TEST(Stale, MismatchedFreesFailAtTeamDestroy) {
  // Units free different segments of a sub-team, then destroy it: the
  // destroy reports the mismatch on every unit (and frees everything).
  if (test_size() < 2) GTEST_SKIP() << "needs two units";
  dart_group_t all = all_units();
  dart_team_t team;
  ASSERT_DART_OK(dart_team_create(DART_TEAM_ALL, all, &team));
  dart_group_destroy(&all);
  dart_gptr_t a, b;
  ASSERT_DART_OK(dart_team_memalloc_aligned(team, 64, &a));
  ASSERT_DART_OK(dart_team_memalloc_aligned(team, 64, &b));
  ASSERT_DART_OK(dart_team_memfree(test_myid() == 0 ? a : b));
  EXPECT_EQ(DART_ERR_INVAL, dart_team_destroy(&team));
  EXPECT_NE(nullptr, std::strstr(dart_last_error(), "dart_team_destroy: units freed different segments"));
  EXPECT_EQ(DART_TEAM_NULL, team);
}

TEST(Stale, TeamCreateWithDifferentGroupsFailsOnEveryUnit) {
  // Unit 0 passes a group of itself alone, the others all units: every
  // unit gets DART_ERR_INVAL and no team; a matching call then works.
  if (test_size() < 2) GTEST_SKIP() << "needs two units";
  dart_group_t all = all_units(), g;
  if (test_myid() == 0) {
    dart_group_create(&g);
    dart_group_addmember(g, 0);
  } else {
    g = all_units();
  }
  dart_team_t t = 12345;
  EXPECT_EQ(DART_ERR_INVAL, dart_team_create(DART_TEAM_ALL, g, &t));
  EXPECT_EQ(DART_TEAM_NULL, t);
  ASSERT_DART_OK(dart_team_create(DART_TEAM_ALL, all, &t));
  ASSERT_NE(DART_TEAM_NULL, t);
  EXPECT_EQ(test_size(), team_n(t));
  ASSERT_DART_OK(dart_barrier(t));
  ASSERT_DART_OK(dart_team_destroy(&t));
  dart_group_destroy(&g);
  dart_group_destroy(&all);
}
