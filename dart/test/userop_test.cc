// DASH's additions to DART: custom element types, user-defined reduction
// operations, MINMAX counted in elements, allocators, overlapping indexed
// layouts.
#include <cstring>
#include <vector>

#include "dart_test.h"

namespace {
struct value_at {
  double value;
  int unit;
};

void max_at(const void *in, void *inout, size_t len, void *) {
  const auto *a = static_cast<const value_at *>(in);
  auto *b = static_cast<value_at *>(inout);
  for (size_t i = 0; i < len; ++i)
    if (a[i].value > b[i].value || (a[i].value == b[i].value && a[i].unit < b[i].unit)) b[i] = a[i];
}

void capped_sum(const void *in, void *inout, size_t len, void *cap) {
  const int *a = static_cast<const int *>(in);
  int *b = static_cast<int *>(inout);
  for (size_t i = 0; i < len; ++i) {
    b[i] += a[i];
    if (b[i] > *static_cast<int *>(cap)) b[i] = *static_cast<int *>(cap);
  }
}
}  // namespace

TEST(UserOp, CustomTypeReductionFindsTheMaximumAndItsUnit) {
  dart_datatype_t type;
  ASSERT_DART_OK(dart_type_create_custom(sizeof(value_at), &type));
  size_t size = 0;
  ASSERT_DART_OK(dart_type_size(type, &size));
  EXPECT_EQ(sizeof(value_at), size);
  dart_operation_t op;
  ASSERT_DART_OK(dart_op_create(max_at, nullptr, 1, type, 1, &op));
  EXPECT_GE(op, DART_OP_USER_FIRST);
  EXPECT_LE(op, DART_OP_USER_LAST);
  int n = test_size(), me = test_myid();
  value_at mine[2] = {{double(me % 2), me}, {double(n - me), me}}, all[2];
  ASSERT_DART_OK(dart_allreduce(mine, all, 2, type, op, DART_TEAM_ALL));
  EXPECT_EQ(n > 1 ? 1.0 : 0.0, all[0].value);
  EXPECT_EQ(n > 1 ? 1 : 0, all[0].unit);
  EXPECT_EQ(double(n), all[1].value);
  EXPECT_EQ(0, all[1].unit);
  // Root only.
  value_at at_root[2] = {};
  ASSERT_DART_OK(dart_reduce(mine, at_root, 2, type, op, 0, DART_TEAM_ALL));
  if (me == 0) {
    EXPECT_EQ(double(n), at_root[1].value);
  }
  // The operation takes only its type; built-in operations not the custom type.
  EXPECT_EQ(DART_ERR_INVAL, dart_allreduce(mine, all, 4, DART_TYPE_DOUBLE, op, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL, dart_allreduce(mine, all, 2, type, DART_OP_MAX, DART_TEAM_ALL));
  // A custom type moves whole elements.
  value_at got[2] = {};
  dart_gptr_t g;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof mine, &g));
  ASSERT_DART_OK(dart_gptr_setunit(&g, me));
  ASSERT_DART_OK(dart_put_blocking(g, mine, 2, type, type));
  ASSERT_DART_OK(dart_get_blocking(got, g, 2, type, type));
  EXPECT_EQ(0, std::memcmp(mine, got, sizeof mine));
  int v = 1, r;
  EXPECT_EQ(DART_ERR_INVAL, dart_fetch_and_op(g, &v, &r, type, DART_OP_REPLACE));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_team_memfree(g));
  // The operation owns the type: both go.
  ASSERT_DART_OK(dart_op_destroy(&op));
  EXPECT_EQ(DART_OP_UNDEFINED, op);
  EXPECT_EQ(DART_ERR_INVAL, dart_type_size(type, &size));
}

TEST(UserOp, UserDataReachesTheFunction) {
  int cap = 3, one = 1, sum = 0;
  dart_operation_t op;
  ASSERT_DART_OK(dart_op_create(capped_sum, &cap, 1, DART_TYPE_INT, 0, &op));
  ASSERT_DART_OK(dart_allreduce(&one, &sum, 1, DART_TYPE_INT, op, DART_TEAM_ALL));
  EXPECT_EQ(test_size() < cap ? test_size() : cap, sum);
  ASSERT_DART_OK(dart_op_destroy(&op));
  EXPECT_EQ(DART_ERR_INVAL, dart_op_destroy(&op));
  EXPECT_EQ(DART_ERR_INVAL, dart_allreduce(&one, &sum, 1, DART_TYPE_INT, DART_OP_USER_FIRST, DART_TEAM_ALL));
}

TEST(UserOp, MinMaxElementsCountsElements) {
  long me = test_myid(), n = test_size();
  long in[4] = {me, me + n, -me, 10 * me}, out[4] = {};
  ASSERT_DART_OK(dart_allreduce(in, out, 4, DART_TYPE_LONG, DART_OP_MINMAX_ELEMENTS, DART_TEAM_ALL));
  EXPECT_EQ(0, out[0]);
  EXPECT_EQ(2 * n - 1, out[1]);
  EXPECT_EQ(-(n - 1), out[2]);
  EXPECT_EQ(10 * (n - 1), out[3]);
  EXPECT_EQ(DART_ERR_INVAL,
            dart_allreduce(in, out, 3, DART_TYPE_LONG, DART_OP_MINMAX_ELEMENTS, DART_TEAM_ALL));
}

TEST(Allocator, UnitsAllocateLocallyAndEveryUnitReaches) {
  dart_allocator_t a;
  const size_t pool = 256;
  ASSERT_DART_OK(dart_allocator_new(pool, DART_TEAM_ALL, &a));
  int me = test_myid(), n = test_size();
  // The pool holds exactly its size in 16-byte multiples.
  std::vector<dart_gptr_t> blocks(pool / 32);
  for (auto &b : blocks) ASSERT_DART_OK(dart_allocator_alloc(a, 32, &b));
  dart_gptr_t none;
  EXPECT_EQ(DART_ERR_NOMEM, dart_allocator_alloc(a, 1, &none));
  int isnull = 0;
  dart_gptr_isnull(none, &isnull);
  EXPECT_EQ(1, isnull);
  // Free two neighbours: they merge into room for 64 bytes.
  ASSERT_DART_OK(dart_allocator_free(a, &blocks[2]));
  ASSERT_DART_OK(dart_allocator_free(a, &blocks[3]));
  dart_gptr_t big;
  ASSERT_DART_OK(dart_allocator_alloc(a, 64, &big));
  EXPECT_EQ(DART_ERR_INVAL, dart_allocator_free(a, &blocks[2]));  // already freed (now NULL)
  // Publish `big` and write my id into the next unit's block.
  std::vector<dart_gptr_t> all(static_cast<size_t>(n));
  ASSERT_DART_OK(dart_allgather(&big, all.data(), sizeof big, DART_TYPE_BYTE, DART_TEAM_ALL));
  ASSERT_DART_OK(
      dart_put_blocking(all[static_cast<size_t>((me + 1) % n)], &me, 1, DART_TYPE_INT, DART_TYPE_INT));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  void *addr = nullptr;
  ASSERT_DART_OK(dart_gptr_getaddr(big, &addr));
  EXPECT_EQ((me + n - 1) % n, *static_cast<int *>(addr));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_allocator_destroy(&a));
  EXPECT_EQ(nullptr, a);
}

TEST(Layout, OverlappingIndexedBlocksReadAndWriteInOrder) {
  // Source blocks [0,4) and [2,6) read elements 2, 3 twice; destination
  // blocks [0,5) and [3,8) keep the later element of an overlap.
  size_t slen[2] = {4, 4}, soff[2] = {0, 2}, dlen[2] = {5, 3}, doff[2] = {0, 5};
  dart_datatype_t src, dst;
  ASSERT_DART_OK(dart_type_create_indexed(DART_TYPE_INT, 2, slen, soff, &src));
  ASSERT_DART_OK(dart_type_create_indexed(DART_TYPE_INT, 2, dlen, doff, &dst));
  size_t olen[2] = {5, 3}, ooff[2] = {0, 3};
  dart_datatype_t over;
  ASSERT_DART_OK(dart_type_create_indexed(DART_TYPE_INT, 2, olen, ooff, &over));
  int me = test_myid(), n = test_size();
  dart_gptr_t g;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, 8 * sizeof(int), &g));
  ASSERT_DART_OK(dart_gptr_setunit(&g, me));
  void *addr;
  ASSERT_DART_OK(dart_gptr_getaddr(g, &addr));
  for (int i = 0; i < 8; ++i) static_cast<int *>(addr)[i] = 100 * me + i;
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  int peer = (me + 1) % n;
  ASSERT_DART_OK(dart_gptr_setunit(&g, peer));
  int buf[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
  ASSERT_DART_OK(dart_get_blocking(buf, g, 8, src, dst));
  const int expect[8] = {0, 1, 2, 3, 2, 3, 4, 5};
  for (int i = 0; i < 8; ++i) EXPECT_EQ(100 * peer + expect[i], buf[i]) << i;
  int later[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
  ASSERT_DART_OK(dart_get_blocking(later, g, 8, DART_TYPE_INT, over));
  const int expect_over[8] = {0, 1, 2, 5, 6, 7, -1, -1};  // elements 3, 4 of the first block overwritten
  for (int i = 0; i < 8; ++i) EXPECT_EQ(expect_over[i] < 0 ? -1 : 100 * peer + expect_over[i], later[i]) << i;
  int v = 1;
  EXPECT_EQ(DART_ERR_INVAL, dart_accumulate(g, &v, 8, over, DART_OP_SUM));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_team_memfree(g));
  ASSERT_DART_OK(dart_type_destroy(&src));
  ASSERT_DART_OK(dart_type_destroy(&dst));
  ASSERT_DART_OK(dart_type_destroy(&over));
}
