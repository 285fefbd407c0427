// A DASH program written for DASH's thread-support build: it calls
// dash::init without a thread level, then several threads per unit write
// and read other units' elements at once (as ex.11.halo-stencil's drawing
// threads do). Run with DART_THREADS=multiple, which gives such a program
// thread support; if MPI cannot provide it, the threads take turns.
#include <libdash.h>

#include <mutex>
#include <thread>
#include <vector>

#include "check.h"

int main(int argc, char *argv[]) {
  dash::init(&argc, &argv);
  {
    const std::size_t size = dash::size(), me = dash::myid();
    constexpr std::size_t nthreads = 4, per_thread = 16;
    const std::size_t n = size * nthreads * per_thread;
    dash::Array<long> arr(n);
    dash::fill(arr.begin(), arr.end(), -1L);
    arr.barrier();
    // Unit me's thread t writes the slice owned by the next unit, element
    // by element through global references.
    const std::size_t next = (me + 1) % size, chunk = nthreads * per_thread;
    std::mutex turns;  // only without thread support
    const bool together = dash::is_multithreaded();
    auto work = [&](std::size_t t) {
      std::unique_lock<std::mutex> lock(turns, std::defer_lock);
      if (!together) lock.lock();
      for (std::size_t k = 0; k < per_thread; ++k) {
        std::size_t g = next * chunk + t * per_thread + k;
        arr[g] = long(1000 * me + g);
        CHECK(long(arr[g]) == long(1000 * me + g));
      }
    };
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < nthreads; ++t) threads.emplace_back(work, t);
    for (auto &th : threads) th.join();
    arr.barrier();
    const std::size_t prev = (me + size - 1) % size;
    for (std::size_t l = 0; l < arr.lsize(); ++l)
      CHECK(arr.lbegin()[l] == long(1000 * prev + me * chunk + l));
    if (std::getenv("DART_THREADS") && std::string(std::getenv("DART_THREADS")) == "multiple") {
      int mpi_level = 0;
      MPI_Query_thread(&mpi_level);
      CHECK(together == (mpi_level == MPI_THREAD_MULTIPLE));
    }
    arr.barrier();
  }
  dash::finalize();
  return compat::result();
}
