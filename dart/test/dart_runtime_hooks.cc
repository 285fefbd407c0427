// Runtime hooks of the DART tests (mpi_gtest_main.h): dart_init / dart_exit.
#include <dart/dart.h>

#include <cstdio>

#include "mpi_gtest_main.h"

int test_runtime_init(int *argc, char ***argv) {
  if (dart_init(argc, argv) == DART_OK) return 0;
  std::fprintf(stderr, "dart_init failed: %s\n", dart_last_error());
  return 1;
}

void test_runtime_finalize() {
  int init = 0;
  dart_initialized(&init);
  if (init) dart_exit();
}
