// main() for GoogleTest programs under mpiexec: initializes MPI and DART,
// runs the tests on every unit, prints the full report on unit 0 and the
// failures of every other unit, and exits non-zero if any unit failed.
#include <gtest/gtest.h>
#include <mpi.h>

#include <cstdio>

#include "unit_failure_printer.h"

#include "dart_test.h"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  ::testing::InitGoogleTest(&argc, argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
  if (rank != 0) {
    delete listeners.Release(listeners.default_result_printer());
    listeners.Append(new UnitFailurePrinter(rank));
  }
  if (dart_init(&argc, &argv) != DART_OK) {
    std::fprintf(stderr, "dart_init failed: %s\n", dart_last_error());
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int failed = RUN_ALL_TESTS() != 0;
  int any = 0;
  MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  int init = 0;
  dart_initialized(&init);
  if (init) dart_exit();
  if (rank == 0 && any) std::fprintf(stderr, "FAILED on at least one unit\n");
  MPI_Finalize();
  return any;
}
