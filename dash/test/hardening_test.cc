// Misuse that must be reported, not crash or corrupt: sizes the pattern
// arithmetic cannot hold, local access after dash::finalize, and global
// indices outside a container in checked builds (DASH_CHECK_BOUNDS and
// DASH_CHECK_LIVENESS, on unless NDEBUG; switched on here for release
// builds too, as a program may do).
#define DASH_CHECK_BOUNDS 1
#define DASH_CHECK_LIVENESS 1

#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "dash_test.h"

TEST(Hardening, SizeBeyondWhatAPatternIndexesThrowsLengthError) {
  EXPECT_THROW(dash::Array<int>(static_cast<std::size_t>(-1)), std::length_error);
  EXPECT_THROW(dash::Array<int>(static_cast<std::size_t>(PTRDIFF_MAX) + 1, dash::CYCLIC), std::length_error);
  EXPECT_THROW(dash::Matrix<int>(std::size_t{1} << 40, std::size_t{1} << 40), std::length_error);
  // Indexable, but the bytes per unit overflow std::size_t: no wrapped-around small allocation.
  EXPECT_THROW(dash::Array<double>(static_cast<std::size_t>(PTRDIFF_MAX)), std::length_error);
  // Nothing collective started: the runtime goes on.
  dash::Array<int> fine(10);
  dash::fill(fine.begin(), fine.end(), 3);
  fine.barrier();
  EXPECT_EQ(static_cast<int>(fine[9]), 3);
}

TEST(Hardening, GlobalIndexOutsideTheContainerThrows) {
  dash::Array<int> a(100);
  dash::fill(a.begin(), a.end(), 0);
  a.barrier();
  // 113 would be element 13 by the pattern's wrap-around.
  EXPECT_THROW(a[113] = 5, std::out_of_range);
  EXPECT_THROW((void)static_cast<int>(a[100]), std::out_of_range);
  const auto &ca = a;
  EXPECT_THROW((void)static_cast<int>(ca[113]), std::out_of_range);
  EXPECT_THROW(a.async[113] = 5, std::out_of_range);
  EXPECT_THROW((void)*a.end(), std::out_of_range);
  EXPECT_THROW((void)a.begin()[100], std::out_of_range);
  a.flush();
  a.barrier();
  EXPECT_EQ(static_cast<int>(a[13]), 0);
  EXPECT_EQ(static_cast<int>(a[99]), 0);
  EXPECT_EQ(static_cast<int>(*(a.end() - 1)), 0);
  a.barrier();

  const std::size_t rows = 2 * dash::size(), cols = 5;
  dash::Matrix<int> m(rows, cols);
  dash::fill(m.begin(), m.end(), 1);
  m.barrier();
  EXPECT_THROW((void)m(rows, 0), std::out_of_range);
  EXPECT_THROW((void)m(0, cols), std::out_of_range);  // would be m(1, 0)
  EXPECT_THROW((void)m[0][cols], std::out_of_range);
  EXPECT_THROW((void)m[rows], std::out_of_range);
  EXPECT_THROW((void)m.row(1)[cols], std::out_of_range);
  EXPECT_THROW((void)m.rows(0, 1)(1, 0), std::out_of_range);
  EXPECT_THROW(m.async(0, cols) = 2, std::out_of_range);
  EXPECT_EQ(static_cast<int>(m(rows - 1, cols - 1)), 1);
  EXPECT_EQ(static_cast<int>(m[rows - 1][cols - 1]), 1);
  m.barrier();
}

TEST(Hardening, LocalAccessAfterFinalizeThrows) {
  std::size_t n = dash::size();
  dash::Array<int> arr(10 * n);
  dash::Matrix<int> mat(2 * n, 3);
  dash::Coarray<int> co;
  dash::List<int> list(4 * n);
  list.local.push_back(1);
  dash::Array<int> empty;  // no memory: its local range stays empty
  ASSERT_NE(arr.lbegin(), nullptr);
  dash::finalize();
  EXPECT_THROW(arr.lbegin(), dash::NotInitialized);
  EXPECT_THROW(arr.lend(), dash::NotInitialized);
  EXPECT_THROW(arr.local.begin(), dash::NotInitialized);
  EXPECT_THROW(arr.local.end(), dash::NotInitialized);
  EXPECT_THROW(arr.local.data(), dash::NotInitialized);
  EXPECT_THROW((void)arr.local[0], dash::NotInitialized);
  EXPECT_THROW(mat.lbegin(), dash::NotInitialized);
  EXPECT_THROW(mat.lend(), dash::NotInitialized);
  EXPECT_THROW((void)mat.local(0, 0), dash::NotInitialized);
  EXPECT_THROW((void)mat.local.at(0, 0), dash::NotInitialized);
  EXPECT_THROW((void)mat.local[0][0], dash::NotInitialized);
  EXPECT_THROW(co.lbegin(), dash::NotInitialized);
  EXPECT_THROW(co.lend(), dash::NotInitialized);
  EXPECT_THROW(list.lbegin(), dash::NotInitialized);
  EXPECT_THROW(list.local.begin(), dash::NotInitialized);
  EXPECT_EQ(empty.lbegin(), nullptr);
  EXPECT_EQ(arr.lsize(), 10u);  // bookkeeping, not memory
  int argc = 0;
  char **argv = nullptr;
  dash::init(&argc, &argv);  // the harness finalizes at the end
}
