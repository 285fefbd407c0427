// dart_accumulate_scattered: exact sums and XORs when every unit updates
// the same elements of every unit at once (repeated offsets within a call,
// calls longer than one MPI piece, mixed with dart_accumulate); one element
// repeated hundreds of times; MAX and floating-point SUM; REPLACE in call order; n = 0; bad input leaves the
// target untouched.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "dart_test.h"

namespace {

constexpr int kElems = 64;  // per unit and array

// The value unit u adds with update i (distinct bits for the XOR check).
uint64_t value_of(int u, size_t i) { return (uint64_t(u + 1) << 40) ^ (uint64_t(i) * 0x9E3779B97F4A7C15ULL); }

// n updates: element i % kElems, i.e. every element several times per call
// when n > kElems, in an order that is not sorted.
std::vector<uint64_t> offsets_of(size_t n) {
  std::vector<uint64_t> off(n);
  for (size_t i = 0; i < n; i++) off[i] = (i * 7) % kElems;
  return off;
}

void contention(size_t n, int reps) {
  const int me = test_myid(), size = test_size();
  dart_gptr_t g;  // per unit: kElems int64 (SUM), then kElems uint64 (BXOR)
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, 2 * kElems * sizeof(uint64_t), &g));
  dart_gptr_t mine = at_unit(g, DART_TEAM_ALL, me);
  std::vector<uint64_t> zero(2 * kElems, 0);
  ASSERT_DART_OK(dart_put_blocking(mine, zero.data(), zero.size(), DART_TYPE_UINT64, DART_TYPE_UINT64));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  const std::vector<uint64_t> off = offsets_of(n);
  std::vector<int64_t> add(n);
  std::vector<uint64_t> bits(n);
  for (size_t i = 0; i < n; i++) {
    add[i] = int64_t(me + 1) * int64_t(i + 1);
    bits[i] = value_of(me, i);
  }
  const int64_t one = 1;
  for (int r = 0; r < reps; r++)
    for (int k = 0; k < size; k++) {
      int u = (me + k) % size;  // every unit starts on a different target
      dart_gptr_t sums = at_unit(g, DART_TEAM_ALL, u), xors = at_unit(g, DART_TEAM_ALL, u, kElems * 8);
      ASSERT_DART_OK(
          dart_accumulate_scattered(sums, off.data(), add.data(), n, DART_TYPE_INT64, DART_OP_SUM));
      ASSERT_DART_OK(
          dart_accumulate_scattered(xors, off.data(), bits.data(), n, DART_TYPE_UINT64, DART_OP_BXOR));
      ASSERT_DART_OK(dart_accumulate(sums, &one, 1, DART_TYPE_INT64, DART_OP_SUM));  // element 0
      ASSERT_DART_OK(dart_flush(sums));
    }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  std::vector<int64_t> want_sum(kElems, 0);
  std::vector<uint64_t> want_xor(kElems, 0);
  for (int u = 0; u < size; u++)
    for (int r = 0; r < reps; r++)
      for (size_t i = 0; i < n; i++) {
        want_sum[off[i]] += int64_t(u + 1) * int64_t(i + 1);
        want_xor[off[i]] ^= value_of(u, i);
      }
  want_sum[0] += int64_t(size) * reps;
  std::vector<uint64_t> got(2 * kElems);
  ASSERT_DART_OK(dart_get_blocking(got.data(), mine, got.size(), DART_TYPE_UINT64, DART_TYPE_UINT64));
  for (int e = 0; e < kElems; e++) {
    EXPECT_EQ(want_sum[e], int64_t(got[e])) << "sum element " << e;
    EXPECT_EQ(want_xor[e], got[kElems + e]) << "xor element " << e;
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_team_memfree(g));
}

TEST(AccumulateScattered, ExactUnderContention) { contention(200, test_iterations(20, 4)); }

// 2,500 updates: three MPI pieces, repeats within and across pieces.
TEST(AccumulateScattered, ExactUnderContentionLongerThanOnePiece) { contention(2500, test_iterations(4, 1)); }

// One element taking a third of a call's updates, as HPCC's stream does at
// its start: integer repeats fold into one value at the origin, double
// repeats go in rounds; both exact. Every unit updates every unit.
TEST(AccumulateScattered, ManyRepeatsOfOneElement) {
  const int me = test_myid(), size = test_size();
  dart_gptr_t g;  // per unit: kElems int64 (SUM), then kElems double (SUM)
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, 2 * kElems * 8, &g));
  std::vector<uint64_t> zero(2 * kElems, 0);
  ASSERT_DART_OK(dart_put_blocking(at_unit(g, DART_TEAM_ALL, me), zero.data(), zero.size(), DART_TYPE_UINT64,
                                   DART_TYPE_UINT64));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  const size_t n = 900;
  std::vector<uint64_t> off(n);
  std::vector<int64_t> add(n);
  std::vector<double> quarter(n, 0.25);
  for (size_t i = 0; i < n; i++) {
    off[i] = i % 3 == 0 ? 0 : (i * 7) % kElems;
    add[i] = int64_t(me + 1) * int64_t(i + 1);
  }
  for (int k = 0; k < size; k++) {
    int u = (me + k) % size;
    dart_gptr_t s = at_unit(g, DART_TEAM_ALL, u), d = at_unit(g, DART_TEAM_ALL, u, kElems * 8);
    ASSERT_DART_OK(dart_accumulate_scattered(s, off.data(), add.data(), n, DART_TYPE_INT64, DART_OP_SUM));
    ASSERT_DART_OK(
        dart_accumulate_scattered(d, off.data(), quarter.data(), n, DART_TYPE_DOUBLE, DART_OP_SUM));
    ASSERT_DART_OK(dart_flush(s));
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  std::vector<int64_t> want_sum(kElems, 0), got_sum(kElems);
  std::vector<double> want_dsum(kElems, 0), got_dsum(kElems);
  for (int u = 0; u < size; u++)
    for (size_t i = 0; i < n; i++) {
      want_sum[off[i]] += int64_t(u + 1) * int64_t(i + 1);
      want_dsum[off[i]] += 0.25;
    }
  ASSERT_DART_OK(dart_get_blocking(got_sum.data(), at_unit(g, DART_TEAM_ALL, me), kElems, DART_TYPE_INT64,
                                   DART_TYPE_INT64));
  ASSERT_DART_OK(dart_get_blocking(got_dsum.data(), at_unit(g, DART_TEAM_ALL, me, kElems * 8), kElems,
                                   DART_TYPE_DOUBLE, DART_TYPE_DOUBLE));
  EXPECT_EQ(want_sum, got_sum);
  EXPECT_EQ(want_dsum, got_dsum);  // sums of quarters: exact in double
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_team_memfree(g));
}

TEST(AccumulateScattered, ReplaceAppliesRepeatsInCallOrder) {
  const int me = test_myid(), size = test_size();
  dart_gptr_t g;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, kElems * sizeof(int32_t), &g));
  dart_gptr_t target = at_unit(g, DART_TEAM_ALL, (me + 1) % size);
  // Unit me writes only elements me and me + 8 * k: no other unit's.
  const uint64_t off[] = {uint64_t(me), uint64_t(me) + 8, uint64_t(me), uint64_t(me) + 8, uint64_t(me)};
  const int32_t val[] = {1, 2, 3, 4, 5};
  ASSERT_DART_OK(dart_accumulate_scattered(target, off, val, 5, DART_TYPE_INT32, DART_OP_REPLACE));
  ASSERT_DART_OK(dart_flush(target));
  int32_t got[2];
  dart_gptr_t e = target;
  e.offset += uint64_t(me) * sizeof(int32_t);
  ASSERT_DART_OK(dart_fetch_and_op(e, nullptr, &got[0], DART_TYPE_INT32, DART_OP_NO_OP));
  e.offset += 8 * sizeof(int32_t);
  ASSERT_DART_OK(dart_fetch_and_op(e, nullptr, &got[1], DART_TYPE_INT32, DART_OP_NO_OP));
  EXPECT_EQ(5, got[0]);
  EXPECT_EQ(4, got[1]);
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_team_memfree(g));
}

// Operations without a single-instruction CPU atomic (MAX, floating-point
// SUM): every unit updates every unit's elements.
TEST(AccumulateScattered, MaxAndDoubleSum) {
  const int me = test_myid(), size = test_size();
  dart_gptr_t g;  // per unit: kElems int64 (MAX), then kElems double (SUM)
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, 2 * kElems * 8, &g));
  std::vector<uint64_t> zero(2 * kElems, 0);  // int64 0 and double 0.0
  ASSERT_DART_OK(dart_put_blocking(at_unit(g, DART_TEAM_ALL, me), zero.data(), zero.size(), DART_TYPE_UINT64,
                                   DART_TYPE_UINT64));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  const size_t n = 3 * kElems;
  const std::vector<uint64_t> off = offsets_of(n);
  std::vector<int64_t> mx(n);
  std::vector<double> half(n, 0.5);
  for (size_t i = 0; i < n; i++) mx[i] = int64_t(me) * 1000 + int64_t(i);
  for (int u = 0; u < size; u++) {
    dart_gptr_t m = at_unit(g, DART_TEAM_ALL, u), d = at_unit(g, DART_TEAM_ALL, u, kElems * 8);
    ASSERT_DART_OK(dart_accumulate_scattered(m, off.data(), mx.data(), n, DART_TYPE_INT64, DART_OP_MAX));
    ASSERT_DART_OK(dart_accumulate_scattered(d, off.data(), half.data(), n, DART_TYPE_DOUBLE, DART_OP_SUM));
    ASSERT_DART_OK(dart_flush(m));
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  std::vector<int64_t> want_max(kElems, 0);
  std::vector<double> want_sum(kElems, 0);
  for (size_t i = 0; i < n; i++) {
    want_max[off[i]] = std::max(want_max[off[i]], int64_t(size - 1) * 1000 + int64_t(i));
    want_sum[off[i]] += 0.5 * size;
  }
  std::vector<int64_t> got_max(kElems);
  std::vector<double> got_sum(kElems);
  ASSERT_DART_OK(dart_get_blocking(got_max.data(), at_unit(g, DART_TEAM_ALL, me), kElems, DART_TYPE_INT64,
                                   DART_TYPE_INT64));
  ASSERT_DART_OK(dart_get_blocking(got_sum.data(), at_unit(g, DART_TEAM_ALL, me, kElems * 8), kElems,
                                   DART_TYPE_DOUBLE, DART_TYPE_DOUBLE));
  EXPECT_EQ(want_max, got_max);
  EXPECT_EQ(want_sum, got_sum);  // sums of halves: exact in double
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_team_memfree(g));
}

TEST(AccumulateScattered, BadInputUpdatesNothing) {
  const int me = test_myid();
  dart_gptr_t g;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, kElems * sizeof(int64_t), &g));
  dart_gptr_t mine = at_unit(g, DART_TEAM_ALL, me);
  std::vector<int64_t> init(kElems, 7);
  ASSERT_DART_OK(dart_put_blocking(mine, init.data(), kElems, DART_TYPE_INT64, DART_TYPE_INT64));
  const uint64_t ok_off[] = {0, 5}, past[] = {1, kElems}, huge[] = {2, UINT64_MAX};
  const int64_t v[] = {1, 1};
  EXPECT_DART_OK(
      dart_accumulate_scattered(mine, nullptr, nullptr, 0, DART_TYPE_INT64, DART_OP_SUM));  // n = 0
  EXPECT_EQ(DART_ERR_INVAL, dart_accumulate_scattered(mine, nullptr, v, 2, DART_TYPE_INT64, DART_OP_SUM));
  EXPECT_EQ(DART_ERR_INVAL,
            dart_accumulate_scattered(mine, ok_off, nullptr, 2, DART_TYPE_INT64, DART_OP_SUM));
  EXPECT_EQ(DART_ERR_INVAL, dart_accumulate_scattered(mine, past, v, 2, DART_TYPE_INT64, DART_OP_SUM));
  EXPECT_EQ(DART_ERR_INVAL, dart_accumulate_scattered(mine, huge, v, 2, DART_TYPE_INT64, DART_OP_SUM));
  dart_gptr_t near_end = mine;
  near_end.offset = (kElems - 4) * sizeof(int64_t);  // offsets 0..3 fit, 5 does not
  EXPECT_EQ(DART_ERR_INVAL, dart_accumulate_scattered(near_end, ok_off, v, 2, DART_TYPE_INT64, DART_OP_SUM));
  dart_gptr_t odd = mine;
  odd.offset = 4;  // not aligned for int64
  EXPECT_EQ(DART_ERR_INVAL, dart_accumulate_scattered(odd, ok_off, v, 2, DART_TYPE_INT64, DART_OP_SUM));
  EXPECT_EQ(DART_ERR_INVAL, dart_accumulate_scattered(mine, ok_off, v, 2, DART_TYPE_INT64, DART_OP_NO_OP));
  EXPECT_EQ(DART_ERR_INVAL, dart_accumulate_scattered(mine, ok_off, v, 2, DART_TYPE_DOUBLE, DART_OP_BXOR));
  dart_datatype_t strided;
  ASSERT_DART_OK(dart_type_create_strided(DART_TYPE_INT64, 2, 1, &strided));
  EXPECT_EQ(DART_ERR_INVAL, dart_accumulate_scattered(mine, ok_off, v, 2, strided, DART_OP_SUM));
  ASSERT_DART_OK(dart_type_destroy(&strided));
  EXPECT_EQ(DART_ERR_INVAL,
            dart_accumulate_scattered(DART_GPTR_NULL, ok_off, v, 2, DART_TYPE_INT64, DART_OP_SUM));
  EXPECT_EQ(DART_ERR_INVAL,
            dart_accumulate_scattered(DART_GPTR_NULL, nullptr, nullptr, 0, DART_TYPE_INT64, DART_OP_SUM));
  ASSERT_DART_OK(dart_flush(mine));
  std::vector<int64_t> got(kElems);
  ASSERT_DART_OK(dart_get_blocking(got.data(), mine, kElems, DART_TYPE_INT64, DART_TYPE_INT64));
  EXPECT_EQ(init, got);
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_team_memfree(g));
  EXPECT_NE(DART_OK, dart_accumulate_scattered(mine, ok_off, v, 2, DART_TYPE_INT64, DART_OP_SUM));  // freed
}

}  // namespace
