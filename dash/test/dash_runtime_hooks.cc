// Runtime hooks of the DASH tests (mpi_gtest_main.h): dash::init / finalize.
#include <cstdio>
#include <exception>

#include <libdash.h>

#include "mpi_gtest_main.h"

int test_runtime_init(int *argc, char ***argv) {
  try {
    dash::init(argc, argv);
    return 0;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "dash::init failed: %s\n", e.what());
    return 1;
  }
}

void test_runtime_finalize() {
  try {
    if (dash::is_initialized()) dash::finalize();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "dash::finalize failed: %s\n", e.what());
  }
}
