// dash::UnorderedMap with a unit-valued Hash (DASH's default HashLocal, or
// key -> unit): DASH's storage model (map/UnitStoreMap.h). Each unit's
// entries in insertion order, capacity in chunks of nlbuf, visibility of
// other units' entries after barrier(), placement by the Hash.
#include <dash/UnorderedMap.h>

#include <cstddef>
#include <cstdlib>
#include <string>
#include <map>
#include <utility>
#include <vector>

#include "dash_test.h"

namespace {

using Map = dash::UnorderedMap<int, double>;  // Hash = dash::HashLocal<int>

int key_of(int unit, int i) { return 1000 * (unit + 1) + i; }
double value_of(int unit, int i) { return unit + 0.01 * (i + 1); }

// Key -> unit, as DASH's test hashes (made with the map's team).
struct Cyclic {
  explicit Cyclic(dash::Team &team) : nunits(int(team.size())) {}
  dash::team_unit_t operator()(const int &key) { return dash::team_unit_t(key % nunits); }
  int nunits;
};
using CyclicMap = dash::UnorderedMap<int, double, Cyclic>;

TEST(UnorderedMapDash, DefaultHashIsHashLocal) {
  static_assert(std::is_same_v<Map::hasher, dash::HashLocal<int>>);
  Map map;
  EXPECT_EQ(map.hash_function()(42), dash::Team::All().myid());
  EXPECT_EQ(map.size(), 0u);
  EXPECT_EQ(map.begin(), map.end());
  map.barrier();
}

TEST(UnorderedMapDash, CapacityFromNelemAndNlbuf) {
  const std::size_t p = dash::size();
  {
    Map map(10, 1);  // ceil(max(10, p * 1) / p) per unit
    const std::size_t lcap = (std::max<std::size_t>(10, p) + p - 1) / p;
    EXPECT_EQ(map.lcapacity(), lcap);
    EXPECT_EQ(map.local.capacity(), lcap);
    EXPECT_EQ(map.capacity(), p * lcap);
  }
  {
    // nlbuf per unit: 2 on even units, 3 on odd ones; nelem 0.
    const std::size_t nlbuf = dash::myid() % 2 == 0 ? 2 : 3;
    Map map(0, nlbuf);
    EXPECT_EQ(map.lcapacity(), nlbuf);
    std::size_t total = 0;
    for (std::size_t u = 0; u < p; ++u) total += u % 2 == 0 ? 2 : 3;
    EXPECT_EQ(map.capacity(), total);
    // Full: the local capacity grows by nlbuf.
    for (std::size_t i = 0; i < 7; ++i) {
      ASSERT_TRUE(map.insert({key_of(int(dash::myid()), int(i)), 1.0}).second);
      EXPECT_EQ(map.lcapacity(), nlbuf * ((i + nlbuf) / nlbuf)) << "after insert " << i;
    }
    map.barrier();
    const std::size_t grown = nlbuf * ((7 + nlbuf - 1) / nlbuf);
    EXPECT_EQ(map.lcapacity(), grown);
    std::size_t all = 0;
    for (std::size_t u = 0; u < p; ++u)
      all += (u % 2 == 0 ? 2 : 3) * ((7 + (u % 2 == 0 ? 2 : 3) - 1) / (u % 2 == 0 ? 2 : 3));
    EXPECT_EQ(map.capacity(), all);
  }
  EXPECT_THROW(Map(0, 0), dash::exception::InvalidArgument);
  // One unit's bad argument fails the construction on every unit.
  if (p > 1) {
    if (dash::myid() == 0) {
      EXPECT_THROW(Map(0, 0), dash::exception::InvalidArgument);
    } else {
      EXPECT_THROW(Map(0, 1), std::length_error);
    }
  }
}

TEST(UnorderedMapDash, InsertionOrderBeforeAndAfterTheCommit) {
  const int me = int(dash::myid()), p = int(dash::size());
  const int n = 3 + me % 3;  // different counts per unit, beyond nlbuf
  auto count_of = [](int unit) { return 3 + unit % 3; };
  Map map(0, 2);
  for (int i = 0; i < n; ++i) {
    auto [it, inserted] = map.insert({key_of(me, i), value_of(me, i)});
    ASSERT_TRUE(inserted);
    EXPECT_EQ(it.lpos().unit, dash::team_unit_t(me));
    EXPECT_EQ(it.lpos().index, i);
    auto again = map.insert({key_of(me, i), -1.0});
    EXPECT_FALSE(again.second);
    EXPECT_EQ(again.first, it);
  }
  // Before the commit a unit sees its own entries only.
  EXPECT_EQ(map.size(), std::size_t(n));
  EXPECT_EQ(map.lsize(), std::size_t(n));
  int i = 0;
  for (auto it = map.begin(); it != map.end(); ++it, ++i) {
    std::pair<int, double> kv = *it;
    EXPECT_EQ(kv, std::make_pair(key_of(me, i), value_of(me, i)));
  }
  EXPECT_EQ(i, n);
  i = 0;
  for (auto &kv : map.local) {
    EXPECT_EQ(kv.first, key_of(me, i));
    EXPECT_EQ(kv.second, value_of(me, i));
    ++i;
  }
  EXPECT_EQ(i, n);
  map.barrier();
  // After it: unit 0's entries in insertion order, then unit 1's, ...
  int total = 0;
  for (int u = 0; u < p; ++u) total += count_of(u);
  EXPECT_EQ(map.size(), std::size_t(total));
  EXPECT_EQ(map.lsize(), std::size_t(n));
  int unit = 0, index = 0, pos = 0;
  for (auto it = map.begin(); it != map.end(); ++it, ++pos) {
    while (index == count_of(unit)) ++unit, index = 0;
    std::pair<int, double> kv = *it;
    EXPECT_EQ(kv, std::make_pair(key_of(unit, index), value_of(unit, index))) << "position " << pos;
    EXPECT_EQ(it.lpos().unit, dash::team_unit_t(unit));
    EXPECT_EQ(it.lpos().index, index);
    EXPECT_EQ(it.pos(), pos);
    EXPECT_EQ(it.is_local(), unit == me);
    ++index;
  }
  EXPECT_EQ(pos, total);
  // Positions: begin() + k is the k-th entry; end() - 1 the last.
  EXPECT_EQ(map.end() - map.begin(), total);
  if (p > 1) {
    EXPECT_EQ((*(map.begin() + count_of(0))).first, key_of(1, 0));
  } else {
    EXPECT_EQ(map.begin() + count_of(0), map.end());
  }
  EXPECT_EQ((*--map.end()).first, key_of(p - 1, count_of(p - 1) - 1));
  EXPECT_EQ(map.lend() - map.lbegin(), n);
  map.barrier();
}

TEST(UnorderedMapDash, OtherUnitsKeysAreFoundAfterTheCommit) {
  const int me = int(dash::myid()), p = int(dash::size()), n = 5;
  Map map;
  for (int i = 0; i < n; ++i) map[key_of(me, i)] = value_of(me, i);
  dash::barrier();
  // Not committed: other units' keys are not known yet.
  if (p > 1) {
    EXPECT_EQ(map.count(key_of((me + 1) % p, 0)), 0u);
  }
  map.barrier();
  for (int u = 0; u < p; ++u) {
    for (int i = 0; i < n; ++i) {
      auto it = map.find(key_of(u, i));
      ASSERT_NE(it, map.end()) << "unit " << u << " key " << i;
      EXPECT_EQ(it->second, value_of(u, i));
      EXPECT_EQ(it.lpos().unit, dash::team_unit_t(u));
      EXPECT_EQ(map.count(key_of(u, i)), 1u);
      EXPECT_EQ(double(map.at(key_of(u, i))), value_of(u, i));
      // Inserting a key another unit holds finds its entry.
      auto again = map.insert({key_of(u, i), -1.0});
      EXPECT_FALSE(again.second);
      EXPECT_EQ(again.first, it);
    }
  }
  EXPECT_EQ(map.count(key_of(p, 0)), 0u);
  EXPECT_THROW(map.at(key_of(p, 0)), std::out_of_range);
  EXPECT_EQ(map.size(), std::size_t(n * p));
  // Every unit updates the next unit's first value in place (once all
  // have read it).
  dash::barrier();
  map[key_of((me + 1) % p, 0)] = 100.0 + me;
  dash::barrier();
  EXPECT_EQ(map.local.find(key_of(me, 0))->second, 100.0 + (me + p - 1) % p);
  EXPECT_EQ(map.lsize(), std::size_t(n));
  map.barrier();
}

TEST(UnorderedMapDash, UnitValuedHashPlacesKeysOnItsUnit) {
  // Every unit inserts keys for every unit; key k goes to unit k % p.
  const int me = int(dash::myid()), p = int(dash::size()), n = 3 * p;
  CyclicMap map(0, 2);
  auto key = [p](int by, int i) { return (100 * (by + 1) + i) * p + i % p; };  // on unit i % p
  for (int i = 0; i < n; ++i) {
    auto [it, inserted] = map.insert({key(me, i), value_of(me, i)});
    ASSERT_TRUE(inserted);
    EXPECT_EQ(it->second, value_of(me, i));
    EXPECT_EQ(map.count(key(me, i)), 1u);
    EXPECT_FALSE(map.insert({key(me, i), 0.0}).second);
  }
  // The same key from every unit: stored once, with the value of its own
  // unit's insert (there before the commit delivers the others').
  const int shared = 7 * p + (p - 1);
  map.insert({shared, double(me)});
  EXPECT_EQ(map.size(), std::size_t(n + 1));
  EXPECT_EQ(map.lsize(), std::size_t(me == p - 1 ? 3 + 1 : 3));
  map.barrier();
  EXPECT_EQ(map.size(), std::size_t(n * p + 1));
  EXPECT_EQ(map.lsize(), std::size_t(3 * p + (me == p - 1 ? 1 : 0)));
  for (auto &kv : map.local) EXPECT_EQ(kv.first % p, me);
  for (int by = 0; by < p; ++by) {
    for (int i = 0; i < n; ++i) {
      auto it = map.find(key(by, i));
      ASSERT_NE(it, map.end()) << "by " << by << " key " << i;
      EXPECT_EQ(it->second, value_of(by, i));
      EXPECT_EQ(it.lpos().unit, dash::team_unit_t(i % p));
    }
  }
  EXPECT_EQ(map.find(shared)->second, double(p - 1));
  std::size_t walked = 0;
  for (auto it = map.begin(); it != map.end(); ++it, ++walked) EXPECT_EQ(it.lpos().unit.id, (*it).first % p);
  EXPECT_EQ(walked, std::size_t(n * p + 1));
  map.barrier();
}

TEST(UnorderedMapDash, LocalInsertAndFind) {
  const int me = int(dash::myid()), p = int(dash::size());
  CyclicMap map(0, 2);
  EXPECT_EQ(map.local.size(), 0u);
  EXPECT_EQ(map.local.capacity(), 2u);
  for (int i = 0; i < 5; ++i) {
    const int key = p * (10 + i) + me;
    auto [it, inserted] = map.local.insert({key, value_of(me, i)});
    ASSERT_TRUE(inserted);
    EXPECT_EQ(it->first, key);
    EXPECT_EQ(it.pos(), i);
    auto again = map.local.insert({key, 0.0});
    EXPECT_FALSE(again.second);
    EXPECT_EQ(again.first, it);
    EXPECT_EQ(map.local.find(key), it);
    EXPECT_EQ(map.local.count(key), 1u);
    EXPECT_EQ(double(map.local.at(key)), value_of(me, i));
  }
  EXPECT_EQ(map.local.size(), 5u);
  EXPECT_EQ(map.local.capacity(), 6u);
  if (p > 1) {
    // A key of another unit is not local.
    EXPECT_EQ(map.local.find(p * 10 + (me + 1) % p), map.local.end());
    EXPECT_THROW(map.local.at(p * 10 + (me + 1) % p), std::out_of_range);
    // Local inserts of another unit's key are an error (as DASH's).
    EXPECT_THROW(map.local.insert({p * 10 + (me + 1) % p, 0.0}), dash::exception::RuntimeError);
  }
  map.barrier();
  EXPECT_EQ(map.size(), std::size_t(5 * p));
  EXPECT_EQ(map.local.size(), 5u);
  map.barrier();
}

// A key without std::hash, compared by a Pred: found by scanning.
struct Point {
  int x, y;
};
struct SamePoint {
  bool operator()(const Point &a, const Point &b) const { return a.x == b.x && a.y == b.y; }
};

TEST(UnorderedMapDash, KeysWithoutStdHash) {
  const int me = int(dash::myid()), p = int(dash::size());
  dash::UnorderedMap<Point, int, dash::HashLocal<Point>, SamePoint> map(0, 3);
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(map.insert({Point{me, i}, 10 * me + i}).second);
  EXPECT_FALSE(map.insert({Point{me, 0}, 0}).second);
  map.barrier();
  for (int u = 0; u < p; ++u)
    for (int i = 0; i < 4; ++i) EXPECT_EQ(map.find(Point{u, i})->second, 10 * u + i);
  EXPECT_EQ(map.count(Point{p, 0}), 0u);
  map.barrier();
}

TEST(UnorderedMapDash, MovedMapKeepsItsEntriesAndEraseIsNotImplemented) {
  const int me = int(dash::myid());
  Map map(0, 2);
  map.insert({key_of(me, 0), 1.5});
  Map moved(std::move(map));
  EXPECT_EQ(moved.find(key_of(me, 0))->second, 1.5);
  EXPECT_EQ(moved.local.size(), 1u);
  EXPECT_THROW(moved.erase(key_of(me, 0)), dash::exception::NotImplemented);
  moved.barrier();
  EXPECT_EQ(moved.size(), dash::size());
  moved.barrier();
}

}  // namespace

namespace {

// Needs a small pool (DART_LOCAL_POOL=16K, registered so in CMakeLists.txt):
// unit 0 takes all of its pool, so it cannot store the inserts unit 1 made
// for it; barrier() fails on every unit, the inserts keep waiting and the
// next barrier() (with memory again) delivers them.
TEST(UnorderedMapDashPool, RemoteInsertsWaitWhileTheTargetHasNoMemory) {
  const char *pool = std::getenv("DART_LOCAL_POOL");
  if (!pool || std::string(pool) != "16K") GTEST_SKIP() << "needs DART_LOCAL_POOL=16K";
  if (dash::size() < 2) GTEST_SKIP() << "needs 2 units";
  const int me = int(dash::myid()), p = int(dash::size()), n = 40;
  CyclicMap map(0, 2);
  std::vector<dart_gptr_t> held;
  if (me == 0) {
    dart_gptr_t g;
    while (held.size() < 100000 && dart_memalloc(64, &g) == DART_OK) held.push_back(g);
  }
  if (me == 1) {
    for (int i = 0; i < n; ++i) ASSERT_TRUE(map.insert({p * (10 + i), double(i)}).second);  // for unit 0
  }
  EXPECT_THROW(map.barrier(), std::length_error);
  if (me == 1) {
    EXPECT_EQ(map.find(p * 10)->second, 0.0);  // still waiting, still found here
    EXPECT_EQ(map.size(), std::size_t(n));
  }
  dash::barrier();
  if (me == 0) {
    for (dart_gptr_t g : held) EXPECT_EQ(dart_memfree(g), DART_OK);
  }
  map.barrier();
  EXPECT_EQ(map.size(), std::size_t(n));
  EXPECT_EQ(map.lsize(), me == 0 ? std::size_t(n) : 0u);
  for (int i = 0; i < n; ++i) {
    auto it = map.find(p * (10 + i));
    ASSERT_NE(it, map.end()) << "key " << i;
    EXPECT_EQ(it->second, double(i));
    EXPECT_EQ(it.lpos().unit, dash::team_unit_t(0));
  }
  map.barrier();
}

}  // namespace
