// dash::UnorderedMap's hash table (number-valued Hash, map/HashTableMap.h):
// concurrent insert, find, erase and insert-or-increment from all units,
// against the totals a serial execution gives.
#include <dash/Array.h>
#include <dash/Shared.h>
#include <dash/SharedCounter.h>
#include <dash/UnorderedMap.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "dash_test.h"

namespace {

// A number-valued Hash selects the concurrent hash table.
using Map = dash::UnorderedMap<std::uint64_t, long, std::hash<std::uint64_t>>;
// The hash table with a unit-valued Hash (which, in dash::UnorderedMap,
// selects DASH's storage model: unordered_map_dash_test.cc): homes keys on
// chosen units, so the tests control where chains grow.
template <typename Key, typename Mapped, typename Hash>
using TableMap = dash::detail::HashTableMap<Key, Mapped, Hash>;

// Oversubscribed (3-4 units on 2 cores) an MPI-path operation waits for
// its target to be scheduled: a few ms each, so fewer of them there.
std::size_t iterations(std::size_t small, std::size_t large) { return dash::size() > 2 ? small : large; }

TEST(UnorderedMap, DistinctInsertsAreFoundEverywhere) {
  const std::size_t n = iterations(16, 200), p = dash::size(), me = dash::myid();
  Map map(n * p);
  EXPECT_TRUE(map.empty());
  map.barrier();
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t k = dash_test::mix(me * n + i);
    auto [it, inserted] = map.insert({k, long(me * n + i)});
    EXPECT_TRUE(inserted);
    EXPECT_EQ(it->first, k);
    EXPECT_EQ((*it).second, long(me * n + i));
  }
  map.barrier();
  EXPECT_EQ(map.size(), n * p);
  // Each unit finds the keys the next unit inserted, with their values;
  // absent keys are absent.
  for (std::size_t g = (me + 1) % p * n; g < ((me + 1) % p + 1) * n; ++g) {
    auto it = map.find(dash_test::mix(g));
    ASSERT_NE(it, map.end());
    EXPECT_EQ(it->second, long(g));
    EXPECT_EQ(map.count(dash_test::mix(g)), 1u);
    EXPECT_EQ(it.unit(), map.unit_of(dash_test::mix(g)));
  }
  EXPECT_EQ(map.count(dash_test::mix(n * p)), 0u);
  EXPECT_EQ(map.find(dash_test::mix(n * p)), map.end());
  EXPECT_THROW(map.at(dash_test::mix(n * p)), std::out_of_range);
  // A second insert of a present key changes nothing.
  auto again = map.insert({dash_test::mix(me), -1});
  EXPECT_FALSE(again.second);
  EXPECT_EQ(again.first->second, long(me));
  // The local parts: plain memory, together every entry once.
  long local_sum = 0;
  std::size_t local_n = 0;
  for (auto &kv : map.local) {
    EXPECT_EQ(kv.first, dash_test::mix(std::uint64_t(kv.second)));
    local_sum += kv.second;
    ++local_n;
  }
  EXPECT_EQ(local_n, map.lsize());
  dash::Array<long> sums(p);
  sums.local[0] = local_sum;
  map.barrier();
  if (me == 0) {
    long total = 0;
    for (std::size_t u = 0; u < p; ++u) total += sums[u];
    EXPECT_EQ(total, long(n * p * (n * p - 1) / 2));
    // The global iterator walks every entry once.
    std::size_t count = 0;
    long sum = 0;
    for (auto it = map.begin(); it != map.end(); ++it) {
      ++count;
      sum += it->second;
    }
    EXPECT_EQ(count, n * p);
    EXPECT_EQ(sum, total);
  }
  map.barrier();
}

TEST(UnorderedMap, SameKeyFromAllUnitsInsertsOnce) {
  const std::size_t m = iterations(16, 150);
  Map map(m);
  dash::SharedCounter<long> wins;
  for (std::size_t k = 0; k < m; ++k)
    if (map.insert({k, long(dash::myid())}).second) wins.inc(1);
  map.barrier();
  EXPECT_EQ(wins.get(), long(m));
  EXPECT_EQ(map.size(), m);
  for (std::size_t k = 0; k < m; ++k) {
    long v = map.find(k)->second;
    EXPECT_TRUE(v >= 0 && v < long(dash::size()));
  }
  map.barrier();
}

TEST(UnorderedMap, InsertOrIncrementIsExact) {
  // The k-mer count pattern: every unit counts the same stream of keys.
  const std::size_t n = iterations(24, 300), keys = 17;
  Map map(keys);
  for (std::size_t i = 0; i < n; ++i) map[i % keys] += 1;
  map.barrier();
  EXPECT_EQ(map.size(), keys);
  for (std::size_t k = 0; k < keys; ++k) {
    long expected = long(dash::size()) * long(n / keys + (k < n % keys ? 1 : 0));
    EXPECT_EQ(long(map[k]), expected) << "key " << k;
    EXPECT_EQ(long(map.at(k)), expected);
  }
  map.barrier();
}

TEST(UnorderedMap, EraseWhileOthersFind) {
  const std::size_t n = iterations(16, 120), p = dash::size(), me = dash::myid();
  Map map(n);
  if (me == 0)
    for (std::size_t k = 0; k < n; ++k) map.insert({k, long(k)});
  map.barrier();
  // All units erase every even key at once (each erased exactly once) while
  // they look up the odd ones, which must stay found with their values.
  dash::SharedCounter<long> erased;
  for (std::size_t k = 0; k < n; ++k) {
    if (k % 2 == 0) {
      erased.inc(long(map.erase(k)));
    } else {
      auto it = map.find(k);
      ASSERT_NE(it, map.end());
      EXPECT_EQ(it->second, long(k));
    }
  }
  map.barrier();
  EXPECT_EQ(erased.get(), long((n + 1) / 2));
  EXPECT_EQ(map.size(), n / 2);
  for (std::size_t k = 0; k < n; ++k) EXPECT_EQ(map.count(k), k % 2);
  map.barrier();
  // Re-inserting an erased key revives its slot, once.
  dash::SharedCounter<long> revived;
  if (map.insert({0, long(100 + me)}).second) revived.inc(1);
  map.barrier();
  EXPECT_EQ(revived.get(), 1);
  EXPECT_GE(map.find(0)->second, 100);
  EXPECT_LT(map.find(0)->second, long(100 + p));
  EXPECT_EQ(map.size(), n / 2 + 1);
  map.barrier();
}

// Every key on one unit, in one probe sequence: each table of the chain
// holds only the 16 slots of that sequence, so the chain grows by a table
// per 16 keys.
struct OneSlot {
  std::size_t operator()(std::uint64_t) const { return 0; }
};

// Every key on unit 0.
struct UnitZero {
  dash::team_unit_t operator()(std::uint64_t) const { return dash::team_unit_t(0); }
};

TEST(UnorderedMap, GrowsBeyondItsInitialCapacityFromAllUnits) {
  // Room for 16 entries per unit; every unit inserts many more at once.
  const std::size_t n = iterations(24, 700), p = dash::size(), me = dash::myid();
  Map map(1);
  const std::size_t initial = map.capacity();
  EXPECT_EQ(map.local_capacity(), 16u);
  EXPECT_EQ(initial, 16 * p);
  map.barrier();  // before anyone grows it
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t k = dash_test::mix(me * n + i, 7);
    auto [it, inserted] = map.insert({k, long(me * n + i)});
    ASSERT_TRUE(inserted);
    EXPECT_EQ(it->second, long(me * n + i));
  }
  map.barrier();
  EXPECT_EQ(map.size(), n * p);
  EXPECT_GT(map.capacity(), initial);
  EXPECT_GE(map.capacity(), n * p);
  // Every unit finds the next unit's keys with their values (wherever the
  // chain put them), and absent keys are absent.
  for (std::size_t g = (me + 1) % p * n; g < ((me + 1) % p + 1) * n; ++g) {
    auto it = map.find(dash_test::mix(g, 7));
    ASSERT_NE(it, map.end()) << "key " << g;
    EXPECT_EQ(it->second, long(g));
  }
  for (std::size_t g = n * p; g < n * p + 20; ++g) EXPECT_EQ(map.count(dash_test::mix(g, 7)), 0u);
  // Local parts (base and overflow tables, plain memory): together every
  // entry once; the global iterator agrees.
  long local_sum = 0;
  std::size_t local_n = 0;
  for (auto &kv : map.local) {
    EXPECT_EQ(kv.first, dash_test::mix(std::uint64_t(kv.second), 7));
    local_sum += kv.second;
    ++local_n;
  }
  EXPECT_EQ(local_n, map.lsize());
  EXPECT_LE(local_n, map.local_capacity());
  dash::Array<long> sums(2 * p);
  sums.local[0] = local_sum;
  sums.local[1] = long(local_n);
  map.barrier();
  if (me == 0) {
    long total = 0, entries = 0;
    for (std::size_t u = 0; u < p; ++u) {
      total += sums[2 * u];
      entries += sums[2 * u + 1];
    }
    EXPECT_EQ(entries, long(n * p));
    EXPECT_EQ(total, long(n * p * (n * p - 1) / 2));
    std::size_t count = 0;
    long sum = 0;
    for (auto it = map.begin(); it != map.end(); ++it) {
      ++count;
      sum += it->second;
    }
    EXPECT_EQ(count, n * p);
    EXPECT_EQ(sum, total);
  }
  map.barrier();
}

TEST(UnorderedMap, InsertOrIncrementIsExactWhileTheMapGrows) {
  // Every unit counts the same stream of keys, all homed on unit 0, more
  // than its table has room for: the chain grows while other units
  // increment.
  const std::size_t keys = iterations(30, 300), rounds = 2, p = dash::size();
  TableMap<std::uint64_t, long, UnitZero> map(1);
  for (std::size_t r = 0; r < rounds; ++r)
    for (std::size_t i = 0; i < keys; ++i) map[dash_test::mix(i, 3)] += 1;
  map.barrier();
  EXPECT_EQ(map.size(), keys);
  EXPECT_GT(map.capacity(), 16 * p);
  for (std::size_t i = dash::myid(); i < keys; i += p)
    EXPECT_EQ(long(map.at(dash_test::mix(i, 3))), long(rounds * p)) << "key " << i;
  map.barrier();
}

TEST(UnorderedMap, OneProbeSequenceGrowsUnderContention) {
  // All units insert the same keys into one chain at once: the units race
  // for the chain's links and slots; each key is inserted exactly once.
  const std::size_t m = iterations(20, 130);
  dash::UnorderedMap<std::uint64_t, int, OneSlot> map(1);
  dash::SharedCounter<long> wins;
  for (std::size_t k = 0; k < m; ++k)
    if (map.insert({k, int(dash::myid())}).second) wins.inc(1);
  map.barrier();
  EXPECT_EQ(wins.get(), long(m));
  EXPECT_EQ(map.size(), m);
  for (std::size_t k = 0; k < m; ++k) EXPECT_EQ(map.count(k), 1u) << "key " << k;
  EXPECT_EQ(map.count(m), 0u);
  map.barrier();  // all lookups done before unit 0 erases
  // Erase and revive deep in the chain.
  if (dash::myid() == 0) {
    EXPECT_EQ(map.erase(m - 1), 1u);
    EXPECT_EQ(map.count(m - 1), 0u);
    EXPECT_TRUE(map.insert({m - 1, 77}).second);
    EXPECT_EQ(map.find(m - 1)->second, 77);
  }
  map.barrier();
  EXPECT_EQ(map.size(), m);
  map.barrier();
}

// DASH's Hash concept: key -> unit, made with the map's team (as in DASH's
// ex.02.unordered_map).
template <typename Key>
class UnitHash {
 public:
  using argument_type = Key;
  using result_type = dash::team_unit_t;
  UnitHash() = default;
  explicit UnitHash(dash::Team &team) : nunits_(team.size()) {}
  result_type operator()(const Key &key) const {
    return result_type(nunits_ ? int((key ^ 0xAA) % nunits_) : 0);
  }

 private:
  std::size_t nunits_ = 0;
};

TEST(UnorderedMap, DashApi) {
  using DMap = TableMap<int, double, UnitHash<int>>;
  const int me = int(dash::myid()), p = int(dash::size());
  const int n = 5 + me;              // different counts per unit, beyond nlbuf
  DMap map(0, me % 2 == 0 ? 5 : 7);  // DASH: (initial size, local buffer size)
  EXPECT_EQ(map.size(), 0u);
  EXPECT_EQ(map.lsize(), 0u);
  map.barrier();
  for (int i = 0; i < n; ++i) {
    int key = 100 * (me + 1) + i;
    DMap::value_type value = std::make_pair(key, (me + 1) + (i + 1) * 0.001);
    auto insertion = map.insert(value);
    EXPECT_TRUE(insertion.second);
    EXPECT_EQ(map.count(key), 1u);
    map[key] = value.second + 400;
    DMap::iterator it = map.find(key);
    ASSERT_NE(it, map.end());
    DMap::value_type read = *it;
    EXPECT_EQ(read.first, key);
    EXPECT_EQ(read.second, value.second + 400);
    // The Hash places the key; lpos() is (unit, index in its storage).
    auto lpos = it.lpos();
    EXPECT_EQ(lpos.unit, dash::team_unit_t((key ^ 0xAA) % p));
    EXPECT_EQ(lpos.unit, map.hash_function()(key));
    EXPECT_EQ(lpos.index, insertion.first.lpos().index);
    EXPECT_EQ(it.is_local(), lpos.unit == map.team().myid());
  }
  map.barrier();
  const std::size_t total = std::size_t(p * 5 + p * (p - 1) / 2);
  EXPECT_EQ(map.size(), total);
  // Entries with their units and indices: the global walk gives each once,
  // the local walk and lsize() the calling unit's.
  std::size_t walked = 0, mine = 0;
  std::vector<std::pair<int, long>> positions;
  for (auto it = map.begin(); it != map.end(); ++it) {
    DMap::value_type kv = *it;
    auto lpos = it.lpos();
    EXPECT_EQ(lpos.unit, dash::team_unit_t((kv.first ^ 0xAA) % p));
    int owner = kv.first / 100 - 1, i = kv.first % 100;
    EXPECT_DOUBLE_EQ(kv.second, (owner + 1) + (i + 1) * 0.001 + 400);
    positions.emplace_back(int(lpos.unit.id), long(lpos.index));
    mine += lpos.unit == map.team().myid();
    ++walked;
  }
  EXPECT_EQ(walked, total);
  EXPECT_TRUE(std::is_sorted(positions.begin(), positions.end()));
  EXPECT_EQ(std::adjacent_find(positions.begin(), positions.end()), positions.end());
  std::size_t local_n = 0;
  for (auto it = map.lbegin(); it != map.lend(); ++it) {
    EXPECT_EQ(map.hash_function()(it->first), map.team().myid());
    ++local_n;
  }
  EXPECT_EQ(local_n, mine);
  EXPECT_EQ(map.lsize(), mine);
  map.barrier();
}

// ---- barrier(): DASH's commit moves every entry to its home unit ----

using HMap = TableMap<std::uint64_t, long, UnitHash<std::uint64_t>>;

// The g-th key of a test, homed by UnitHash on unit `home` of p.
std::uint64_t key_on(std::size_t g, std::size_t home, std::size_t p) {
  return std::uint64_t(g * p + home) ^ 0xAA;
}

// After barrier(), keys key_of(0 .. nkeys-1) with values value_of(g): every
// unit finds every key (with `stride`, the keys g % stride == myid %
// stride) with its value on its home unit (lpos().unit == home_of(key));
// the calling unit's local view (map.local, lbegin..lend, lsize) holds
// exactly the keys homed on it; local sizes add up to size(); the global
// walk (by unit `walker`) shows every entry once, on its home unit.
template <typename M, typename KeyOf, typename ValueOf, typename HomeOf>
void expect_every_entry_at_home(const M &map, std::size_t nkeys, KeyOf key_of, ValueOf value_of,
                                HomeOf home_of, std::size_t stride = 1, std::size_t walker = 0) {
  const std::size_t p = dash::size(), me = dash::myid();
  ASSERT_EQ(map.size(), nkeys);
  std::size_t mine = 0;
  for (std::size_t g = 0; g < nkeys; ++g) {
    std::uint64_t key = key_of(g);
    std::size_t home = home_of(key);
    mine += home == me;
    if (g % stride != me % stride) continue;
    auto it = map.find(key);
    ASSERT_NE(it, map.end()) << "key " << g;
    EXPECT_EQ(it->second, value_of(g)) << "key " << g;
    EXPECT_EQ(std::size_t(it.lpos().unit.id), home) << "key " << g;
    EXPECT_EQ(it.is_local(), home == me);
  }
  std::size_t viewed = 0, walked = 0;
  for (auto &kv : map.local) {
    EXPECT_EQ(home_of(kv.first), me);
    ++viewed;
  }
  for (auto it = map.lbegin(); it != map.lend(); ++it) {
    EXPECT_EQ(home_of(it->first), me);
    ++walked;
  }
  EXPECT_EQ(viewed, mine);
  EXPECT_EQ(walked, mine);
  EXPECT_EQ(map.lsize(), mine);
  dash::Array<long> sizes(p);
  sizes.local[0] = long(map.lsize());
  dash::barrier();
  if (me == walker) {
    long total = 0;
    for (std::size_t u = 0; u < p; ++u) total += sizes[u];
    EXPECT_EQ(total, long(nkeys));
    std::size_t count = 0;
    for (auto it = map.begin(); it != map.end(); ++it) {
      EXPECT_EQ(std::size_t(it.lpos().unit.id), home_of(it->first));
      ++count;
    }
    EXPECT_EQ(count, nkeys);
  }
  dash::barrier();
}

TEST(UnorderedMap, BarrierMovesEveryEntryToItsHashUnit) {
  // 16 slots per unit. In round 0 every unit inserts n0 keys homed on the
  // next unit (more than its table holds: the inserting unit, the only one
  // inserting there, grows that unit's chain in its own memory); in round
  // 1, 4 * n0 keys homed on the previous unit (more than the chains have
  // room for: they grow again).
  const std::size_t n0 = iterations(20, 200), n1 = 4 * n0, p = dash::size(), me = dash::myid();
  HMap map(1);
  EXPECT_EQ(map.local_capacity(), 16u);
  auto home_of = [&map](std::uint64_t key) { return std::size_t(map.hash_function()(key).id); };
  auto value_of = [](std::size_t g) { return long(g); };
  auto key_of = [n0, n1, p](std::size_t g) {
    const bool first = g < p * n0;
    const std::size_t by = first ? g / n0 : (g - p * n0) / n1;  // the inserting unit
    return key_on(g, (by + (first ? 1 : p - 1)) % p, p);
  };
  for (std::size_t round = 0; round < 2; ++round) {
    const std::size_t begin = round == 0 ? me * n0 : p * n0 + me * n1, end = begin + (round == 0 ? n0 : n1);
    for (std::size_t g = begin; g < end; ++g) ASSERT_TRUE(map.insert({key_of(g), long(g)}).second);
    // Before the commit the entries are where the inserts put them: this
    // unit's memory holds entries homed on another unit.
    std::size_t abroad = 0;
    for (auto &kv : map.local) abroad += home_of(kv.first) != me;
    if (p > 1) {
      EXPECT_GT(abroad, 0u);
    }
    map.barrier();
    expect_every_entry_at_home(map, p * (round == 0 ? n0 : n0 + n1), key_of, value_of, home_of);
  }
  map.barrier();
}

TEST(UnorderedMap, BarrierAfterGrowthByHomeAndForeignUnits) {
  // All keys in one probe sequence of one home unit h (16 keys per table),
  // inserted by one unit at a time, each until it grows the chain in its
  // memory (its local_capacity() grows): the next
  // unit f grows h's chain (table A, in f's memory), h grows it (B),
  // barrier() moves A home; h grows it again (C), f grows it (D), barrier()
  // moves D home. h's chain is then base, A', B, C, D' and its storage
  // base, B, A', C, D'.
  if (dash::size() < 2) GTEST_SKIP() << "needs 2 units";
  const std::size_t me = dash::myid();
  dash::UnorderedMap<std::uint64_t, long, OneSlot> map(1);
  const std::size_t h = map.unit_of(0), f = (h + 1) % dash::size();
  auto grow_from = [&map, me](std::size_t unit) {
    std::size_t i = map.size();
    if (me == unit) {
      for (const std::size_t before = map.local_capacity(); map.local_capacity() == before; ++i)
        ASSERT_TRUE(map.insert({i, long(i)}).second);
    }
  };
  grow_from(f);
  dash::barrier();
  grow_from(h);
  map.barrier();
  grow_from(h);
  dash::barrier();
  grow_from(f);
  map.barrier();
  EXPECT_GT(map.size(), 4 * 16u);
  expect_every_entry_at_home(
      map, map.size(), [](std::size_t g) { return std::uint64_t(g); }, [](std::size_t g) { return long(g); },
      [h](std::uint64_t) { return h; }, dash::size(), h);
  map.barrier();
}

TEST(UnorderedMap, BarrierMovesEntriesHomeWithTheDefaultHash) {
  // std::hash: the map picks the home unit; the same holds after barrier().
  const std::size_t n = iterations(24, 300), p = dash::size(), me = dash::myid();
  Map map(1);
  for (std::size_t g = me * n; g < (me + 1) * n; ++g) map.insert({dash_test::mix(g, 13), long(g)});
  map.barrier();
  expect_every_entry_at_home(
      map, n * p, [](std::size_t g) { return dash_test::mix(g, 13); }, [](std::size_t g) { return long(g); },
      [&map](std::uint64_t key) { return map.unit_of(key); });
  map.barrier();
}

TEST(UnorderedMap, InsertOrIncrementIsExactAcrossBarriers) {
  // Every unit counts the same keys (homed round robin) twice, with a
  // barrier() between the rounds that moves the grown chains home.
  const std::size_t keys = iterations(30, 200), p = dash::size();
  HMap map(1);
  auto key_of = [p](std::size_t g) { return key_on(g, g % p, p); };
  for (std::size_t round = 0; round < 2; ++round) {
    for (std::size_t g = 0; g < keys; ++g) map[key_of(g)] += 1;
    map.barrier();
  }
  expect_every_entry_at_home(
      map, keys, key_of, [p](std::size_t) { return long(2 * p); },
      [&map](std::uint64_t key) { return std::size_t(map.hash_function()(key).id); });
  map.barrier();
}

// A unit-valued Hash naming a unit outside the team.
struct BadUnit {
  dash::team_unit_t operator()(int) const { return dash::team_unit_t(int(dash::size())); }
};

TEST(UnorderedMap, HashOutsideTheTeamIsAnError) {
  dash::UnorderedMap<int, int, BadUnit> map;
  EXPECT_THROW(map.insert({1, 1}), std::out_of_range);
  EXPECT_THROW(map.find(1), std::out_of_range);
  map.barrier();
}

// Growth needs DART's pool (dart_memalloc): registered a second time with a
// small pool (DART_LOCAL_POOL=16K, see CMakeLists.txt); skipped otherwise.
TEST(UnorderedMapPool, GrowthBeyondThePoolIsAnError) {
  const char *pool = std::getenv("DART_LOCAL_POOL");
  if (!pool || std::string(pool) != "16K") GTEST_SKIP() << "needs DART_LOCAL_POOL=16K";
  TableMap<std::uint64_t, long, UnitZero> map(1);
  std::size_t inserted = 0;
  if (dash::myid() == 0) {
    // Unit 0 grows its chain from its own pool until the pool is exhausted.
    bool full = false;
    for (std::size_t i = 0; i < 100000 && !full; ++i) {
      try {
        map.insert({dash_test::mix(i, 5), long(i)});
        ++inserted;
      } catch (const std::length_error &) {
        full = true;
      }
    }
    EXPECT_TRUE(full);
    EXPECT_GT(inserted, 16u);
    // The map is intact: all entries found, the failing key absent, and
    // a second try fails the same way (the chain's link was given back).
    EXPECT_EQ(map.size(), inserted);
    for (std::size_t i = 0; i < inserted; ++i) EXPECT_EQ(map.find(dash_test::mix(i, 5))->second, long(i));
    EXPECT_EQ(map.count(dash_test::mix(inserted, 5)), 0u);
    EXPECT_THROW(map.insert({dash_test::mix(inserted, 5), 0}), std::length_error);
  }
  map.barrier();
  dash::Shared<long> n;
  if (dash::myid() == 0) n.set(long(inserted));
  dash::barrier();
  EXPECT_EQ(map.size(), std::size_t(n.get()));
  map.barrier();
}

// Moving tables home needs pool memory on the home unit: unit 0 takes all
// of its pool while unit 1 grows unit 0's chain in its own memory.
TEST(UnorderedMapPool, MovingHomeWithoutPoolMemoryIsAnError) {
  const char *pool = std::getenv("DART_LOCAL_POOL");
  if (!pool || std::string(pool) != "16K") GTEST_SKIP() << "needs DART_LOCAL_POOL=16K";
  if (dash::size() < 2) GTEST_SKIP() << "needs 2 units";
  const std::size_t n = 40, me = dash::myid();
  TableMap<std::uint64_t, long, UnitZero> map(1);
  std::vector<dart_gptr_t> held;
  if (me == 0) {
    dart_gptr_t g;
    dart_ret_t status = DART_OK;
    while (held.size() < 100000 && (status = dart_memalloc(64, &g)) == DART_OK) held.push_back(g);
    EXPECT_EQ(status, DART_ERR_NOMEM);
  }
  if (me == 1) {
    for (std::size_t i = 0; i < n; ++i) ASSERT_TRUE(map.insert({dash_test::mix(i, 9), long(i)}).second);
  }
  // Every unit fails alike; nothing moved (unit 0's table holds 16 of the
  // keys, unit 1's memory the others) and the map is usable.
  EXPECT_THROW(map.barrier(), std::length_error);
  EXPECT_EQ(map.size(), n);
  std::size_t on_unit1 = 0;
  for (std::size_t i = 0; i < n; ++i) {
    auto it = map.find(dash_test::mix(i, 9));
    ASSERT_NE(it, map.end());
    EXPECT_EQ(it->second, long(i));
    on_unit1 += it.lpos().unit == dash::team_unit_t(1);
  }
  EXPECT_EQ(on_unit1, n - 16);
  if (me == 1) {
    EXPECT_EQ(map.lsize(), n - 16);
  }
  dash::barrier();
  if (me == 0) {
    for (dart_gptr_t g : held) EXPECT_EQ(dart_memfree(g), DART_OK);
  }
  // With memory again the next barrier() moves them.
  map.barrier();
  EXPECT_EQ(map.size(), n);
  for (std::size_t i = 0; i < n; ++i) {
    auto it = map.find(dash_test::mix(i, 9));
    ASSERT_NE(it, map.end());
    EXPECT_EQ(it->second, long(i));
    EXPECT_EQ(it.lpos().unit, dash::team_unit_t(0));
  }
  EXPECT_EQ(map.lsize(), me == 0 ? n : 0u);
  map.barrier();
}

}  // namespace
