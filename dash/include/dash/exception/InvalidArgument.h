#ifndef DASH_EXCEPTION_INVALID_ARGUMENT_H
#define DASH_EXCEPTION_INVALID_ARGUMENT_H

#include <stdexcept>

namespace dash {
namespace exception {
/// Arguments that do not fit together. The standard exception, so that code
/// catching std::invalid_argument (or std::logic_error) sees it too.
using InvalidArgument = std::invalid_argument;
}  // namespace exception
}  // namespace dash

#endif  // DASH_EXCEPTION_INVALID_ARGUMENT_H
