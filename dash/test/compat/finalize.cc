// DASH's lifetime rule: containers declared in main next to dash::finalize
// are still alive when it runs. finalize releases them silently and their
// destructors, after it, do nothing.
#include <libdash.h>

#include <cstdio>
#include <unistd.h>

#include "check.h"

int main(int argc, char *argv[]) {
  dash::init(&argc, &argv);
  dash::Array<int> arr(10 * dash::size());
  dash::Matrix<double> m(dash::SizeSpec<2>(4, 4));
  dash::Shared<int> shared;
  dash::Mutex mutex;
  dash::fill(arr.begin(), arr.end(), 1);
  CHECK(dash::reduce(arr.begin(), arr.end(), 0) == int(10 * dash::size()));

  // finalize writes nothing to stderr (captured in a temporary file).
  std::fflush(stderr);
  FILE *capture = std::tmpfile();
  int saved = dup(STDERR_FILENO);
  dup2(fileno(capture), STDERR_FILENO);
  dash::finalize();
  std::fflush(stderr);
  dup2(saved, STDERR_FILENO);
  close(saved);
  std::fseek(capture, 0, SEEK_END);
  long written = std::ftell(capture);
  std::fclose(capture);
  CHECK(written == 0);
  CHECK(!dash::is_initialized());
  return compat::result();  // arr, m, shared, mutex destroyed after finalize
}
