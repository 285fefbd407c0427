#ifndef DASH_INTERNAL_STREAM_CONVERSION_H
#define DASH_INTERNAL_STREAM_CONVERSION_H

// DASH's stream output of std::array (extents, coordinates) as
// "{ e0 e1 ... }", the form DASH_LOG_* prints them in. Found by code in
// namespace dash or with `using namespace dash`.

#include <array>
#include <cstddef>
#include <ostream>

namespace dash {

template <typename T, std::size_t N>
std::ostream &operator<<(std::ostream &os, const std::array<T, N> &values) {
  os << "{";
  for (const T &v : values) os << " " << v;
  return os << " }";
}

}  // namespace dash

#endif  // DASH_INTERNAL_STREAM_CONVERSION_H
