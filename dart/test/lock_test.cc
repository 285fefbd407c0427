// Team locks (MCS queue locks): mutual exclusion of a non-atomic
// get-increment-put (one lock, and several at once), cells at rest after
// contention, FIFO hand-off, try-acquire, tails spread over the team, 1,000
// locks per team (on DART_TEAM_ALL and on sub-teams), 64 bytes of team
// memory per member and lock, and bad input. The locks use no message tags
// and no communicator of their own (dart/src/lock.c), so MPI's TAG_UB does
// not limit them: nothing to test there.
#include <thread>
#include <vector>

#include "dart_test.h"

extern "C" dart_ret_t dart__lock_tail_gptr(dart_lock_t lock, dart_gptr_t *gptr);
extern "C" dart_ret_t dart__lock_member_bytes(dart_team_t team, size_t *bytes, size_t *slots);

namespace {

// Reads a lock's tail word: 0 when free, else 1 + team id of the queue's end.
int32_t tail_of(dart_lock_t lock) {
  dart_gptr_t g;
  int32_t v = -1;
  if (dart__lock_tail_gptr(lock, &g) != DART_OK) return -2;
  if (dart_fetch_and_op(g, nullptr, &v, DART_TYPE_INT32, DART_OP_NO_OP) != DART_OK) return -3;
  return v;
}

// Reads word w (0 tail, 1 next, 2 go: dart/src/lock.c) of team unit rel's
// cell of lock.
int32_t cell_word(dart_lock_t lock, dart_team_t team, int rel, int w) {
  dart_gptr_t g;
  int32_t v = -1;
  if (dart__lock_tail_gptr(lock, &g) != DART_OK) return -2;
  g = at_unit(g, team, rel, sizeof(int32_t) * w);
  if (dart_fetch_and_op(g, nullptr, &v, DART_TYPE_INT32, DART_OP_NO_OP) != DART_OK) return -3;
  return v;
}

// Every cell of a free lock is at rest (all words 0), which lets a
// destroyed lock's slot be reused as it is.
void expect_at_rest(dart_lock_t lock, dart_team_t team) {
  for (int u = 0; u < team_n(team); u++)
    for (int w = 0; w < 3; w++) EXPECT_EQ(0, cell_word(lock, team, u, w)) << "unit " << u << " word " << w;
}

// Every unit of team runs n critical sections, each a plain get,
// increment, put of a counter on the team's last unit; returns the total.
int64_t count_under_lock(dart_team_t team, int n) {
  const int size = team_n(team);
  dart_lock_t lock;
  EXPECT_EQ(DART_OK, dart_team_lock_init(team, &lock)) << dart_last_error();
  dart_gptr_t g;
  EXPECT_EQ(DART_OK, dart_team_memalloc_aligned(team, 64, &g));
  dart_gptr_t ctr = at_unit(g, team, size - 1);
  int64_t z = 0;
  if (team_me(team) == size - 1) dart_put_blocking(ctr, &z, 1, DART_TYPE_INT64, DART_TYPE_INT64);
  dart_barrier(team);
  for (int i = 0; i < n; i++) {
    EXPECT_EQ(DART_OK, dart_lock_acquire(lock)) << dart_last_error();
    int64_t c = -1;
    dart_get_blocking(&c, ctr, 1, DART_TYPE_INT64, DART_TYPE_INT64);
    c++;
    dart_put_blocking(ctr, &c, 1, DART_TYPE_INT64, DART_TYPE_INT64);
    EXPECT_EQ(DART_OK, dart_lock_release(lock)) << dart_last_error();
  }
  dart_barrier(team);
  int64_t total = -1;
  dart_get_blocking(&total, ctr, 1, DART_TYPE_INT64, DART_TYPE_INT64);
  expect_at_rest(lock, team);
  dart_barrier(team);
  EXPECT_EQ(DART_OK, dart_team_memfree(g));
  EXPECT_EQ(DART_OK, dart_team_lock_destroy(&lock)) << dart_last_error();
  return total;
}

}  // namespace

TEST(Lock, AcquireReleaseTry) {
  const int me = test_myid(), size = test_size();
  dart_lock_t lock = DART_LOCK_NULL;
  ASSERT_DART_OK(dart_team_lock_init(DART_TEAM_ALL, &lock));
  int32_t init = 0;
  ASSERT_DART_OK(dart_lock_initialized(lock, &init));
  EXPECT_EQ(1, init);
  if (me == 0) {  // alone: the tail names the holder, and is free after release
    ASSERT_DART_OK(dart_lock_acquire(lock));
    EXPECT_EQ(1, tail_of(lock));
    ASSERT_DART_OK(dart_lock_release(lock));
    EXPECT_EQ(0, tail_of(lock));
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_lock_acquire(lock));  // everyone at once
  ASSERT_DART_OK(dart_lock_release(lock));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  // Unit 0 holds it; the others' try fails, then succeeds after release.
  if (me == 0) {
    ASSERT_DART_OK(dart_lock_acquire(lock));
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  int32_t got = -1;
  if (me != 0) {
    ASSERT_DART_OK(dart_lock_try_acquire(lock, &got));
    EXPECT_EQ(0, got);
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  if (me == 0) {
    ASSERT_DART_OK(dart_lock_release(lock));
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  if (me == size - 1) {
    ASSERT_DART_OK(dart_lock_try_acquire(lock, &got));
    EXPECT_EQ(1, got);
    ASSERT_DART_OK(dart_lock_release(lock));
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_team_lock_destroy(&lock));
  EXPECT_EQ(DART_LOCK_NULL, lock);
}

TEST(Lock, ExactCountWorld) {
  const int size = test_size(), n = crowded() ? 30 : size <= 2 ? 1000 : 300;
  EXPECT_EQ(int64_t(size) * n, count_under_lock(DART_TEAM_ALL, n));
}

TEST(Lock, ExactCountSubTeams) {
  dart_team_t t = split(DART_TEAM_ALL, 2);
  ASSERT_NE(DART_TEAM_NULL, t);
  const int n = crowded() ? 30 : 500;
  EXPECT_EQ(int64_t(team_n(t)) * n, count_under_lock(t, n));
  ASSERT_DART_OK(dart_team_destroy(&t));
}

TEST(Lock, ExactCountsManyLocks) {
  // kLocks locks guard kLocks counters on the last unit; iteration i of unit
  // u takes lock (i + u) % kLocks, so different units hold different locks
  // (homes on different units) at the same time. Every counter is exact.
  constexpr int kLocks = 8;
  const int size = test_size(), me = test_myid(), n = crowded() ? 32 : size <= 2 ? 800 : 240;
  std::vector<dart_lock_t> locks(kLocks);
  for (auto &l : locks) ASSERT_DART_OK(dart_team_lock_init(DART_TEAM_ALL, &l));
  dart_gptr_t g;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, kLocks * 64, &g));
  dart_gptr_t ctrs = at_unit(g, DART_TEAM_ALL, size - 1);
  if (me == size - 1) {
    std::vector<int64_t> z(kLocks * 8, 0);
    ASSERT_DART_OK(dart_put_blocking(ctrs, z.data(), z.size(), DART_TYPE_INT64, DART_TYPE_INT64));
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  for (int i = 0; i < n; i++) {
    const int k = (i + me) % kLocks;
    dart_gptr_t c = ctrs;
    c.offset += 64 * k;
    ASSERT_DART_OK(dart_lock_acquire(locks[k]));
    int64_t v = -1;
    ASSERT_DART_OK(dart_get_blocking(&v, c, 1, DART_TYPE_INT64, DART_TYPE_INT64));
    v++;
    ASSERT_DART_OK(dart_put_blocking(c, &v, 1, DART_TYPE_INT64, DART_TYPE_INT64));
    ASSERT_DART_OK(dart_lock_release(locks[k]));
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  for (int k = 0; k < kLocks; k++) {
    dart_gptr_t c = ctrs;
    c.offset += 64 * k;
    int64_t v = -1;
    ASSERT_DART_OK(dart_get_blocking(&v, c, 1, DART_TYPE_INT64, DART_TYPE_INT64));
    EXPECT_EQ(int64_t(size) * n / kLocks, v) << "counter " << k;
    expect_at_rest(locks[k], DART_TEAM_ALL);
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_team_memfree(g));
  for (auto &l : locks) ASSERT_DART_OK(dart_team_lock_destroy(&l));
}

TEST(Lock, TryAcquiredLockHandsOff) {
  // Unit 0 takes the lock with try_acquire; the others' try fails, then
  // they queue behind it, and unit 0 hands the lock on when it releases.
  // Then every unit takes it by trying until it succeeds. Each holder
  // increments a counter non-atomically: the count is exact.
  const int me = test_myid(), size = test_size();
  dart_lock_t lock;
  ASSERT_DART_OK(dart_team_lock_init(DART_TEAM_ALL, &lock));
  dart_gptr_t g;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, 64, &g));
  dart_gptr_t ctr = at_unit(g, DART_TEAM_ALL, 0);
  auto increment = [&] {
    int64_t v = -1;
    EXPECT_DART_OK(dart_get_blocking(&v, ctr, 1, DART_TYPE_INT64, DART_TYPE_INT64));
    v++;
    EXPECT_DART_OK(dart_put_blocking(ctr, &v, 1, DART_TYPE_INT64, DART_TYPE_INT64));
  };
  int32_t got = -1;
  if (me == 0) {
    int64_t z = 0;
    ASSERT_DART_OK(dart_put_blocking(ctr, &z, 1, DART_TYPE_INT64, DART_TYPE_INT64));
    ASSERT_DART_OK(dart_lock_try_acquire(lock, &got));
    ASSERT_EQ(1, got);
    EXPECT_EQ(1, tail_of(lock));
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  if (me != 0) {
    ASSERT_DART_OK(dart_lock_try_acquire(lock, &got));
    EXPECT_EQ(0, got);
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  if (me != 0) {
    ASSERT_DART_OK(dart_lock_acquire(lock));
  } else if (size > 1) {
    while (tail_of(lock) == 1) {  // someone has queued behind me
    }
  }
  increment();
  ASSERT_DART_OK(dart_lock_release(lock));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  expect_at_rest(lock, DART_TEAM_ALL);
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  for (got = 0; !got;) {
    ASSERT_DART_OK(dart_lock_try_acquire(lock, &got));
    if (!got) std::this_thread::yield();
  }
  increment();
  ASSERT_DART_OK(dart_lock_release(lock));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  int64_t total = -1;
  ASSERT_DART_OK(dart_get_blocking(&total, ctr, 1, DART_TYPE_INT64, DART_TYPE_INT64));
  EXPECT_EQ(2 * size, total);
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_team_memfree(g));
  ASSERT_DART_OK(dart_team_lock_destroy(&lock));
}

TEST(Lock, FifoHandOff) {
  // Unit 0 takes the lock; unit i enqueues once unit i-1 is the queue's
  // tail; unit 0 releases once the last unit is queued. Each holder appends
  // its id to a log: the log must be 0, 1, ..., n-1.
  const int me = test_myid(), size = test_size();
  dart_lock_t lock;
  ASSERT_DART_OK(dart_team_lock_init(DART_TEAM_ALL, &lock));
  dart_gptr_t g;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, 64 * sizeof(int32_t), &g));
  dart_gptr_t pos = at_unit(g, DART_TEAM_ALL, 0), log = at_unit(g, DART_TEAM_ALL, 0, 64);
  if (me == 0) {
    std::vector<int32_t> z(64, -1);
    z[0] = 0;
    ASSERT_DART_OK(dart_put_blocking(pos, z.data(), 64, DART_TYPE_INT32, DART_TYPE_INT32));
    ASSERT_DART_OK(dart_lock_acquire(lock));
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  if (me != 0) {
    while (tail_of(lock) != me) {  // wait for unit me-1 to be queued
    }
    ASSERT_DART_OK(dart_lock_acquire(lock));
  } else {
    while (tail_of(lock) != size) {  // the last unit is queued
    }
  }
  int32_t one = 1, slot;
  ASSERT_DART_OK(dart_fetch_and_op(pos, &one, &slot, DART_TYPE_INT32, DART_OP_SUM));
  dart_gptr_t entry = log;
  entry.offset += sizeof(int32_t) * slot;
  int32_t id = me;
  ASSERT_DART_OK(dart_put_blocking(entry, &id, 1, DART_TYPE_INT32, DART_TYPE_INT32));
  ASSERT_DART_OK(dart_lock_release(lock));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  std::vector<int32_t> got(size);
  ASSERT_DART_OK(dart_get_blocking(got.data(), log, size, DART_TYPE_INT32, DART_TYPE_INT32));
  for (int i = 0; i < size; i++) EXPECT_EQ(i, got[i]) << "position " << i;
  EXPECT_EQ(0, tail_of(lock));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_team_memfree(g));
  ASSERT_DART_OK(dart_team_lock_destroy(&lock));
}

TEST(Lock, ThousandLocksTailsSpread) {
  // On a fresh team (so that slots start at 0): lock k's tail lives on team
  // unit k % size; 1,000 locks alive at once, each taken once by every
  // unit; all destroyed; then 1,000 create/destroy cycles reuse slots.
  dart_team_t t = split(DART_TEAM_ALL, 1);
  ASSERT_NE(DART_TEAM_NULL, t);
  const int size = team_n(t), me = team_me(t);
  const int n = 1000;
  std::vector<dart_lock_t> locks(n);
  for (int k = 0; k < n; k++) ASSERT_DART_OK(dart_team_lock_init(t, &locks[k])) << "lock " << k;
  for (int k = 0; k < n; k++) {
    dart_gptr_t g;
    ASSERT_DART_OK(dart__lock_tail_gptr(locks[k], &g));
    dart_unit_t abs;
    ASSERT_DART_OK(dart_team_unit_l2g(t, k % size, &abs));
    ASSERT_EQ(abs, g.unitid) << "lock " << k;
  }
  // Each unit takes every lock (every 10th when crowded) once, starting at
  // a different one.
  for (int k = 0; k < n; k += crowded() ? 10 : 1) {
    dart_lock_t l = locks[(k + me * 7) % n];
    ASSERT_DART_OK(dart_lock_acquire(l));
    ASSERT_DART_OK(dart_lock_release(l));
  }
  ASSERT_DART_OK(dart_barrier(t));
  for (int k = 0; k < n; k++) ASSERT_DART_OK(dart_team_lock_destroy(&locks[k]));
  for (int k = 0; k < n; k++) {
    dart_lock_t l;
    ASSERT_DART_OK(dart_team_lock_init(t, &l)) << "cycle " << k;
    if (k % 97 == 0) {
      ASSERT_DART_OK(dart_lock_acquire(l));
      ASSERT_DART_OK(dart_lock_release(l));
    }
    ASSERT_DART_OK(dart_team_lock_destroy(&l));
  }
  ASSERT_DART_OK(dart_team_destroy(&t));
}

TEST(Lock, SixtyFourBytesPerMemberAndLock) {
  // A member's lock state in team memory is one 64-byte cell per lock slot,
  // slots come 64 at a time, and slots are the most locks alive at once:
  // nothing depends on the team's size, and destroyed slots are reused.
  dart_team_t t = split(DART_TEAM_ALL, 1);
  ASSERT_NE(DART_TEAM_NULL, t);
  size_t bytes = 1, slots = 1;
  ASSERT_DART_OK(dart__lock_member_bytes(t, &bytes, &slots));
  EXPECT_EQ(0u, bytes);
  EXPECT_EQ(0u, slots);
  const int n = 1000;
  std::vector<dart_lock_t> locks(n);
  ASSERT_DART_OK(dart_team_lock_init(t, &locks[0]));
  ASSERT_DART_OK(dart__lock_member_bytes(t, &bytes, &slots));
  EXPECT_EQ(64u, slots);
  EXPECT_EQ(64u * 64u, bytes);
  for (int round = 0; round < 2; round++) {
    for (int k = round ? 0 : 1; k < n; k++) ASSERT_DART_OK(dart_team_lock_init(t, &locks[k]));
    ASSERT_DART_OK(dart__lock_member_bytes(t, &bytes, &slots));
    EXPECT_EQ(1024u, slots) << "round " << round;
    EXPECT_EQ(64u * slots, bytes);
    for (auto &l : locks) ASSERT_DART_OK(dart_team_lock_destroy(&l));
  }
  ASSERT_DART_OK(dart_team_destroy(&t));
  // The same on the whole job.
  dart_lock_t l;
  ASSERT_DART_OK(dart_team_lock_init(DART_TEAM_ALL, &l));
  ASSERT_DART_OK(dart__lock_member_bytes(DART_TEAM_ALL, &bytes, &slots));
  EXPECT_GE(slots, 64u);
  EXPECT_EQ(0u, slots % 64);
  EXPECT_EQ(64u * slots, bytes);
  ASSERT_DART_OK(dart_team_lock_destroy(&l));
}

TEST(Lock, ThousandLocksSubTeam) {
  dart_team_t t = split(DART_TEAM_ALL, 2);
  ASSERT_NE(DART_TEAM_NULL, t);
  std::vector<dart_lock_t> locks(1000);
  for (auto &l : locks) ASSERT_DART_OK(dart_team_lock_init(t, &l));
  for (size_t k = 0; k < locks.size(); k += 111) {
    ASSERT_DART_OK(dart_lock_acquire(locks[k]));
    ASSERT_DART_OK(dart_lock_release(locks[k]));
  }
  for (auto &l : locks) ASSERT_DART_OK(dart_team_lock_destroy(&l));
  ASSERT_DART_OK(dart_team_destroy(&t));
}

TEST(Lock, BadInput) {
  const int me = test_myid();
  int32_t flag = -1;
  EXPECT_EQ(DART_ERR_INVAL, dart_lock_acquire(DART_LOCK_NULL));
  EXPECT_EQ(DART_ERR_INVAL, dart_lock_release(DART_LOCK_NULL));
  EXPECT_EQ(DART_ERR_INVAL, dart_lock_try_acquire(DART_LOCK_NULL, &flag));
  dart_lock_t null_lock = DART_LOCK_NULL;
  EXPECT_EQ(DART_ERR_INVAL, dart_team_lock_destroy(&null_lock));
  EXPECT_EQ(DART_ERR_INVAL, dart_team_lock_destroy(nullptr));
  EXPECT_EQ(DART_ERR_INVAL, dart_team_lock_init(DART_TEAM_ALL, nullptr));
  EXPECT_EQ(DART_ERR_INVAL, dart_team_lock_init(12345, &null_lock));
  ASSERT_DART_OK(dart_lock_initialized(DART_LOCK_NULL, &flag));
  EXPECT_EQ(0, flag);
  EXPECT_EQ(DART_ERR_INVAL, dart_lock_initialized(DART_LOCK_NULL, nullptr));
  // A forged handle is recognized, never dereferenced.
  dart_lock_t forged = reinterpret_cast<dart_lock_t>(uintptr_t(0xdead00000beefULL));
  EXPECT_EQ(DART_ERR_INVAL, dart_lock_acquire(forged));
  ASSERT_DART_OK(dart_lock_initialized(forged, &flag));
  EXPECT_EQ(0, flag);

  dart_lock_t lock;
  ASSERT_DART_OK(dart_team_lock_init(DART_TEAM_ALL, &lock));
  EXPECT_EQ(DART_ERR_INVAL, dart_lock_release(lock));  // not held
  ASSERT_DART_OK(dart_lock_acquire(lock));
  EXPECT_EQ(DART_ERR_INVAL, dart_lock_acquire(lock));  // twice
  EXPECT_EQ(DART_ERR_INVAL, dart_lock_try_acquire(lock, &flag));
  EXPECT_EQ(0, flag);
  EXPECT_EQ(DART_ERR_BUSY, dart_team_lock_destroy(&lock));  // held by the caller
  EXPECT_NE(DART_LOCK_NULL, lock);
  ASSERT_DART_OK(dart_lock_release(lock));
  EXPECT_EQ(DART_ERR_INVAL, dart_lock_release(lock));  // twice
  dart_lock_t copy = lock;
  ASSERT_DART_OK(dart_team_lock_destroy(&lock));
  EXPECT_EQ(DART_LOCK_NULL, lock);
  EXPECT_EQ(DART_ERR_INVAL, dart_lock_acquire(copy));  // destroyed
  EXPECT_EQ(DART_ERR_INVAL, dart_team_lock_destroy(&copy));
  ASSERT_DART_OK(dart_lock_initialized(copy, &flag));
  EXPECT_EQ(0, flag);

  // Destroy while another unit holds the lock: only the holder is busy; it
  // releases and destroys afterwards.
  ASSERT_DART_OK(dart_team_lock_init(DART_TEAM_ALL, &lock));
  if (me == 0) {
    ASSERT_DART_OK(dart_lock_acquire(lock));
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  if (me == 0) {
    EXPECT_EQ(DART_ERR_BUSY, dart_team_lock_destroy(&lock));
    ASSERT_DART_OK(dart_lock_release(lock));
  }
  ASSERT_DART_OK(dart_team_lock_destroy(&lock));

  // A lock of a team that was destroyed: its operations fail cleanly.
  dart_team_t t = split(DART_TEAM_ALL, 2);
  ASSERT_NE(DART_TEAM_NULL, t);
  dart_lock_t orphan;
  ASSERT_DART_OK(dart_team_lock_init(t, &orphan));
  ASSERT_DART_OK(dart_team_destroy(&t));
  EXPECT_EQ(DART_ERR_INVAL, dart_lock_acquire(orphan));
  EXPECT_EQ(DART_ERR_INVAL, dart_lock_try_acquire(orphan, &flag));
  ASSERT_DART_OK(dart_lock_initialized(orphan, &flag));
  EXPECT_EQ(0, flag);
  EXPECT_DART_OK(dart_team_lock_destroy(&orphan));  // forgets it
  EXPECT_EQ(DART_LOCK_NULL, orphan);
}
