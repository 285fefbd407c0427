#include <dash/Exception.h>

#include <execinfo.h>
#include <unistd.h>

#include <dart/init.h>
#include <dash/Init.h>

namespace dash::detail {

std::string unit_prefix() {
  return is_initialized() ? "[ Unit " + std::to_string(int(myid())) + " ] " : "[ Unit - ] ";
}

void throw_dart_error(dart_ret_t status, const char *call) {
  std::string message = std::string("dash: ") + call + " failed: " + dart_strerror(status);
  const char *detail = dart_last_error();
  if (detail && *detail) message += std::string(" (") + detail + ")";
  if (status == DART_ERR_NOTINIT) throw NotInitialized(message);
  throw RuntimeError(message, status);
}

}  // namespace dash::detail

void dash__print_stacktrace(std::FILE *out, unsigned int max_frames) {
  void *frames[256];
  int n = backtrace(frames, static_cast<int>(max_frames < 256 ? max_frames + 1 : 256));
  std::string prefix = dash::detail::unit_prefix() + "stack trace:\n";
  std::fflush(out);
  int fd = fileno(out);
  (void)!write(fd, prefix.data(), prefix.size());
  backtrace_symbols_fd(frames, n, fd);
}
