// Matrix views as DASH programs use them: rows/cols/row/col/sub<dim>,
// global block(b), local.row(i), local.block(b), GlobRef::is_local().
#include <libdash.h>

#include <algorithm>
#include <numeric>

#include "check.h"

int main(int argc, char *argv[]) {
  dash::init(&argc, &argv);
  {
    const std::size_t size = dash::size();
    const auto myid = dash::myid();
    const std::size_t rows = 4 * size, cols = 6;

    // Row-wise BLOCKED: each unit owns 4 full rows.
    dash::Matrix<int> m(dash::SizeSpec<2>(rows, cols));
    for (std::size_t i = 0; i < m.local.extent(0); ++i) {
      auto row = m.local.row(i);
      CHECK(row.size() == cols);
      CHECK(row.lbegin() == m.lbegin() + i * cols && row.lend() == row.lbegin() + cols);
      std::iota(row.begin(), row.end(), int(100 * (4 * std::size_t(myid) + i)));
    }
    m.barrier();
    // A view narrowed twice: rows [1, 3) then columns [2, 5).
    auto mixed = m.rows(1, 2).cols(2, 3);
    CHECK(mixed.size() == 6 && mixed.extent(0) == 2 && mixed.extent(1) == 3);
    CHECK(mixed.offset(0) == 1 && mixed.offset(1) == 2);
    CHECK(mixed(1, 2) == int(100 * 2 + 4));
    CHECK(*mixed.begin() == int(100 * 1 + 2));
    CHECK(m.row(rows - 1)(cols - 1) == int(100 * (rows - 1) + cols - 1));
    CHECK(m.col(3).size() == rows && m.col(3)(rows - 1) == int(100 * (rows - 1) + 3));
    CHECK(m.sub<0>(2, 1)(0, 5) == 205);
    CHECK(m.sub<1>(1, 2).extent(1) == 2);
    bool threw = false;
    try {
      m.rows(rows - 1, 2);
    } catch (const std::out_of_range &) {
      threw = true;
    }
    CHECK(threw);
    m.barrier();

    // Unit 0 writes the last unit's block through the global view.
    if (myid == 0) {
      auto remote = m.block(size - 1);
      CHECK(remote.size() == 4 * cols && std::size_t(remote.offset(0)) == 4 * (size - 1));
      std::fill(remote.begin(), remote.end(), -1);
      CHECK((*remote.begin()).is_local() == (size == 1));
    }
    m.barrier();
    if (myid == size - 1) CHECK(std::all_of(m.lbegin(), m.lend(), [](int v) { return v == -1; }));
    CHECK(m[4 * std::size_t(myid)][0].is_local());
    CHECK(!m[(4 * std::size_t(myid) + 4) % rows][0].is_local() || size == 1);
    m.barrier();

    // TILE: the calling unit's blocks are contiguous tiles; local.block(b)
    // is a view of one, its elements local.
    dash::TeamSpec<2> ts(size, 1);
    ts.balance_extents();
    dash::Matrix<int> t(dash::SizeSpec<2>(4 * ts.extent(0), 6 * ts.extent(1)),
                        dash::DistributionSpec<2>(dash::TILE(2), dash::TILE(3)), dash::Team::All(), ts);
    std::size_t nblocks = t.pattern().local_blockspec().size();
    CHECK(nblocks == 4);
    for (std::size_t b = 0; b < nblocks; ++b) {
      auto blk = t.local.block(b);
      CHECK(blk.size() == 6);
      int *first = blk.begin().local();
      CHECK(first == t.lbegin() + 6 * b);
      std::fill(first, first + 6, int(10 * std::size_t(myid) + b));
    }
    t.barrier();
    // Every element of global block g holds owner*10 + its local block.
    for (std::size_t g = 0; g < t.pattern().nblocks(); ++g) {
      auto blk = t.block(g);
      auto owner = t.pattern().unit_at(
          std::array<std::size_t, 2>{std::size_t(blk.offset(0)), std::size_t(blk.offset(1))});
      int v = *blk.begin();
      CHECK(v / 10 == owner);
      CHECK(std::all_of(blk.begin(), blk.end(), [v](int x) { return x == v; }));
    }
    dash::barrier();
  }
  dash::finalize();
  return compat::result();
}
