// Pattern queries about the calling unit, as DASH programs make them:
// local_size(), local_extents(), local_extent(d), global(lindex),
// lbegin()/lend(), is_local(), unit_at(), local blocks as ViewSpecs.
#include <libdash.h>

#include <vector>

#include "check.h"

int main(int argc, char *argv[]) {
  dash::init(&argc, &argv);
  {
    const std::size_t size = dash::size();
    const auto myid = dash::myid();

    // 1-D BLOCKED: blocks of ceil(n / size), the last unit gets the rest.
    const std::size_t n = 10 * size + 3;
    dash::Pattern<1> p1(n);
    const std::size_t block = (n + size - 1) / size;
    const std::size_t first = std::min(n, block * std::size_t(myid));
    const std::size_t last = std::min(n, first + block);
    CHECK(p1.local_size() == last - first);
    CHECK(p1.local_size() == p1.local_size(myid));
    CHECK(p1.local_extents()[0] == last - first && p1.local_extent(0) == last - first);
    CHECK(p1.lbegin() == first && p1.lend() == last);
    if (last > first) {
      CHECK(p1.global(0) == first && p1.global(last - first - 1) == last - 1);
      CHECK(p1.is_local(first) && p1.unit_at(first) == myid);
      CHECK(p1.local(first).unit == std::size_t(myid) && p1.local(first).index == 0);
    }
    CHECK(!p1.is_local(n - 1) || myid == size - 1);
    CHECK(p1.team() == dash::Team::All() && p1.num_units() == size && p1.capacity() == n);

    // The array's pattern answers for its calling unit too.
    dash::Array<int> arr(n);
    CHECK(arr.pattern().local_size() == arr.lsize());
    std::size_t local_total = 0;
    for (std::size_t u = 0; u < size; ++u) local_total += arr.pattern().local_size(dash::team_unit_t(u));
    CHECK(local_total == n);

    // 2-D TILE: the calling unit's blocks, as DASH's ViewSpec (offset(d),
    // extent(d)), cover its local elements; global(lcoords) maps back.
    dash::TeamSpec<2> ts(size, 1);
    ts.balance_extents();
    dash::Pattern<2> p2(dash::SizeSpec<2>(8, 6), dash::DistributionSpec<2>(dash::TILE(2), dash::TILE(3)), ts);
    std::size_t in_blocks = 0;
    std::size_t nlocal_blocks = p2.local_blockspec().size();
    for (std::size_t b = 0; b < nlocal_blocks; ++b) {
      dash::ViewSpec<2> vs = p2.local_block(b);
      in_blocks += vs.size();
      CHECK(p2.unit_at(vs.origin()) == myid);
      CHECK(vs.extent(0) <= 2 && vs.extent(1) <= 3);
    }
    CHECK(in_blocks == p2.local_size());
    CHECK(p2.local_size() == p2.local_extent(0) * p2.local_extent(1));
    if (p2.local_size() > 0) {
      auto g = p2.global(std::array<std::size_t, 2>{0, 0});
      CHECK(p2.unit_at(g) == myid && p2.at(g) == 0);
      CHECK(p2.block_at(g) == (g[0] / 2) * 2 + g[1] / 3);
    }
    CHECK(p2.max_blocksize() == 6 && p2.sizespec().size() == 48);
    dash::barrier();
  }
  dash::finalize();
  return compat::result();
}
