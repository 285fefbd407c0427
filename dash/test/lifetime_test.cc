// Use before dash::init and after dash::finalize: clear exceptions, and
// containers, teams and locks that outlive finalize are released by it
// silently (as in DASH) and destroyed later without a crash. Runs init/finalize itself
// (MPI stays up around it for the final vote).
#include <gtest/gtest.h>

#include <stdio_ext.h>
#include <unistd.h>

#include <memory>
#include <string>

#include <libdash.h>

#include "mpi_gtest_main.h"

namespace {

TEST(Lifetime, UseOutsideInitAndFinalizeThrows) {
  EXPECT_FALSE(dash::is_initialized());
  EXPECT_THROW(dash::Team::All(), dash::NotInitialized);
  EXPECT_THROW(dash::Array<int>(10), dash::NotInitialized);
  // dash::myid() and dash::size() answer outside a run, as in DASH: -1 and 0 before init.
  EXPECT_EQ(dash::myid().id, -1);
  EXPECT_EQ(dash::size(), 0u);
  EXPECT_THROW(dash::finalize(), dash::NotInitialized);

  int argc = 0;
  char **argv = nullptr;
  dash::init(&argc, &argv);
  auto arr = std::make_unique<dash::Array<int>>(10);
  auto matrix = std::make_unique<dash::Matrix<double>>(4, 4);
  auto mutex = std::make_unique<dash::Mutex>();
  // Both storages of the map: unit-valued Hash (DASH's), and the hash table.
  auto unit_map = std::make_unique<dash::UnorderedMap<int, int>>();
  auto hash_map = std::make_unique<dash::UnorderedMap<int, int, std::hash<int>>>();
  unit_map->insert({1, 1});
  hash_map->insert({1, 1});
  dash::Team sub = dash::Team::All().split(2);
  auto on_sub = std::make_unique<dash::Array<long>>(6, sub);
  dash::fill(arr->begin(), arr->end(), 1);
  auto it = arr->begin();
  EXPECT_EQ(*it, 1);
  int my_global_id = 0, run_size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &my_global_id);
  MPI_Comm_size(MPI_COMM_WORLD, &run_size);
  EXPECT_EQ(dash::myid().id, my_global_id);

  ::testing::internal::CaptureStderr();
  dash::finalize();  // the containers are still alive: a correct DASH program
  std::string report = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(report, "");
  // After finalize they keep the run's values (DASH's harness logs them there).
  EXPECT_EQ(dash::myid().id, my_global_id);
  EXPECT_EQ(dash::size(), static_cast<std::size_t>(run_size));

  // Every use of the dead objects throws dash::NotInitialized, naming them;
  // element access only with DASH_CHECK_LIVENESS (on unless NDEBUG), at()
  // always.
  EXPECT_THROW(arr->begin(), dash::NotInitialized);
  EXPECT_THROW(arr->at(0), dash::NotInitialized);
  if (DASH_CHECK_LIVENESS) {
    EXPECT_THROW((*arr)[0], dash::NotInitialized);
    EXPECT_THROW(*it, dash::NotInitialized);
    EXPECT_THROW((*matrix)(1, 1), dash::NotInitialized);
  }
  EXPECT_THROW(dash::fill(it, it + 3, 0), dash::NotInitialized);
  EXPECT_THROW(mutex->lock(), dash::NotInitialized);
  EXPECT_THROW(sub.barrier(), dash::NotInitialized);
  EXPECT_THROW(dash::barrier(), dash::NotInitialized);
  EXPECT_THROW(unit_map->insert({2, 2}), dash::NotInitialized);
  EXPECT_THROW(hash_map->insert({2, 2}), dash::NotInitialized);
  EXPECT_THROW(unit_map->find(1), dash::NotInitialized);
  EXPECT_THROW(hash_map->find(1), dash::NotInitialized);
  try {
    arr->begin();
  } catch (const dash::NotInitialized &e) {
    EXPECT_NE(std::string(e.what()).find("after dash::finalize"), std::string::npos) << e.what();
  }
  // Destroying them now is harmless: finalize already released the memory.
  ::testing::internal::CaptureStderr();
  arr.reset();
  matrix.reset();
  mutex.reset();
  on_sub.reset();
  unit_map.reset();
  hash_map.reset();
  sub = dash::Team();
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
}

TEST(Lifetime, InitLineBuffersStdoutOnAPipe) {
  // MPICH's MPI_Init leaves stdout unbuffered: each `<<` of std::cout is a
  // write of its own, and under mpiexec other units' lines land inside this
  // unit's. dash::init makes it line-buffered with a real buffer (glibc keeps
  // a one-byte buffer when setvbuf gets none), so a line leaves in one write.
  if (isatty(STDOUT_FILENO)) GTEST_SKIP() << "stdout is a terminal";
  int argc = 0;
  char **argv = nullptr;
  dash::init(&argc, &argv);
  EXPECT_NE(__flbf(stdout), 0);
  EXPECT_GE(__fbufsize(stdout), std::size_t{BUFSIZ});
  dash::finalize();
}

}  // namespace

// The shared main (mpi_gtest_main.h) with no runtime: the test runs
// dash::init and dash::finalize itself.
int test_runtime_init(int *, char ***) { return 0; }
void test_runtime_finalize() {}
