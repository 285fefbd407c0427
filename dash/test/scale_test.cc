// The C++ library at many units (label scale: 32 and 64 units,
// oversubscribed, on the real node and on virtual nodes of 4): a
// dash::Array filled, updated by every unit at once and reduced, with its
// minimum found; a dash::Matrix over a 2-d team spec written through local
// views, read back whole (by one unit) and by blocks that cross units.
// Every check holds at any unit count, against a serial reference; few
// collectives and whole reads, since one barrier of 64 processes on 2
// cores costs ~0.6 s (cmake/MpiTest.cmake). The runtime's scale cases
// (dart/test/scale_test.cc) run in the same job.
#include <algorithm>
#include <numeric>
#include <vector>

#include "dash_test.h"

namespace {

using dash_test::gather;
using dash_test::mix;

TEST(DashScale, ArrayFillUpdateReduceMin) {
  const std::size_t p = dash::size(), me = dash::myid(), n = 5 * p + 3;  // uneven blocks
  dash::Array<long> a(n);
  dash::fill(a.begin(), a.end(), 2L);
  EXPECT_EQ(long(2 * n), dash::reduce(a.begin(), a.end(), 0L));
  // Known values, then every unit adds me+1 to the first and the last
  // element at once (atomic compound assignment on their owners).
  dash::generate_with_index(a.begin(), a.end(), [](std::size_t i) { return long(mix(i) % 1000) + 1; });
  std::vector<long> ref(n);
  for (std::size_t i = 0; i < n; ++i) ref[i] = long(mix(i) % 1000) + 1;
  a[0] += long(me + 1);
  a[n - 1] += long(me + 1);
  ref[0] += long(p * (p + 1) / 2);
  ref[n - 1] += long(p * (p + 1) / 2);
  // One unit writes the unique minimum into an element of the unit in the
  // middle.
  const std::size_t at = n / 2;
  ref[at] = -7;
  a.barrier();
  if (me == 0) a[at] = -7L;
  a.barrier();
  // The whole array on the last unit only: a read of every unit's block.
  if (me == p - 1) {
    EXPECT_EQ(ref, gather(a));
  }
  EXPECT_EQ(std::accumulate(ref.begin(), ref.end(), 0L), dash::accumulate(a.begin(), a.end(), 0L));
  EXPECT_EQ(std::ptrdiff_t(at), dash::min_element(a.begin(), a.end()) - a.begin());
  EXPECT_EQ(-7L, static_cast<long>(*dash::min_element(a.begin(), a.end())));
  a.barrier();
}

TEST(DashScale, MatrixBlocksAcrossUnits) {
  using dash::BLOCKED;
  using Spec = dash::DistributionSpec<2>;
  const std::size_t p = dash::size();
  Spec bb(BLOCKED, BLOCKED);
  dash::TeamSpec<2> ts(bb, p, dash::balanced);
  // Blocks of about 3 x 2 elements, the last ones smaller.
  const std::size_t rows = 3 * ts.extent(0) + 2, cols = 2 * ts.extent(1) + 1;
  dash::Matrix<long> m(dash::Pattern<2>({rows, cols}, bb, ts, p));
  auto value = [cols](std::size_t i, std::size_t j) { return long(i * cols + j) * 7 + 1; };
  auto lext = m.local.extents();
  for (std::size_t i = 0; i < lext[0]; ++i)
    for (std::size_t j = 0; j < lext[1]; ++j) {
      auto g = m.local.global_coords({i, j});
      m.local(i, j) = value(g[0], g[1]);
    }
  m.barrier();
  // The whole matrix on unit 0 only (a read of every unit's block).
  if (dash::myid() == 0) {
    std::vector<long> all = gather(m);
    for (std::size_t i = 0; i < rows; ++i)
      for (std::size_t j = 0; j < cols; ++j) EXPECT_EQ(value(i, j), all[i * cols + j]) << i << "," << j;
  }
  // Every unit reads, in one copy, the 2 x 2 block where the first blocks
  // of up to four units meet (inside the matrix where a dimension has one).
  const std::size_t r = std::min(m.pattern().blocksize(0), rows - 1) - 1,
                    c = std::min(m.pattern().blocksize(1), cols - 1) - 1;
  auto corner = m.sub({r, c}, {2, 2});
  std::vector<long> buf(corner.size());
  dash::copy(corner.begin(), corner.end(), buf.data());
  EXPECT_EQ((std::vector<long>{value(r, c), value(r, c + 1), value(r + 1, c), value(r + 1, c + 1)}), buf);
  // A sub-matrix of nearly everything, reduced by all units.
  auto inner = m.sub({1, 1}, {rows - 2, cols - 2});
  long sum = 0;
  for (std::size_t i = 1; i + 1 < rows; ++i)
    for (std::size_t j = 1; j + 1 < cols; ++j) sum += value(i, j);
  EXPECT_EQ(sum, dash::reduce(inner.begin(), inner.end(), 0L));
  m.barrier();
}

}  // namespace
