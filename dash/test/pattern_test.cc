// Tests of the distribution-pattern layer: hand-computed examples, error
// handling, and sweeps comparing every mapping of many patterns (1-D to 4-D,
// 1..7 units, all unit grids) with a brute-force reference model.

#include <dash/pattern/BlockPattern.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <ostream>
#include <random>
#include <string>
#include <tuple>
#include <vector>

namespace dash {
// Readable assertion messages.
std::ostream &operator<<(std::ostream &os, const LocalIndex &li) {
  return os << "{unit " << li.unit << ", index " << li.index << "}";
}
std::ostream &operator<<(std::ostream &os, const LocalRun &run) {
  return os << "{unit " << run.unit << ", offset " << run.offset << ", length " << run.length << "}";
}
template <std::size_t N>
std::ostream &operator<<(std::ostream &os, const Block<N> &blk) {
  os << "{offsets";
  for (std::size_t x : blk.offsets()) os << ' ' << x;
  os << ", extents";
  for (std::size_t x : blk.extents()) os << ' ' << x;
  return os << "}";
}
}  // namespace dash

namespace {

using dash::Block;
using dash::BLOCKCYCLIC;
using dash::BLOCKED;
using dash::CYCLIC;
using dash::Distribution;
using dash::DistributionSpec;
using dash::DistributionType;
using dash::LocalIndex;
using dash::LocalRun;
using dash::NONE;
using dash::Pattern;
using dash::TeamSpec;
using dash::TILE;

template <std::size_t N>
using Array = std::array<std::size_t, N>;

std::string describe(const Distribution &dist) {
  switch (dist.type) {
    case DistributionType::None: return "NONE";
    case DistributionType::Blocked: return "BLOCKED";
    case DistributionType::BlockCyclic: return "BLOCKCYCLIC(" + std::to_string(dist.blocksz) + ")";
    case DistributionType::Tile: return "TILE(" + std::to_string(dist.blocksz) + ")";
  }
  return "?";
}

template <std::size_t N>
std::string describe(const Array<N> &extents, const DistributionSpec<N> &dist, const TeamSpec<N> &teamspec) {
  std::string s = "extents";
  for (std::size_t d = 0; d < N; ++d) s += " " + std::to_string(extents[d]);
  s += ", dist";
  for (std::size_t d = 0; d < N; ++d) s += " " + describe(dist[d]);
  s += ", units";
  for (std::size_t d = 0; d < N; ++d) s += " " + std::to_string(teamspec.extent(d));
  return s;
}

// Brute-force model of a pattern. It deals each dimension out element by
// element, counting blocks round-robin, then sorts each unit's elements into
// the documented local order. It shares no index arithmetic with Pattern.
template <std::size_t N>
struct Reference {
  struct Dim {
    // Per global coordinate:
    std::vector<std::size_t> owner, local, gblock, lblock, in_block;
    // Per unit coordinate: elements and blocks owned.
    std::vector<std::size_t> count, nblocks;
  };

  Reference(const Array<N> &extents, const DistributionSpec<N> &dist, const Array<N> &teams) {
    for (std::size_t d = 0; d < N; ++d) {
      std::size_t n = extents[d], p = teams[d];
      std::size_t b = dist[d].type == DistributionType::None      ? n
                      : dist[d].type == DistributionType::Blocked ? (n + p - 1) / p
                                                                  : dist[d].blocksz;
      Dim &dim = dims[d];
      dim.count.assign(p, 0);
      dim.nblocks.assign(p, 0);
      std::size_t owner = 0, pos = 0, block = 0;
      for (std::size_t x = 0; x < n; ++x, ++pos) {
        if (pos == b) {
          pos = 0;
          owner = (owner + 1) % p;
          ++block;
        }
        if (pos == 0) ++dim.nblocks[owner];
        dim.owner.push_back(owner);
        dim.local.push_back(dim.count[owner]++);
        dim.gblock.push_back(block);
        dim.lblock.push_back(dim.nblocks[owner] - 1);
        dim.in_block.push_back(pos);
      }
      size *= n;
      nunits *= p;
    }

    // Visit the elements in row-major order with an odometer.
    using Box = std::pair<Array<N>, Array<N>>;  // first and last coordinates
    std::vector<std::vector<std::pair<std::vector<std::size_t>, std::size_t>>> keyed(nunits);
    std::vector<std::map<Array<N>, Box>> unit_blocks(nunits);
    std::map<Array<N>, Box> grid_blocks;
    auto grow = [](std::map<Array<N>, Box> &boxes, const Array<N> &key, const Array<N> &x) {
      auto it = boxes.emplace(key, Box{x, x}).first;
      for (std::size_t d = 0; d < N; ++d) {
        it->second.first[d] = std::min(it->second.first[d], x[d]);
        it->second.second[d] = std::max(it->second.second[d], x[d]);
      }
    };
    Array<N> x{};
    for (std::size_t g = 0; g < size; ++g) {
      std::size_t u = 0;
      Array<N> lc, lb, gb;
      std::vector<std::size_t> key;
      for (std::size_t d = 0; d < N; ++d) {
        u = u * teams[d] + dims[d].owner[x[d]];
        lc[d] = dims[d].local[x[d]];
        lb[d] = dims[d].lblock[x[d]];
        gb[d] = dims[d].gblock[x[d]];
        key.push_back(dist.is_tiled() ? lb[d] : lc[d]);
      }
      if (dist.is_tiled())
        for (std::size_t d = 0; d < N; ++d) key.push_back(dims[d].in_block[x[d]]);
      coords.push_back(x);
      unit.push_back(u);
      lcoords.push_back(lc);
      keyed[u].emplace_back(key, g);
      grow(unit_blocks[u], lb, x);
      grow(grid_blocks, gb, x);
      for (std::size_t d = N; d-- > 0 && ++x[d] == extents[d];) x[d] = 0;
    }

    auto to_block = [](const Box &box) {
      Block<N> blk;
      for (std::size_t d = 0; d < N; ++d) {
        blk.offsets()[d] = box.first[d];
        blk.extents()[d] = box.second[d] - box.first[d] + 1;
      }
      return blk;
    };
    lindex.resize(size);
    elements.resize(nunits);
    blocks.resize(nunits);
    lextents.resize(nunits);
    for (std::size_t u = 0; u < nunits; ++u) {
      std::sort(keyed[u].begin(), keyed[u].end());
      for (const auto &entry : keyed[u]) {
        lindex[entry.second] = elements[u].size();
        elements[u].push_back(entry.second);
      }
      for (const auto &entry : unit_blocks[u]) blocks[u].push_back(to_block(entry.second));
      for (std::size_t d = N, rest = u; d-- > 0; rest /= teams[d])
        lextents[u][d] = dims[d].count[rest % teams[d]];
    }
    for (const auto &entry : grid_blocks) gblocks.push_back(to_block(entry.second));
  }

  // Maximal runs of [first, last), merged element by element.
  std::vector<LocalRun> runs(std::size_t first, std::size_t last) const {
    std::vector<LocalRun> result;
    for (std::size_t g = first; g < last; ++g) {
      if (!result.empty() && result.back().unit == unit[g] &&
          result.back().offset + result.back().length == lindex[g])
        ++result.back().length;
      else
        result.push_back({unit[g], lindex[g], 1});
    }
    return result;
  }

  std::array<Dim, N> dims;
  std::size_t size = 1, nunits = 1;
  // Per global index:
  std::vector<Array<N>> coords, lcoords;
  std::vector<std::size_t> unit, lindex;
  // Per unit:
  std::vector<std::vector<std::size_t>> elements;  // global indices in local order
  std::vector<Array<N>> lextents;
  std::vector<std::vector<Block<N>>> blocks;  // in local block order
  // Global block grid, row-major:
  std::vector<Block<N>> gblocks;
};

// Compares every query of `pat` with `ref`; run ranges: all of them if
// `all_ranges`, else a few.
template <std::size_t N>
void check_pattern(const Pattern<N> &pat, const Reference<N> &ref, bool all_ranges) {
  const std::size_t size = ref.size;
  ASSERT_EQ(pat.size(), size);
  ASSERT_EQ(pat.nunits(), ref.nunits);
  for (std::size_t g = 0; g < size; ++g) {
    const Array<N> &c = ref.coords[g];
    const Array<N> &lc = ref.lcoords[g];
    const LocalIndex li{ref.unit[g], ref.lindex[g]};
    ASSERT_EQ(pat.ucoords(g), c) << "global index " << g;
    ASSERT_EQ(pat.global_index(c), g) << "global index " << g;
    ASSERT_EQ(pat.owner(c), li.unit) << "global index " << g;
    ASSERT_EQ(pat.owner(g), li.unit) << "global index " << g;
    ASSERT_EQ(pat.local(c), li) << "global index " << g;
    ASSERT_EQ(pat.local(g), li) << "global index " << g;
    ASSERT_EQ(pat.local_at(g), li) << "global index " << g;
    ASSERT_EQ(pat.local_coords(c), lc) << "global index " << g;
    ASSERT_EQ(pat.local_index(li.unit, lc), li.index) << "global index " << g;
    ASSERT_EQ(pat.local_coords(li.unit, li.index), lc) << "global index " << g;
    ASSERT_EQ(pat.global(li.unit, lc), c) << "global index " << g;
    ASSERT_EQ(pat.global_coords(li.unit, li.index), c) << "global index " << g;
    ASSERT_EQ(pat.global_of_local(li.unit, li.index), g) << "global index " << g;
    ASSERT_EQ(pat.global_at(li.unit, li.index), g) << "global index " << g;
  }

  std::size_t total = 0, largest = 0;
  for (std::size_t u = 0; u < ref.nunits; ++u) {
    const std::size_t lsize = ref.elements[u].size();
    ASSERT_EQ(pat.local_extents(u), ref.lextents[u]) << "unit " << u;
    ASSERT_EQ(pat.local_size(u), lsize) << "unit " << u;
    total += lsize;
    largest = std::max(largest, lsize);
    // Local indices are dense: each of [0, local_size) is one element of u.
    for (std::size_t i = 0; i < lsize; ++i) {
      ASSERT_EQ(pat.global_of_local(u, i), ref.elements[u][i]) << "unit " << u << ", local index " << i;
      ASSERT_EQ(pat.local(pat.global_of_local(u, i)), (LocalIndex{u, i})) << "unit " << u;
    }
    ASSERT_EQ(pat.local_nblocks(u), ref.blocks[u].size()) << "unit " << u;
    std::size_t in_blocks = 0;
    for (std::size_t i = 0; i < ref.blocks[u].size(); ++i) {
      ASSERT_EQ(pat.local_block(u, i), ref.blocks[u][i]) << "unit " << u << ", local block " << i;
      in_blocks += ref.blocks[u][i].size();
    }
    ASSERT_EQ(in_blocks, lsize) << "unit " << u;
  }
  ASSERT_EQ(total, size);
  ASSERT_GE(pat.local_capacity(), largest);
  ASSERT_EQ(pat.nblocks(), ref.gblocks.size());
  for (std::size_t i = 0; i < ref.gblocks.size(); ++i)
    ASSERT_EQ(pat.block(i), ref.gblocks[i]) << "block " << i;

  auto check_runs = [&](std::size_t first, std::size_t last) {
    ASSERT_EQ(pat.runs(first, last), ref.runs(first, last)) << "range [" << first << ", " << last << ")";
  };
  if (all_ranges) {
    for (std::size_t first = 0; first <= size; ++first)
      for (std::size_t last = first; last <= size; ++last) {
        check_runs(first, last);
        if (::testing::Test::HasFatalFailure()) return;
      }
  } else {
    check_runs(0, size);
    check_runs(size / 3, size - size / 4);
    check_runs(1 % size, size);
    check_runs(size / 2, size / 2);
  }
}

// Every grid of `nunits` units over the distributed dimensions of `dist`.
template <std::size_t N>
void unit_grids(const DistributionSpec<N> &dist, std::size_t nunits, std::size_t d, Array<N> &grid,
                std::vector<TeamSpec<N>> &out) {
  if (d == N) {
    if (nunits == 1) out.emplace_back(grid);
    return;
  }
  for (std::size_t p = 1; p <= nunits; ++p) {
    if (nunits % p != 0 || (p > 1 && !dist[d].is_distributed())) continue;
    grid[d] = p;
    unit_grids(dist, nunits / p, d + 1, grid, out);
  }
}

// Every combination of the per-dimension choices.
template <std::size_t N>
std::vector<DistributionSpec<N>> dist_specs(const std::vector<Distribution> &choices) {
  std::vector<DistributionSpec<N>> specs;
  std::array<std::size_t, N> pick{};
  do {
    std::array<Distribution, N> dists;
    for (std::size_t d = 0; d < N; ++d) dists[d] = choices[pick[d]];
    specs.push_back(std::apply([](auto... ds) { return DistributionSpec<N>(ds...); }, dists));
  } while ([&] {
    for (std::size_t d = N; d-- > 0;)
      if (++pick[d] < choices.size())
        return true;
      else
        pick[d] = 0;
    return false;
  }());
  return specs;
}

// Checks every (shape, distribution, unit count 1..max_units, unit grid)
// and returns the number of patterns checked.
template <std::size_t N>
std::size_t sweep(const std::vector<Array<N>> &shapes, const std::vector<Distribution> &choices,
                  std::size_t max_units, bool all_ranges) {
  std::size_t checked = 0;
  for (const Array<N> &shape : shapes)
    for (const DistributionSpec<N> &dist : dist_specs<N>(choices))
      for (std::size_t nunits = 1; nunits <= max_units; ++nunits) {
        std::vector<TeamSpec<N>> grids;
        Array<N> grid{};
        unit_grids(dist, nunits, 0, grid, grids);
        for (const TeamSpec<N> &teamspec : grids) {
          SCOPED_TRACE(describe(shape, dist, teamspec));
          Pattern<N> pat(shape, dist, teamspec, nunits);
          check_pattern(pat, Reference<N>(shape, dist, teamspec.extents()), all_ranges);
          if (::testing::Test::HasFatalFailure()) return checked;
          ++checked;
        }
      }
  return checked;
}

// ---------------------------------------------------------------------------
// Distribution, DistributionSpec, TeamSpec

TEST(Distribution, ConstantsAndBlockSizes) {
  EXPECT_EQ(CYCLIC, BLOCKCYCLIC(1));
  EXPECT_NE(BLOCKCYCLIC(2), TILE(2));
  EXPECT_EQ(BLOCKED.type, DistributionType::Blocked);
  EXPECT_EQ(TILE(4).blocksz, 4u);
  EXPECT_FALSE(NONE.is_distributed());
  EXPECT_EQ(Distribution(), NONE);
  EXPECT_EQ(NONE.blocksize(10, 1), 10u);
  EXPECT_EQ(BLOCKED.blocksize(10, 4), 3u);  // ceil(10 / 4)
  EXPECT_EQ(BLOCKED.blocksize(3, 7), 1u);
  EXPECT_EQ(BLOCKCYCLIC(3).blocksize(10, 4), 3u);
  EXPECT_THROW(BLOCKCYCLIC(0), std::invalid_argument);
  EXPECT_THROW(TILE(0), std::invalid_argument);
}

TEST(DistributionSpec, DefaultsDeductionAndTiling) {
  DistributionSpec<3> def;
  EXPECT_EQ(def[0], BLOCKED);
  EXPECT_EQ(def[1], NONE);
  EXPECT_EQ(def[2], NONE);
  DistributionSpec spec(NONE, BLOCKED, CYCLIC);  // deduces N = 3
  static_assert(std::is_same_v<decltype(spec), DistributionSpec<3>>);
  EXPECT_EQ(spec[2], CYCLIC);
  EXPECT_FALSE(spec.is_tiled());
  EXPECT_TRUE(DistributionSpec<2>(TILE(2), NONE).is_tiled());
}

TEST(TeamSpec, DefaultPutsAllUnitsOnFirstDistributedDim) {
  EXPECT_EQ(TeamSpec<3>(DistributionSpec<3>(), 6).extents(), (Array<3>{6, 1, 1}));
  EXPECT_EQ(TeamSpec<3>(DistributionSpec<3>(NONE, BLOCKED, BLOCKED), 4).extents(), (Array<3>{1, 4, 1}));
  EXPECT_EQ(TeamSpec<2>(DistributionSpec<2>(NONE, NONE), 1).extents(), (Array<2>{1, 1}));
  EXPECT_THROW(TeamSpec<2>(DistributionSpec<2>(NONE, NONE), 2), std::invalid_argument);
  EXPECT_THROW(TeamSpec<2>(DistributionSpec<2>(), 0), std::invalid_argument);
}

template <std::size_t N>
Array<N> balanced(const DistributionSpec<N> &dist, std::size_t nunits) {
  return TeamSpec<N>(dist, nunits, dash::balanced).extents();
}

TEST(TeamSpec, BalancedSpreadsOverDistributedDims) {
  EXPECT_EQ(balanced(DistributionSpec<2>(BLOCKED, BLOCKED), 12), (Array<2>{4, 3}));
  EXPECT_EQ(balanced(DistributionSpec<2>(BLOCKED, CYCLIC), 4), (Array<2>{2, 2}));
  EXPECT_EQ(balanced(DistributionSpec<2>(BLOCKED, BLOCKED), 7), (Array<2>{7, 1}));
  EXPECT_EQ(balanced(DistributionSpec<2>(BLOCKED, BLOCKED), 1), (Array<2>{1, 1}));
  EXPECT_EQ(balanced(DistributionSpec<3>(BLOCKED, BLOCKED, BLOCKED), 8), (Array<3>{2, 2, 2}));
  EXPECT_EQ(balanced(DistributionSpec<3>(BLOCKED, BLOCKED, BLOCKED), 6), (Array<3>{3, 2, 1}));
  EXPECT_EQ(balanced(DistributionSpec<4>(NONE, BLOCKED, BLOCKED, BLOCKED), 8), (Array<4>{1, 2, 2, 2}));
  EXPECT_EQ(balanced(DistributionSpec<3>(TILE(2), NONE, TILE(2)), 36), (Array<3>{6, 1, 6}));
  EXPECT_THROW(TeamSpec<2>(DistributionSpec<2>(NONE, NONE), 3, dash::balanced), std::invalid_argument);
}

TEST(TeamSpec, ExplicitGridAndUnitCoords) {
  TeamSpec<3> ts(Array<3>{2, 3, 4});
  EXPECT_EQ(ts.size(), 24u);
  EXPECT_EQ(ts.unit({1, 2, 3}), 23u);
  EXPECT_EQ(ts.unit_coords(13), (Array<3>{1, 0, 1}));
  for (std::size_t u = 0; u < ts.size(); ++u) EXPECT_EQ(ts.unit(ts.unit_coords(u)), u);
  EXPECT_THROW(TeamSpec<2>(Array<2>{2, 0}), std::invalid_argument);
}

// ---------------------------------------------------------------------------
// Hand-computed examples

TEST(Pattern, NoneWithSeveralUnitsLeavesAllButTheFirstEmpty) {
  // As DASH: a NONE dimension is one block, on unit coordinate 0.
  Pattern<2> p({4, 6}, DistributionSpec<2>(BLOCKED, NONE), TeamSpec<2>(Array<2>{1, 2}), 2);
  EXPECT_EQ(p.local_size(0), 24u);
  EXPECT_EQ(p.local_size(1), 0u);
  EXPECT_EQ(p.owner(Array<2>{3, 5}), 0u);
}

TEST(Pattern, LocalCapacityCountsFullBlocksAsDash) {
  // 21 elements in blocks of 2 over 2 units: 11 blocks, at most 6 a unit.
  Pattern<1> p({21}, DistributionSpec<1>(BLOCKCYCLIC(2)), 2);
  EXPECT_EQ(p.local_size(0), 11u);
  EXPECT_EQ(p.local_capacity(), 12u);
}

TEST(Pattern, BlockedUsesCeilBlocksAndMayLeaveUnitsEmpty) {
  Pattern<1> p4({10}, 4);  // blocks of 3: 3, 3, 3, 1
  EXPECT_EQ(p4.blocksize(0), 3u);
  for (std::size_t u = 0; u < 4; ++u) EXPECT_EQ(p4.local_size(u), u < 3 ? 3u : 1u);
  EXPECT_EQ(p4.local(9), (LocalIndex{3, 0}));
  EXPECT_EQ(p4.local_capacity(), 3u);

  Pattern<1> p7({10}, 7);  // blocks of 2: five units with 2, two with none
  for (std::size_t u = 0; u < 7; ++u) EXPECT_EQ(p7.local_size(u), u < 5 ? 2u : 0u);
  EXPECT_EQ(p7.local_nblocks(6), 0u);
  EXPECT_EQ(p7.local_block(4, 0), (Block<1>{{8}, {2}}));

  Pattern<1> tiny({2}, 5);  // more units than elements
  EXPECT_EQ(tiny.local_size(0) + tiny.local_size(1), 2u);
  EXPECT_EQ(tiny.local_size(4), 0u);
  EXPECT_EQ(tiny.runs(0, 2), (std::vector<LocalRun>{{0, 0, 1}, {1, 0, 1}}));
}

TEST(Pattern, BlockCyclicWithPartialLastBlock) {
  // Blocks [0,3) [3,6) [6,9) [9,10) to units 0 1 0 1.
  Pattern<1> p({10}, DistributionSpec<1>(BLOCKCYCLIC(3)), 2);
  EXPECT_EQ(p.local_size(0), 6u);
  EXPECT_EQ(p.local_size(1), 4u);
  EXPECT_EQ(p.local(7), (LocalIndex{0, 4}));
  EXPECT_EQ(p.local(9), (LocalIndex{1, 3}));
  EXPECT_EQ(p.global_of_local(1, 3), 9u);
  EXPECT_EQ(p.local_nblocks(1), 2u);
  EXPECT_EQ(p.local_block(1, 1), (Block<1>{{9}, {1}}));
  EXPECT_EQ(p.local_capacity(), 6u);

  Pattern<1> cyc({7}, DistributionSpec<1>(CYCLIC), 3);  // 0 1 2 0 1 2 0
  EXPECT_EQ(cyc.local(6), (LocalIndex{0, 2}));
  EXPECT_EQ(cyc.local_size(2), 2u);
}

TEST(Pattern, TwoDimensionalBlockedRows) {
  // The slides' Pattern<2>(20, 15) with (BLOCKED, NONE), here on 4 units.
  Pattern<2> p({20, 15}, DistributionSpec<2>(BLOCKED, NONE), 4);
  EXPECT_EQ(p.size(), 300u);
  EXPECT_EQ(p.teamspec().extents(), (Array<2>{4, 1}));
  EXPECT_EQ(p.local_extents(2), (Array<2>{5, 15}));
  EXPECT_EQ(p.local({12, 7}), (LocalIndex{2, 2 * 15 + 7}));
  EXPECT_EQ(p.global(3, {4, 14}), (Array<2>{19, 14}));
  EXPECT_EQ(p.local_block(1, 0), (Block<2>{{5, 0}, {5, 15}}));
  // Each unit's rows are one contiguous run.
  EXPECT_EQ(p.runs(0, 300).size(), 4u);
}

TEST(Pattern, TwoDimensionalUnitGrid) {
  // 5 x 7 BLOCKED x BLOCKED on a 2 x 3 grid: blocks of 3 x 3, unit 5 gets 2 x 1.
  Pattern<2> p({5, 7}, DistributionSpec<2>(BLOCKED, BLOCKED), TeamSpec<2>(Array<2>{2, 3}), 6);
  EXPECT_EQ(p.local_extents(5), (Array<2>{2, 1}));
  EXPECT_EQ(p.local({4, 6}), (LocalIndex{5, 1}));
  EXPECT_EQ(p.local({1, 4}), (LocalIndex{1, 1 * 3 + 1}));
  EXPECT_EQ(p.local_capacity(), 9u);
  EXPECT_EQ(p, (Pattern<2>({5, 7}, DistributionSpec<2>(BLOCKED, BLOCKED), TeamSpec<2>(Array<2>{2, 3}), 6)));
  EXPECT_NE(p, (Pattern<2>({5, 7}, DistributionSpec<2>(BLOCKED, BLOCKED), TeamSpec<2>(Array<2>{3, 2}), 6)));
  EXPECT_NE(p, (Pattern<2>({5, 7}, DistributionSpec<2>(BLOCKED, CYCLIC), TeamSpec<2>(Array<2>{2, 3}), 6)));
}

TEST(Pattern, TileLayoutIsTileByTile) {
  // The example of pattern/BlockPattern.h: 5 x 5, TILE(2) x TILE(2), one unit.
  Pattern<2> p({5, 5}, DistributionSpec<2>(TILE(2), TILE(2)), 1);
  EXPECT_TRUE(p.is_tiled());
  EXPECT_EQ(p.local({0, 0}).index, 0u);
  EXPECT_EQ(p.local({1, 1}).index, 3u);
  EXPECT_EQ(p.local({0, 2}).index, 4u);
  EXPECT_EQ(p.local({0, 4}).index, 8u);
  EXPECT_EQ(p.local({1, 4}).index, 9u);
  EXPECT_EQ(p.local({2, 0}).index, 10u);
  EXPECT_EQ(p.local({4, 2}).index, 22u);
  EXPECT_EQ(p.local({4, 4}).index, 24u);

  // 4 x 8 over 2 x 2 units, 2 x 2 tiles.
  Pattern<2> q({4, 8}, DistributionSpec<2>(TILE(2), TILE(2)), TeamSpec<2>(Array<2>{2, 2}), 4);
  // Unit 1 (grid (0,1)) owns rows 0..1, columns 2..3 and 6..7: two tiles.
  EXPECT_EQ(q.local_nblocks(1), 2u);
  EXPECT_EQ(q.local({1, 3}), (LocalIndex{1, 3}));
  EXPECT_EQ(q.local({0, 6}), (LocalIndex{1, 4}));
  EXPECT_EQ(q.local_block(1, 1), (Block<2>{{0, 6}, {2, 2}}));
}

TEST(Pattern, RunsWrapAcrossRows) {
  // Columns 0..4 in blocks of 2 to units 0 1 0: unit 0 holds columns 0 1 4,
  // so (0,4) and (1,0), (1,1) are adjacent in its memory.
  Pattern<2> p({3, 5}, DistributionSpec<2>(NONE, BLOCKCYCLIC(2)), 2);
  std::vector<LocalRun> expected{{0, 0, 2}, {1, 0, 2}, {0, 2, 3}, {1, 2, 2}, {0, 5, 3}, {1, 4, 2}, {0, 8, 1}};
  EXPECT_EQ(p.runs(0, 15), expected);
  EXPECT_EQ(p.runs(3, 4), (std::vector<LocalRun>{{1, 1, 1}}));
  EXPECT_TRUE(p.runs(6, 6).empty());
}

TEST(Pattern, OneDimensionalBlockedGivesOneRunPerUnit) {
  for (std::size_t n = 1; n <= 40; ++n)
    for (std::size_t units = 1; units <= 7; ++units) {
      Pattern<1> p({n}, units);
      std::vector<LocalRun> runs = p.runs(0, n);
      std::size_t nonempty = 0;
      for (std::size_t u = 0; u < units; ++u) nonempty += p.local_size(u) > 0;
      ASSERT_EQ(runs.size(), nonempty) << n << " elements, " << units << " units";
      for (const LocalRun &run : runs) {
        EXPECT_EQ(run.offset, 0u);
        EXPECT_EQ(run.length, p.local_size(run.unit));
      }
    }
}

TEST(Pattern, LargeExtentsNeedNoPerElementState) {
  // 10^12 elements: only possible without per-element tables.
  Pattern<2> p({1000000, 1000000}, DistributionSpec<2>(BLOCKCYCLIC(7), TILE(13)), TeamSpec<2>(Array<2>{3, 5}),
               15);
  std::mt19937_64 rng(42);
  std::size_t total = 0;
  for (std::size_t u = 0; u < 15; ++u) total += p.local_size(u);
  EXPECT_EQ(total, p.size());
  for (int i = 0; i < 1000; ++i) {
    std::size_t g = rng() % p.size();
    LocalIndex li = p.local(g);
    ASSERT_LT(li.index, p.local_size(li.unit));
    ASSERT_EQ(p.global_of_local(li.unit, li.index), g);
  }
}

TEST(Pattern, DividerMatchesDivisionOnBothSidesOf32Bits) {
  // The index arithmetic divides by a multiplication below 2^32 (numerator
  // and divisor) and by division above: both must give x / d exactly.
  const std::size_t two32 = std::size_t{1} << 32;
  std::vector<std::size_t> divisors = {1,
                                       2,
                                       3,
                                       5,
                                       7,
                                       10,
                                       641,
                                       1000,
                                       4096,
                                       6700417,
                                       2147483647,
                                       2147483648u,
                                       two32 - 2,
                                       two32 - 1,
                                       two32,
                                       two32 + 1,
                                       1000000007000ull};
  std::vector<std::size_t> numerators = {0, 1, 2, two32 - 2, two32 - 1, two32, two32 + 1, ~std::size_t{0}};
  std::mt19937_64 rng(7);
  for (int i = 0; i < 200; ++i) divisors.push_back(1 + rng() % (i % 2 ? two32 : 1000000));
  for (std::size_t d : divisors) {
    dash::detail::Divider div(d);
    std::vector<std::size_t> xs = numerators;
    for (std::size_t k : {d - 1, d, d + 1, 2 * d - 1, 2 * d, (two32 - 1) / d * d, (two32 - 1) / d * d - 1})
      xs.push_back(k);
    for (int i = 0; i < 2000; ++i) xs.push_back(i % 2 ? rng() % two32 : rng());
    for (std::size_t x : xs) ASSERT_EQ(x / d, div(x)) << x << " / " << d;
  }
}

TEST(Pattern, ZeroExtentIsAnEmptyPattern) {
  // As DASH's empty containers: a pattern with a zero extent is valid and
  // holds no element on any unit.
  for (const auto &ext : {std::array<std::size_t, 2>{0, 3}, std::array<std::size_t, 2>{3, 0}}) {
    Pattern<2> p({ext[0], ext[1]}, 2);
    EXPECT_EQ(p.size(), 0u);
    for (std::size_t u = 0; u < 2; ++u) EXPECT_EQ(p.local_size(u), 0u);
    EXPECT_TRUE(p.runs(0, 0).empty());
  }
}

// ---------------------------------------------------------------------------
// Errors

template <typename Exception, typename F>
void expect_message(F &&f, const std::string &part) {
  try {
    f();
    ADD_FAILURE() << "no exception, expected one mentioning \"" << part << "\"";
  } catch (const Exception &e) {
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

TEST(PatternErrors, InvalidConstructionThrowsInvalidArgument) {
  using E = std::invalid_argument;
  expect_message<E>(
      [] {
        Pattern<2>({4, 4}, DistributionSpec<2>(), TeamSpec<2>(Array<2>{2, 2}), 3);
      },
      "TeamSpec has 4 units, the team 3");
  expect_message<E>([] { Pattern<1>({4}, 0); }, "number of units must be > 0");
  expect_message<E>(
      [] {
        Pattern<2>({4, 4}, DistributionSpec<2>(NONE, NONE), 2);
      },
      "no distributed dimension");
  expect_message<E>(
      [] {
        Pattern<2>({4, 4}, DistributionSpec<2>(TILE(0), NONE), 2);
      },
      "block size must be > 0");
}

TEST(PatternErrors, CheckedCallsThrowOutOfRange) {
  using E = std::out_of_range;
  Pattern<2> p({4, 5}, DistributionSpec<2>(CYCLIC, NONE), 3);  // rows 0 3 | 1 | 2
  expect_message<E>([&] { p.local_at(20); }, "global index 20 not in [0, 20)");
  expect_message<E>([&] { p.global_at(3, 0); }, "unit 3 not in [0, 3)");
  expect_message<E>([&] { p.global_at(1, 5); }, "local index 5 of unit 1 not in [0, 5)");
  expect_message<E>([&] { p.local_size(3); }, "unit 3");
  expect_message<E>([&] { p.local_extents(7); }, "unit 7");
  expect_message<E>([&] { p.local_blockspec(3); }, "unit 3");
  expect_message<E>([&] { p.block(4); }, "block 4 not in [0, 4)");
  expect_message<E>([&] { p.local_block(0, 2); }, "block 2 of unit 0 not in [0, 2)");
  expect_message<E>([&] { p.runs(0, 21); }, "range [0, 21)");
  expect_message<E>([&] { p.runs(5, 4); }, "range [5, 4)");
  EXPECT_EQ(p.global_at(1, 4), 9u);
  EXPECT_EQ(p.local_at(19), (LocalIndex{0, 9}));
}

// ---------------------------------------------------------------------------
// Sweeps against the reference model

const std::vector<Distribution> kDims = {NONE,           BLOCKED, CYCLIC, BLOCKCYCLIC(2),
                                         BLOCKCYCLIC(3), TILE(2), TILE(3)};

TEST(PatternSweep, OneDimensional) {
  std::vector<Array<1>> shapes;
  for (std::size_t n : {1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u, 11u, 13u, 16u, 29u}) shapes.push_back({n});
  std::vector<Distribution> dists{NONE, BLOCKED, CYCLIC};
  for (std::size_t b : {2u, 3u, 4u, 5u, 7u, 11u, 40u}) {
    dists.push_back(BLOCKCYCLIC(b));
    dists.push_back(TILE(b));
  }
  EXPECT_GT(sweep<1>(shapes, dists, 7, /*all_ranges=*/true), 1000u);
}

TEST(PatternSweep, TwoDimensionalAllRanges) {
  std::vector<Array<2>> shapes{{1, 1}, {1, 5}, {3, 1}, {2, 3}, {3, 4}, {4, 3}};
  EXPECT_GT(sweep<2>(shapes, kDims, 7, /*all_ranges=*/true), 1000u);
}

TEST(PatternSweep, TwoDimensional) {
  std::vector<Array<2>> shapes;
  for (std::size_t n0 : {1u, 2u, 5u, 7u, 8u})
    for (std::size_t n1 : {1u, 3u, 6u, 7u}) shapes.push_back({n0, n1});
  EXPECT_GT(sweep<2>(shapes, kDims, 7, /*all_ranges=*/false), 10000u);
}

TEST(PatternSweep, ThreeDimensional) {
  std::vector<Array<3>> shapes{{1, 1, 1}, {2, 3, 4}, {5, 2, 3}, {3, 4, 7}, {4, 1, 5}};
  std::vector<Distribution> dists{NONE, BLOCKED, CYCLIC, BLOCKCYCLIC(2), TILE(2), TILE(3)};
  EXPECT_GT(sweep<3>(shapes, dists, 7, /*all_ranges=*/false), 10000u);
}

TEST(PatternSweep, FourDimensional) {
  // Includes the slides' (NONE, BLOCKED, BLOCKED, BLOCKED).
  std::vector<Array<4>> shapes{{2, 3, 4, 5}, {3, 1, 2, 3}};
  EXPECT_GT(sweep<4>(shapes, {NONE, BLOCKED, TILE(2)}, 4, /*all_ranges=*/false), 500u);
}

}  // namespace
