// Reads through global iterators of a remote range in a dash::ReadAheadScope
// (internal/ReadAhead.h): STL algorithms see the right values and move the
// range in blocks; outside a scope every read is one get; the unit's own
// writes, other units' writes after a barrier, a polled element's change and
// data handed off behind a flag read through the library are all seen.
// Across virtual nodes the reads go through the read-ahead; on one node they
// are direct loads (same results, nothing counted).
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

const dash::detail::ReadAheadCounts &counts() { return dash::detail::ReadAhead::of_this_thread().counts(); }

// The three algorithms over the first len elements of the next unit's part
// (remote across virtual nodes) give what they give over a std::vector of
// the same values.
void check_algorithms(dash::Array<long> &a, long round, std::size_t len = kPerUnit) {
  const std::size_t p = dash::size(), me = dash::myid(), owner = (me + 1) % p;
  auto first = a.begin() + long(owner * kPerUnit), last = first + long(len);
  std::vector<long> expect(len);
  for (std::size_t i = 0; i < len; ++i) expect[i] = value_at(owner * kPerUnit + i, round);
  EXPECT_EQ(std::accumulate(first, last, 0L), std::accumulate(expect.begin(), expect.end(), 0L));
  auto least = std::min_element(first, last);
  EXPECT_EQ(least - first, std::min_element(expect.begin(), expect.end()) - expect.begin());
  EXPECT_EQ(long(*least), *std::min_element(expect.begin(), expect.end()));
  const long needle = expect[len - 3];
  EXPECT_EQ(std::find(first, last, needle) - first,
            std::find(expect.begin(), expect.end(), needle) - expect.begin());
  EXPECT_EQ(std::find(first, last, -1L), last);
}

bool next_part_is_remote(dash::Array<long> &a) {
  const std::size_t owner = (dash::myid() + 1) % dash::size();
  return a[owner * kPerUnit].direct() == nullptr;
}

TEST(ReadAhead, StlAlgorithmsMoveBlocksInAScope) {
  dash::Array<long> a(kPerUnit * dash::size());
  fill(a, 0);
  const auto before = counts();
  {
    dash::ReadAheadScope ahead;
    check_algorithms(a, 0);
  }
  const auto &after = counts();
  if (next_part_is_remote(a)) {
    // 4 walks (accumulate, min_element, find twice) over 20,000 elements,
    // 160 KB: blocks of 4 KiB doubling to 256 KiB; a few single gets
    // where a walk starts.
    EXPECT_LE(after.element_gets - before.element_gets, 40u);
    EXPECT_LE(after.block_gets - before.block_gets, 40u);
    EXPECT_GE(after.served - before.served, 4 * kPerUnit - 100);
  } else {
    EXPECT_EQ(after.block_gets, before.block_gets);
  }
  a.barrier();
}

TEST(ReadAhead, OffOutsideAScope) {
  if (dash::detail::settings().read_ahead) GTEST_SKIP() << "DASH_READ_AHEAD=1: on everywhere";
  dash::Array<long> a(kPerUnit * dash::size());
  fill(a, 0);
  const auto before = counts();
  check_algorithms(a, 0, 1000);  // element by element: a short range
  {
    dash::ReadAheadScope outer;
    { dash::ReadAheadScope inner; }
    EXPECT_TRUE(dash::detail::read_ahead_on());  // scopes nest
  }
  EXPECT_FALSE(dash::detail::read_ahead_on());
  EXPECT_EQ(counts().block_gets, before.block_gets);
  EXPECT_EQ(counts().served, before.served);
  a.barrier();
}

TEST(ReadAhead, WritesAreSeen) {
  dash::ReadAheadScope ahead;
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
  check_algorithms(a, 1);
  a.barrier();
}

TEST(ReadAhead, PolledElementChangeIsSeen) {
  // The element's owner changes it after a barrier; the poller read the
  // range before (a block holds the element) and then polls without
  // synchronising: each poll after the first reads afresh.
  const std::size_t p = dash::size(), me = dash::myid();
  if (p < 2) GTEST_SKIP() << "needs 2 units";
  dash::ReadAheadScope ahead;
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

// Unit 1 rewrites its part each round and then sets a flag in its memory;
// unit 0, in one scope over all rounds, polls the flag through a GlobRef and
// walks the part (blocks of the round before are stale by then): the flag's
// read drops them. Unit 0 acknowledges in its own memory, which unit 1
// polls (GlobRef reads too).
TEST(ReadAhead, DataBehindAFlagReadThroughTheLibrary) {
  const std::size_t p = dash::size(), me = dash::myid();
  if (p < 2) GTEST_SKIP() << "needs 2 units";
  constexpr std::size_t kLen = 3000;
  constexpr long kRounds = 20;
  dash::Array<long> data(kLen * p), flag(p), ack(p);
  std::fill(data.local.begin(), data.local.end(), 0L);
  *flag.lbegin() = *ack.lbegin() = 0;
  data.barrier();
  dash::ReadAheadScope ahead;
  auto first = data.begin() + long(kLen), last = first + long(kLen);
  long wrong = 0;
  for (long round = 1; round <= kRounds && me < 2; ++round) {
    if (me == 1) {
      for (std::size_t i = 0; i < kLen; ++i) data[kLen + i] = round * 100000 + long(i);
      flag[1] = round;
      while (ack[0] != round) {
      }
    } else {
      while (flag[1] != round) {
      }
      const long sum = std::accumulate(first, last, 0L);
      const long want = round * 100000 * long(kLen) + long(kLen * (kLen - 1) / 2);
      wrong += sum != want;
      wrong += long(*std::min_element(first, last)) != round * 100000;
      ack[0] = round;
    }
  }
  EXPECT_EQ(wrong, 0) << "rounds with stale data";
  data.barrier();
}

}  // namespace
