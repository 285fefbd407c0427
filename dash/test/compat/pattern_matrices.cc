// Matrices over DASH's other pattern types, declared as DASH's tests do
// (SUMMATest, CopyTest, MatrixTest, HaloTest): SeqTilePattern,
// ShiftTilePattern, TilePattern COL_MAJOR, Pattern<3, COL_MAJOR>. Each is
// filled through its local memory with the global index of each element
// and read back in iteration order, which is the pattern's global order;
// summa on SeqTilePattern matrices.
#include <libdash.h>

#include <cstddef>

#include "check.h"

namespace {

template <typename MatrixT>
void check_matrix(MatrixT &matrix) {
  typedef typename MatrixT::pattern_type pattern_t;
  const pattern_t &pattern = matrix.pattern();
  CHECK(matrix.size() == pattern.size());
  CHECK(matrix.local_size() == pattern.local_size());
  for (std::size_t l = 0; l < matrix.local_size(); ++l) matrix.lbegin()[l] = pattern.global(l);
  matrix.barrier();
  std::size_t gindex = 0;
  for (auto it = matrix.begin(); it != matrix.end(); ++it, ++gindex) {
    CHECK(static_cast<std::size_t>(*it) == gindex);
    CHECK(it.gindex() == gindex);
  }
  CHECK(gindex == pattern.size());
  matrix.barrier();  // everyone has read before anyone fills
  dash::fill(matrix.begin(), matrix.end(), 3);
  CHECK(dash::accumulate(matrix.begin(), matrix.end(), 0.0) == 3.0 * double(pattern.size()));
  matrix.barrier();
}

}  // namespace

int main(int argc, char **argv) {
  dash::init(&argc, &argv);
  const std::size_t units = dash::size();
  dash::TeamSpec<2> teamspec(units, 1);
  teamspec.balance_extents();

  {  // SUMMATest
    const std::size_t tile = 2, n = 4 * tile;
    typedef dash::SeqTilePattern<2> pattern_t;
    pattern_t pattern(n, n, dash::TILE(tile), dash::TILE(tile), teamspec);
    dash::Matrix<double, 2, dash::default_index_t, pattern_t> matrix_a(pattern);
    dash::Matrix<double, 2, dash::default_index_t, pattern_t> matrix_b(pattern);
    dash::Matrix<double, 2, dash::default_index_t, pattern_t> matrix_c(pattern);
    check_matrix(matrix_a);
    for (std::size_t l = 0; l < matrix_a.local_size(); ++l) {
      auto c = pattern.coords(pattern.global(l));
      matrix_a.lbegin()[l] = double(c[0] + c[1]);
      matrix_b.lbegin()[l] = c[0] == c[1] ? 2.0 : 0.0;  // 2 * identity
    }
    dash::summa(matrix_a, matrix_b, matrix_c);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) CHECK(static_cast<double>(matrix_c[i][j]) == 2.0 * double(i + j));
  }
  {  // CopyTest
    const std::size_t tile_rows = 2, tile_cols = 3;
    typedef dash::ShiftTilePattern<2> pattern_t;
    dash::Matrix<int, 2, long, pattern_t> matrix(
        pattern_t(3 * tile_rows, 12 * tile_cols, dash::TILE(tile_rows), dash::TILE(tile_cols), teamspec));
    check_matrix(matrix);
  }
  {  // MatrixTest
    typedef dash::TilePattern<2, dash::COL_MAJOR> pattern_t;
    dash::Matrix<int, 2, long, pattern_t> matrix(pattern_t(8, 9, dash::TILE(2), dash::TILE(3), teamspec));
    check_matrix(matrix);
  }
  {  // HaloTest's container
    typedef dash::Pattern<3, dash::COL_MAJOR> pattern_t;
    dash::NArray<double, 3, long, pattern_t> narray(
        pattern_t(5, 4, 3, dash::BLOCKED, dash::NONE, dash::NONE));
    check_matrix(narray);
    dash::fill(narray.begin(), narray.end(), 1.5);
    CHECK(static_cast<double>(narray(4, 3, 2)) == 1.5);
    narray.barrier();
  }
  dash::finalize();
  return compat::result();
}
