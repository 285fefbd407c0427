// dash::Array: construction over patterns, global references, global
// iterators and GlobPtr arithmetic, the local view, asynchronous writes,
// atomic compound assignment, checked access and moves, all against a
// serial reference computed on every unit.
#include <algorithm>
#include <numeric>
#include <vector>

#include "dash_test.h"

namespace {

using dash_test::gather;

// Patterns with uneven sizes, more units than blocks, and empty parts.
std::vector<dash::Distribution> distributions() {
  return {dash::BLOCKED, dash::CYCLIC, dash::BLOCKCYCLIC(3), dash::TILE(4)};
}

TEST(Array, DefaultIsBlockedOnAllUnits) {
  dash::Array<int> arr(100);
  EXPECT_EQ(arr.size(), 100u);
  EXPECT_EQ(arr.team(), dash::Team::All());
  std::size_t p = dash::size(), block = (100 + p - 1) / p, me = dash::myid();
  std::size_t lo = std::min<std::size_t>(100, me * block), hi = std::min<std::size_t>(100, lo + block);
  EXPECT_EQ(arr.local.size(), hi - lo);
  EXPECT_EQ(arr.lend() - arr.lbegin(), static_cast<std::ptrdiff_t>(hi - lo));
  // The slides' model: fill globally, then overwrite locally with STL.
  dash::fill(arr.begin(), arr.end(), 0);
  std::fill(arr.local.begin(), arr.local.end(), static_cast<int>(me));
  arr.barrier();
  std::vector<int> all = gather(arr);
  for (std::size_t i = 0; i < 100; ++i) EXPECT_EQ(all[i], static_cast<int>(i / block)) << i;
}

TEST(Array, GlobalViewMatchesPatternForEveryDistribution) {
  const std::size_t n = 23;  // uneven for every unit count
  for (const auto &dist : distributions()) {
    dash::Array<long> arr(n, dist);
    const auto &pat = arr.pattern();
    // Each unit writes global indices into its local elements...
    for (std::size_t l = 0; l < arr.local.size(); ++l)
      arr.local[l] = static_cast<long>(pat.global_of_local(dash::myid(), l));
    arr.barrier();
    // ...and every unit reads every element through iterators (GlobRefs).
    long k = 0;
    for (auto it = arr.begin(); it != arr.end(); ++it, ++k) {
      EXPECT_EQ(*it, k);
      EXPECT_EQ(it.gindex(), std::size_t(k));
      EXPECT_EQ(it.is_local(), pat.owner(std::size_t(k)) == dash::myid());
    }
    EXPECT_EQ(k, long(n));
    arr.barrier();
  }
}

TEST(Array, GlobalWritesAndIteratorArithmetic) {
  const std::size_t n = 17;
  dash::Array<int> arr(n, dash::BLOCKCYCLIC(2));
  // Unit 0 writes everything element by element, others read after a barrier.
  if (dash::myid() == 0)
    for (std::size_t i = 0; i < n; ++i) arr[i] = int(i * i);
  arr.barrier();
  auto b = arr.begin(), e = arr.end();
  EXPECT_EQ(e - b, std::ptrdiff_t(n));
  EXPECT_EQ(std::distance(b, e), std::ptrdiff_t(n));
  EXPECT_EQ(b[5], 25);
  EXPECT_EQ(*(b + 16), 256);
  EXPECT_EQ(*(e - 1), 256);
  EXPECT_EQ(*(16 + b), 256);
  auto p = b;
  p += 7;
  EXPECT_EQ(*p, 49);
  p -= 3;
  EXPECT_EQ(*p--, 16);
  EXPECT_EQ(*p, 9);
  EXPECT_TRUE(b < p && p <= p && e > p && p >= b && p != b);
  // GlobPtr arithmetic crosses unit boundaries in pattern order.
  dash::GlobPtr<int> gp = arr.begin();
  for (std::size_t i = 0; i < n; ++i, ++gp) EXPECT_EQ(*gp, int(i * i));
  // Const iterators and std algorithms over global iterators.
  const auto &carr = arr;
  dash::GlobPtr<const int> cb = carr.begin();
  EXPECT_EQ(*(cb + 3), 9);
  EXPECT_EQ(std::count_if(carr.begin(), carr.end(), [](int v) { return v % 2 == 0; }), 9);
  // Raw pointer of a local element, and the DART pointer of any.
  for (std::size_t i = 0; i < n; ++i) {
    int *lp = (arr.begin() + std::ptrdiff_t(i)).local();
    if (arr.pattern().owner(i) == dash::myid()) {
      EXPECT_TRUE(lp && *lp == int(i * i));
    } else {
      EXPECT_EQ(lp, nullptr);
    }
    dart_unit_t unit;
    dart_gptr_getunit((arr.begin() + std::ptrdiff_t(i)).dart_gptr(), &unit);
    EXPECT_EQ(std::size_t(unit), arr.pattern().owner(i));
  }
  arr.barrier();
}

TEST(Array, LocalViewIsPlainMemory) {
  dash::Array<double> arr(1000);
  double *lb = arr.lbegin();
  EXPECT_EQ(lb, arr.local.data());
  EXPECT_EQ(arr.local.begin(), lb);
  std::iota(arr.local.begin(), arr.local.end(), 1.0);
  std::vector<double> ref(arr.local.size());
  std::iota(ref.begin(), ref.end(), 1.0);
  EXPECT_TRUE(std::equal(arr.local.begin(), arr.local.end(), ref.begin()));
  std::sort(arr.local.begin(), arr.local.end(), std::greater<>());
  if (!arr.local.empty()) {
    EXPECT_EQ(arr.local[0], double(arr.local.size()));
    EXPECT_EQ(arr.local.at(0), arr.local[0]);
  }
  EXPECT_THROW(arr.local.at(arr.local.size()), std::out_of_range);
  for (std::size_t l = 0; l < arr.local.size(); ++l)
    EXPECT_EQ(arr.local.global_index(l), dash::myid() * arr.pattern().local_size(0) + l);
  arr.barrier();
}

TEST(Array, AtomicCompoundAssignment) {
  dash::Array<long> arr(4);
  dash::Array<double> d(2);
  dash::fill(arr.begin(), arr.end(), 0L);
  dash::fill(d.begin(), d.end(), 1.0);
  // Every unit updates every element: the results are exact only if atomic.
  for (int round = 0; round < 10; ++round) {
    arr[0] += 3;
    arr[1] -= 2;
    ++arr[2];
    arr[3] |= 1L << dash::myid();
    d[0] += 0.5;
  }
  long old = arr[2]++;
  EXPECT_GE(old, 10);
  arr.barrier();
  long p = long(dash::size());
  EXPECT_EQ(arr[0], 30 * p);
  EXPECT_EQ(arr[1], -20 * p);
  EXPECT_EQ(arr[2], 11 * p);
  EXPECT_EQ(arr[3], (1L << p) - 1);
  EXPECT_EQ(d[0], 1.0 + 5.0 * double(p));
  EXPECT_EQ(arr[3].fetch_op(0, DART_OP_NO_OP), (1L << p) - 1);
  arr.barrier();
  // *= and ^= on one unit.
  if (dash::myid() == 0) {
    arr[0] *= 2;
    arr[0] ^= 1;
    EXPECT_EQ(arr[0], (60 * p) ^ 1);
  }
  arr.barrier();
}

TEST(Array, AsyncWritesCompleteAtFlush) {
  const std::size_t n = 64;
  dash::Array<int> arr(n, dash::CYCLIC);
  dash::fill(arr.begin(), arr.end(), -1);
  // Each unit writes the elements i with i % p == (me + 1) % p: all remote
  // when p > 1.
  std::size_t p = dash::size(), me = dash::myid();
  for (std::size_t i = (me + 1) % p; i < n; i += p) arr.async[i] = int(i) + 1;  // temporaries
  arr.flush();
  arr.barrier();
  for (std::size_t l = 0; l < arr.local.size(); ++l)
    EXPECT_EQ(arr.local[l], int(arr.local.global_index(l)) + 1);
  arr.barrier();
}

TEST(Array, CheckedAccessThrows) {
  dash::Array<int> arr(10);
  EXPECT_THROW(arr.at(10), std::out_of_range);
  EXPECT_NO_THROW(arr.at(9));
  try {
    arr.at(12);
    FAIL();
  } catch (const std::out_of_range &e) {
    EXPECT_NE(std::string(e.what()).find("index 12 not in [0, 10)"), std::string::npos);
  }
  // A pattern for another number of units than the team has.
  EXPECT_THROW(dash::Array<int>(dash::Pattern<1>({10}, dash::size() + 1)), std::invalid_argument);
  arr.barrier();
}

TEST(Array, MoveKeepsIteratorsValid) {
  dash::Array<int> a(20);
  auto it = a.begin() + 5;
  dash::fill(a.begin(), a.end(), 3);
  dash::Array<int> b(std::move(a));
  EXPECT_EQ(*it, 3);
  EXPECT_EQ(b[19], 3);
  EXPECT_EQ(a.local.size(), 0u);
  dash::Array<int> c;
  c = std::move(b);
  EXPECT_EQ(c.size(), 20u);
  EXPECT_EQ(b.size(), 0u);  // as DASH: a moved-from array is empty
  EXPECT_THROW(b.pattern(), std::logic_error);
  c.barrier();
}

TEST(Array, OnSubTeamLivesOnItsUnitsOnly) {
  dash::Team t = dash::Team::All().split(2);
  dash::Array<int> arr(10, t);
  EXPECT_EQ(arr.team(), t);
  EXPECT_EQ(arr.pattern().nunits(), t.size());
  std::fill(arr.local.begin(), arr.local.end(), int(dash::myid()));
  arr.barrier();
  // Every element belongs to a unit of my sub-team.
  for (std::size_t i = 0; i < 10; ++i)
    EXPECT_EQ(std::size_t(int(arr[i])), t.global_id(dash::team_unit_t(arr.pattern().owner(i))));
  arr.barrier();
}

}  // namespace
