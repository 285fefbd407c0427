// Transfers above 2^31 elements (MPI counts are int): unit 0 writes 2^31 + 24
// bytes into unit 1's part of a segment and reads them back, at an offset
// past 2 GiB. Needs ~4.5 GiB of /dev/shm and ~2 GiB of private memory.
#include <cstdint>
#include <algorithm>
#include <cstring>
#include <vector>

#include "dart_test.h"

TEST(Large, TransferAbove2Pow31Elements) {
  const size_t n = (size_t{1} << 31) + 24;
  const size_t seg = n + 4096;
  dart_gptr_t g;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, seg, &g));
  int target = test_size() > 1 ? 1 : 0;
  if (test_myid() == 0) {
    std::vector<uint8_t> buf(n);
    const size_t block = size_t{1} << 20;  // each MiB holds its own byte value
    for (size_t i = 0; i < n; i += block) std::memset(&buf[i], static_cast<int>(i / block * 37 + 1), std::min(block, n - i));
    dart_gptr_t p = g;
    dart_gptr_setunit(&p, target);
    dart_gptr_incaddr(&p, 4096);
    ASSERT_DART_OK(dart_put_blocking(p, buf.data(), n, DART_TYPE_BYTE, DART_TYPE_BYTE));
    std::vector<uint8_t> back(n, 0);
    ASSERT_DART_OK(dart_get_blocking(back.data(), p, n, DART_TYPE_BYTE, DART_TYPE_BYTE));
    EXPECT_EQ(0, std::memcmp(buf.data(), back.data(), n));
    // A small access at an offset past 2 GiB.
    dart_gptr_t far = p;
    dart_gptr_incaddr(&far, static_cast<int64_t>(n - 8));
    uint64_t v = 0;
    ASSERT_DART_OK(dart_get_blocking(&v, far, 8, DART_TYPE_BYTE, DART_TYPE_BYTE));
    uint64_t expect;
    std::memcpy(&expect, buf.data() + n - 8, 8);
    EXPECT_EQ(expect, v);
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_team_memfree(g));
}
