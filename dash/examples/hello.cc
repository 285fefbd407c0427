// The example of dash/README.md.
#include <libdash.h>
#include <algorithm>
#include <cstdio>
#include <vector>

int main(int argc, char **argv) {
  dash::InitGuard guard(&argc, &argv);  // dash::init ... dash::finalize

  dash::Array<int> arr(100);                                         // BLOCKED over all units
  dash::fill(arr.begin(), arr.end(), 0);                             // collective algorithm
  std::fill(arr.local.begin(), arr.local.end(), int(dash::myid()));  // local: plain memory
  arr.barrier();
  if (dash::myid() == 0) arr[99] += 1;  // global reference, atomic update
  arr.barrier();
  std::size_t n0 = dash::count(arr.begin(), arr.end(), 0);

  dash::Matrix<double> m({8, 6}, dash::DistributionSpec<2>(dash::BLOCKED, dash::NONE));
  dash::generate_with_index(m.begin(), m.end(), [](std::size_t g) { return double(g % 7); });
  dash::sort(m.begin(), m.end());  // parallel sample sort, row-major order
  auto rows = m.rows(2, 3);        // a sub-view in global coordinates
  std::vector<double> buf(rows.size());
  dash::copy(rows.begin(), rows.end(), buf.data());  // one transfer per unit block

  dash::Team half = dash::Team::All().split(2);  // sub-teams of consecutive units
  dash::Array<long> part(10, half);              // lives on the units of `half` only
  dash::Shared<dash::Atomic<long>> hits;         // one atomic value
  hits.get().fetch_add(1);
  if (dash::myid() == 0) std::printf("%zu zeros, m(0, 0) = %g\n", n0, double(m(0, 0)));
}
