// dash::List: each unit builds its sublist with std::list's operations;
// after a barrier every unit reads the whole list in global order.
#include <dash/List.h>

#include <list>
#include <vector>

#include "dash_test.h"

namespace {

TEST(List, LocalOperationsAsStdList) {
  dash::List<long> list(64 * dash::size());
  std::list<long> ref;
  auto &mine = list.local;
  EXPECT_TRUE(mine.empty());
  EXPECT_THROW(mine.front(), std::out_of_range);
  EXPECT_THROW(mine.pop_back(), std::out_of_range);
  for (long i = 0; i < 10; ++i) {
    if (i % 3 == 0) {
      mine.push_front(i);
      ref.push_front(i);
    } else {
      mine.push_back(i);
      ref.push_back(i);
    }
  }
  // Insert before the third element, erase the fifth, pop both ends.
  auto it = std::next(mine.begin(), 2);
  mine.insert(it, 100);
  ref.insert(std::next(ref.begin(), 2), 100);
  mine.erase(std::next(mine.begin(), 4));
  ref.erase(std::next(ref.begin(), 4));
  mine.pop_front();
  ref.pop_front();
  mine.pop_back();
  ref.pop_back();
  EXPECT_EQ(std::vector<long>(mine.begin(), mine.end()), std::vector<long>(ref.begin(), ref.end()));
  EXPECT_EQ(mine.size(), ref.size());
  EXPECT_EQ(mine.front(), ref.front());
  EXPECT_EQ(mine.back(), ref.back());
  EXPECT_EQ(*std::prev(mine.end()), ref.back());  // bidirectional
  // Freed nodes are reused: the pool never runs out in a push/pop loop.
  for (int i = 0; i < 200; ++i) {
    mine.push_back(i);
    mine.pop_front();
  }
  EXPECT_EQ(mine.size(), ref.size());
  mine.clear();
  EXPECT_TRUE(mine.empty());
  list.barrier();
}

TEST(List, GlobalOrderIsUnitByUnit) {
  const std::size_t p = dash::size(), me = dash::myid();
  dash::List<int> list(16 * p);
  // Unit u holds u + 1 elements 100u, 100u + 1, ...; unit 1 none at 3+ units.
  const std::size_t mine = (p > 2 && me == 1) ? 0 : me + 1;
  for (std::size_t i = 0; i < mine; ++i) list.local.push_back(int(100 * me + i));
  list.barrier();
  std::vector<int> expected;
  for (std::size_t u = 0; u < p; ++u)
    for (std::size_t i = 0; i < ((p > 2 && u == 1) ? 0 : u + 1); ++i) expected.push_back(int(100 * u + i));
  EXPECT_EQ(list.size(), expected.size());
  std::vector<int> seen;
  for (auto it = list.begin(); it != list.end(); ++it) seen.push_back(*it);
  EXPECT_EQ(seen, expected);
  EXPECT_EQ(int(list.front()), expected.front());
  EXPECT_EQ(int(list.back()), expected.back());
  list.barrier();
  // Writing through a global reference: unit 0 negates every element.
  if (me == 0)
    for (auto it = list.begin(); it != list.end(); ++it) *it = -*it;
  list.barrier();
  for (int v : list.local) EXPECT_LE(v, 0);
  list.barrier();
}

TEST(List, FullPoolAndEmptyList) {
  dash::List<char> list(0);
  EXPECT_EQ(list.local_capacity(), 16u);
  EXPECT_TRUE(list.empty());
  EXPECT_EQ(list.begin(), list.end());
  EXPECT_THROW(list.front(), std::out_of_range);
  EXPECT_THROW(list.back(), std::out_of_range);
  list.barrier();
  for (std::size_t i = 0; i < list.local_capacity(); ++i) list.local.push_back('a');
  EXPECT_THROW(list.local.push_back('b'), std::length_error);
  EXPECT_EQ(list.local.size(), list.local_capacity());
  list.barrier();
  EXPECT_EQ(list.size(), list.capacity());
  list.barrier();
}

}  // namespace
