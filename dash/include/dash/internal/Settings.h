#ifndef DASH_INTERNAL_SETTINGS_H
#define DASH_INTERNAL_SETTINGS_H

// The DASH_* environment variables the library reads, in one record, read
// once: at dash::init, or at the first use before it (a log line). The
// DART_* variables have their own record in DART (dart_config_get).
// docs/environment.md documents both; the test dash.settings_test checks
// its table against env_vars() and DART's record.

#include <cstddef>

#include <dash/internal/Logging.h>

namespace dash::detail {

struct Settings {
  LogLevel log_level = LogLevel::Warn;  ///< DASH_LOG_LEVEL
  /// DASH_SORT_THREADS (1-64); 0: the node's cores divided by its units.
  unsigned sort_threads = 0;
  /// DASH_READ_AHEAD: every thread reads ahead as in a dash::ReadAheadScope
  /// (internal/ReadAhead.h, docs/dash.md).
  bool read_ahead = false;
};

/// The record, read from the environment at the first call.
const Settings &settings();

/// One DASH_* variable: its name and its default as documented.
struct EnvVar {
  const char *name;
  const char *default_text;
};

/// Every variable of the record; `count` gets their number.
const EnvVar *env_vars(std::size_t &count);

}  // namespace dash::detail

#endif
