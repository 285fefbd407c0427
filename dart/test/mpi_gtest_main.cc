// See mpi_gtest_main.h.
#include "mpi_gtest_main.h"

#include <dart/init.h>
#include <gtest/gtest.h>
#include <mpi.h>

#include <cstdio>
#include <cstdlib>

namespace {

// Units other than 0 print only their failures, tagged with their id: unit
// 0's full report stays readable, and no unit's failure goes unseen.
class UnitFailurePrinter : public ::testing::EmptyTestEventListener {
 public:
  explicit UnitFailurePrinter(int rank) : rank_(rank) {}
  void OnTestPartResult(const ::testing::TestPartResult &r) override {
    if (r.failed())
      std::fprintf(stderr, "[unit %d] %s:%d: Failure\n%s\n", rank_, r.file_name() ? r.file_name() : "?",
                   r.line_number(), r.summary());
  }

 private:
  int rank_;
};

}  // namespace

__attribute__((weak)) int test_mpi_thread_level() { return MPI_THREAD_SINGLE; }

int main(int argc, char **argv) {
  // The tests check the statuses of failing calls: DART returns them
  // (DART_ERRORS=return) unless the environment asks otherwise
  // (dart.errors_abort runs a test in abort mode).
  if (!std::getenv("DART_ERRORS")) dart_set_error_mode(DART_ERRORS_RETURN);
  int provided;
  MPI_Init_thread(&argc, &argv, test_mpi_thread_level(), &provided);
  ::testing::InitGoogleTest(&argc, argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  auto &listeners = ::testing::UnitTest::GetInstance()->listeners();
  if (rank != 0) {
    delete listeners.Release(listeners.default_result_printer());
    listeners.Append(new UnitFailurePrinter(rank));
  }
  if (test_runtime_init(&argc, &argv) != 0) MPI_Abort(MPI_COMM_WORLD, 2);
  int failed = RUN_ALL_TESTS() != 0;
  test_runtime_finalize();
  int any = 0;
  MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (rank == 0 && any) std::fprintf(stderr, "FAILED on at least one unit\n");
  MPI_Finalize();
  return any;
}
