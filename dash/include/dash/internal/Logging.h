#ifndef DASH_INTERNAL_LOGGING_H
#define DASH_INTERNAL_LOGGING_H

// Diagnostic messages on stderr, by level, under DASH's macro names:
//
//   DASH_LOG_DEBUG("Matrix.allocate", "extents:", rows, cols);
//   DASH_LOG_DEBUG_VAR("Matrix.allocate", rows);     // "rows: 10"
//
// prints "[ unit 2 ] DEBUG matrix.cc:42 | Matrix.allocate extents: 10 20".
// The environment variable DASH_LOG_LEVEL (read once) chooses what is
// printed: NONE, ERROR, WARN (the default), INFO, DEBUG or TRACE, each
// level including the ones before it. The arguments are evaluated only if
// their level is printed; each message is one write, so lines of different
// units do not interleave. Arguments are streamed with <<; ranges without
// one (std::vector, std::array, extents) print as "{ e0 e1 ... }".

#include <iterator>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>

// As DASH's: code that logs gets dash__unused and the other helper macros.
#include <dash/internal/Macro.h>

namespace dash::detail {

enum class LogLevel { None, Error, Warn, Info, Debug, Trace };

/// The level chosen by DASH_LOG_LEVEL.
LogLevel log_level();

/// "NONE", "ERROR", ... "TRACE".
const char *log_level_name(LogLevel level);

/// Writes one message line (with unit, level and place) to stderr.
void log_write(LogLevel level, const char *file, int line, const std::string &text);

template <typename T, typename = void>
struct is_streamable : std::false_type {};
template <typename T>
struct is_streamable<T, std::void_t<decltype(std::declval<std::ostream &>() << std::declval<const T &>())>>
    : std::true_type {};

template <typename T, typename = void>
struct is_iterable : std::false_type {};
template <typename T>
struct is_iterable<
    T, std::void_t<decltype(std::declval<const T &>().begin() != std::declval<const T &>().end())>>
    : std::true_type {};

template <typename T>
void log_item(std::ostream &os, const T &item) {
  if constexpr (is_streamable<T>::value) {
    os << item;
  } else if constexpr (!is_iterable<T>::value) {
    os << "<?>";  // neither streamable nor a range: logged as a placeholder
  } else {
    os << "{";
    for (const auto &e : item) {
      os << " ";
      log_item(os, e);
    }
    os << " }";
  }
}

template <typename... Args>
void log(LogLevel level, const char *file, int line, const Args &...args) {
  std::ostringstream os;
  const char *sep = "";
  ((os << sep, log_item(os, args), sep = " "), ...);
  log_write(level, file, line, os.str());
}

}  // namespace dash::detail

#define DASH_LOG_AT_(level, ...)                                                             \
  do {                                                                                       \
    if (::dash::detail::log_level() >= ::dash::detail::LogLevel::level)                      \
      ::dash::detail::log(::dash::detail::LogLevel::level, __FILE__, __LINE__, __VA_ARGS__); \
  } while (0)

#define DASH_LOG_ERROR(...) DASH_LOG_AT_(Error, __VA_ARGS__)
#define DASH_LOG_WARN(...) DASH_LOG_AT_(Warn, __VA_ARGS__)
#define DASH_LOG_INFO(...) DASH_LOG_AT_(Info, __VA_ARGS__)
#define DASH_LOG_DEBUG(...) DASH_LOG_AT_(Debug, __VA_ARGS__)
#define DASH_LOG_TRACE(...) DASH_LOG_AT_(Trace, __VA_ARGS__)

/// `context`, then the name of `var` and its value.
#define DASH_LOG_ERROR_VAR(context, var) DASH_LOG_AT_(Error, context, #var ":", var)
#define DASH_LOG_WARN_VAR(context, var) DASH_LOG_AT_(Warn, context, #var ":", var)
#define DASH_LOG_INFO_VAR(context, var) DASH_LOG_AT_(Info, context, #var ":", var)
#define DASH_LOG_DEBUG_VAR(context, var) DASH_LOG_AT_(Debug, context, #var ":", var)
#define DASH_LOG_TRACE_VAR(context, var) DASH_LOG_AT_(Trace, context, #var ":", var)

#endif  // DASH_INTERNAL_LOGGING_H
