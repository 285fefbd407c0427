#ifndef DASH_EXCEPTION_RUNTIME_ERROR_H
#define DASH_EXCEPTION_RUNTIME_ERROR_H

#include <stdexcept>
#include <string>

#include <dart/types.h>

namespace dash {

/// A DART call failed. what() names the call and DART's explanation.
class RuntimeError : public std::runtime_error {
 public:
  RuntimeError(const std::string &message, dart_ret_t status = DART_ERR_OTHER)
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
  explicit NotInitialized(const std::string &message) : RuntimeError(message, DART_ERR_NOTINIT) {}
};

namespace exception {
using RuntimeError = dash::RuntimeError;
}  // namespace exception

}  // namespace dash

#endif  // DASH_EXCEPTION_RUNTIME_ERROR_H
