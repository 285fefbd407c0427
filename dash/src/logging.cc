#include <dash/internal/Logging.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <dash/Init.h>
#include <dash/internal/Settings.h>

namespace dash::detail {

LogLevel log_level() { return settings().log_level; }

void log_write(LogLevel level, const char *file, int line, const std::string &text) {
  const char *base = std::strrchr(file, '/');
  std::string unit = is_initialized() ? std::to_string(int(myid())) : "-";
  std::string msg = "[ unit " + unit + " ] " + log_level_name(level) + " " + (base ? base + 1 : file) + ":" +
                    std::to_string(line) + " | " + text + "\n";
  std::fwrite(msg.data(), 1, msg.size(), stderr);
}

}  // namespace dash::detail
