// DASH-level rows against DASH itself: one source, built against DASH's
// install (dash-project/dash 99f2995, bench/peers/build.sh) and against
// ours (the DASH API is the same). dash::Array<int>, BLOCKED, 2 units:
//   element access through GlobRef (unit 0, 8 B... one int): read and write
//   of an element of its own block (local) and of unit 1's (remote);
//   collective over all units, N elements: dash::fill, dash::min_element,
//   dash::transform (c += a), dash::sort (random ints; the local refill
//   before each sort is part of the row, the same for both libraries).
// Output on unit 0: "row,ns" (ns per call, median over trials).
#include <libdash.h>

#include <cstdint>
#include <random>

#include "peer_timing.h"

namespace {

const long n_algo = 1L << 20;  // elements of the algorithm rows
dash::Array<int> *a, *c;
long local_i, remote_i;  // an element of unit 0's block, one of unit 1's
volatile long sink;
int value = 7;

void local_read(void *) { sink = sink + static_cast<int>((*a)[local_i]); }
void local_write(void *) { (*a)[local_i] = value; }
void remote_read(void *) { sink = sink + static_cast<int>((*a)[remote_i]); }
void remote_write(void *) { (*a)[remote_i] = value; }
void fill(void *) { dash::fill(a->begin(), a->end(), value); }
void min_element(void *) {
  auto m = dash::min_element(a->begin(), a->end());
  sink = sink + (m == a->end());
}
// DASH implements the global form for out = op(in, out) only: C += A.
void transform(void *) { dash::transform(a->begin(), a->end(), c->begin(), c->begin(), dash::plus<int>()); }
std::mt19937 rng(12345);
void sort(void *) {
  for (int *p = a->lbegin(); p != a->lend(); ++p) *p = static_cast<int>(rng());
  dash::sort(a->begin(), a->end());
}
void wait_all() { dash::barrier(); }

}  // namespace

int main(int argc, char **argv) {
  dash::init(&argc, &argv);
  peer_options(argc, argv);
  dash::Array<int> A(n_algo), C(n_algo);
  a = &A;
  c = &C;
  dash::fill(A.begin(), A.end(), 1);
  dash::fill(C.begin(), C.end(), 0);
  long block = n_algo / static_cast<long>(dash::size());
  local_i = 3;
  remote_i = dash::size() > 1 ? block + 3 : 3;
  dash::barrier();
  peer_row("GlobRef local read", peer_time(local_read, nullptr, 0, wait_all));
  peer_row("GlobRef local write", peer_time(local_write, nullptr, 0, wait_all));
  peer_row("GlobRef remote read", peer_time(remote_read, nullptr, 0, wait_all));
  peer_row("GlobRef remote write", peer_time(remote_write, nullptr, 0, wait_all));
  peer_row("dash::fill 1M int", peer_time(fill, nullptr, 1, wait_all));
  peer_row("dash::min_element 1M int", peer_time(min_element, nullptr, 1, wait_all));
  peer_row("dash::transform 1M int", peer_time(transform, nullptr, 1, wait_all));
  peer_row("dash::sort 1M int", peer_time(sort, nullptr, 1, wait_all));
  // The sort's result: ascending across the units.
  bool sorted = true;
  for (long i = 1; i < n_algo && dash::myid() == 0; i += n_algo / 64)
    sorted = sorted && static_cast<int>(A[i - 1]) <= static_cast<int>(A[i]);
  if (dash::myid() == 0 && !sorted) std::printf("# dash::sort: result NOT sorted\n");
  dash::barrier();
  dash::finalize();
  return 0;
}
