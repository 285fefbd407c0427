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

#endif
