// DART_STATS=1 (registered with it): the per-unit counts of a known
// sequence of calls, on the path each took; no inline records meanwhile
// (every call goes through the library, where it is counted).
#include <cstring>

#include "dart_test.h"

namespace {

// The library's counters (dart/src/stats.h), as it lays them out.
struct Stats {
  uint64_t puts[2], put_bytes[2], gets[2], get_bytes[2], atomics[2], flushes[2];
  uint64_t allocs, frees, barriers;
};
enum { PATH_SHM, PATH_MPI };

}  // namespace

extern "C" void dart__stats_get(Stats *out);

TEST(Stats, CountsKnownCallsPerPath) {
  dart_config_t cfg;
  ASSERT_DART_OK(dart_config_get(&cfg));
  ASSERT_EQ(1, cfg.stats) << "run with DART_STATS=1";
  const int me = test_myid(), n = test_size(), next = (me + 1) % n;
  // Paths: transfers by the target's node (shared memory when it shares
  // mine); flushes and atomics by the segment (MPI when its team spans
  // nodes: then it has a window).
  dart_unit_place_t mine, there, other;
  ASSERT_DART_OK(dart_unit_place(DART_TEAM_ALL, me, &mine));
  ASSERT_DART_OK(dart_unit_place(DART_TEAM_ALL, next, &there));
  bool spans = false;
  for (int u = 0; u < n; u++) {
    ASSERT_DART_OK(dart_unit_place(DART_TEAM_ALL, u, &other));
    spans = spans || std::strcmp(mine.host, other.host) != 0;
  }
  const int xp = std::strcmp(mine.host, there.host) == 0 ? PATH_SHM : PATH_MPI,
            sp = spans ? PATH_MPI : PATH_SHM;

  Stats a, b;
  dart__stats_get(&a);
  dart_gptr_t g, local;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, 64, &g));
  ASSERT_DART_OK(dart_memalloc(16, &local));
  dart_gptr_t t = g;
  ASSERT_DART_OK(dart_gptr_setunit(&t, next));
  int64_t v[2] = {1, 2}, w[2];
  for (int i = 0; i < 3; i++) ASSERT_DART_OK(dart_put_blocking(t, v, 1, DART_TYPE_INT64, DART_TYPE_INT64));
  for (int i = 0; i < 2; i++) ASSERT_DART_OK(dart_get_blocking(w, t, 2, DART_TYPE_INT64, DART_TYPE_INT64));
  ASSERT_DART_OK(dart_put(t, v, 2, DART_TYPE_INT64, DART_TYPE_INT64));
  ASSERT_DART_OK(dart_flush(t));
  dart_handle_t h;
  ASSERT_DART_OK(dart_get_handle(w, t, 1, DART_TYPE_INT64, DART_TYPE_INT64, &h));
  ASSERT_DART_OK(dart_wait(&h));
  int64_t one = 1, got, cmp = 0;
  ASSERT_DART_OK(dart_fetch_and_op(t, &one, &got, DART_TYPE_INT64, DART_OP_SUM));
  ASSERT_DART_OK(dart_fetch_and_op(t, &one, &got, DART_TYPE_INT64, DART_OP_NO_OP));
  ASSERT_DART_OK(dart_compare_and_swap(t, &one, &cmp, &got, DART_TYPE_INT64));
  ASSERT_DART_OK(dart_accumulate(t, v, 2, DART_TYPE_INT64, DART_OP_SUM));
  ASSERT_DART_OK(dart_flush(t));
  // The library recorded no target for the header's inline path.
  EXPECT_EQ(DART__NO_KEY, dart__fast.key_addr);
  EXPECT_EQ(DART__NO_KEY, dart__fast.key);
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_memfree(local));
  ASSERT_DART_OK(dart_team_memfree(g));
  dart__stats_get(&b);

  const int xo = 1 - xp, so = 1 - sp;
  EXPECT_EQ(4u, b.puts[xp] - a.puts[xp]);
  EXPECT_EQ(40u, b.put_bytes[xp] - a.put_bytes[xp]);
  EXPECT_EQ(3u, b.gets[xp] - a.gets[xp]);
  EXPECT_EQ(40u, b.get_bytes[xp] - a.get_bytes[xp]);
  EXPECT_EQ(0u, b.puts[xo] - a.puts[xo]);
  EXPECT_EQ(0u, b.gets[xo] - a.gets[xo]);
  EXPECT_EQ(4u, b.atomics[sp] - a.atomics[sp]);
  EXPECT_EQ(0u, b.atomics[so] - a.atomics[so]);
  // Two flush calls; a handle of the MPI path (a target off the node: the
  // segment has a window) completes with a flush too.
  EXPECT_EQ(xp == PATH_MPI ? 3u : 2u, b.flushes[sp] - a.flushes[sp]);
  EXPECT_EQ(0u, b.flushes[so] - a.flushes[so]);
  EXPECT_EQ(2u, b.allocs - a.allocs);
  EXPECT_EQ(2u, b.frees - a.frees);
  EXPECT_EQ(2u, b.barriers - a.barriers);
}
