// Runtime hooks of the threaded DART tests (mpi_gtest_main.h): MPI at
// MPI_THREAD_MULTIPLE, then dart_init_thread, which must then provide
// DART_THREAD_MULTIPLE (the tests need it: anything less fails the start).
#include <dart/dart.h>
#include <mpi.h>

#include <cstdio>

#include "mpi_gtest_main.h"

int test_mpi_thread_level() { return MPI_THREAD_MULTIPLE; }

int test_runtime_init(int *argc, char ***argv) {
  dart_thread_support_level_t provided = DART_THREAD_SINGLE;
  if (dart_init_thread(argc, argv, DART_THREAD_MULTIPLE, &provided) != DART_OK) {
    std::fprintf(stderr, "dart_init_thread failed: %s\n", dart_last_error());
    return 1;
  }
  if (provided != DART_THREAD_MULTIPLE) {
    int level = -1;
    MPI_Query_thread(&level);
    std::fprintf(stderr, "dart_init_thread: DART_THREAD_MULTIPLE not provided (MPI thread level %d)\n",
                 level);
    return 1;
  }
  return 0;
}

void test_runtime_finalize() {
  int init = 0;
  dart_initialized(&init);
  if (init) dart_exit();
}
