// DART at DART_THREAD_MULTIPLE: several OpenMP threads per unit call the
// runtime at once. Every test checks exact values: counters hammered with
// fetch-and-add, accumulate and compare-and-swap, and with a lock-protected
// get-increment-put; transfers of every flavour; non-collective allocation;
// per-thread error messages; collectives on one team per thread; the
// lock's thread semantics (one holder thread per unit, others wait); and
// the per-thread records of the inline same-node path (a free reaches all).
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

#include "dart_test.h"

namespace {

constexpr int kThreads = 4;

// Per-thread loop count: small when 3-4 units share the 2 cores (16
// threads), smaller still when every unit is its own node (MPI atomics
// progress only while their target runs).
int per_thread(int full) { return crowded() ? full / 10 : test_iterations(full, full / 4); }

// Runs body(thread) on kThreads OpenMP threads; returns how many threads
// reported a failure (body returns false).
template <typename F>
int in_threads(F body) {
  std::atomic<int> failed{0};
#pragma omp parallel num_threads(kThreads)
  {
    if (!body(omp_get_thread_num())) failed++;
  }
  return failed.load();
}

}  // namespace

TEST(Threads, InitProvidesMultiple) {
  dart_thread_support_level_t level = DART_THREAD_SINGLE;
  ASSERT_DART_OK(dart_thread_support(&level));
  EXPECT_EQ(DART_THREAD_MULTIPLE, level);
  EXPECT_EQ(DART_ERR_INVAL, dart_thread_support(nullptr));
  // A second start is refused whatever the level.
  dart_thread_support_level_t p;
  EXPECT_EQ(DART_ERR_INVAL, dart_init_thread(nullptr, nullptr, DART_THREAD_MULTIPLE, &p));
}

TEST(Threads, LastErrorIsPerThread) {
  // Each thread fails a call with its own argument and must read back its
  // own message, whatever the other threads failed meanwhile.
  int failed = in_threads([](int t) {
    char want[32];
    std::snprintf(want, sizeof want, "unit %d out of range", 1000 + t);
    for (int i = 0; i < 200; i++) {
      dart_unit_t unit = -1;
      if (dart_team_unit_l2g(DART_TEAM_ALL, 1000 + t, &unit) != DART_ERR_INVAL) return false;
      if (!std::strstr(dart_last_error(), want)) return false;
    }
    return true;
  });
  EXPECT_EQ(0, failed);
}

TEST(Threads, AtomicCountersAreExact) {
  // One counter on unit 0 per kind of atomic, hit by every thread of every
  // unit: fetch-and-add (each fetched value must be distinct: gathered and
  // sorted on unit 0), accumulate, and a compare-and-swap increment loop.
  const int n = per_thread(200), size = test_size();
  dart_gptr_t g;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, 3 * 64, &g));
  dart_gptr_t fadd = at_unit(g, DART_TEAM_ALL, 0), acc = at_unit(g, DART_TEAM_ALL, 0, 64),
              cas = at_unit(g, DART_TEAM_ALL, 0, 128);
  int64_t z[24] = {0};
  if (test_myid() == 0) dart_put_blocking(fadd, z, 24, DART_TYPE_INT64, DART_TYPE_INT64);
  dart_barrier(DART_TEAM_ALL);
  std::vector<int64_t> fetched(static_cast<size_t>(kThreads) * n);
  int failed = in_threads([&](int t) {
    const int64_t one = 1;
    for (int i = 0; i < n; i++) {
      int64_t old = -1;
      if (dart_fetch_and_op(fadd, &one, &old, DART_TYPE_INT64, DART_OP_SUM) != DART_OK) return false;
      fetched[static_cast<size_t>(t) * n + i] = old;
      if (dart_accumulate(acc, &one, 1, DART_TYPE_INT64, DART_OP_SUM) != DART_OK) return false;
      int64_t seen = 0, want;
      do {  // increment by compare-and-swap until this thread's swap wins
        want = seen + 1;
        int64_t cmp = seen;
        if (dart_compare_and_swap(cas, &want, &cmp, &seen, DART_TYPE_INT64) != DART_OK) return false;
      } while (seen != want - 1);
    }
    return dart_flush(acc) == DART_OK;
  });
  EXPECT_EQ(0, failed) << dart_last_error();
  dart_barrier(DART_TEAM_ALL);
  const int64_t total = static_cast<int64_t>(size) * kThreads * n;
  int64_t v[3] = {-1, -1, -1};
  dart_get_blocking(&v[0], fadd, 1, DART_TYPE_INT64, DART_TYPE_INT64);
  dart_get_blocking(&v[1], acc, 1, DART_TYPE_INT64, DART_TYPE_INT64);
  dart_get_blocking(&v[2], cas, 1, DART_TYPE_INT64, DART_TYPE_INT64);
  EXPECT_EQ(total, v[0]);
  EXPECT_EQ(total, v[1]);
  EXPECT_EQ(total, v[2]);
  std::vector<int64_t> all(test_myid() == 0 ? static_cast<size_t>(total) : 0);
  ASSERT_DART_OK(dart_gather(fetched.data(), all.data(), fetched.size(), DART_TYPE_INT64, 0, DART_TEAM_ALL));
  if (test_myid() == 0) {
    std::sort(all.begin(), all.end());
    for (int64_t i = 0; i < total; i++) ASSERT_EQ(i, all[static_cast<size_t>(i)]) << "fetched values repeat";
  }
  dart_barrier(DART_TEAM_ALL);
  ASSERT_DART_OK(dart_team_memfree(g));
}

TEST(Threads, LockProtectedIncrementIsExact) {
  // A plain get-increment-put of a counter on the last unit, under one team
  // lock, from every thread of every unit: the total is exact only if the
  // lock excludes threads of one unit as well as units. `inside` counts this
  // unit's threads in the critical section: never more than one.
  const int n = per_thread(100), size = test_size();
  dart_lock_t lock;
  ASSERT_DART_OK(dart_team_lock_init(DART_TEAM_ALL, &lock));
  dart_gptr_t g;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, 64, &g));
  dart_gptr_t ctr = at_unit(g, DART_TEAM_ALL, size - 1);
  int64_t z = 0;
  if (test_myid() == size - 1) dart_put_blocking(ctr, &z, 1, DART_TYPE_INT64, DART_TYPE_INT64);
  dart_barrier(DART_TEAM_ALL);
  std::atomic<int> inside{0}, overlap{0};
  int failed = in_threads([&](int) {
    for (int i = 0; i < n; i++) {
      if (dart_lock_acquire(lock) != DART_OK) return false;
      if (inside.fetch_add(1) != 0) overlap++;
      int64_t c = -1;
      bool ok = dart_get_blocking(&c, ctr, 1, DART_TYPE_INT64, DART_TYPE_INT64) == DART_OK;
      c++;
      ok = ok && dart_put_blocking(ctr, &c, 1, DART_TYPE_INT64, DART_TYPE_INT64) == DART_OK;
      inside.fetch_sub(1);
      if (dart_lock_release(lock) != DART_OK || !ok) return false;
    }
    return true;
  });
  EXPECT_EQ(0, failed) << dart_last_error();
  EXPECT_EQ(0, overlap.load());
  dart_barrier(DART_TEAM_ALL);
  int64_t total = -1;
  dart_get_blocking(&total, ctr, 1, DART_TYPE_INT64, DART_TYPE_INT64);
  EXPECT_EQ(static_cast<int64_t>(size) * kThreads * n, total);
  dart_barrier(DART_TEAM_ALL);
  ASSERT_DART_OK(dart_team_memfree(g));
  ASSERT_DART_OK(dart_team_lock_destroy(&lock));
}

TEST(Threads, LockHasOneHolderThreadPerUnit) {
  // Thread 0 holds the lock. Thread 1: try-acquire fails, release is refused
  // (it does not hold it), and acquire waits until thread 0 has released.
  // Thread 0: acquiring again is refused (not recursive).
  dart_lock_t lock;
  ASSERT_DART_OK(dart_team_lock_init(DART_TEAM_ALL, &lock));
  std::atomic<int> phase{0};
  std::atomic<bool> released{false};
  std::atomic<int> errors{0};
  auto wait_for = [&](int p) {
    while (phase.load() < p) std::this_thread::yield();
  };
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
      if (dart_lock_acquire(lock) != DART_OK) errors++;
      if (dart_lock_acquire(lock) != DART_ERR_INVAL) errors++;
      phase = 1;
      wait_for(2);  // thread 1 has probed; it now blocks in acquire
      released = true;
      if (dart_lock_release(lock) != DART_OK) errors++;
    } else {
      wait_for(1);
      int32_t got = 1;
      if (dart_lock_try_acquire(lock, &got) != DART_OK || got != 0) errors++;
      if (dart_lock_release(lock) != DART_ERR_INVAL) errors++;
      phase = 2;
      if (dart_lock_acquire(lock) != DART_OK) errors++;
      if (!released.load()) errors++;  // got in while thread 0 still held it
      if (dart_lock_release(lock) != DART_OK) errors++;
    }
  }
  EXPECT_EQ(0, errors.load()) << dart_last_error();
  dart_barrier(DART_TEAM_ALL);
  ASSERT_DART_OK(dart_team_lock_destroy(&lock));
}

TEST(Threads, PutGetEveryFlavour) {
  // Thread t of unit u writes n values into its own slots on unit
  // (u + 1 + i) % size, alternating put + flush, put_blocking and
  // put_handle + wait; after a barrier it reads them back with get +
  // flush_local, get_blocking and get_handle + wait_local.
  const int n = per_thread(60), size = test_size(), me = test_myid();
  const size_t slots = static_cast<size_t>(size) * kThreads * n;
  dart_gptr_t g;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, slots * sizeof(int64_t), &g));
  auto where = [&](int t, int i) {
    uint64_t slot = (static_cast<uint64_t>(me) * kThreads + t) * n + i;
    return at_unit(g, DART_TEAM_ALL, (me + 1 + i) % size, slot * sizeof(int64_t));
  };
  auto value = [&](int t, int i) { return (static_cast<int64_t>(me) << 40) | (int64_t{t} << 20) | i; };
  int failed = in_threads([&](int t) {
    for (int i = 0; i < n; i++) {
      int64_t v = value(t, i);
      dart_gptr_t d = where(t, i);
      dart_ret_t r;
      if (i % 3 == 0) {
        r = dart_put(d, &v, 1, DART_TYPE_INT64, DART_TYPE_INT64);
        if (r == DART_OK) r = dart_flush(d);
      } else if (i % 3 == 1) {
        r = dart_put_blocking(d, &v, 1, DART_TYPE_INT64, DART_TYPE_INT64);
      } else {
        dart_handle_t h;
        r = dart_put_handle(d, &v, 1, DART_TYPE_INT64, DART_TYPE_INT64, &h);
        if (r == DART_OK) r = dart_wait(&h);
      }
      if (r != DART_OK) return false;
    }
    return true;
  });
  ASSERT_EQ(0, failed) << dart_last_error();
  dart_barrier(DART_TEAM_ALL);
  std::atomic<int> wrong{0};
  failed = in_threads([&](int t) {
    for (int i = 0; i < n; i++) {
      int64_t v = -1;
      dart_gptr_t s = where(t, i);
      dart_ret_t r;
      if (i % 3 == 0) {
        r = dart_get(&v, s, 1, DART_TYPE_INT64, DART_TYPE_INT64);
        if (r == DART_OK) r = dart_flush_local(s);
      } else if (i % 3 == 1) {
        r = dart_get_blocking(&v, s, 1, DART_TYPE_INT64, DART_TYPE_INT64);
      } else {
        dart_handle_t h;
        r = dart_get_handle(&v, s, 1, DART_TYPE_INT64, DART_TYPE_INT64, &h);
        if (r == DART_OK) r = dart_wait_local(&h);
      }
      if (r != DART_OK) return false;
      if (v != value(t, i)) wrong++;
    }
    return true;
  });
  EXPECT_EQ(0, failed) << dart_last_error();
  EXPECT_EQ(0, wrong.load());
  dart_barrier(DART_TEAM_ALL);
  ASSERT_DART_OK(dart_team_memfree(g));
}

TEST(Threads, NonCollectiveAllocationIsPrivate) {
  // Threads allocate and free from the unit's pool at once; each fills its
  // allocations with its own pattern and checks it before freeing, so two
  // threads handed overlapping memory would see each other's bytes.
  const int n = per_thread(200);
  int failed = in_threads([&](int t) {
    dart_gptr_t live[4];
    size_t len[4];
    int nlive = 0;
    for (int i = 0; i < n; i++) {
      if (nlive == 4 || (nlive > 0 && i % 3 == 2)) {
        nlive--;
        std::vector<int32_t> back(len[nlive]);
        if (dart_get_blocking(back.data(), live[nlive], len[nlive], DART_TYPE_INT32, DART_TYPE_INT32) !=
            DART_OK)
          return false;
        for (int32_t x : back)
          if (x != t * 1000 + nlive) return false;
        if (dart_memfree(live[nlive]) != DART_OK) return false;
        continue;
      }
      len[nlive] = 8 + static_cast<size_t>((i * 37 + t * 11) % 120);
      if (dart_memalloc(len[nlive] * sizeof(int32_t), &live[nlive]) != DART_OK) return false;
      std::vector<int32_t> fill(len[nlive], t * 1000 + nlive);
      if (dart_put_blocking(live[nlive], fill.data(), len[nlive], DART_TYPE_INT32, DART_TYPE_INT32) !=
          DART_OK)
        return false;
      nlive++;
    }
    while (nlive > 0)
      if (dart_memfree(live[--nlive]) != DART_OK) return false;
    return true;
  });
  EXPECT_EQ(0, failed) << dart_last_error();
}

TEST(Threads, CollectivesOnOneTeamPerThread) {
  // Thread t works on its own team (a copy of DART_TEAM_ALL, created before
  // the parallel region: team creation is serialised): allreduce, a
  // collective allocation with a ring put and a barrier, all at once.
  const int n = per_thread(20), size = test_size(), me = test_myid();
  dart_group_t all;
  ASSERT_DART_OK(dart_team_get_group(DART_TEAM_ALL, &all));
  dart_team_t teams[kThreads];
  for (auto &t : teams) ASSERT_DART_OK(dart_team_create(DART_TEAM_ALL, all, &t));
  dart_group_destroy(&all);
  int failed = in_threads([&](int t) {
    dart_team_t team = teams[t];
    for (int i = 0; i < n; i++) {
      int64_t mine = me * (t + 1) + i, sum = -1;
      if (dart_allreduce(&mine, &sum, 1, DART_TYPE_INT64, DART_OP_SUM, team) != DART_OK) return false;
      if (sum != static_cast<int64_t>(size) * (size - 1) / 2 * (t + 1) + static_cast<int64_t>(size) * i)
        return false;
      dart_gptr_t g;
      if (dart_team_memalloc_aligned(team, sizeof(int64_t), &g) != DART_OK) return false;
      int64_t v = mine, got = -1;
      if (dart_put_blocking(at_unit(g, team, (team_me(team) + 1) % size), &v, 1, DART_TYPE_INT64,
                            DART_TYPE_INT64) != DART_OK ||
          dart_barrier(team) != DART_OK ||
          dart_get_blocking(&got, at_unit(g, team, team_me(team)), 1, DART_TYPE_INT64, DART_TYPE_INT64) !=
              DART_OK ||
          dart_barrier(team) != DART_OK || dart_team_memfree(g) != DART_OK)
        return false;
      if (got != ((me + size - 1) % size) * (t + 1) + i) return false;
    }
    return true;
  });
  EXPECT_EQ(0, failed) << dart_last_error();
  for (auto &t : teams) ASSERT_DART_OK(dart_team_destroy(&t));
}

TEST(Threads, TablesGrowWhileOtherThreadsUseThem) {
  // Thread 0 grows the runtime's tables past their first capacity (70
  // collective segments on DART_TEAM_ALL, 70 locks, 70 types) while the
  // other threads use entries made before: transfers into an older segment,
  // an older lock, basic and an older derived type. Their data must stay
  // right (and TSan, in the tsan stage, sees no race).
  constexpr int kGrow = 70;
  const int me = test_myid(), size = test_size();
  dart_gptr_t g;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, kThreads * 64, &g));
  dart_lock_t lock;
  ASSERT_DART_OK(dart_team_lock_init(DART_TEAM_ALL, &lock));
  dart_datatype_t strided;
  ASSERT_DART_OK(dart_type_create_strided(DART_TYPE_INT64, 2, 1, &strided));
  std::atomic<bool> grown{false};
  std::atomic<int> wrong{0};
  int failed = in_threads([&](int t) {
    if (t == 0) {
      std::vector<dart_gptr_t> segs(kGrow);
      std::vector<dart_lock_t> locks(kGrow);
      std::vector<dart_datatype_t> types(kGrow);
      bool ok = true;
      for (int i = 0; i < kGrow && ok; i++)
        ok = dart_team_memalloc_aligned(DART_TEAM_ALL, 64, &segs[i]) == DART_OK &&
             dart_team_lock_init(DART_TEAM_ALL, &locks[i]) == DART_OK &&
             dart_type_create_strided(DART_TYPE_INT32, 3, 1, &types[i]) == DART_OK;
      grown = true;
      for (int i = 0; i < kGrow && ok; i++)
        ok = dart_team_memfree(segs[i]) == DART_OK && dart_team_lock_destroy(&locks[i]) == DART_OK &&
             dart_type_destroy(&types[i]) == DART_OK;
      return ok;
    }
    dart_gptr_t mine = at_unit(g, DART_TEAM_ALL, (me + 1) % size, static_cast<uint64_t>(t) * 64);
    for (int64_t i = 0; !grown.load() || i < 20; i++) {
      int64_t v[2] = {i, i + 1}, back[4] = {0, 0, 0, 0};  // strided: v[1] lands on element 2
      if (dart_lock_acquire(lock) != DART_OK) return false;
      bool ok = dart_put_blocking(mine, v, 1, DART_TYPE_INT64, DART_TYPE_INT64) == DART_OK &&
                dart_get_blocking(back, mine, 1, DART_TYPE_INT64, DART_TYPE_INT64) == DART_OK &&
                dart_put_blocking(mine, v, 2, DART_TYPE_INT64, strided) == DART_OK &&
                dart_get_blocking(back, mine, 4, DART_TYPE_INT64, DART_TYPE_INT64) == DART_OK;
      if (dart_lock_release(lock) != DART_OK || !ok) return false;
      if (back[0] != i || back[2] != i + 1) wrong++;
    }
    return true;
  });
  EXPECT_EQ(0, failed) << dart_last_error();
  EXPECT_EQ(0, wrong.load());
  dart_barrier(DART_TEAM_ALL);
  ASSERT_DART_OK(dart_type_destroy(&strided));
  ASSERT_DART_OK(dart_team_lock_destroy(&lock));
  ASSERT_DART_OK(dart_team_memfree(g));
}

TEST(Threads, FreedSegmentIsAnErrorInEveryThread) {
  // Each thread moves data to and from its slot on its own unit: a
  // same-node target, which the header's inline path answers from the
  // thread's own record. After the segment is freed, every thread's next
  // transfer to it must be DART_ERR_NOTFOUND, not a copy into freed memory:
  // the free reaches the records of all threads.
  const int n = per_thread(100), me = test_myid();
  dart_gptr_t g;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, kThreads * sizeof(int64_t), &g));
  auto slot = [&](int t) {
    return at_unit(g, DART_TEAM_ALL, me, static_cast<uint64_t>(t) * sizeof(int64_t));
  };
  std::atomic<int> wrong{0};
  int failed = in_threads([&](int t) {
    for (int i = 0; i < n; i++) {
      int64_t v = (int64_t{t} << 32) | i, back = -1;
      if (dart_put_blocking(slot(t), &v, 1, DART_TYPE_INT64, DART_TYPE_INT64) != DART_OK ||
          dart_get_blocking(&back, slot(t), 1, DART_TYPE_INT64, DART_TYPE_INT64) != DART_OK)
        return false;
      if (back != v) wrong++;
    }
    return true;
  });
  ASSERT_EQ(0, failed) << dart_last_error();
  EXPECT_EQ(0, wrong.load());
  dart_barrier(DART_TEAM_ALL);
  ASSERT_DART_OK(dart_team_memfree(g));
  std::atomic<int> not_found{0};
  in_threads([&](int t) {
    int64_t v = 1;
    if (dart_put_blocking(slot(t), &v, 1, DART_TYPE_INT64, DART_TYPE_INT64) == DART_ERR_NOTFOUND) not_found++;
    if (dart_get_blocking(&v, slot(t), 1, DART_TYPE_INT64, DART_TYPE_INT64) == DART_ERR_NOTFOUND) not_found++;
    return true;
  });
  EXPECT_EQ(2 * kThreads, not_found.load());
}

TEST(Threads, ExitedThreadsLeaveTheRecordList) {
  // Short-lived threads (not a pool) each record a same-node target and
  // end; frees afterwards walk the list of records and must not touch
  // theirs (ASan, in the sanitize stage, would see it), and a new thread's
  // transfers still move the right data.
  const int me = test_myid();
  for (int round = 0; round < 3; round++) {
    dart_gptr_t g;
    ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, kThreads * sizeof(int64_t), &g));
    std::atomic<int> wrong{0}, failed{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; t++)
      threads.emplace_back([&, t] {
        dart_gptr_t s = at_unit(g, DART_TEAM_ALL, me, static_cast<uint64_t>(t) * sizeof(int64_t));
        int64_t v = round * 100 + t, back = -1;
        if (dart_put_blocking(s, &v, 1, DART_TYPE_INT64, DART_TYPE_INT64) != DART_OK ||
            dart_get_blocking(&back, s, 1, DART_TYPE_INT64, DART_TYPE_INT64) != DART_OK)
          failed++;
        else if (back != v)
          wrong++;
      });
    for (auto &th : threads) th.join();
    EXPECT_EQ(0, failed.load()) << dart_last_error();
    EXPECT_EQ(0, wrong.load());
    dart_barrier(DART_TEAM_ALL);
    ASSERT_DART_OK(dart_team_memfree(g));
  }
}
