// Progress: one unit computes for ~0.3 s without calling the runtime (a
// busy loop of arithmetic, not a sleep) while the others complete puts,
// gets, handle transfers, atomics and lock hand-offs that target its
// memory (phase A), and queue for a lock it holds while it computes, so
// the lock passes through it (phase B). Nothing may hang; the data must be
// exact. Runs with and without virtual nodes (MPI path and shared memory).
#include <chrono>
#include <cstdio>
#include <vector>

#include "dart_test.h"

extern "C" dart_ret_t dart__lock_tail_gptr(dart_lock_t lock, dart_gptr_t *gptr);

namespace {

constexpr int kBusy = 0;  // the computing unit

// About `seconds` of floating-point work, no runtime calls.
double compute(double seconds) {
  volatile double x = 1.0;
  auto t0 = std::chrono::steady_clock::now();
  for (;;) {
    for (int k = 0; k < 200000; k++) x = x * 1.0000001 + 1e-9;
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() >= seconds) break;
  }
  return x;
}

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

dart_gptr_t on(dart_gptr_t g, dart_unit_t unit, uint64_t off) {
  dart_gptr_setunit(&g, unit);
  g.offset += off;
  return g;
}

}  // namespace

TEST(Progress, BusyTargetAndLockHolder) {
  const int me = test_myid(), size = test_size(), k = crowded() ? 10 : 50;
  // Memory on the busy unit: [0] fetch-and-op counter, [1] lock-protected
  // counter, [2] accumulate counter, [8 + u] put/get slot of unit u.
  dart_gptr_t g;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, 64 * sizeof(int64_t), &g));
  dart_gptr_t faa = on(g, kBusy, 0), locked = on(g, kBusy, 8), acc = on(g, kBusy, 16);
  // The first lock of a fresh team has its tail on team unit 0 = kBusy.
  dart_group_t grp;
  ASSERT_DART_OK(dart_team_get_group(DART_TEAM_ALL, &grp));
  dart_team_t team;
  ASSERT_DART_OK(dart_team_create(DART_TEAM_ALL, grp, &team));
  ASSERT_DART_OK(dart_group_destroy(&grp));
  dart_lock_t lock;
  ASSERT_DART_OK(dart_team_lock_init(team, &lock));
  dart_gptr_t tail;
  ASSERT_DART_OK(dart__lock_tail_gptr(lock, &tail));
  EXPECT_EQ(kBusy, tail.unitid);
  if (me == kBusy) {
    std::vector<int64_t> z(64, 0);
    ASSERT_DART_OK(dart_put_blocking(on(g, kBusy, 0), z.data(), 64, DART_TYPE_INT64, DART_TYPE_INT64));
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));

  // Phase A: kBusy computes; the others work on its memory and hand the
  // lock (tail on kBusy) among themselves.
  auto t0 = std::chrono::steady_clock::now();
  if (me == kBusy) {
    compute(0.3);
    if (size > 1) std::printf("[progress] phase A: unit %d computed %.3f s\n", me, since(t0));
  } else {
    dart_gptr_t slot = on(g, kBusy, (8 + me) * sizeof(int64_t));
    for (int i = 0; i < k; i++) {
      int64_t v = me * 1000 + i, back = -1, one = 1, old;
      ASSERT_DART_OK(dart_put_blocking(slot, &v, 1, DART_TYPE_INT64, DART_TYPE_INT64));
      ASSERT_DART_OK(dart_get_blocking(&back, slot, 1, DART_TYPE_INT64, DART_TYPE_INT64));
      ASSERT_EQ(v, back);
      dart_handle_t h;
      v++;
      ASSERT_DART_OK(dart_put_handle(slot, &v, 1, DART_TYPE_INT64, DART_TYPE_INT64, &h));
      ASSERT_DART_OK(dart_wait(&h));
      ASSERT_DART_OK(dart_get_handle(&back, slot, 1, DART_TYPE_INT64, DART_TYPE_INT64, &h));
      ASSERT_DART_OK(dart_wait(&h));
      ASSERT_EQ(v, back);
      ASSERT_DART_OK(dart_fetch_and_op(faa, &one, &old, DART_TYPE_INT64, DART_OP_SUM));
      ASSERT_DART_OK(dart_accumulate(acc, &one, 1, DART_TYPE_INT64, DART_OP_SUM));
      ASSERT_DART_OK(dart_flush(acc));
      ASSERT_DART_OK(dart_lock_acquire(lock));
      int64_t c;
      ASSERT_DART_OK(dart_get_blocking(&c, locked, 1, DART_TYPE_INT64, DART_TYPE_INT64));
      c++;
      ASSERT_DART_OK(dart_put_blocking(locked, &c, 1, DART_TYPE_INT64, DART_TYPE_INT64));
      ASSERT_DART_OK(dart_lock_release(lock));
    }
    if (me == 1)
      std::printf("[progress] phase A: unit 1 finished its %d rounds after %.3f s\n", k, since(t0));
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  int64_t got[3];
  ASSERT_DART_OK(dart_get_blocking(got, faa, 3, DART_TYPE_INT64, DART_TYPE_INT64));
  EXPECT_EQ(int64_t(size - 1) * k, got[0]);
  EXPECT_EQ(int64_t(size - 1) * k, got[1]);
  EXPECT_EQ(int64_t(size - 1) * k, got[2]);

  // Phase B: kBusy takes the lock, then computes while holding it; the
  // others queue behind it and get the lock, one after the other, once it
  // releases: the lock passes through the computing unit.
  if (me == kBusy) {
    ASSERT_DART_OK(dart_lock_acquire(lock));
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  t0 = std::chrono::steady_clock::now();
  if (me == kBusy) {
    compute(0.3);
    int64_t c;
    ASSERT_DART_OK(dart_get_blocking(&c, locked, 1, DART_TYPE_INT64, DART_TYPE_INT64));
    EXPECT_EQ(int64_t(size - 1) * k, c);  // nobody entered while it held the lock
    c += 1000;
    ASSERT_DART_OK(dart_put_blocking(locked, &c, 1, DART_TYPE_INT64, DART_TYPE_INT64));
    ASSERT_DART_OK(dart_lock_release(lock));
  } else {
    for (int i = 0; i < 3; i++) {
      ASSERT_DART_OK(dart_lock_acquire(lock));
      if (i == 0 && me == 1) std::printf("[progress] phase B: unit 1 got the lock after %.3f s\n", since(t0));
      int64_t c;
      ASSERT_DART_OK(dart_get_blocking(&c, locked, 1, DART_TYPE_INT64, DART_TYPE_INT64));
      EXPECT_GE(c, int64_t(size - 1) * k + 1000);  // only after the busy unit's update
      c++;
      ASSERT_DART_OK(dart_put_blocking(locked, &c, 1, DART_TYPE_INT64, DART_TYPE_INT64));
      ASSERT_DART_OK(dart_lock_release(lock));
    }
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  int64_t c;
  ASSERT_DART_OK(dart_get_blocking(&c, locked, 1, DART_TYPE_INT64, DART_TYPE_INT64));
  EXPECT_EQ(int64_t(size - 1) * k + 1000 + 3 * (size - 1), c);
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_team_lock_destroy(&lock));
  ASSERT_DART_OK(dart_team_destroy(&team));
  ASSERT_DART_OK(dart_team_memfree(g));
}
