// dash::Shared, dash::Atomic and dash::Mutex against the counts a serial
// execution gives.
#include <mutex>

#include "dash_test.h"

namespace {

TEST(Shared, OneValueSeenByAll) {
  struct Point {
    int x, y;
  };
  dash::Shared<Point> shared;
  EXPECT_EQ(shared.owner(), 0u);
  EXPECT_EQ(shared.get().x, 0);  // value-initialized
  dash::barrier();
  if (dash::myid() == dash::size() - 1) shared.set({3, 4});
  dash::barrier();
  EXPECT_EQ(shared.get().x, 3);
  EXPECT_EQ(shared.get().y, 4);
  // On another owner, with atomic updates through the reference.
  dash::Shared<long> counter(dash::Team::All(), dash::size() - 1);
  counter.ref() += 2;
  dash::barrier();
  EXPECT_EQ(counter.get(), 2 * long(dash::size()));
  EXPECT_THROW(dash::Shared<int>(dash::Team::All(), dash::size()), std::invalid_argument);
}

TEST(Atomic, OperationsAreAtomic) {
  dash::Atomic<long> a(10);
  dash::Atomic<double> d;
  std::size_t p = dash::size();
  for (int i = 0; i < 20; ++i) {
    a.fetch_add(2);
    a -= 1;
    ++a;
    d.fetch_add(0.25);
  }
  dash::barrier();
  EXPECT_EQ(a.load(), 10 + 40 * long(p));
  EXPECT_EQ(long(a), 10 + 40 * long(p));
  EXPECT_EQ(d.load(), 5.0 * double(p));
  dash::barrier();
  // A compare-exchange loop increments exactly once per attempt that wins.
  for (int i = 0; i < 10; ++i) {
    long expected = a.load();
    while (!a.compare_exchange(expected, expected + 1)) {
    }
  }
  dash::barrier();
  EXPECT_EQ(a.load(), 10 + 50 * long(p));
  dash::barrier();
  if (dash::myid() == 0) {
    a.store(-5);
    EXPECT_EQ(a.exchange(7), -5);
    long wrong = 100;
    EXPECT_FALSE(a.compare_exchange(wrong, 1));
    EXPECT_EQ(wrong, 7);
  }
  dash::barrier();
  EXPECT_EQ(a.load(), 7);
  dash::barrier();
}

TEST(Mutex, ProtectsReadModifyWrite) {
  dash::Mutex mutex;
  dash::Shared<long> value;  // updated by plain get and set: needs the lock
  for (int i = 0; i < 10; ++i) {
    std::lock_guard<dash::Mutex> lock(mutex);
    value.set(value.get() + 1);
  }
  dash::barrier();
  EXPECT_EQ(value.get(), 10 * long(dash::size()));
  dash::barrier();
  // try_lock: exactly one unit wins while the holder keeps it.
  dash::Atomic<int> winners(0);
  bool mine = false;
  if (dash::myid() == 0) {
    mutex.lock();
    mine = true;
  }
  dash::barrier();
  if (dash::myid() != 0) {
    EXPECT_FALSE(mutex.try_lock());
  }
  dash::barrier();
  if (mine) mutex.unlock();
  dash::barrier();
  if (mutex.try_lock()) {
    winners.fetch_add(1);
    dash::barrier();  // hold it until everyone has tried
    mutex.unlock();
  } else {
    dash::barrier();
  }
  dash::barrier();
  EXPECT_GE(winners.load(), 1);
  dash::barrier();
}

}  // namespace
