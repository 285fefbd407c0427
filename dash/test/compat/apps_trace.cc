// <dash/util/Trace.h> alone brings the standard headers DASH's does:
// Barnes-Hut (dash-apps, branch feat-barnes-hut) prints with std::cout
// having included only DASH's headers. Compiled without the shared
// precompiled libdash.h, which would bring them anyway.
#include <dash/util/Trace.h>

void compat_apps_trace_header() {
  std::ostringstream line;
  line << std::setw(4) << std::make_pair(1, 2).second;
  std::ofstream unused;
  std::cout << line.str().size() << '\n';
}
