// The algorithms DASH has beyond the STL-like ones: find_if_not, mismatch,
// broadcast, local_range, local_index_range(s).
#include <libdash.h>

#include <vector>

#include "check.h"

int main(int argc, char *argv[]) {
  dash::init(&argc, &argv);
  {
    const std::size_t size = dash::size();
    const auto myid = dash::myid();
    const std::size_t n = 7 * size + 2;

    dash::Array<int> a(n), b(n, dash::CYCLIC);
    dash::generate_with_index(a.begin(), a.end(), [](std::size_t i) { return int(i); });
    dash::generate_with_index(b.begin(), b.end(), [](std::size_t i) { return int(i); });

    // find_if_not: the first element not below 5.
    auto it = dash::find_if_not(a.begin(), a.end(), [](int v) { return v < 5; });
    CHECK(it - a.begin() == 5);
    CHECK(dash::find_if_not(a.begin(), a.end(), [](int v) { return v >= 0; }) == a.end());

    // mismatch across different patterns: none, then one near the end.
    auto none = dash::mismatch(a.begin(), a.end(), b.begin());
    CHECK(none.first == a.end() && none.second == b.end());
    if (myid == 0) b[n - 2] = -1;
    dash::barrier();
    auto diff = dash::mismatch(a.begin(), a.end(), b.begin());
    CHECK(diff.first - a.begin() == std::ptrdiff_t(n - 2) &&
          diff.second - b.begin() == std::ptrdiff_t(n - 2));
    CHECK(*diff.second == -1);

    // local_range / local_index_range: the calling unit's BLOCKED part of
    // [3, n), as raw pointers into its memory.
    auto lr = dash::local_range(a.begin() + 3, a.end());
    auto lir = dash::local_index_range(a.begin() + 3, a.end());
    CHECK(lr.end - lr.begin == lir.end - lir.begin);
    std::size_t gfirst = a.pattern().lbegin();
    if (a.lsize() > 0 && gfirst >= 3) {
      CHECK(lr.begin == a.lbegin() && lr.end == a.lend() && lir.begin == 0);
    }
    for (int *p = lr.begin; p != lr.end; ++p)
      CHECK(*p == int(a.pattern().global(std::size_t(p - a.lbegin()))));
    // CYCLIC: local indices of a range are still one run per unit.
    auto cyc = dash::local_index_range(b.begin(), b.end());
    CHECK(std::size_t(cyc.end - cyc.begin) == b.lsize() && cyc.begin == 0);
    // A matrix sub-block has one run per local row.
    dash::Matrix<int> m(dash::SizeSpec<2>(2 * size, 4));
    auto blk = m.cols(1, 2);
    auto runs = dash::local_index_ranges(blk.begin(), blk.end()).ranges;
    CHECK(runs.size() == 2 && runs[0].begin == 1 && runs[0].end == 3 && runs[1].begin == 5);
    bool threw = false;
    try {
      dash::local_index_range(blk.begin(), blk.end());
    } catch (const std::invalid_argument &) {
      threw = true;
    }
    CHECK(threw);

    // broadcast: a local vector from the last unit; a Shared's value.
    std::vector<long> v(5, long(myid));
    dash::broadcast(v.begin(), v.end(), dash::team_unit_t(size - 1));
    for (long x : v) CHECK(x == long(size - 1));
    long raw[3] = {long(myid), 1, 2};
    dash::broadcast(raw, raw + 3, dash::team_unit_t(0), dash::Team::All());
    CHECK(raw[0] == 0 && raw[2] == 2);
    dash::Shared<double> shared(dash::Team::All(), size - 1);
    if (myid == size - 1) shared.set(2.5);
    dash::barrier();
    CHECK(dash::broadcast(shared) == 2.5);
    threw = false;
    try {
      dash::broadcast(raw, raw + 3, dash::team_unit_t(size));
    } catch (const std::invalid_argument &) {
      threw = true;
    }
    CHECK(threw);
    dash::barrier();
  }
  dash::finalize();
  return compat::result();
}
