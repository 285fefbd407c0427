// CHECK for the DASH-style compatibility programs: a failed check is
// reported and counted, the program goes on (so that every unit reaches the
// same collective calls) and main returns compat::result().
#ifndef DASH_TEST_COMPAT_CHECK_H
#define DASH_TEST_COMPAT_CHECK_H

#include <cstdio>

#include <dash/Init.h>

namespace compat {

inline int failures = 0;

inline void check(bool ok, const char *expr, const char *file, int line) {
  if (ok) return;
  ++failures;
  std::fprintf(stderr, "[unit %d] %s:%d: check failed: %s\n", dash::is_initialized() ? int(dash::myid()) : -1,
               file, line, expr);
}

/// The exit status: non-zero if a check failed on this unit.
inline int result() { return failures == 0 ? 0 : 1; }

}  // namespace compat

#define CHECK(expr) compat::check(static_cast<bool>(expr), #expr, __FILE__, __LINE__)

#endif  // DASH_TEST_COMPAT_CHECK_H
