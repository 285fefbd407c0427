// main() for the DASH GoogleTest programs under mpiexec: initializes MPI and
// DASH, runs the tests on every unit, prints the full report on unit 0 and
// the failures of every other unit, and exits non-zero if any unit failed.
#include <gtest/gtest.h>
#include <mpi.h>

#include <cstdio>

#include "unit_failure_printer.h"

#include <dash/dash.h>

int main(int argc, char** argv) {
  // MPI first, so that it outlives dash::finalize for the final vote.
  MPI_Init(&argc, &argv);
  ::testing::InitGoogleTest(&argc, argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
  if (rank != 0) {
    delete listeners.Release(listeners.default_result_printer());
    listeners.Append(new UnitFailurePrinter(rank));
  }
  int failed = 0;
  try {
    dash::init(&argc, &argv);
    failed = RUN_ALL_TESTS() != 0;
    if (dash::is_initialized()) dash::finalize();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "[unit %d] %s\n", rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int any = 0;
  MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (rank == 0 && any) std::fprintf(stderr, "FAILED on at least one unit\n");
  MPI_Finalize();
  return any;
}
