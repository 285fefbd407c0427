#include <dash/internal/Settings.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <strings.h>

namespace dash::detail {

namespace {
const char *const level_names[] = {"NONE", "ERROR", "WARN", "INFO", "DEBUG", "TRACE"};

const EnvVar vars[] = {
    {"DASH_LOG_LEVEL", "WARN"},
    {"DASH_SORT_THREADS", "0"},
    {"DASH_READ_AHEAD", "0"},
};

// A bad value is not fatal (DASH ignores it too): a warning, then the default.
LogLevel read_log_level(const char *value) {
  if (!value || !*value) return LogLevel::Warn;
  for (int l = 0; l <= int(LogLevel::Trace); ++l)
    if (strcasecmp(value, level_names[l]) == 0) return LogLevel(l);
  std::fprintf(stderr,
               "dash: DASH_LOG_LEVEL=%s is not one of NONE, ERROR, WARN, INFO, DEBUG, "
               "TRACE; using WARN\n",
               value);
  return LogLevel::Warn;
}

unsigned read_sort_threads(const char *value) {
  if (!value || !*value) return 0;
  char *end = nullptr;
  long n = std::strtol(value, &end, 10);
  if (*end != '\0' || n < 0) {
    std::fprintf(stderr, "dash: DASH_SORT_THREADS=%s is not a number of threads; using the default\n", value);
    return 0;
  }
  return static_cast<unsigned>(n > 64 ? 64 : n);
}

bool read_flag(const char *name, const char *value) {
  if (!value || !*value || std::strcmp(value, "0") == 0) return false;
  if (std::strcmp(value, "1") == 0) return true;
  std::fprintf(stderr, "dash: %s=%s is not 0 or 1; using 0\n", name, value);
  return false;
}

Settings read() {
  Settings s;
  s.log_level = read_log_level(std::getenv(vars[0].name));
  s.sort_threads = read_sort_threads(std::getenv(vars[1].name));
  s.read_ahead = read_flag(vars[2].name, std::getenv(vars[2].name));
  return s;
}
}  // namespace

const Settings &settings() {
  static const Settings s = read();
  return s;
}

const EnvVar *env_vars(std::size_t &count) {
  count = sizeof vars / sizeof vars[0];
  return vars;
}

const char *log_level_name(LogLevel level) { return level_names[int(level)]; }

}  // namespace dash::detail
