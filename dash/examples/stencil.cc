// Five-point stencil: the 2-D Laplace equation on an n x n grid (1 on the
// top edge, 0 on the others), solved by red-black Gauss-Seidel on a matrix
// distributed by blocks over all units. Each half-sweep overlaps the halo
// exchange with the inner elements, then does the boundary elements.
//
//   dash_stencil [n=256] [max_iterations=1000] [tolerance=1e-4] [--verify]
//
// --verify runs the same iterations serially on unit 0 and checks that the
// results are identical (bit for bit); the exit code says whether they are.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

#include <libdash.h>

namespace {

// One update of the red-black sweep. at(i, j) reads a neighbour.
template <typename At>
double relaxed(At &&at, long i, long j) {
  return 0.25 * (at(i - 1, j) + at(i + 1, j) + at(i, j - 1) + at(i, j + 1));
}

// The same iterations on one unit, for --verify.
std::vector<double> solve_serial(std::size_t n, std::size_t iterations) {
  std::vector<double> u(n * n, 0.0);
  std::fill(u.begin(), u.begin() + long(n), 1.0);
  auto at = [&](long i, long j) { return u[std::size_t(i) * n + std::size_t(j)]; };
  for (std::size_t it = 0; it < iterations; ++it)
    for (std::size_t color : {0, 1})
      for (std::size_t i = 1; i + 1 < n; ++i)
        for (std::size_t j = 1; j + 1 < n; ++j)
          if ((i + j) % 2 == color) u[i * n + j] = relaxed(at, long(i), long(j));
  return u;
}

}  // namespace

int main(int argc, char **argv) {
  dash::InitGuard guard(&argc, &argv);
  std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 256;
  std::size_t max_iterations = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 1000;
  double tolerance = argc > 3 ? std::atof(argv[3]) : 1e-4;
  bool verify = argc > 4 && std::strcmp(argv[4], "--verify") == 0;

  dash::DistributionSpec<2> blocks(dash::BLOCKED, dash::BLOCKED);
  dash::Matrix<double> u(dash::Pattern<2>(
      {n, n}, blocks, dash::TeamSpec<2>(blocks, dash::size(), dash::balanced), dash::size()));
  dash::generate_with_index(u.begin(), u.end(), [n](std::size_t g) { return g < n ? 1.0 : 0.0; });
  dash::Halo<double, 2> halo(u, 1);
  const auto offset = halo.block().origin();
  dash::Array<double> change(dash::size());  // per-unit maximum update

  double local_change = 0;
  auto local = [&](long i, long j) { return u.local(i, j); };
  auto update = [&](auto &&at, std::size_t i, std::size_t j, std::size_t color) {
    std::size_t gi = offset[0] + i, gj = offset[1] + j;
    if (gi == 0 || gj == 0 || gi + 1 == n || gj + 1 == n || (gi + gj) % 2 != color) return;
    double next = relaxed(at, long(i), long(j));
    local_change = std::max(local_change, std::fabs(next - u.local(i, j)));
    u.local(i, j) = next;
  };

  std::size_t iterations = 0;
  double max_change = tolerance + 1;
  while (iterations < max_iterations && max_change > tolerance) {
    for (std::size_t color : {0, 1}) {
      halo.exchange_async();  // overlaps with the inner elements
      halo.for_each_inner([&](std::size_t i, std::size_t j) { update(local, i, j, color); });
      halo.wait();
      halo.for_each_boundary([&](std::size_t i, std::size_t j) { update(halo, i, j, color); });
    }
    if (++iterations % 10 == 0) {  // convergence check: one reduction
      change.local[0] = std::exchange(local_change, 0.0);
      max_change =
          dash::reduce(change.begin(), change.end(), 0.0, [](double a, double b) { return std::max(a, b); });
    }
  }
  u.barrier();
  if (dash::myid() == 0)
    std::printf("n = %zu, %zu units, %zu iterations, last max change %g, u(n/2, n/2) = %.12f\n", n,
                dash::size(), iterations, max_change, double(u(n / 2, n / 2)));

  int status = 0;
  if (verify && dash::myid() == 0) {
    std::vector<double> parallel(n * n);
    dash::copy(u.begin(), u.end(), parallel.data());
    bool same = parallel == solve_serial(n, iterations);
    std::printf("verify: the parallel result is %s the serial one\n",
                same ? "identical to" : "DIFFERENT from");
    status = same ? 0 : 1;
  }
  u.barrier();
  return status;
}
