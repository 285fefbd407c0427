// Patterns that size the units' ranges unevenly: LoadBalancePattern (by
// the units' CPU capacity and memory bandwidth from the team's locality).
#include <numeric>
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

}  // namespace
