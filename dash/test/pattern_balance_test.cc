// Patterns that size the units' ranges unevenly: LoadBalancePattern (by
// the units' CPU capacity and memory bandwidth from the team's locality)
// and DynamicPattern (local sizes that change); unit grids balanced for
// the machine (make_team_spec with node, NUMA and core counts).
#include <array>
#include <numeric>
#include <set>
#include <vector>

#include "dash_test.h"

namespace {

using index_t = dash::default_index_t;

// Gives every unit one core, one thread, 1000 MHz and no known memory
// bandwidth, unit 0 `unit0_mhz`; restores the runtime's records on
// destruction (they are shared by the whole process).
class MockedHardware {
 public:
  explicit MockedHardware(dash::util::TeamLocality &tloc, int unit0_mhz) : tloc_(tloc) {
    for (dash::team_unit_t u{0}; u < tloc.team().size(); ++u) {
      auto &hw = tloc.unit_locality(u).hwinfo();
      saved_.push_back(hw);
      hw.num_cores = 1;
      hw.min_threads = hw.max_threads = 1;
      hw.min_cpu_mhz = hw.max_cpu_mhz = u == 0 ? unit0_mhz : 1000;
      hw.max_shmem_mbps = 0;
    }
  }
  ~MockedHardware() {
    for (dash::team_unit_t u{0}; u < tloc_.team().size(); ++u)
      tloc_.unit_locality(u).hwinfo() = saved_[static_cast<std::size_t>(u.id)];
  }

 private:
  dash::util::TeamLocality &tloc_;
  std::vector<dart_hwinfo_t> saved_;
};

TEST(PatternBalance, LoadBalancePatternWeighsByCpuCapacity) {
  std::size_t p = dash::size();
  dash::util::TeamLocality tloc(dash::Team::All());
  MockedHardware mock(tloc, 3000);
  // Unit 0 has three times the capacity of the others: 180 vs. 60 elements.
  std::size_t total = 60 * (p + 2);
  dash::LoadBalancePattern<1> pattern(dash::SizeSpec<1>(total), tloc);
  ASSERT_EQ(pattern.size(), total);
  EXPECT_EQ(pattern.local_size(dash::team_unit_t{0}), 180u);
  for (dash::team_unit_t u{1}; u < p; ++u) EXPECT_EQ(pattern.local_size(u), 60u);
  EXPECT_DOUBLE_EQ(pattern.unit_cpu_weights()[0], 3.0 * p / (p + 2));
  // No bandwidth known: the memory measure weighs all units equally.
  for (double w : pattern.unit_membw_weights()) EXPECT_DOUBLE_EQ(w, 1.0);
  for (std::size_t u = 0; u < p; ++u)
    EXPECT_DOUBLE_EQ(pattern.unit_load_weights()[u], pattern.unit_cpu_weights()[u]);
  EXPECT_EQ(pattern.blocksize(0), 180u);
  // Contiguous ranges in unit order.
  EXPECT_EQ(pattern.unit_at(179), dash::team_unit_t{0});
  if (p > 1) {
    EXPECT_EQ(pattern.unit_at(180), dash::team_unit_t{1});
    EXPECT_EQ(pattern.at(180 + 59), 59);
    EXPECT_EQ(pattern.global(dash::team_unit_t{1}, 0), 180);
  }
  EXPECT_STREQ(dash::LoadBalancePattern<1>::PatternName, "LoadBalancePattern1D");
}

TEST(PatternBalance, LoadBalancePatternRoundsTowardTheStrongestUnit) {
  std::size_t p = dash::size();
  dash::util::TeamLocality tloc(dash::Team::All());
  MockedHardware mock(tloc, 2000);
  // Weights 2p/(p+1) and p/(p+1): the rounding remainder goes to unit 0.
  std::size_t total = 10 * (p + 1) + 1;
  dash::LoadBalancePattern<1> pattern(dash::SizeSpec<1>(total), tloc);
  std::size_t sum = 0;
  for (dash::team_unit_t u{0}; u < p; ++u) sum += pattern.local_size(u);
  EXPECT_EQ(sum, total);
  EXPECT_EQ(pattern.local_size(dash::team_unit_t{0}), 21u);
  for (dash::team_unit_t u{1}; u < p; ++u) EXPECT_EQ(pattern.local_size(u), 10u);
}

TEST(PatternBalance, LoadBalancePatternInAnArray) {
  std::size_t p = dash::size();
  dash::util::TeamLocality tloc(dash::Team::All());
  MockedHardware mock(tloc, 3000);
  using pattern_t = dash::LoadBalancePattern<1>;
  pattern_t pattern(dash::SizeSpec<1>(60 * (p + 2)), tloc);
  dash::Array<int, index_t, pattern_t> arr(pattern);
  EXPECT_EQ(arr.lsize(), dash::myid() == 0 ? 180u : 60u);
  std::iota(arr.lbegin(), arr.lend(), static_cast<int>(pattern.global(0)));
  arr.barrier();
  for (std::size_t g = 0; g < arr.size(); g += 7) EXPECT_EQ(static_cast<int>(arr[g]), static_cast<int>(g));
  arr.barrier();
}

TEST(PatternBalance, DynamicPatternResizeAndBalance) {
  std::size_t p = dash::size();
  std::vector<std::size_t> sizes(p);
  for (std::size_t u = 0; u < p; ++u) sizes[u] = 2 * u + 1;
  dash::DynamicPattern<1> pattern(sizes);
  EXPECT_EQ(pattern.size(), p * p);
  EXPECT_EQ(pattern.local_sizes(), sizes);
  EXPECT_EQ(pattern.local_size(dash::team_unit_t{0}), 1u);
  EXPECT_EQ(pattern.local_capacity(dash::team_unit_t{0}), 2 * p - 1);
  // Grow the last unit: the total and its range follow.
  pattern.local_resize(dash::team_unit_t{static_cast<int>(p - 1)}, 2 * p + 4);
  EXPECT_EQ(pattern.size(), p * p + 5);
  EXPECT_EQ(pattern.local_size(dash::team_unit_t{static_cast<int>(p - 1)}), 2 * p + 4);
  EXPECT_EQ(pattern.unit_at(pattern.size() - 1), dash::team_unit_t{static_cast<int>(p - 1)});
  EXPECT_EQ(pattern.global(dash::team_unit_t{static_cast<int>(p - 1)}, 0),
            static_cast<index_t>((p - 1) * (p - 1)));
  // Balance: equal shares of the new total, in unit order.
  pattern.balance();
  std::size_t total = p * p + 5, share = (total + p - 1) / p, seen = 0;
  for (dash::team_unit_t u{0}; u < p; ++u) {
    std::size_t expected = std::min(share, total - seen);
    EXPECT_EQ(pattern.local_size(u), expected);
    seen += expected;
  }
  EXPECT_EQ(pattern.size(), total);
  EXPECT_THROW(pattern.local_resize(dash::team_unit_t{static_cast<int>(p)}, 1), std::out_of_range);
}

TEST(PatternBalance, DynamicPatternFromDistribution) {
  std::size_t p = dash::size();
  dash::DynamicPattern<1> blocked(4 * p + 1);
  EXPECT_EQ(blocked.local_size(dash::team_unit_t{0}), 5u);
  dash::DynamicPattern<1> none(dash::SizeSpec<1>(7), dash::DistributionSpec<1>(dash::NONE));
  EXPECT_EQ(none.local_size(dash::team_unit_t{0}), 7u);
  EXPECT_THROW(dash::DynamicPattern<1>(8, dash::CYCLIC), dash::exception::InvalidArgument);
  EXPECT_THROW(dash::DynamicPattern<1>(std::vector<std::size_t>(p, 2), 2 * p + 1),
               dash::exception::InvalidArgument);
  EXPECT_STREQ(dash::DynamicPattern<1>::PatternName, "DynamicPattern1D");
}

TEST(PatternBalance, DynamicPatternInAnArray) {
  std::size_t p = dash::size();
  std::vector<std::size_t> sizes(p, 3);
  sizes[0] = 5;
  dash::DynamicPattern<1> pattern(sizes);
  dash::Array<int, index_t, dash::DynamicPattern<1>> arr(pattern);
  EXPECT_EQ(arr.lsize(), sizes[dash::myid()]);
  std::iota(arr.lbegin(), arr.lend(), static_cast<int>(pattern.global(0)));
  arr.barrier();
  for (std::size_t g = 0; g < arr.size(); ++g) EXPECT_EQ(static_cast<int>(arr[g]), static_cast<int>(g));
  arr.barrier();
}

TEST(PatternBalance, BalanceExtentsInMultiplesOfABlockSize) {
  using ext = std::array<std::size_t, 2>;
  EXPECT_EQ(dash::math::balance_extents(ext{{1, 16}}, std::set<std::size_t>{2}), (ext{{4, 4}}));
  EXPECT_EQ(dash::math::balance_extents(ext{{1, 12}}, std::set<std::size_t>{2}), (ext{{2, 6}}));
  EXPECT_EQ(dash::math::balance_extents(ext{{1, 896}}, std::set<std::size_t>{28}), (ext{{28, 32}}));
  // No usable block size (1, not dividing, or too few multiples): n x 1.
  EXPECT_EQ(dash::math::balance_extents(ext{{1, 6}}, std::set<std::size_t>{1, 4, 2}), (ext{{6, 1}}));
}

TEST(PatternBalance, MakeTeamSpecForTheMachine) {
  using rect = dash::pattern_partitioning_properties<dash::pattern_partitioning_tag::rectangular>;
  using mapping = dash::pattern_mapping_properties<dash::pattern_mapping_tag::multiple>;
  using layout = dash::pattern_layout_properties<>;
  dash::SizeSpec<2> sizes(1680, 1680);
  // One node of 2 NUMA domains: grids in multiples of 2.
  auto numa = dash::make_team_spec<rect, mapping, layout>(sizes, 12, 1, 2, 28);
  EXPECT_EQ(numa.extent(0), 2u);
  EXPECT_EQ(numa.extent(1), 6u);
  // 8 nodes of 28 cores: multiples of 28.
  auto nodes = dash::make_team_spec<rect, mapping, layout>(sizes, 224, 8, 4, 28);
  EXPECT_EQ(nodes.extent(0), 28u);
  EXPECT_EQ(nodes.extent(1), 8u);
  EXPECT_EQ(nodes.size(), 224u);
  // Several nodes, neither rectangular nor a plain mapping: 1 x units.
  auto flat =
      dash::make_team_spec<dash::pattern_partitioning_properties<>, mapping, layout>(sizes, 224, 8, 4, 28);
  EXPECT_EQ(flat.extent(0), 1u);
  EXPECT_EQ(flat.extent(1), 224u);
}

}  // namespace
