// Asynchronous progress (DART_PROGRESS=thread, registered with it): unit 0
// spreads fetch-adds over all other units while they compute without
// calling the runtime or MPI. Each target's "computation" is a loop of
// arithmetic that ends when its own counter, read with local atomics,
// reaches the count it expects, so without a progress thread the MPI path
// (virtual nodes) would not complete (MPI atomics need the target's
// progress) and the test would hit its timeout. Every fetched value is
// checked: unit 0 is the only adder, so target t returns 0, 1, 2, ... in
// order, and ends at the count.
#include <cstdint>

#include "dart_test.h"
#include "mpi_gtest_main.h"

// The shared main initializes MPI; the progress thread needs
// MPI_THREAD_MULTIPLE (DART itself stays at DART_THREAD_SINGLE).
int test_mpi_thread_level() { return MPI_THREAD_MULTIPLE; }

namespace {

// Arithmetic until *counter reaches n; no runtime or MPI calls.
double compute_until(const int64_t *counter, int64_t n) {
  volatile double x = 1.0;
  while (__atomic_load_n(counter, __ATOMIC_ACQUIRE) < n)
    for (int k = 0; k < 1000; k++) x = x * 1.0000001 + 1e-9;
  return x;
}

}  // namespace

TEST(ProgressThread, FetchAddsReachComputingTargets) {
  dart_config_t cfg;
  ASSERT_DART_OK(dart_config_get(&cfg));
  ASSERT_EQ(1, cfg.progress_thread) << "run with DART_PROGRESS=thread";
  const int me = test_myid(), size = test_size();
  const int64_t k = test_iterations(400, 100);  // fetch-adds per target
  dart_gptr_t g;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int64_t), &g));
  dart_gptr_t mine = g;
  dart_gptr_setunit(&mine, me);
  int64_t *counter = nullptr;
  ASSERT_DART_OK(dart_gptr_getaddr(mine, reinterpret_cast<void **>(&counter)));
  ASSERT_NE(nullptr, counter);
  __atomic_store_n(counter, 0, __ATOMIC_RELEASE);
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  if (me == 0) {
    for (int64_t i = 0; i < k; i++)
      for (int t = 1; t < size; t++) {
        dart_gptr_t target = g;
        dart_gptr_setunit(&target, t);
        int64_t one = 1, old = -1;
        ASSERT_DART_OK(dart_fetch_and_op(target, &one, &old, DART_TYPE_INT64, DART_OP_SUM));
        ASSERT_EQ(i, old) << "target " << t;
      }
  } else {
    compute_until(counter, k);
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  EXPECT_EQ(me == 0 ? 0 : k, __atomic_load_n(counter, __ATOMIC_ACQUIRE));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_team_memfree(g));
}
