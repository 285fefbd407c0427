#ifndef DASH_EXCEPTION_OUT_OF_RANGE_H
#define DASH_EXCEPTION_OUT_OF_RANGE_H

#include <stdexcept>

namespace dash {
namespace exception {
/// Checked access outside a container or index space: the standard exception.
using OutOfRange = std::out_of_range;
}  // namespace exception
}  // namespace dash

#endif  // DASH_EXCEPTION_OUT_OF_RANGE_H
