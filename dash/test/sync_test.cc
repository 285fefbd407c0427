// dash::Shared and dash::Mutex against the counts a serial
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
  EXPECT_EQ(shared.get().get().x, 0);  // value-initialized; get() is a GlobRef, as in DASH
  dash::barrier();
  if (dash::myid() == dash::size() - 1) shared.set({3, 4});
  dash::barrier();
  Point p = shared.get();
  EXPECT_EQ(p.x, 3);
  EXPECT_EQ(p.y, 4);
  EXPECT_EQ(shared.get().member(&Point::y), 4);
  // On another owner, with atomic updates through the reference.
  dash::Shared<long> counter(dash::Team::All(), dash::size() - 1);
  counter.ref() += 2;
  dash::barrier();
  EXPECT_EQ(counter.get(), 2 * long(dash::size()));
  EXPECT_THROW(dash::Shared<int>(dash::Team::All(), dash::size()), std::invalid_argument);
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
  dash::Shared<dash::Atomic<int>> winners;
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
    winners.get().fetch_add(1);
    dash::barrier();  // hold it until everyone has tried
    mutex.unlock();
  } else {
    dash::barrier();
  }
  dash::barrier();
  EXPECT_GE(winners.get().load(), 1);
  dash::barrier();
}

}  // namespace
