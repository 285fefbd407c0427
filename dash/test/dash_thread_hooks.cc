// Runtime hooks of the threaded DASH tests (mpi_gtest_main.h): MPI at
// MPI_THREAD_MULTIPLE, then dash::init with DART_THREAD_MULTIPLE, which must
// be provided (dash::is_multithreaded) for the tests to start.
#include <mpi.h>

#include <cstdio>
#include <exception>

#include <libdash.h>

#include "mpi_gtest_main.h"

int test_mpi_thread_level() { return MPI_THREAD_MULTIPLE; }

int test_runtime_init(int *argc, char ***argv) {
  try {
    dash::init(argc, argv, DART_THREAD_MULTIPLE);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "dash::init failed: %s\n", e.what());
    return 1;
  }
  if (dash::is_multithreaded()) return 0;
  std::fprintf(stderr, "dash::init: DART_THREAD_MULTIPLE not provided\n");
  return 1;
}

void test_runtime_finalize() {
  try {
    if (dash::is_initialized()) dash::finalize();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "dash::finalize failed: %s\n", e.what());
  }
}
