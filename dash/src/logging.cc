#include <dash/internal/Logging.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <strings.h>

#include <dash/Init.h>

namespace dash::detail {

namespace {
const char *const level_names[] = {"NONE", "ERROR", "WARN", "INFO", "DEBUG", "TRACE"};

LogLevel level_from_env() {
  const char *value = std::getenv("DASH_LOG_LEVEL");
  if (!value || !*value) return LogLevel::Warn;
  for (int l = 0; l <= int(LogLevel::Trace); ++l)
    if (strcasecmp(value, level_names[l]) == 0) return LogLevel(l);
  std::fprintf(stderr,
               "dash: DASH_LOG_LEVEL=%s is not one of NONE, ERROR, WARN, INFO, DEBUG, "
               "TRACE; using WARN\n",
               value);
  return LogLevel::Warn;
}
}  // namespace

LogLevel log_level() {
  static const LogLevel level = level_from_env();
  return level;
}

void log_write(LogLevel level, const char *file, int line, const std::string &text) {
  const char *base = std::strrchr(file, '/');
  std::string unit = is_initialized() ? std::to_string(int(myid())) : "-";
  std::string msg = "[ unit " + unit + " ] " + level_names[int(level)] + " " + (base ? base + 1 : file) +
                    ":" + std::to_string(line) + " | " + text + "\n";
  std::fwrite(msg.data(), 1, msg.size(), stderr);
}

}  // namespace dash::detail
