// Runtime queries and dash::Team: All(), split to any depth, parent,
// barriers, global ids, containers on sub-teams and cleanup order.
#include <mpi.h>

#include <mutex>

#include "dash_test.h"

namespace {

TEST(Runtime, QueriesMatchMpi) {
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  EXPECT_TRUE(dash::is_initialized());
  EXPECT_EQ(dash::myid(), std::size_t(rank));
  EXPECT_EQ(dash::size(), std::size_t(size));
  dash::barrier();
  EXPECT_THROW(dash::init(nullptr, nullptr), dash::RuntimeError);
}

TEST(Team, All) {
  dash::Team &all = dash::Team::All();
  EXPECT_EQ(all.size(), dash::size());
  EXPECT_EQ(all.myid(), dash::myid());
  EXPECT_EQ(all.depth(), 0u);
  EXPECT_EQ(all.dart_id(), DART_TEAM_ALL);
  EXPECT_TRUE(all.parent().is_null());
  EXPECT_EQ(all, dash::Team::All());
  for (std::size_t u = 0; u < all.size(); ++u) EXPECT_EQ(all.global_id(dash::team_unit_t(u)), u);
  dash::Team null;
  EXPECT_TRUE(null.is_null());
  EXPECT_THROW(null.size(), dash::RuntimeError);
  EXPECT_THROW(null.barrier(), dash::RuntimeError);
  EXPECT_THROW(all.split(0), std::invalid_argument);
  all.barrier();
}

TEST(Team, SplitMakesConsecutiveParts) {
  std::size_t p = dash::size(), me = dash::myid();
  dash::Team t = dash::Team::All().split(2);
  // Sizes differ by at most one, the first part is the larger.
  std::size_t first = (p + 1) / 2;
  bool in_first = me < first;
  EXPECT_EQ(t.size(), in_first ? first : p - first);
  EXPECT_EQ(t.myid(), in_first ? me : me - first);
  EXPECT_EQ(t.depth(), 1u);
  EXPECT_EQ(t.parent(), dash::Team::All());
  EXPECT_NE(t, dash::Team::All());
  for (std::size_t u = 0; u < t.size(); ++u)
    EXPECT_EQ(t.global_id(dash::team_unit_t(u)), (in_first ? 0 : first) + u);
  t.barrier();
}

TEST(Team, NestsToAnyDepth) {
  // Halve until single units: every level consecutive and nested.
  std::size_t me = dash::myid();
  std::vector<dash::Team> chain{dash::Team::All()};
  while (chain.back().size() > 1) chain.push_back(chain.back().split(2));
  chain.push_back(chain.back().split(3));  // more parts than units
  for (std::size_t level = 1; level < chain.size(); ++level) {
    const dash::Team &t = chain[level];
    EXPECT_EQ(t.depth(), level);
    EXPECT_EQ(t.parent(), chain[level - 1]);
    EXPECT_LE(t.size(), chain[level - 1].size());
    EXPECT_EQ(t.global_id(t.myid()), me);
    for (std::size_t u = 1; u < t.size(); ++u)
      EXPECT_EQ(t.global_id(dash::team_unit_t(u)), t.global_id(dash::team_unit_t(u - 1)) + 1);
  }
  EXPECT_EQ(chain.back().size(), 1u);
  chain.back().barrier();
  // Drop the innermost teams first, as SPMD code does.
  while (chain.size() > 1) chain.pop_back();
}

TEST(Team, ContainersKeepTheirTeamAlive) {
  // The team handles go away before the array: the array keeps its team
  // (and that team its parent) until it is destroyed, then all go in order.
  dash::Array<int> arr;
  {
    dash::Team t = dash::Team::All().split(2).split(2);
    arr = dash::Array<int>(8, t);
  }
  EXPECT_EQ(arr.team().depth(), 2u);
  std::fill(arr.local.begin(), arr.local.end(), 7);
  arr.barrier();
  EXPECT_EQ(dash::count(arr.begin(), arr.end(), 7), 8u);
  arr = dash::Array<int>(4);  // frees the old one on the sub-team, then its teams
  EXPECT_EQ(arr.team(), dash::Team::All());
  arr.barrier();
}

TEST(Team, SubTeamsWorkIndependently) {
  dash::Team t = dash::Team::All().split(2);
  dash::Array<long> arr(12, t);
  dash::generate_with_index(arr.begin(), arr.end(), [](std::size_t i) { return long(i); });
  // Each part sums its own array.
  EXPECT_EQ(dash::reduce(arr.begin(), arr.end(), 0L), 66L);
  dash::Mutex mutex(t);
  dash::Shared<dash::Atomic<int>> hits(t);
  {
    std::lock_guard<dash::Mutex> lock(mutex);
    hits.get().fetch_add(1);
  }
  t.barrier();
  EXPECT_EQ(hits.get().load(), int(t.size()));
  t.barrier();
}

TEST(Team, LeafAndRootAsDash) {
  const dash::Team &all = dash::Team::All();
  EXPECT_TRUE(all.is_root());
  dash::Team &part = all.split(dash::size() > 1 ? 2 : 1);
  EXPECT_FALSE(all.is_leaf());
  EXPECT_TRUE(part.is_leaf());
  EXPECT_FALSE(part.is_root());
  all.barrier();
}

}  // namespace
