#ifndef DASH_EXCEPTION_H
#define DASH_EXCEPTION_H

// The exceptions of the library, and the one place where DART status codes
// become exceptions (detail::check).
//
// Misuse the library detects itself is reported with standard exceptions:
//  - std::out_of_range: checked access (at()) outside the container;
//  - std::invalid_argument: arguments that do not fit together (iterators
//    of different containers, transform between different patterns, a
//    pattern for another number of units than the team has, ...).
// Failures reported by the runtime become dash::RuntimeError, or
// dash::NotInitialized when the runtime is not running (use before
// dash::init or after dash::finalize).

#include <stdexcept>
#include <string>

#include <dart/types.h>

namespace dash {

/// A DART call failed. what() names the call and DART's explanation.
class RuntimeError : public std::runtime_error {
 public:
  RuntimeError(const std::string& message, dart_ret_t status = DART_ERR_OTHER)
      : std::runtime_error(message), status_(status) {}
  /// The DART status code (DART_ERR_OTHER for errors found by dash itself).
  dart_ret_t status() const { return status_; }

 private:
  dart_ret_t status_;
};

/// The runtime is not running: used before dash::init() or after
/// dash::finalize() (e.g. a container that outlived finalize).
class NotInitialized : public RuntimeError {
 public:
  explicit NotInitialized(const std::string& message)
      : RuntimeError(message, DART_ERR_NOTINIT) {}
};

namespace detail {

/// Throws the exception for a failed DART call: `call` names it (e.g.
/// "dart_get_blocking"). Out of line: only the error path.
[[noreturn]] void throw_dart_error(dart_ret_t status, const char* call);

/// Turns a DART status into an exception; the one helper every call uses.
inline void check(dart_ret_t status, const char* call) {
  if (__builtin_expect(status != DART_OK, 0)) throw_dart_error(status, call);
}

}  // namespace detail
}  // namespace dash

#endif  // DASH_EXCEPTION_H
