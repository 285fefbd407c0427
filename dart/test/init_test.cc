// Initialization, environment queries, configuration and calls outside
// dart_init .. dart_exit.
#include <cstdlib>
#include <cstring>
#include <string>

#include "dart_test.h"

TEST(Init, EnvironmentQueries) {
  int flag = 0;
  ASSERT_DART_OK(dart_initialized(&flag));
  EXPECT_EQ(1, flag);
  int mpi_size;
  MPI_Comm_size(MPI_COMM_WORLD, &mpi_size);
  int mpi_rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &mpi_rank);
  EXPECT_EQ(mpi_size, test_size());
  EXPECT_EQ(mpi_rank, test_myid());
  EXPECT_EQ(DART_ERR_INVAL, dart_myid(nullptr));
  EXPECT_EQ(DART_ERR_INVAL, dart_size(nullptr));
}

TEST(Init, ConfigurationReflectsEnvironment) {
  dart_config_t cfg;
  ASSERT_DART_OK(dart_config_get(&cfg));
  EXPECT_GE(cfg.local_pool_bytes, size_t{64} << 20);
  const char *k = std::getenv("DART_UNITS_PER_NODE");
  size_t per_node = k ? std::strtoul(k, nullptr, 10) : 0;
  EXPECT_EQ(per_node, cfg.units_per_node);
  const size_t hosts = test_hosts(), per_host = test_size() / hosts;
  if (per_node) {
    EXPECT_LE(cfg.node_size, per_node);
    EXPECT_EQ(hosts * ((per_host + per_node - 1) / per_node), cfg.num_nodes);
  } else {
    EXPECT_EQ(hosts, cfg.num_nodes);  // one node per machine
    EXPECT_EQ(per_host, cfg.node_size);
  }
  char buf[512] = {};
  FILE *f = fmemopen(buf, sizeof buf, "w");
  ASSERT_DART_OK(dart_config_print(f));
  std::fclose(f);
  EXPECT_NE(nullptr, std::strstr(buf, "DART_LOCAL_POOL="));
  EXPECT_NE(nullptr, std::strstr(buf, "DART_UNITS_PER_NODE="));
}

TEST(Init, StatusMessages) {
  EXPECT_STREQ("success", dart_strerror(DART_OK));
  EXPECT_NE(nullptr, std::strstr(dart_strerror(DART_ERR_NOTINIT), "not initialized"));
  EXPECT_EQ(DART_ERR_INVAL, dart_init(nullptr, nullptr));  // already initialized
  EXPECT_NE(nullptr, std::strstr(dart_last_error(), "already initialized"));
}

// dart_exit, calls while not initialized, a bad variable, then re-init. MPI
// belongs to the test main, so dart_exit leaves it alone and dart_init works
// again.
// With DART exited: dart_init fails naming `var` when it is `bad`, then
// succeeds with `good`; the variable is unset again.
static void reinit_with(const char *var, const char *bad, const char *good) {
  setenv(var, bad, 1);
  EXPECT_EQ(DART_ERR_INVAL, dart_init(nullptr, nullptr));
  EXPECT_NE(nullptr, std::strstr(dart_last_error(), var));
  setenv(var, good, 1);
  ASSERT_DART_OK(dart_init(nullptr, nullptr));
  unsetenv(var);
}

TEST(Init, CallsOutsideInitFailAndReinitWorks) {
  // A same-node transfer just before the exit: its completion calls, which
  // the header inlines, must still see that DART is gone.
  dart_gptr_t seg;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int), &seg));
  ASSERT_DART_OK(dart_gptr_setunit(&seg, test_myid()));
  int got = -1;
  ASSERT_DART_OK(dart_get(&got, seg, 1, DART_TYPE_INT, DART_TYPE_INT));
  ASSERT_DART_OK(dart_flush_local(seg));
  ASSERT_DART_OK(dart_exit());
  dart_handle_t none = DART_HANDLE_NULL;
  EXPECT_EQ(DART_ERR_NOTINIT, dart_flush(seg));
  EXPECT_EQ(DART_ERR_NOTINIT, dart_flush_local(seg));
  EXPECT_EQ(DART_ERR_NOTINIT, dart_wait(&none));
  EXPECT_EQ(DART_ERR_NOTINIT, dart_wait_local(&none));
  EXPECT_EQ(DART_ERR_NOTINIT, dart_waitall(&none, 1));
  EXPECT_EQ(DART_ERR_NOTINIT, dart_waitall_local(nullptr, 0));
  int flag = 1;
  ASSERT_DART_OK(dart_initialized(&flag));
  EXPECT_EQ(0, flag);
  int mpi_up = 0;
  MPI_Initialized(&mpi_up);
  EXPECT_EQ(1, mpi_up);  // not finalized: the program owns MPI
  dart_unit_t id;
  size_t n;
  dart_gptr_t g = DART_GPTR_NULL;
  int v = 0;
  dart_team_t team;
  EXPECT_EQ(DART_ERR_NOTINIT, dart_myid(&id));
  EXPECT_EQ(DART_ERR_NOTINIT, dart_size(&n));
  EXPECT_EQ(DART_ERR_NOTINIT, dart_memalloc(8, &g));
  EXPECT_EQ(DART_ERR_NOTINIT, dart_put_blocking(g, &v, 1, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_EQ(DART_ERR_NOTINIT, dart_barrier(DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_NOTINIT, dart_team_memalloc_aligned(DART_TEAM_ALL, 8, &g));
  EXPECT_EQ(DART_ERR_NOTINIT, dart_team_create(DART_TEAM_ALL, nullptr, &team));
  EXPECT_EQ(DART_ERR_NOTINIT, dart_exit());

  reinit_with("DART_LOCAL_POOL", "lots", "8M");
  dart_config_t cfg;
  ASSERT_DART_OK(dart_config_get(&cfg));
  EXPECT_EQ(size_t{8} << 20, cfg.local_pool_bytes);
  ASSERT_DART_OK(dart_myid(&id));
  EXPECT_EQ(test_myid(), id);
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
}

extern "C" void dart__set_node_memory(size_t bytes);

// A module that fails to start (the local pool, when shared memory is too
// small for it) stops the modules started before it, in reverse order
// (setup.c): DART is not initialized after the failure, and starts again.
TEST(Init, FailedStartUndoesAndReinitWorks) {
  ASSERT_DART_OK(dart_exit());
  dart__set_node_memory(4096);
  EXPECT_EQ(DART_ERR_NOMEM, dart_init(nullptr, nullptr));
  dart__set_node_memory(0);
  int flag = 1;
  ASSERT_DART_OK(dart_initialized(&flag));
  EXPECT_EQ(0, flag);
  dart_unit_t id;
  EXPECT_EQ(DART_ERR_NOTINIT, dart_myid(&id));
  ASSERT_DART_OK(dart_init(nullptr, nullptr));
  dart_group_t all;
  ASSERT_DART_OK(dart_team_get_group(DART_TEAM_ALL, &all));
  dart_team_t team = DART_TEAM_NULL;
  ASSERT_DART_OK(dart_team_create(DART_TEAM_ALL, all, &team));
  ASSERT_DART_OK(dart_group_destroy(&all));
  dart_gptr_t g;
  ASSERT_DART_OK(dart_team_memalloc_aligned(team, sizeof(int), &g));
  ASSERT_DART_OK(dart_team_memfree(g));
  ASSERT_DART_OK(dart_team_destroy(&team));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
}

// Resident memory of this process in KiB, or -1 without /proc.
static long rss_kib() {
  FILE *f = std::fopen("/proc/self/status", "r");
  if (!f) return -1;
  char line[256];
  long kib = -1;
  while (std::fgets(line, sizeof line, f))
    if (std::sscanf(line, "VmRSS: %ld kB", &kib) == 1) break;
  std::fclose(f);
  return kib;
}

// Pool memory costs resident memory only as far as it is allocated: the
// owner touches pages when it allocates them. A new team's first chunk
// (DART_TEAM_POOL bytes) shows it.
TEST(Init, PoolResidentOnlyWhereAllocated) {
  dart_config_t cfg;
  ASSERT_DART_OK(dart_config_get(&cfg));
  const long chunk_kib = long(cfg.team_pool_bytes >> 10);
  long r0 = rss_kib();
  if (r0 < 0 || chunk_kib < 1024) GTEST_SKIP() << "no /proc/self/status or a small DART_TEAM_POOL";
  dart_group_t all;
  ASSERT_DART_OK(dart_team_get_group(DART_TEAM_ALL, &all));
  dart_team_t team;
  ASSERT_DART_OK(dart_team_create(DART_TEAM_ALL, all, &team));
  dart_gptr_t small, big;
  ASSERT_DART_OK(dart_team_memalloc_aligned(team, 64, &small));  // the team's first chunk
  long r1 = rss_kib();
  EXPECT_LT(r1 - r0, chunk_kib / 2) << "a new chunk is resident before its memory is allocated";
  const size_t big_bytes = cfg.team_pool_bytes / 2;
  ASSERT_DART_OK(dart_team_memalloc_aligned(team, big_bytes, &big));
  EXPECT_GE(rss_kib() - r1, long(big_bytes >> 10) - 64);
  ASSERT_DART_OK(dart_team_memfree(big));
  ASSERT_DART_OK(dart_team_memfree(small));
  ASSERT_DART_OK(dart_team_destroy(&team));
  ASSERT_DART_OK(dart_group_destroy(&all));
}

// DART_THREADS=multiple gives thread support to a program that asks for
// none (if MPI has it); a bad value fails on every unit.
TEST(Init, ThreadsFromEnvironment) {
  ASSERT_DART_OK(dart_exit());
  reinit_with("DART_THREADS", "many", "multiple");
  int mpi_level = MPI_THREAD_SINGLE;
  MPI_Query_thread(&mpi_level);
  dart_thread_support_level_t provided;
  ASSERT_DART_OK(dart_thread_support(&provided));
  EXPECT_EQ(mpi_level == MPI_THREAD_MULTIPLE ? DART_THREAD_MULTIPLE : DART_THREAD_SINGLE, provided);
  ASSERT_DART_OK(dart_exit());
  setenv("DART_THREADS", "single", 1);
  ASSERT_DART_OK(dart_init(nullptr, nullptr));
  unsetenv("DART_THREADS");
  ASSERT_DART_OK(dart_thread_support(&provided));
  EXPECT_EQ(DART_THREAD_SINGLE, provided);
}

// DART_PROGRESS: a bad value fails on every unit; so does "thread" when
// MPI runs below MPI_THREAD_MULTIPLE (this test's main starts it at
// MPI_THREAD_SINGLE; progress_thread_test runs the thread).
TEST(Init, ProgressFromEnvironment) {
  ASSERT_DART_OK(dart_exit());
  reinit_with("DART_PROGRESS", "threads", "none");
  dart_config_t cfg;
  ASSERT_DART_OK(dart_config_get(&cfg));
  EXPECT_EQ(0, cfg.progress_thread);
  int mpi_level = MPI_THREAD_SINGLE;
  MPI_Query_thread(&mpi_level);
  if (mpi_level != MPI_THREAD_MULTIPLE) {
    ASSERT_DART_OK(dart_exit());
    reinit_with("DART_PROGRESS", "thread", "none");
    EXPECT_DART_OK(dart_barrier(DART_TEAM_ALL));
  }
}

// DART_TIMEOUT: seconds; a bad value fails on every unit. With the
// watchdog running, calls that wait less than the limit are untouched and
// dart_exit stops it (a later dart_init may start it again).
TEST(Init, TimeoutFromEnvironment) {
  ASSERT_DART_OK(dart_exit());
  reinit_with("DART_TIMEOUT", "soon", "30");
  dart_config_t cfg;
  ASSERT_DART_OK(dart_config_get(&cfg));
  EXPECT_EQ(30u, cfg.timeout_s);
  EXPECT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_exit());
  ASSERT_DART_OK(dart_init(nullptr, nullptr));
  ASSERT_DART_OK(dart_config_get(&cfg));
  EXPECT_EQ(0u, cfg.timeout_s);
}

// DART_DEBUG prints the selected categories of events, and only those.
TEST(Init, DebugEventsPrintedByCategory) {
  ASSERT_DART_OK(dart_exit());
  reinit_with("DART_DEBUG", "alloc,bogus", "alloc,path");
  dart_config_t cfg;
  ASSERT_DART_OK(dart_config_get(&cfg));
  EXPECT_NE(0u, cfg.debug);

  dart_group_t all;
  ASSERT_DART_OK(dart_team_get_group(DART_TEAM_ALL, &all));
  dart_team_t team;
  dart_gptr_t g;
  ::testing::internal::CaptureStderr();
  ASSERT_DART_OK(dart_team_create(DART_TEAM_ALL, all, &team));
  ASSERT_DART_OK(dart_team_memalloc_aligned(team, 64, &g));  // the team's first chunk
  ASSERT_DART_OK(dart_team_memfree(g));
  std::string log = ::testing::internal::GetCapturedStderr();
  const std::string me = "[dart " + std::to_string(test_myid()) + " ";
  EXPECT_NE(std::string::npos, log.find(me + "ALLOC] team")) << log;
  EXPECT_NE(std::string::npos, log.find("segment 1: 64 bytes per unit")) << log;
  EXPECT_NE(std::string::npos, log.find(me + "PATH] team")) << log;
  EXPECT_NE(std::string::npos, log.find(test_size() == 1 ? "(all of the team)" : "atomics on")) << log;
  EXPECT_EQ(std::string::npos, log.find("TEAM]")) << log;  // category not selected
  ASSERT_DART_OK(dart_team_destroy(&team));
  ASSERT_DART_OK(dart_group_destroy(&all));
  // Reinitialized without DART_DEBUG: nothing printed.
  ASSERT_DART_OK(dart_exit());
  ASSERT_DART_OK(dart_init(nullptr, nullptr));
  ::testing::internal::CaptureStderr();
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, 64, &g));
  ASSERT_DART_OK(dart_team_memfree(g));
  EXPECT_EQ("", ::testing::internal::GetCapturedStderr());
}
