// dash::copy and copy_async between global ranges and local buffers in both
// directions, between global ranges, and the transfer plan: one transfer
// per unit block.
#include <numeric>
#include <vector>

#include "dash_test.h"

namespace {

using dash_test::gather;

TEST(Copy, GlobalToLocalAndBack) {
  const std::size_t n = 41;
  for (const auto &dist : {dash::BLOCKED, dash::CYCLIC, dash::BLOCKCYCLIC(4)}) {
    dash::Array<int> arr(n, dist);
    dash::generate_with_index(arr.begin(), arr.end(), [](std::size_t i) { return int(i); });
    // Every unit reads a different sub-range.
    std::size_t lo = dash::myid() % 5, hi = n - dash::myid() % 3;
    std::vector<int> buf(hi - lo, -1);
    int *end = dash::copy(arr.begin() + long(lo), arr.begin() + long(hi), buf.data());
    EXPECT_EQ(end, buf.data() + buf.size());
    for (std::size_t k = 0; k < buf.size(); ++k) EXPECT_EQ(buf[k], int(lo + k));
    // Asynchronous read.
    std::vector<int> buf2(n, -1);
    auto fut = dash::copy_async(arr.begin(), arr.end(), buf2.data());
    fut.wait();
    EXPECT_EQ(fut.get(), buf2.data() + n);
    for (std::size_t k = 0; k < n; ++k) EXPECT_EQ(buf2[k], int(k));
    arr.barrier();
    // Each unit writes a disjoint, strided set of chunks.
    std::size_t p = dash::size(), me = dash::myid();
    std::vector<int> src(n);
    std::iota(src.begin(), src.end(), 1000);
    for (std::size_t at = me * 3; at < n; at += 3 * p) {
      std::size_t len = std::min<std::size_t>(3, n - at);
      auto out = dash::copy(src.data() + at, src.data() + at + len, arr.begin() + long(at));
      EXPECT_EQ(out, arr.begin() + long(at + len));
    }
    arr.barrier();
    std::vector<int> all = gather(arr);
    EXPECT_EQ(all, src);
    arr.barrier();
  }
}

// Tiled matrices: a unit's tiles are stored one after the other, so a slice
// of the global order meets a unit in many short, strided pieces. Each unit
// writes its slice from a buffer, then every unit reads everything back.
TEST(Copy, SlicesOfTiledMatrices) {
  const std::size_t rows = 60, cols = 70, p = dash::size(), me = dash::myid();
  using Spec = dash::DistributionSpec<2>;
  Spec tt(dash::TILE(4), dash::TILE(8));
  for (const auto &teamspec : {dash::TeamSpec<2>(tt, p, dash::balanced), dash::TeamSpec<2>(tt, p)}) {
    dash::Matrix<int> m(dash::Pattern<2>({rows, cols}, tt, teamspec, p));
    std::size_t n = rows * cols, lo = n * me / p, hi = n * (me + 1) / p;
    std::vector<int> src(hi - lo);
    std::iota(src.begin(), src.end(), int(lo));
    dash::copy(src.data(), src.data() + src.size(), m.begin() + long(lo));
    m.barrier();
    std::vector<int> all(n, -1);
    dash::copy(m.begin(), m.end(), all.data());
    for (std::size_t g = 0; g < n; ++g) ASSERT_EQ(int(g), all[g]) << "element " << g;
    m.barrier();
  }
}

TEST(Copy, AsyncPutsCompleteAtWait) {
  const std::size_t n = 64;
  dash::Array<double> arr(n);
  std::vector<double> src(n);
  std::iota(src.begin(), src.end(), 0.5);
  if (dash::myid() == dash::size() - 1) {
    auto fut = dash::copy_async(src.data(), src.data() + n, arr.begin());
    while (!fut.test()) {
    }
    EXPECT_EQ(fut.get(), arr.end());
  }
  arr.barrier();
  EXPECT_EQ(gather(arr), src);
  arr.barrier();
}

TEST(Copy, GlobalToGlobalAcrossPatterns) {
  const std::size_t n = 33;
  dash::Array<long> a(n, dash::BLOCKED), b(n, dash::BLOCKCYCLIC(5));
  dash::generate_with_index(a.begin(), a.end(), [](std::size_t i) { return long(i * i); });
  dash::fill(b.begin(), b.end(), -1L);
  auto out = dash::copy(a.begin() + 3, a.end() - 4, b.begin() + 2);
  EXPECT_EQ(out, b.begin() + long(n - 5));
  std::vector<long> rb = gather(b);
  for (std::size_t i = 0; i < n; ++i)
    EXPECT_EQ(rb[i], i >= 2 && i < n - 5 ? long((i + 1) * (i + 1)) : -1L) << i;
  b.barrier();
}

TEST(Copy, OneTransferPerUnitBlock) {
  std::size_t p = dash::size();
  // 1-D BLOCKED: one contiguous transfer per unit with elements in range.
  dash::Pattern<1> blocked({100}, p);
  auto plan = dash::detail::transfer_plan(blocked, dash::Block<1>{{0}, {100}}, 0, 100);
  EXPECT_EQ(plan.size(), p);
  for (const auto &g : plan) EXPECT_EQ(g.count, 1u);
  // Rows of a (BLOCKED, NONE) matrix: each unit's rows are one run.
  dash::Pattern<2> rows({12, 10}, p);
  dash::Block<2> whole{{0, 0}, {12, 10}};
  plan = dash::detail::transfer_plan(rows, whole, 0, 120);
  EXPECT_EQ(plan.size(), p);
  // A block of a (BLOCKED, BLOCKED) matrix: one strided group per unit
  // whose box intersects it.
  using Spec = dash::DistributionSpec<2>;
  Spec bb(dash::BLOCKED, dash::BLOCKED);
  dash::Pattern<2> grid({12, 10}, bb, dash::TeamSpec<2>(bb, p, dash::balanced), p);
  dash::Block<2> view{{0, 0}, {12, 10}};
  plan = dash::detail::transfer_plan(grid, view, 0, 120);
  EXPECT_EQ(plan.size(), p);
  std::size_t elements = 0;
  for (const auto &g : plan) elements += g.count * g.len;
  EXPECT_EQ(elements, 120u);
  // The same, executed: a strided remote block.
  dash::Matrix<int> m(grid);
  dash::generate_with_index(m.begin(), m.end(), [](std::size_t i) { return int(i); });
  auto blk = m.sub({1, 1}, {10, 8});
  std::vector<int> buf(blk.size());
  dash::copy(blk.begin(), blk.end(), buf.data());
  for (std::size_t i = 0; i < 10; ++i)
    for (std::size_t j = 0; j < 8; ++j) EXPECT_EQ(buf[i * 8 + j], int((i + 1) * 10 + j + 1));
  // And written back negated by strided puts, once everyone has read.
  m.barrier();
  for (int &v : buf) v = -v;
  if (dash::myid() == 0) dash::copy(buf.data(), buf.data() + buf.size(), blk.begin());
  m.barrier();
  std::vector<int> all = gather(m);
  for (std::size_t i = 0; i < 12; ++i)
    for (std::size_t j = 0; j < 10; ++j) {
      bool in = i >= 1 && i < 11 && j >= 1 && j < 9;
      EXPECT_EQ(all[i * 10 + j], in ? -int(i * 10 + j) : int(i * 10 + j));
    }
  m.barrier();
}

}  // namespace
