// dash::HashLocal: every key maps to the calling unit; in an UnorderedMap
// (DASH's default Hash) keys are stored where inserted and, after
// barrier(), found by every unit.
#include <map>

#include "dash_test.h"

namespace {

TEST(HashPolicy, HashLocalMapsEveryKeyToTheCallingUnit) {
  dash::HashLocal<int> hash(dash::Team::All());
  EXPECT_EQ(hash(0), dash::Team::All().myid());
  EXPECT_EQ(hash(12345), dash::Team::All().myid());
  EXPECT_EQ(dash::HashLocal<long>()(7), dash::team_unit_t{DART_UNDEFINED_UNIT_ID});
}

TEST(HashPolicy, HashLocalMapStoresOnTheInsertingUnit) {
  int me = static_cast<int>(dash::myid());
  int p = static_cast<int>(dash::size());
  dash::UnorderedMap<int, int, dash::HashLocal<int>> map;
  // Each unit inserts its own keys 100 * me + i.
  for (int i = 0; i < 3; ++i) map.insert({100 * me + i, me});
  map.barrier();
  EXPECT_EQ(map.size(), static_cast<std::size_t>(3 * p));
  // Lookups see the calling unit's own keys.
  for (int i = 0; i < 3; ++i) {
    auto it = map.find(100 * me + i);
    ASSERT_NE(it, map.end());
    EXPECT_EQ(static_cast<int>((*it).second), me);
  }
  // ... and, after the commit, those of the other units.
  for (int u = 0; u < p; ++u) {
    auto it = map.find(100 * u + 2);
    ASSERT_NE(it, map.end());
    EXPECT_EQ(static_cast<int>((*it).second), u);
    EXPECT_EQ(it.lpos().unit, dash::team_unit_t{u});
  }
  EXPECT_EQ(map.count(100 * p), 0u);
  // Every entry lives on the unit that inserted it, visible by iteration.
  std::map<int, int> seen;
  for (auto it = map.begin(); it != map.end(); ++it) {
    std::pair<int, int> kv = *it;
    seen[kv.first] = kv.second;
    EXPECT_EQ(it.lpos().unit, dash::team_unit_t{kv.second});
  }
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(3 * p));
  map.barrier();
}

}  // namespace
