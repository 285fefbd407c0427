// The C++ library from OpenMP threads (dash::init with DART_THREAD_MULTIPLE):
// element access, dash::copy, Atomic and Mutex used by several threads of
// every unit at once, against exact values.
#include <omp.h>

#include <atomic>
#include <mutex>
#include <vector>

#include "dash_test.h"

namespace {

constexpr int kThreads = 4;

// Per-thread loop count: smaller when 3-4 units share the 2 cores.
int per_thread(int full) { return dash::size() <= 2 ? full : full / 5; }

TEST(Threads, IsMultithreaded) { EXPECT_TRUE(dash::is_multithreaded()); }

TEST(Threads, ElementAccessAndCopy) {
  // Thread t of unit u writes its elements (arr[i] for i = (u * T + t) mod
  // stride), most of them on other units, through element references; after
  // a barrier each thread copies a block of the whole array into a local
  // buffer with dash::copy and checks it.
  const long n = 64 * long(dash::size()) * kThreads, me = long(dash::myid()),
             stride = long(dash::size()) * kThreads;
  dash::Array<long> arr(static_cast<std::size_t>(n));
  std::atomic<int> wrong{0};
#pragma omp parallel num_threads(kThreads)
  {
    long first = me * kThreads + omp_get_thread_num();
    for (long i = first; i < n; i += stride) arr[i] = 3 * i + 1;
  }
  arr.flush();
  dash::barrier();
#pragma omp parallel num_threads(kThreads)
  {
    long block = n / kThreads, t = omp_get_thread_num();
    std::vector<long> buf(static_cast<std::size_t>(block));
    dash::copy(arr.begin() + t * block, arr.begin() + (t + 1) * block, buf.data());
    for (long i = 0; i < block; ++i)
      if (buf[static_cast<std::size_t>(i)] != 3 * (t * block + i) + 1) wrong++;
    for (long i = t; i < n; i += 97)  // single elements, read through references
      if (static_cast<long>(arr[i]) != 3 * i + 1) wrong++;
  }
  EXPECT_EQ(0, wrong.load());
  dash::barrier();
}

TEST(Threads, AtomicCounterIsExact) {
  const int n = per_thread(200);
  dash::Shared<dash::Atomic<long>> counter;  // one atomic value, on unit 0
  if (dash::myid() == 0) counter.get().store(0);
  dash::barrier();
  std::atomic<long> fetched_sum{0};
#pragma omp parallel num_threads(kThreads)
  {
    long sum = 0;
    for (int i = 0; i < n; ++i) sum += counter.get().fetch_add(1);
    fetched_sum += sum;
  }
  dash::barrier();
  const long total = long(dash::size()) * kThreads * n;
  EXPECT_EQ(total, counter.get().load());
  // The fetched values are 0 .. total-1, each once: their sum is fixed.
  std::int64_t all = 0, mine = fetched_sum.load();
  ASSERT_EQ(DART_OK, dart_allreduce(&mine, &all, 1, DART_TYPE_INT64, DART_OP_SUM, DART_TEAM_ALL));
  EXPECT_EQ(total * (total - 1) / 2, all);
  dash::barrier();
}

TEST(Threads, MutexProtectsReadModifyWrite) {
  // A plain read and write of one element under a dash::Mutex from every
  // thread of every unit (std::lock_guard): exact only if the mutex excludes
  // threads of one unit too.
  const int n = per_thread(100);
  dash::Mutex mutex;
  dash::Array<long> ctr(dash::size());
  if (dash::myid() == 0) ctr[0] = 0;
  ctr.flush();
  dash::barrier();
#pragma omp parallel num_threads(kThreads)
  {
    for (int i = 0; i < n; ++i) {
      std::lock_guard<dash::Mutex> hold(mutex);
      long v = ctr[0];
      ctr[0] = v + 1;
      ctr.flush();
    }
  }
  dash::barrier();
  EXPECT_EQ(long(dash::size()) * kThreads * n, static_cast<long>(ctr[0]));
  dash::barrier();
}

}  // namespace
