// DART_CHECK (registered with DART_CHECK=1): collectives whose units pass
// different counts, types, operations or roots, or call different
// collectives, fail with DART_ERR_INVAL on every unit, naming the call and
// the argument, and move no data; a local error on one unit fails the others
// too. After each failure the team still works (a correct collective
// follows). Without the checks these calls give an MPI error on some units
// and DART_OK on the others, or wrong sums.
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "dart_test.h"

extern "C" void dart__set_check(int on);

namespace {

// Every unit got `status` from `call`, and the message names both words.
void expect_everywhere(dart_ret_t status, const char *call, const char *what) {
  EXPECT_EQ(DART_ERR_INVAL, status) << dart_last_error();
  EXPECT_NE(nullptr, std::strstr(dart_last_error(), call)) << dart_last_error();
  if (what) {
    EXPECT_NE(nullptr, std::strstr(dart_last_error(), what)) << dart_last_error();
  }
  int mine = status == DART_ERR_INVAL, all = 0;
  MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  EXPECT_EQ(1, all) << "some unit did not fail";
}

// A correct allreduce right after: the team's collectives still match.
void expect_team_works(dart_team_t team = DART_TEAM_ALL) {
  int64_t one = 1, sum = 0;
  ASSERT_DART_OK(dart_allreduce(&one, &sum, 1, DART_TYPE_INT64, DART_OP_SUM, team));
  EXPECT_EQ(team_n(team), sum);
}

bool last_unit() { return test_myid() == test_size() - 1; }

TEST(Check, OnWithTheVariable) {
  dart_config_t cfg;
  ASSERT_DART_OK(dart_config_get(&cfg));
  EXPECT_EQ(1, cfg.check);
}

TEST(Check, MatchingArgumentsPass) {
  const int n = test_size(), me = test_myid();
  std::vector<int> in(2 * n, me), out(2 * n, -1);
  ASSERT_DART_OK(dart_allgather(in.data(), out.data(), 2, DART_TYPE_INT, DART_TEAM_ALL));
  for (int i = 0; i < 2 * n; i++) EXPECT_EQ(i / 2, out[i]);
  int v = me == n - 1 ? 42 : 0;
  ASSERT_DART_OK(dart_bcast(&v, 1, DART_TYPE_INT, n - 1, DART_TEAM_ALL));
  EXPECT_EQ(42, v);
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  expect_team_works();
}

TEST(Check, DifferentCountsFailOnEveryUnit) {
  if (test_size() == 1) GTEST_SKIP() << "needs two units";
  const int n = test_size();
  const size_t cnt = last_unit() ? 3 : 2;  // buffers fit the larger count
  std::vector<int64_t> a(4 * n, 1), b(4 * n, 0);
  expect_everywhere(dart_bcast(a.data(), cnt, DART_TYPE_INT64, 0, DART_TEAM_ALL), "dart_bcast", "counts");
  expect_everywhere(dart_allreduce(a.data(), b.data(), cnt, DART_TYPE_INT64, DART_OP_SUM, DART_TEAM_ALL),
                    "dart_allreduce", "counts");
  expect_everywhere(dart_reduce(a.data(), b.data(), cnt, DART_TYPE_INT64, DART_OP_SUM, 0, DART_TEAM_ALL),
                    "dart_reduce", "counts");
  expect_everywhere(dart_allgather(a.data(), b.data(), cnt, DART_TYPE_INT64, DART_TEAM_ALL), "dart_allgather",
                    "counts");
  expect_everywhere(dart_gather(a.data(), b.data(), cnt, DART_TYPE_INT64, 0, DART_TEAM_ALL), "dart_gather",
                    "counts");
  expect_everywhere(dart_scatter(a.data(), b.data(), cnt, DART_TYPE_INT64, 0, DART_TEAM_ALL), "dart_scatter",
                    "counts");
  expect_everywhere(dart_alltoall(a.data(), b.data(), cnt, DART_TYPE_INT64, DART_TEAM_ALL), "dart_alltoall",
                    "counts");
  for (int64_t x : b) EXPECT_EQ(0, x) << "no data moved";
  expect_team_works();
}

TEST(Check, DifferentTypesFailInsteadOfWrongSums) {
  if (test_size() == 1) GTEST_SKIP() << "needs two units";
  // Same size, different meaning: MPI sees matching byte counts.
  union {
    int32_t i;
    float f;
  } in, out;
  dart_datatype_t type = last_unit() ? DART_TYPE_FLOAT : DART_TYPE_INT;
  if (last_unit())
    in.f = 1.0f;
  else
    in.i = 1;
  out.i = 0;
  expect_everywhere(dart_allreduce(&in, &out, 1, type, DART_OP_SUM, DART_TEAM_ALL), "dart_allreduce",
                    "types");
  EXPECT_EQ(0, out.i);
  expect_everywhere(dart_bcast(&in, 1, type, 0, DART_TEAM_ALL), "dart_bcast", "types");
  expect_team_works();
}

TEST(Check, DifferentOperationsAndRootsFail) {
  if (test_size() == 1) GTEST_SKIP() << "needs two units";
  int64_t in = 1, out = 0;
  expect_everywhere(
      dart_allreduce(&in, &out, 1, DART_TYPE_INT64, last_unit() ? DART_OP_MAX : DART_OP_SUM, DART_TEAM_ALL),
      "dart_allreduce", "operations");
  expect_everywhere(
      dart_reduce(&in, &out, 1, DART_TYPE_INT64, DART_OP_SUM, last_unit() ? 1 : 0, DART_TEAM_ALL),
      "dart_reduce", "roots");
  expect_everywhere(dart_bcast(&in, 1, DART_TYPE_INT64, last_unit() ? 1 : 0, DART_TEAM_ALL), "dart_bcast",
                    "roots");
  EXPECT_EQ(0, out);
  expect_team_works();
}

TEST(Check, DifferentCollectivesFail) {
  if (test_size() == 1) GTEST_SKIP() << "needs two units";
  int64_t in = 1, out = 0;
  dart_ret_t r = last_unit() ? dart_bcast(&in, 1, DART_TYPE_INT64, 0, DART_TEAM_ALL)
                             : dart_allreduce(&in, &out, 1, DART_TYPE_INT64, DART_OP_SUM, DART_TEAM_ALL);
  expect_everywhere(r, last_unit() ? "dart_bcast" : "dart_allreduce", "different collectives");
  r = last_unit() ? dart_barrier(DART_TEAM_ALL) : dart_bcast(&in, 1, DART_TYPE_INT64, 0, DART_TEAM_ALL);
  expect_everywhere(r, last_unit() ? "dart_barrier" : "dart_bcast", "dart_barrier");
  expect_team_works();
}

TEST(Check, LocalErrorOnOneUnitFailsAll) {
  if (test_size() == 1) GTEST_SKIP() << "needs two units";
  int64_t in = 1, out = 0;
  // A NULL receive buffer on the last unit only.
  expect_everywhere(
      dart_allreduce(&in, last_unit() ? nullptr : &out, 1, DART_TYPE_INT64, DART_OP_SUM, DART_TEAM_ALL),
      "dart_allreduce", nullptr);
  if (!last_unit()) {
    EXPECT_NE(nullptr, std::strstr(dart_last_error(), "invalid arguments on unit"));
  }
  // A root outside the team on one unit: a root mismatch.
  expect_everywhere(dart_bcast(&in, 1, DART_TYPE_INT64, last_unit() ? test_size() : 0, DART_TEAM_ALL),
                    "dart_bcast", "roots");
  expect_team_works();
}

TEST(Check, AllgathervDifferentLayoutsFail) {
  if (test_size() == 1) GTEST_SKIP() << "needs two units";
  const int n = test_size(), me = test_myid();
  std::vector<size_t> counts(n, 1), displs(n);
  for (int i = 0; i < n; i++) displs[i] = i;
  if (last_unit()) displs[0] = n;  // a different layout on one unit
  std::vector<int> out(n + 1, -1);
  expect_everywhere(
      dart_allgatherv(&me, 1, DART_TYPE_INT, out.data(), counts.data(), displs.data(), DART_TEAM_ALL),
      "dart_allgatherv", "displacements");
  displs[0] = 0;
  ASSERT_DART_OK(
      dart_allgatherv(&me, 1, DART_TYPE_INT, out.data(), counts.data(), displs.data(), DART_TEAM_ALL));
  for (int i = 0; i < n; i++) EXPECT_EQ(i, out[i]);
}

TEST(Check, SubTeam) {
  if (test_size() < 4) GTEST_SKIP() << "needs four units";
  dart_team_t t = split(DART_TEAM_ALL, 2);
  int64_t in = 1, out = 0;
  size_t cnt = team_me(t) == 1 ? 2 : 1;
  int64_t two[2] = {1, 1}, res[2] = {0, 0};
  expect_everywhere(
      dart_allreduce(cnt == 2 ? two : &in, cnt == 2 ? res : &out, cnt, DART_TYPE_INT64, DART_OP_SUM, t),
      "dart_allreduce", "counts");
  expect_team_works(t);
  ASSERT_DART_OK(dart_team_destroy(&t));
}

TEST(Check, OffRunsMatchingCalls) {
  dart__set_check(0);
  dart_config_t cfg;
  ASSERT_DART_OK(dart_config_get(&cfg));
  EXPECT_EQ(0, cfg.check);
  expect_team_works();
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  dart__set_check(1);
}

// DART_CHECK=0 turns the checks off whatever the build's default, a value
// other than 0 and 1 fails dart_init naming it (DART re-initialised: MPI
// belongs to the test main).
TEST(Check, VariableOverridesTheBuildDefault) {
  ASSERT_DART_OK(dart_exit());
  setenv("DART_CHECK", "2", 1);
  EXPECT_EQ(DART_ERR_INVAL, dart_init(nullptr, nullptr));
  EXPECT_NE(nullptr, std::strstr(dart_last_error(), "DART_CHECK"));
  setenv("DART_CHECK", "0", 1);
  ASSERT_DART_OK(dart_init(nullptr, nullptr));
  dart_config_t cfg;
  ASSERT_DART_OK(dart_config_get(&cfg));
  EXPECT_EQ(0, cfg.check);
  expect_team_works();
  ASSERT_DART_OK(dart_exit());
  setenv("DART_CHECK", "1", 1);
  ASSERT_DART_OK(dart_init(nullptr, nullptr));
  ASSERT_DART_OK(dart_config_get(&cfg));
  EXPECT_EQ(1, cfg.check);
}

}  // namespace

// The calling unit's local allocations: a transfer or atomic into memory
// dart_memfree gave back fails, also after earlier accesses (which the
// header's inline path would otherwise answer from its record), and works
// again once the memory is allocated again.
TEST(Check, AccessToFreedLocalMemoryFails) {
  dart_gptr_t g;
  ASSERT_DART_OK(dart_memalloc(16 * sizeof(int), &g));  // 64 bytes: the allocator's granule
  int v = 5, back = 0, add = 1, old = 0;
  ASSERT_DART_OK(dart_put_blocking(g, &v, 1, DART_TYPE_INT, DART_TYPE_INT));
  ASSERT_DART_OK(dart_get_blocking(&back, g, 1, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_EQ(5, back);
  ASSERT_DART_OK(dart_fetch_and_op(g, &add, &old, DART_TYPE_INT, DART_OP_SUM));
  dart_gptr_t past = g;
  past.offset += 16 * sizeof(int);
  EXPECT_EQ(DART_ERR_INVAL, dart_put_blocking(past, &v, 1, DART_TYPE_INT, DART_TYPE_INT));
  ASSERT_DART_OK(dart_memfree(g));
  EXPECT_EQ(DART_ERR_INVAL, dart_put_blocking(g, &v, 1, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_NE(nullptr, std::strstr(dart_last_error(), "not inside a live dart_memalloc allocation"))
      << dart_last_error();
  EXPECT_EQ(DART_ERR_INVAL, dart_put(g, &v, 1, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_EQ(DART_ERR_INVAL, dart_get_blocking(&back, g, 1, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_EQ(DART_ERR_INVAL, dart_fetch_and_op(g, &add, &old, DART_TYPE_INT, DART_OP_SUM));
  dart_gptr_t again;
  ASSERT_DART_OK(dart_memalloc(8 * sizeof(int), &again));
  EXPECT_DART_OK(dart_put_blocking(again, &v, 1, DART_TYPE_INT, DART_TYPE_INT));
  ASSERT_DART_OK(dart_memfree(again));
}
