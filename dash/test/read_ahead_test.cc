// Reads through global iterators of a remote range with read-ahead
// (internal/ReadAhead.h): STL algorithms see the right values, and the
// unit's own writes, other units' writes after a barrier, and a polled
// element's change are all seen. Across virtual nodes the reads go through
// the read-ahead; on one node they are direct loads (same results).
#include <algorithm>
#include <atomic>
#include <numeric>
#include <vector>

#include "dash_test.h"

namespace {

constexpr std::size_t kPerUnit = 20000;  // several blocks of 4-256 KiB

long value_at(std::size_t g, long round) { return long((g * 7919 + 13) % 100003) + round * 1000003; }

// Every unit writes its own part; then barrier.
void fill(dash::Array<long> &a, long round) {
  for (std::size_t i = 0; i < a.lsize(); ++i) a.local[i] = value_at(a.pattern().global(i), round);
  a.barrier();
}

TEST(ReadAhead, StlAlgorithmsOverARemoteRange) {
  const std::size_t p = dash::size(), me = dash::myid();
  dash::Array<long> a(kPerUnit * p);
  fill(a, 0);
  // The next unit's part: remote across virtual nodes.
  const std::size_t owner = (me + 1) % p;
  auto first = a.begin() + long(owner * kPerUnit), last = first + long(kPerUnit);
  std::vector<long> expect(kPerUnit);
  for (std::size_t i = 0; i < kPerUnit; ++i) expect[i] = value_at(owner * kPerUnit + i, 0);
  EXPECT_EQ(std::accumulate(first, last, 0L), std::accumulate(expect.begin(), expect.end(), 0L));
  auto mine = std::min_element(first, last);
  EXPECT_EQ(mine - first, std::min_element(expect.begin(), expect.end()) - expect.begin());
  EXPECT_EQ(long(*mine), *std::min_element(expect.begin(), expect.end()));
  const long needle = expect[kPerUnit - 3];
  EXPECT_EQ(std::find(first, last, needle) - first,
            std::find(expect.begin(), expect.end(), needle) - expect.begin());
  EXPECT_EQ(std::find(first, last, -1), last);
  a.barrier();
}

TEST(ReadAhead, WritesAreSeen) {
  const std::size_t p = dash::size(), me = dash::myid();
  dash::Array<long> a(kPerUnit * p);
  fill(a, 0);
  const std::size_t owner = (me + 1) % p;
  auto first = a.begin() + long(owner * kPerUnit), last = first + long(kPerUnit);
  long before = std::accumulate(first, last, 0L);
  // Own write through a GlobRef: seen by the next traversal at once.
  if (me == 0) {
    first[5] = first[5] + 1000;
    EXPECT_EQ(std::accumulate(first, last, 0L), before + 1000);
    first[5] = first[5] - 1000;
  }
  a.barrier();
  // Other units' writes (the owner writes its local part in place), then
  // barrier: seen.
  fill(a, 1);
  long expect = 0;
  for (std::size_t i = 0; i < kPerUnit; ++i) expect += value_at(owner * kPerUnit + i, 1);
  EXPECT_EQ(std::accumulate(first, last, 0L), expect);
  long least = expect;
  for (std::size_t i = 0; i < kPerUnit; ++i) least = std::min(least, value_at(owner * kPerUnit + i, 1));
  EXPECT_EQ(long(*std::min_element(first, last)), least);
  a.barrier();
}

TEST(ReadAhead, PolledElementChangeIsSeen) {
  // The element's owner changes it after a barrier; the poller read the
  // range before (a block holds the element) and then polls without
  // synchronising: each poll after the first reads afresh.
  const std::size_t p = dash::size(), me = dash::myid();
  if (p < 2) GTEST_SKIP() << "needs 2 units";
  dash::Array<long> a(kPerUnit * p);
  fill(a, 0);
  const std::size_t flag = kPerUnit + 10;  // on unit 1
  if (me == 0) {
    EXPECT_GT(std::accumulate(a.begin() + long(kPerUnit), a.begin() + long(2 * kPerUnit), 0L), 0);
  }
  a.barrier();
  if (me == 1) {
    a.local[10] = -7;
    std::atomic_thread_fence(std::memory_order_seq_cst);
  }
  if (me == 0) {
    while (long(a[flag]) != -7) {
    }
  }
  a.barrier();
  if (me == 0) {
    EXPECT_EQ(long(a[flag]), -7);
  }
  a.barrier();
}

}  // namespace
