#ifndef DASH_ALGORITHM_INTERNAL_STRING_H
#define DASH_ALGORITHM_INTERNAL_STRING_H

// dash::internal::common_prefix, as DASH's: the longest common prefix of two
// strings, or of all strings of a sequence container ("" for none).
//
//   common_prefix(std::vector<std::string>{"node.0", "node.1"}) == "node."

#include <algorithm>
#include <cstddef>
#include <string>

namespace dash::internal {

/// The longest common prefix of two strings (anything std::string can be
/// made of).
template <typename String>
std::string common_prefix(String first, String second) {
  const std::string a(first), b(second);
  std::size_t n = 0;
  const std::size_t limit = std::min(a.size(), b.size());
  while (n < limit && a[n] == b[n]) ++n;
  return a.substr(0, n);
}

/// The longest common prefix of all strings of a container.
template <typename SeqContainer>
std::string common_prefix(const SeqContainer &strings) {
  if (strings.size() == 0) return std::string();
  std::string prefix(*strings.begin());
  for (const auto &s : strings) prefix = common_prefix<std::string>(prefix, std::string(s));
  return prefix;
}

}  // namespace dash::internal

#endif  // DASH_ALGORITHM_INTERNAL_STRING_H
