#ifndef DASH_EXCEPTION_ASSERTION_FAILED_H
#define DASH_EXCEPTION_ASSERTION_FAILED_H

#include <stdexcept>

namespace dash {
namespace exception {
/// A DASH_ASSERT* check failed. what(): the unit, the check and its place.
class AssertionFailed : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};
}  // namespace exception
}  // namespace dash

#endif  // DASH_EXCEPTION_ASSERTION_FAILED_H
