// DASH's variadic pattern constructors, TeamSpec's grid accessors,
// COL_MAJOR patterns, ShiftTilePattern and SeqTilePattern: every element's
// mapping round trip, block queries, storage orders, and matrices over
// patterns made so moving values.
#include <libdash.h>

#include <dash/util/PatternMetrics.h>

#include <array>
#include <cstddef>
#include <stdexcept>
#include <vector>

#include "check.h"

namespace {

template <typename E, typename F>
bool throws(F &&f) {
  try {
    f();
  } catch (const E &) {
    return true;
  }
  return false;
}

// Every element: global index <-> coordinates <-> (unit, local index) <->
// local coordinates, each (unit, local index) hit once; blocks contain
// their elements and have one owner; a unit's local blocks are its own and
// (tiled) fill its local memory block after block.
template <typename P>
void check_mapping(const P &p) {
  using coords_t = typename P::coords_type;
  const std::size_t n = p.size(), nunits = p.nunits();
  std::vector<std::vector<int>> seen(nunits);
  std::size_t total = 0;
  for (std::size_t u = 0; u < nunits; ++u) {
    seen[u].assign(p.local_size(u), 0);
    total += p.local_size(u);
    auto lext = p.local_extents(u);
    std::size_t prod = 1;
    for (auto e : lext) prod *= e;
    CHECK(prod == p.local_size(u));
  }
  CHECK(total == n);
  for (std::size_t g = 0; g < n; ++g) {
    coords_t c = p.ucoords(g);
    CHECK(p.global_index(c) == g);
    auto li = p.local(c);
    CHECK(li.unit == p.owner(c) && p.unit_at(c) == li.unit && p.unit_at(g) == li.unit);
    if (li.unit >= nunits || li.index >= p.local_size(li.unit)) {
      CHECK(!"local position out of range");
      continue;
    }
    ++seen[li.unit][li.index];
    coords_t lc = p.local_coords(c);
    CHECK(p.local_index(li.unit, lc) == li.index);
    CHECK(p.local_coords(li.unit, li.index) == lc);
    CHECK(p.global(li.unit, lc) == c);
    std::array<long, P::ndim()> slc;  // DASH's coordinates: IndexType
    for (std::size_t d = 0; d < P::ndim(); ++d) slc[d] = long(lc[d]);
    CHECK(std::size_t(p.global_index(dash::team_unit_t(li.unit), slc)) == g &&
          p.global_at(li.unit, li.index) == g);
    CHECK(p.local_at(g) == li && p.at(c) == li.index && p.local(c) == li);
    auto blk = p.block(p.block_at(c));
    for (std::size_t d = 0; d < P::ndim(); ++d)
      CHECK(blk.origin()[d] <= c[d] && c[d] < blk.origin()[d] + blk.extents()[d]);
    CHECK(p.owner(blk.origin()) == li.unit);
  }
  for (std::size_t u = 0; u < nunits; ++u)
    for (int hits : seen[u]) CHECK(hits == 1);
  std::size_t nblocks = 0;
  for (std::size_t u = 0; u < nunits; ++u) {
    std::size_t start = 0;
    for (std::size_t lb = 0; lb < p.local_nblocks(u); ++lb, ++nblocks) {
      auto blk = p.local_block(u, lb);
      CHECK(p.owner(blk.origin()) == u);
      if (p.is_tiled()) {  // the tile's elements: local indices [start, start + size)
        for (std::size_t k = 0; k < blk.size(); ++k) {
          coords_t gc = p.global(u, p.local_coords(u, start + k));
          for (std::size_t d = 0; d < P::ndim(); ++d)
            CHECK(blk.origin()[d] <= gc[d] && gc[d] < blk.origin()[d] + blk.extents()[d]);
        }
      }
      start += blk.size();
    }
    CHECK(start == p.local_size(u));
  }
  CHECK(nblocks == p.nblocks() && p.blockspec().size() == p.nblocks());
  CHECK(throws<std::out_of_range>([&] { p.local_at(n); }));
  CHECK(throws<std::out_of_range>([&] { p.global_at(0, p.local_size(0)); }));
  CHECK(throws<std::out_of_range>([&] { p.block(p.nblocks()); }));
}

// A matrix over `pattern`: each unit stores the global index of each of
// its elements, everyone reads every element back; then unit 0 writes
// every element and each unit checks its local memory.
template <typename PatternT>
void check_matrix(const PatternT &pattern) {
  dash::Matrix<long, 2, dash::default_index_t, PatternT> m(pattern);
  const auto &p = m.pattern();
  const std::size_t me = dash::myid();
  for (std::size_t l = 0; l < m.local_size(); ++l) m.lbegin()[l] = long(p.global(l));
  m.barrier();
  for (std::size_t i = 0; i < m.extent(0); ++i)
    for (std::size_t j = 0; j < m.extent(1); ++j) CHECK(long(m(i, j)) == long(p.global_index({i, j})));
  m.barrier();
  if (me == 0)
    for (std::size_t i = 0; i < m.extent(0); ++i)
      for (std::size_t j = 0; j < m.extent(1); ++j) m(i, j) = -long(p.global_index({i, j}));
  m.barrier();
  for (std::size_t l = 0; l < m.local_size(); ++l) CHECK(m.lbegin()[l] == -long(p.global(l)));
  m.barrier();
}

}  // namespace

int main(int argc, char *argv[]) {
  dash::init(&argc, &argv);
  {
    const std::size_t size = dash::size();

    // ---- TeamSpec: DASH's grid accessors ----
    dash::TeamSpec<2> ts23(2, 3);
    CHECK(ts23.x(4) == 1 && ts23.y(4) == 1 && ts23.at(1, 1) == 4 &&
          ts23.at(std::array<long, 2>{{1, 2}}) == 5);
    CHECK(ts23.coords(5) == (std::array<long, 2>{{1, 2}}) && ts23.size() == 6 && ts23.rank() == 2);
    CHECK(ts23.num_units(0) == 2 && ts23.extent(1) == 3);
    dash::TeamSpec<3> ts3(1, 2, 3);
    CHECK(ts3.z(5) == 2 && ts3.y(5) == 1 && ts3.x(5) == 0 && ts3.at(0, 1, 2) == 5 && ts3.rank() == 2);
    CHECK(dash::TeamSpec<2>(1, 1).rank() == 1);

    // ---- variadic constructors: the orders DASH allows give one mapping ----
    dash::TeamSpec<2> ts(dash::DistributionSpec<2>(dash::BLOCKED, dash::CYCLIC), size, dash::balanced);
    dash::Pattern<2> p0({9, 7}, dash::DistributionSpec<2>(dash::BLOCKED, dash::CYCLIC), ts);
    dash::Pattern<2> p1(9, 7, dash::BLOCKED, dash::CYCLIC, ts);
    dash::Pattern<2> p2(9, 7, ts, dash::DistributionSpec<2>(dash::BLOCKED, dash::CYCLIC));
    dash::Pattern<2> p3(9, 7, dash::Team::All(), dash::BLOCKED, ts, dash::CYCLIC);
    dash::Pattern<2> p4(9u, 7L, dash::BLOCKED, dash::CYCLIC);  // TeamSpec balanced over both dimensions
    CHECK(p1 == p0 && p2 == p0 && p3 == p0 && p4 == p0 && p3.team().size() == size);
    CHECK(dash::Pattern<2>(9, 7) == dash::Pattern<2>({9, 7}, dash::DistributionSpec<2>(), size));
    CHECK(dash::Pattern<2>(9, 7, dash::NONE, dash::BLOCKED).teamspec().extent(1) == size);
    CHECK(dash::Pattern<3>(4, 5, 6, dash::NONE, dash::NONE, dash::CYCLIC).unit_at({0, 0, 5}) == 5 % size);
    CHECK(dash::Pattern<1>(10, dash::Team::All(), dash::BLOCKCYCLIC(3)).unit_at(std::size_t{4}) == 1 % size);
    const std::size_t rows_per = (9 + ts.extent(0) - 1) / ts.extent(0);
    for (std::size_t i = 0; i < 9; ++i)
      for (std::size_t j = 0; j < 7; ++j) CHECK(p1.unit_at({i, j}) == ts.at(i / rows_per, j % ts.extent(1)));
    check_mapping(p1);
    // A TeamSpec for other units than the team's: pure arithmetic, and a
    // container on this team rejects it.
    dash::TeamSpec<2> ts33(3, 3);
    dash::TilePattern<2> p9(18, 12, dash::TILE(6), dash::TILE(4), ts33);
    CHECK(p9.nunits() == 9 && p9.local_size(8) == 24 && p9.unit_at({17, 11}) == 8);
    check_mapping(p9);
    if (size != 9)
      CHECK(throws<std::invalid_argument>(
          [&] { dash::Matrix<double, 2> m(dash::Pattern<2>(18, 12, dash::TILE(6), dash::TILE(4), ts33)); }));
    // TilePattern: Pattern's owners, DASH's tile-by-tile global order.
    for (std::size_t g = 0; g < p9.size(); ++g) {
      auto c = p9.ucoords(g);
      std::size_t tile = g / 24, phase = g % 24;
      CHECK(c[0] == tile / 3 * 6 + phase / 4 && c[1] == tile % 3 * 4 + phase % 4);
      CHECK(p9.unit_at(c) == ts33.at(c[0] / 6 % 3, c[1] / 4 % 3));
    }
    dash::TilePattern<2> tu(8, 9, dash::TILE(2), dash::TILE(3), ts);  // tiles not balanced over units
    for (std::size_t i = 0; i < 8; ++i)
      for (std::size_t j = 0; j < 9; ++j)
        CHECK(tu.unit_at({i, j}) == ts.at(i / 2 % ts.extent(0), j / 3 % ts.extent(1)));
    check_mapping(tu);
    CHECK(
        throws<std::invalid_argument>([&] { dash::TilePattern<2>(7, 9, dash::TILE(2), dash::TILE(3), ts); }));
    CHECK(p1.global(std::size_t(ts.size() - 1), std::array<long, 2>{{0, 0}}) ==
          (std::array<long, 2>{{long((ts.extent(0) - 1) * rows_per), long(ts.extent(1) - 1)}}));

    // ---- COL_MAJOR: global indices, local storage, tiles, blocks ----
    dash::Pattern<2, dash::COL_MAJOR> pc(9, 7, dash::BLOCKED, dash::CYCLIC, ts);
    static_assert(decltype(pc)::memory_order() == dash::COL_MAJOR);
    CHECK(pc.coords(1) == (std::array<long, 2>{{1, 0}}) && pc.global_index({2, 3}) == 2 + 3 * 9);
    for (std::size_t i = 0; i < 9; ++i)
      for (std::size_t j = 0; j < 7; ++j) {
        auto li = pc.local({i, j});
        auto lc = pc.local_coords({i, j});
        auto lext = pc.local_extents(li.unit);
        CHECK(li.unit == p1.owner({i, j}) && lc == p1.local_coords({i, j}));
        CHECK(li.index == lc[0] + lc[1] * lext[0]);  // column-major locally
      }
    check_mapping(pc);
    dash::TilePattern<2, dash::COL_MAJOR> tc(12, 10, dash::TILE(3), dash::TILE(2), ts);
    CHECK(tc.blockspec().extents() == (std::array<std::size_t, 2>{{4, 5}}) &&
          tc.block_at({4, 3}) == 1 + 1 * 4);
    for (std::size_t i = 0; i < 12; ++i)
      for (std::size_t j = 0; j < 10; ++j) {
        auto li = tc.local({i, j});
        auto lc = tc.local_coords({i, j});
        auto lext = tc.local_extents(li.unit);
        std::size_t ltiles0 = (lext[0] + 2) / 3;                 // local tiles along dimension 0
        CHECK(li.index % 6 == lc[0] % 3 + lc[1] % 2 * 3);        // column-major in the tile
        CHECK(li.index / 6 == lc[0] / 3 + lc[1] / 2 * ltiles0);  // tiles column-major
      }
    check_mapping(tc);
    // The calling unit's first element (DASH's lbegin) in column-major order.
    if (pc.local_size() > 0) CHECK(pc.global(std::size_t{0}) == pc.lbegin());

    // ---- ShiftTilePattern: tiles along diagonals ----
    const std::size_t P = size;
    dash::ShiftTilePattern<2> sp(8, 3 * 2 * P, dash::TILE(2), dash::TILE(3), ts);
    static_assert(std::is_same_v<dash::ShiftTilePattern<2>::index_type, dash::default_index_t>);
    for (std::size_t i = 0; i < sp.extent(0); ++i)
      for (std::size_t j = 0; j < sp.extent(1); ++j) CHECK(sp.unit_at({i, j}) == (i / 2 + j / 3) % P);
    for (std::size_t u = 0; u < P; ++u)
      CHECK(sp.local_extents(u) == (std::array<std::size_t, 2>{{8, 6}}) && sp.local_nblocks(u) == 4 * 2);
    check_mapping(sp);
    dash::ShiftTilePattern<2, dash::COL_MAJOR> spc(2 * 2 * P, 6, dash::TILE(2), dash::TILE(3), ts);
    for (std::size_t u = 0; u < P; ++u) CHECK(spc.local_extents(u) == (std::array<std::size_t, 2>{{4, 6}}));
    CHECK(spc.local({1, 0}).index == 1 && spc.local({0, 1}).index == 2);  // column-major in the tile
    check_mapping(spc);
    dash::ShiftTilePattern<3> sp3(4, 4, 2 * P, dash::TILE(2), dash::TILE(2), dash::TILE(1),
                                  dash::Team::All());
    for (std::size_t g = 0; g < sp3.size(); ++g) {
      auto c = sp3.coords(g);
      CHECK(sp3.unit_at(c) == (c[0] / 2 + c[1] / 2 + c[2]) % P);
    }
    check_mapping(sp3);
    CHECK(sp3.local_size() == sp3.size() / P && sp3.is_local(sp3.global(std::size_t{0})));
    CHECK(throws<std::invalid_argument>(
        [] { dash::ShiftTilePattern<2>(6, 6, dash::TILE(2), dash::TILE(3), dash::TeamSpec<2>(4, 1)); }));
    CHECK(throws<std::invalid_argument>(
        [&] { dash::ShiftTilePattern<2>(8, 8, dash::BLOCKED, dash::BLOCKED, dash::TeamSpec<2>(1, 1)); }));

    // ---- SeqTilePattern: tiles round robin in tile order ----
    dash::SeqTilePattern<2> qp(10, 9, dash::TILE(2), dash::TILE(3), ts);
    for (std::size_t i = 0; i < 10; ++i)
      for (std::size_t j = 0; j < 9; ++j) CHECK(qp.unit_at({i, j}) == (i / 2 * 3 + j / 3) % P);
    for (std::size_t u = 0; u < P; ++u) {
      std::size_t tiles = 15 / P + (u < 15 % P ? 1 : 0);
      CHECK(qp.local_nblocks(u) == tiles &&
            qp.local_extents(u) == (std::array<std::size_t, 2>{{2 * tiles, 3}}));
    }
    check_mapping(qp);
    dash::SeqTilePattern<2, dash::COL_MAJOR> qpc(10, 9, dash::TILE(2), dash::TILE(3), ts);
    for (std::size_t i = 0; i < 10; ++i)
      for (std::size_t j = 0; j < 9; ++j) CHECK(qpc.unit_at({i, j}) == (i / 2 + j / 3 * 5) % P);
    check_mapping(qpc);
    CHECK(throws<std::invalid_argument>(
        [&] { dash::SeqTilePattern<2>(10, 9, dash::TILE(3), dash::TILE(3), ts); }));

    // ---- metrics ----
    dash::util::PatternMetrics<decltype(qp)> pm(qp);
    CHECK(pm.num_blocks() == 15 && pm.min_blocks_per_unit() == int(15 / P) &&
          pm.max_blocks_per_unit() == int((15 + P - 1) / P) &&
          pm.max_elements_per_unit() == pm.max_blocks_per_unit() * 6);
    CHECK(pm.num_imbalanced_units() == int(15 % P == 0 ? 0 : 15 % P));

    // ---- matrices over patterns made with the variadic constructors ----
    check_matrix(p1);
    check_matrix(dash::Pattern<2>(12, 10, dash::TILE(3), dash::TILE(2), ts));
    check_matrix(dash::TilePattern<2>(12, 10, dash::TILE(3), dash::TILE(2), ts));
    check_matrix(dash::Pattern<2>(7, 11, dash::Team::All(), dash::CYCLIC, dash::BLOCKED));
    dash::Array<long, dash::default_index_t, dash::Pattern<1>> arr(
        dash::Pattern<1>(23, dash::Team::All(), dash::BLOCKCYCLIC(2)));
    for (std::size_t l = 0; l < arr.lsize(); ++l) arr.lbegin()[l] = long(arr.pattern().global(l));
    arr.barrier();
    for (std::size_t i = 0; i < arr.size(); ++i) CHECK(arr[i] == long(i));
    arr.barrier();
  }
  dash::finalize();
  return compat::result();
}
