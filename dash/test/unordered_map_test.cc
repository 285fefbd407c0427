// dash::UnorderedMap: concurrent insert, find, erase and insert-or-increment
// from all units, against the totals a serial execution gives.
#include <dash/SharedCounter.h>
#include <dash/UnorderedMap.h>

#include <cstdint>
#include <numeric>

#include "dash_test.h"

namespace {

using Map = dash::UnorderedMap<std::uint64_t, long>;

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

// Every key on one unit, in one probe sequence: the table fills up.
struct OneSlot {
  std::size_t operator()(std::uint64_t) const { return 0; }
};

TEST(UnorderedMap, FullTableIsAnError) {
  dash::UnorderedMap<std::uint64_t, int, OneSlot> map(1);
  const std::size_t cap = map.local_capacity();
  EXPECT_EQ(cap, 64u);
  EXPECT_EQ(map.capacity(), cap * dash::size());
  if (dash::myid() == 0) {
    for (std::size_t k = 0; k < cap; ++k) EXPECT_TRUE(map.insert({k, int(k)}).second);
    EXPECT_THROW(map.insert({cap, 0}), std::length_error);
    EXPECT_EQ(map.find(cap - 1)->second, int(cap - 1));  // still intact
    EXPECT_EQ(map.erase(3), 1u);
    EXPECT_THROW(map.insert({cap + 1, 0}), std::length_error);  // tombstones of other keys stay
    EXPECT_TRUE(map.insert({3, 33}).second);                    // but the key's own is revived
  }
  map.barrier();
  EXPECT_EQ(map.size(), cap);
  map.barrier();
}

}  // namespace
