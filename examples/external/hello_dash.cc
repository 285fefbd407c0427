// A minimal DASH program: a distributed array, filled by its owners and
// summed by every unit. Built by each C++ route of the installed package.
#include <libdash.h>

#include <cstdio>

int main(int argc, char **argv) {
  dash::init(&argc, &argv);
  dash::Array<int> a(10 * dash::size());
  for (auto i = a.lbegin(); i != a.lend(); ++i) *i = 1;
  a.barrier();
  int sum = dash::accumulate(a.begin(), a.end(), 0);
  bool ok = sum == int(a.size());
  std::printf("unit %d: sum %d: %s\n", int(dash::myid()), sum, ok ? "ok" : "WRONG");
  dash::finalize();
  return ok ? 0 : 1;
}
