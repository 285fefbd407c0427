// dash::Atomic elements (Array<Atomic<T>>, Shared<Atomic<T>>, GlobRef<Atomic<T>>)
// and dash::SharedCounter: exact totals when every unit updates the same
// elements at the same time.
#include <dash/Atomic.h>
#include <dash/SharedCounter.h>

#include "dash_test.h"

namespace {

TEST(AtomicArray, ConcurrentUpdatesAreExact) {
  const long p = long(dash::size());
  const int iters = dash::size() > 2 ? 20 : 100;
  dash::Array<dash::Atomic<long>> arr(2 * dash::size());
  dash::fill(arr.begin(), arr.end(), 0);  // not atomic: before the barrier
  arr.barrier();
  // Every unit updates every element: the owner's updates mix with remote
  // ones on each element.
  for (int i = 0; i < iters; ++i)
    for (std::size_t e = 0; e < arr.size(); ++e) {
      arr[e].fetch_add(3);
      arr[e].add(1);
      ++arr[e];
      arr[e] -= 2;
      arr[e].sub(1);
    }
  arr.barrier();
  for (std::size_t e = 0; e < arr.size(); ++e) EXPECT_EQ(arr[e].load(), 2 * iters * p) << "element " << e;
  arr.barrier();
  // A compare-exchange loop: each unit increments element 0 exactly iters times.
  for (int i = 0; i < iters; ++i) {
    long seen = arr[0].load();
    while (!arr[0].compare_exchange(seen, seen + 1)) seen = arr[0].load();
  }
  arr.barrier();
  EXPECT_EQ(long(arr[0]), 3 * iters * p);
  arr.barrier();
}

TEST(AtomicArray, EveryOperation) {
  dash::Array<dash::Atomic<int>> arr(dash::size());
  const std::size_t last = dash::size() - 1;
  if (dash::myid() == 0) {
    auto r = arr[last];  // on the last unit
    r.store(5);
    EXPECT_EQ(r.load(), 5);
    EXPECT_EQ(r.exchange(12), 5);
    EXPECT_FALSE(r.compare_exchange(5, 1));
    EXPECT_TRUE(r.compare_exchange(12, 6));
    EXPECT_EQ(r.fetch_and(4), 6);
    EXPECT_EQ(r.fetch_or(3), 4);
    EXPECT_EQ(r.fetch_xor(1), 7);
    EXPECT_EQ(r.fetch_multiply(3), 6);
    r.multiply(2);
    EXPECT_EQ(r.get(), 36);
    r.op(dash::max<int>(), 40);
    r.op(dash::min<int>(), 38);
    EXPECT_EQ(r.fetch_op(dash::plus<int>(), 2), 38);
    EXPECT_EQ(r++, 40);
    EXPECT_EQ(++r, 42);
    EXPECT_EQ(r--, 42);
    EXPECT_EQ(--r, 40);
    EXPECT_EQ(r += 5, 45);
    EXPECT_EQ(r -= 45, 0);
    EXPECT_EQ(r.fetch_sub(1), 0);
    EXPECT_EQ(r.fetch_op(dash::second<int>(), 9), -1);  // an exchange
    r = 11;
    arr[0] = arr[last];  // element to element
  }
  arr.barrier();
  EXPECT_EQ(arr[0].load(), 11);
  EXPECT_EQ(arr[last].load(), 11);
  const auto &carr = arr;
  EXPECT_EQ(carr[last].load(), 11);  // GlobRef<const Atomic<int>>
  arr.barrier();
}

TEST(AtomicArray, FloatingPoint) {
  dash::Array<dash::Atomic<double>> arr(dash::size());
  dash::fill(arr.begin(), arr.end(), 1.0);
  arr.barrier();
  for (int i = 0; i < 8; ++i) arr[0].add(0.25);
  arr.barrier();
  EXPECT_EQ(arr[0].load(), 1.0 + 2.0 * double(dash::size()));
  arr.barrier();
}

TEST(SharedAtomic, OneValueForAll) {
  dash::Shared<dash::Atomic<long>> hits(dash::Team::All(), dash::size() - 1);
  for (int i = 0; i < 10; ++i) hits.get().fetch_add(2);
  dash::barrier();
  EXPECT_EQ(hits.get().load(), 20 * long(dash::size()));
  dash::barrier();
}

TEST(SharedCounter, ExactTotal) {
  dash::SharedCounter<long> counter;
  EXPECT_EQ(counter.get(), 0);
  dash::barrier();
  const long me = long(dash::myid());
  for (long i = 0; i <= me; ++i) counter.inc(i + 1);
  counter.dec(1);
  dash::barrier();
  long expected = 0;
  for (long u = 0; u < long(dash::size()); ++u) expected += (u + 1) * (u + 2) / 2 - 1;
  EXPECT_EQ(counter.get(), expected);
  dash::barrier();
  // On a sub-team.
  dash::Team half = dash::Team::All().split(2);
  dash::SharedCounter<int> part(half);
  part.inc(2);
  half.barrier();
  EXPECT_EQ(part.get(), 2 * int(half.size()));
  half.barrier();
}

}  // namespace
