#ifndef DASH_LAUNCHPOLICY_H
#define DASH_LAUNCHPOLICY_H

// dash::launch: whether an operation that offers both runs to completion
// before it returns (sync) or returns a dash::Future (async).

#include <cstdint>

namespace dash {

enum class launch : std::uint16_t {
  sync = 0x1,
  async = 0x2,
};

}  // namespace dash

#endif  // DASH_LAUNCHPOLICY_H
