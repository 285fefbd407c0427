// DART in DASH's form (<dash/dart/if/*.h>), dash/Onesided.h, DASH's Team
// members, util::Config iteration, dash::Domain and DASH's type traits.
#include <array>
#include <cstring>
#include <string>
#include <vector>

#include "dash_test.h"

namespace {

TEST(DartIf, SendRecvOnGlobalUnits) {
  int me = dash::myid(), n = int(dash::size());
  int to = (me + 1) % n, from = (me + n - 1) % n, got = -1;
  int mine = 10 * me;
  ASSERT_EQ(DART_OK, dart_sendrecv(&mine, 1, DART_TYPE_INT, 7, dart_global_unit_t{to}, &got, 1, DART_TYPE_INT,
                                   7, dart_global_unit_t{from}));
  EXPECT_EQ(10 * from, got);
  if (n >= 2 && me < 2) {
    int v = me == 0 ? 42 : -1;
    if (me == 0) {
      ASSERT_EQ(DART_OK, dart_send(&v, 1, DART_TYPE_INT, 3, dart_global_unit_t{1}));
    } else {
      ASSERT_EQ(DART_OK, dart_recv(&v, 1, DART_TYPE_INT, 3, dart_global_unit_t{0}));
      EXPECT_EQ(42, v);
    }
  }
}

TEST(DartIf, MinMaxCountsElementsAsDash) {
  long in[2] = {long(dash::myid()), long(dash::myid()) + 100}, out[2] = {};
  ASSERT_EQ(DART_OK, dart_allreduce(in, out, 2, DART_TYPE_LONG, DART_OP_MINMAX, DART_TEAM_ALL));
  EXPECT_EQ(0, out[DART_OP_MINMAX_MIN]);
  EXPECT_EQ(long(dash::size()) + 99, out[DART_OP_MINMAX_MAX]);
}

TEST(DartIf, ElementSizesAllocatorAndTeamRelativeUnits) {
  dart_gptr_t g;
  ASSERT_EQ(DART_OK, dart_team_memalloc_aligned(DART_TEAM_ALL, 4, DART_TYPE_DOUBLE, &g));
  dart_team_t team;
  size_t bytes = 0;
  ASSERT_EQ(DART_OK, dart_gptr_segment_info(g, &team, &bytes));
  EXPECT_EQ(4 * sizeof(double), bytes);
  dart_gptr_t last = g;
  int n = int(dash::size());
  ASSERT_EQ(DART_OK, dart_gptr_setunit(&last, dart_team_unit_t{n - 1}));
  EXPECT_EQ(n - 1, last.unitid);
  last.addr_or_offs.offset += sizeof(double);  // DASH's name of the offset
  EXPECT_EQ(g.offset + sizeof(double), last.offset);
  EXPECT_NE(g, last);
  ASSERT_EQ(DART_OK, dart_barrier(DART_TEAM_ALL));
  ASSERT_EQ(DART_OK, dart_team_memfree(g));

  dart_allocator_t a;
  ASSERT_EQ(DART_OK, dart_allocator_new(8 * sizeof(int), DART_TEAM_ALL, &a));
  dart_gptr_t p, q;
  ASSERT_EQ(DART_OK, dart_allocator_alloc(8, DART_TYPE_INT, &p, a));
  EXPECT_EQ(DART_ERR_NOMEM, dart_allocator_alloc(1, DART_TYPE_INT, &q, a));
  EXPECT_EQ(DART_GPTR_NULL, q);
  ASSERT_EQ(DART_OK, dart_allocator_free(&p, a));
  EXPECT_TRUE(DART_GPTR_ISNULL(p));
  ASSERT_EQ(DART_OK, dart_allocator_destroy(&a));
}

TEST(DartIf, TypedIdsAndInitialization) {
  EXPECT_TRUE(dart_initialized());
  dart_global_unit_t me;
  ASSERT_EQ(DART_OK, dart_myid(&me));
  EXPECT_EQ(dash::myid(), me);
  dart_team_unit_t rel;
  ASSERT_EQ(DART_OK, dart_team_unit_g2l(DART_TEAM_ALL, me, &rel));
  EXPECT_EQ(me.id, rel.id);
  std::vector<dart_global_unit_t> members(dash::size());
  dart_group_t group;
  ASSERT_EQ(DART_OK, dart_team_get_group(DART_TEAM_ALL, &group));
  ASSERT_EQ(DART_OK, dart_group_getmembers(group, members.data()));
  for (std::size_t u = 0; u < members.size(); ++u) EXPECT_EQ(dart_unit_t(u), members[u].id);
  dart_group_destroy(&group);
  static_assert(dash::dart_punned_datatype<float>::value == DART_TYPE_FLOAT);
  static_assert(dash::dart_punned_datatype<std::array<char, 8>>::value == DART_TYPE_LONGLONG);
  static_assert(dash::dart_storage<std::array<char, 3>>::dtype == DART_TYPE_BYTE);
  using three_chars = std::array<char, 3>;
  EXPECT_EQ(6u, dash::dart_storage<three_chars>(2).nelem);
  EXPECT_EQ(2u, dash::dart_storage<int>(2).nelem);
}

TEST(Onesided, ValuesThroughGlobalPointers) {
  dash::Array<long> arr(dash::size());
  int n = int(dash::size()), me = int(dash::myid());
  dash::put_value(long(100 + me), arr.begin() + (me + 1) % n);
  arr.barrier();
  long v = -1;
  dash::get_value(&v, arr.begin() + (me + 1) % n);
  EXPECT_EQ(100 + me, v);
  EXPECT_EQ(100 + (me + n - 1) % n, arr.local[0]);
  arr.barrier();
}

TEST(TeamDash, SplitPositionsSiblingsAndDeallocators) {
  dash::Team &all = dash::Team::All();
  EXPECT_TRUE(all.is_all());
  EXPECT_TRUE(all.is_root());
  EXPECT_EQ(0u, all.num_siblings());
  dash::Team &half = all.split(2);
  EXPECT_FALSE(all.is_leaf());
  EXPECT_TRUE(half.is_leaf());
  EXPECT_EQ(half, all.sub());
  EXPECT_EQ(half, all.bottom());
  std::size_t parts = std::min<std::size_t>(2, dash::size());
  EXPECT_EQ(2u, half.num_siblings());
  std::size_t expect_pos = dash::myid() < (dash::size() + 1) / 2 ? 0 : 1;
  if (parts == 1) expect_pos = 0;
  EXPECT_EQ(expect_pos, half.position());
  EXPECT_TRUE(half.is_member(dash::myid()));
  EXPECT_EQ(half.myid(), half.relative_id(dash::myid()));
  EXPECT_THROW(half.relative_id(dash::global_unit_t{int(dash::size())}), std::invalid_argument);
  int calls = 0, other = 0;
  half.register_deallocator(&calls, [&calls] { ++calls; });
  half.register_deallocator(&other, [&other] { ++other; });
  half.unregister_deallocator(&other, [] {});
  half.free();
  half.free();
  EXPECT_EQ(1, calls);
  EXPECT_EQ(0, other);
  int ids = 0;
  for (auto u = half.begin(); u != half.end(); ++u) ids += *u;
  EXPECT_EQ(int(half.size() * (half.size() - 1) / 2), ids);
  EXPECT_TRUE(dash::Team::Null().is_null());
  all.barrier();
}

TEST(Config, IterationAndSizes) {
  using dash::util::Config;
  Config::set("DARTIF_TEST_SIZE", "3K");
  EXPECT_EQ(3u * 1024, Config::get<std::size_t>("DARTIF_TEST_SIZE_BYTES"));
  Config::set("DARTIF_TEST_FLAG", true);
  EXPECT_TRUE(Config::get<bool>("DARTIF_TEST_FLAG"));
  int seen = 0;
  for (auto kv = Config::begin(); kv != Config::end(); ++kv) {
    EXPECT_TRUE(Config::is_set(kv->first));
    if (kv->first.rfind("DARTIF_TEST_", 0) == 0) ++seen;
  }
  EXPECT_EQ(3, seen);  // SIZE, SIZE_BYTES, FLAG
}

TEST(Domain, TranslateAndExpand) {
  dash::Domain<2, int> dom({{1, 4}, {0, 10}});
  dom.translate({2, -1}).expand({1, 5});
  EXPECT_EQ((std::array<int, 2>{3, -1}), dom.offsets());
  EXPECT_EQ((std::array<int, 2>{4, 15}), dom.extents());
  EXPECT_THROW((dash::Domain<2, int>({{0, 1}})), std::invalid_argument);
}

}  // namespace
