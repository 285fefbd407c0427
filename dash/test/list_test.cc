// dash::List: each unit builds its sublist with std::list's operations;
// after a barrier every unit reads the whole list in global order.
#include <dash/List.h>

#include <algorithm>
#include <list>
#include <vector>

#include "dash_test.h"

namespace {

// The own sublist in list order: from the node without predecessor along lnext.
template <typename L>
std::vector<typename L::value_type> list_order(const L &local) {
  std::vector<typename L::value_type> values;
  auto head = local.begin();
  while (head != local.end() && head->lprev != nullptr) ++head;
  for (auto *n = head == local.end() ? nullptr : &*head; n; n = n->lnext) values.push_back(n->value);
  return values;
}

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
  auto nth = [&](int k) {  // node of the k-th element in list order
    auto *n = &*mine.begin();
    while (n->lprev) n = n->lprev;
    while (k-- > 0) n = n->lnext;
    return n;
  };
  mine.insert(nth(2), 100);
  ref.insert(std::next(ref.begin(), 2), 100);
  mine.erase(nth(4));
  ref.erase(std::next(ref.begin(), 4));
  mine.pop_front();
  ref.pop_front();
  mine.pop_back();
  ref.pop_back();
  EXPECT_EQ(list_order(mine), std::vector<long>(ref.begin(), ref.end()));
  EXPECT_EQ(mine.size(), ref.size());
  EXPECT_EQ(mine.front(), ref.front());
  EXPECT_EQ(mine.back(), ref.back());
  // Nodes stay contiguous: memory order holds exactly the list's elements.
  std::vector<long> stored;
  for (auto &node : mine) stored.push_back(node.value);
  std::sort(stored.begin(), stored.end());
  std::vector<long> sorted(ref.begin(), ref.end());
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(stored, sorted);
  // Freed nodes are reused: the capacity stays put in a push/pop loop.
  const auto cap = list.lcapacity();
  for (int i = 0; i < 200; ++i) {
    mine.push_back(i);
    mine.pop_front();
  }
  EXPECT_EQ(mine.size(), ref.size());
  EXPECT_EQ(list.lcapacity(), cap);
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
  for (auto &node : list.local) EXPECT_LE(node.value, 0);
  list.barrier();
}

TEST(List, GrowsByTheBufferSizeAndCommitsAtBarrier) {
  const std::size_t p = dash::size(), me = dash::myid();
  dash::List<int> list(3 * p, 2);  // 3 per unit, grows by 2
  EXPECT_EQ(list.lcapacity(), 3u);
  EXPECT_EQ(list.capacity(), 3 * p);
  EXPECT_TRUE(list.empty());
  EXPECT_EQ(list.begin(), list.end());
  EXPECT_THROW(list.front(), std::out_of_range);
  EXPECT_THROW(list.back(), std::out_of_range);
  list.barrier();
  // Unit u pushes 8 + u elements (beyond the collective segment: they move).
  const std::size_t n = 8 + me;
  for (std::size_t i = 0; i < n; ++i) list.local.push_back(int(1000 * me + i));
  const std::size_t lcap = 3 + 2 * ((n - 3 + 1) / 2);
  EXPECT_EQ(list.lsize(), n);
  EXPECT_EQ(list.lcapacity(), lcap);
  EXPECT_EQ(list.size(), n);  // others: as of the last commit
  EXPECT_EQ(list.capacity(), 3 * p + lcap - 3);
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(list.local.begin()[i].value, int(1000 * me + i));
  list.barrier();
  std::size_t total = 0, total_cap = 0;
  for (std::size_t u = 0; u < p; ++u) {
    total += 8 + u;
    total_cap += 3 + 2 * ((8 + u - 3 + 1) / 2);
  }
  EXPECT_EQ(list.size(), total);
  EXPECT_EQ(list.capacity(), total_cap);
  std::vector<int> seen, expected;
  for (auto it = list.begin(); it != list.end(); ++it) seen.push_back(*it);
  for (std::size_t u = 0; u < p; ++u)
    for (std::size_t i = 0; i < 8 + u; ++i) expected.push_back(int(1000 * u + i));
  EXPECT_EQ(seen, expected);
  // Backwards from the end.
  std::vector<int> back;
  for (auto it = list.end(); it != list.begin();) back.push_back(*--it);
  std::reverse(back.begin(), back.end());
  EXPECT_EQ(back, expected);
  EXPECT_EQ(int(list.back()), int(1000 * (p - 1) + 8 + p - 2));
  list.barrier();
  // Erase the own second element through a global iterator.
  auto it = list.begin();
  while (!it.is_local()) ++it;
  auto next = list.erase(std::next(it));
  EXPECT_EQ(int(*next), int(1000 * me + 2));
  if (me == 0 && p > 1) {
    EXPECT_THROW(list.pop_back(), std::logic_error);
  }
  list.barrier();
  seen.clear();
  for (auto g = list.begin(); g != list.end(); ++g) seen.push_back(*g);
  expected.erase(std::remove_if(expected.begin(), expected.end(), [](int v) { return v % 1000 == 1; }),
                 expected.end());
  EXPECT_EQ(seen, expected);
  list.barrier();
}

TEST(List, DelayedAllocation) {
  dash::List<double> list(dash::Team::All());
  EXPECT_EQ(list.capacity(), 0u);
  EXPECT_EQ(list.begin(), list.end());
  EXPECT_THROW(list.local.push_back(1.0), std::logic_error);
  list.allocate(10 * dash::size());
  EXPECT_THROW(list.allocate(), std::logic_error);
  EXPECT_EQ(list.lcapacity(), std::max<std::size_t>(10, 4096 / sizeof(double)));
  list.local.push_front(2.5);
  list.local.push_front(1.5);
  list.barrier();
  EXPECT_EQ(list.size(), 2 * dash::size());
  EXPECT_EQ(double(list.front()), 1.5);
  EXPECT_EQ(double(list.back()), 2.5);
  list.barrier();
}

}  // namespace
