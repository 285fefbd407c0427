// Helpers shared by the DART tests.
#ifndef DART_TEST_H
#define DART_TEST_H

#include <dart/dart.h>
#include <gtest/gtest.h>
#include <mpi.h>

// Asserts that a DART call succeeds, showing the runtime's message if not.
#define ASSERT_DART_OK(call) ASSERT_EQ(DART_OK, (call)) << dart_last_error()
#define EXPECT_DART_OK(call) EXPECT_EQ(DART_OK, (call)) << dart_last_error()

inline dart_unit_t test_myid() {
  dart_unit_t id = -1;
  dart_myid(&id);
  return id;
}

inline int test_size() {
  size_t n = 0;
  dart_size(&n);
  return static_cast<int>(n);
}

// Iterations for loop-heavy tests: `full` normally; `reduced` when the run
// is oversubscribed (3-4 units on 2 cores: ~8 ms per collective) or built
// with sanitizers (~20x slower), where the full count proves nothing more
// and would dominate CI time.
inline int test_iterations(int full, int reduced) {
#if defined(__SANITIZE_ADDRESS__)
  (void)full;
  return reduced;
#else
  return test_size() <= 2 ? full : reduced;
#endif
}

#endif
