// A second thread's transfers and atomics without thread support: under
// DART_CHECK=1 they fail with a message naming DART_THREADS (MPI is not
// safe from several threads at DART_THREAD_SINGLE; dart/src/threads.c);
// with DART_THREADS=multiple they work. The thread that started DART
// is not affected either way.
#include <cstring>
#include <string>
#include <thread>

#include "dart_test.h"

namespace {

struct Outcome {
  dart_ret_t put = DART_OK, fetch = DART_OK;
  std::string message;
};

Outcome from_second_thread(dart_gptr_t target) {
  Outcome o;
  std::thread t([&] {
    int v = 7;
    o.put = dart_put_blocking(target, &v, 1, DART_TYPE_INT, DART_TYPE_INT);
    if (o.put != DART_OK) o.message = dart_last_error();
    int add = 1, old = 0;
    o.fetch = dart_fetch_and_op(target, &add, &old, DART_TYPE_INT, DART_OP_SUM);
  });
  t.join();
  return o;
}

TEST(ThreadCheck, SecondThreadWithoutThreadSupport) {
  dart_thread_support_level_t provided;
  ASSERT_DART_OK(dart_thread_support(&provided));
  dart_gptr_t g;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int), &g));
  dart_gptr_t next = g;
  ASSERT_DART_OK(dart_gptr_setunit(&next, (test_myid() + 1) % test_size()));
  Outcome o = from_second_thread(next);
  if (provided == DART_THREAD_SINGLE) {
    EXPECT_EQ(DART_ERR_INVAL, o.put);
    EXPECT_EQ(DART_ERR_INVAL, o.fetch);
    EXPECT_NE(std::string::npos, o.message.find("dart_put_blocking: called from a thread other than"))
        << o.message;
    EXPECT_NE(std::string::npos, o.message.find("DART_THREADS=multiple")) << o.message;
  } else {
    EXPECT_DART_OK(o.put);
    EXPECT_DART_OK(o.fetch);
  }
  // The starting thread's calls work as before.
  int v = 1;
  EXPECT_DART_OK(dart_put_blocking(next, &v, 1, DART_TYPE_INT, DART_TYPE_INT));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_team_memfree(g));
}

}  // namespace
