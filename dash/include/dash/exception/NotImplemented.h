#ifndef DASH_EXCEPTION_NOT_IMPLEMENTED_H
#define DASH_EXCEPTION_NOT_IMPLEMENTED_H

#include <stdexcept>

namespace dash {
namespace exception {
/// A combination of arguments that the library does not support (e.g. an
/// operation a pattern type cannot answer).
class NotImplemented : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};
}  // namespace exception
}  // namespace dash

#endif  // DASH_EXCEPTION_NOT_IMPLEMENTED_H
