// Collective allocation is checked against the memory of the whole machine
// in every node mode: with DART_UNITS_PER_NODE=1 each unit is a node of
// its own, yet the units of one machine share its RAM and /dev/shm, so a
// request that fits once per node but not once per unit of the machine
// must fail (DART_ERR_NOMEM on every unit) instead of overcommitting.
#include <cstring>
#include <string>

#include "dart_test.h"

extern "C" void dart__set_node_memory(size_t bytes);

namespace {
constexpr size_t kRequest = size_t{32} << 20;  // above DART_TEAM_POOL: a chunk of its own

// The machine "has" `bytes` for the duration of the scope.
struct FakeNodeMemory {
  explicit FakeNodeMemory(size_t bytes) { dart__set_node_memory(bytes); }
  ~FakeNodeMemory() { dart__set_node_memory(0); }
};
}  // namespace

TEST(NodeMemory, ChunkIsCheckedAgainstAllUnitsOfTheMachine) {
  // Room for one and a half requests: one unit fits, two on one machine
  // do not, whether they form one node or several virtual ones.
  FakeNodeMemory fake(kRequest + kRequest / 2);
  dart_gptr_t g = DART_GPTR_NULL;
  dart_ret_t r = dart_team_memalloc_aligned(DART_TEAM_ALL, kRequest, &g);
  if (test_size() == 1) {
    ASSERT_DART_OK(r);
    ASSERT_DART_OK(dart_team_memfree(g));
  } else {
    EXPECT_EQ(DART_ERR_NOMEM, r);
    EXPECT_NE(nullptr, std::strstr(dart_last_error(), "units of this machine")) << dart_last_error();
    int machine_units = test_size();
    std::string expected = "each of " + std::to_string(machine_units) + " units";
    EXPECT_NE(nullptr, std::strstr(dart_last_error(), expected.c_str())) << dart_last_error();
  }
}

TEST(NodeMemory, OnlyTheTeamsUnitsCount) {
  // Two teams of half the units each: a team's chunk needs room for its own
  // units on the machine, not for every unit of the run.
  if (test_size() < 2) GTEST_SKIP() << "needs two teams";
  dart_team_t half = split(DART_TEAM_ALL, 2);
  size_t members = 0;
  dart_team_size(half, &members);
  dart_gptr_t g = DART_GPTR_NULL;
  {
    FakeNodeMemory fake(kRequest * members + kRequest / 2);
    ASSERT_DART_OK(dart_team_memalloc_aligned(half, kRequest, &g));
  }
  ASSERT_DART_OK(dart_team_memfree(g));
  ASSERT_DART_OK(dart_team_destroy(&half));
}

TEST(NodeMemory, FittingRequestSucceedsInEveryMode) {
  FakeNodeMemory fake(kRequest * static_cast<size_t>(test_size()) + kRequest / 2);
  dart_gptr_t g = DART_GPTR_NULL;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, kRequest, &g));
  ASSERT_DART_OK(dart_team_memfree(g));
}
