#ifndef DASH_PATTERN_INTERNAL_PATTERN_LOGGING_H
#define DASH_PATTERN_INTERNAL_PATTERN_LOGGING_H

// dash::internal::print_pattern_mapping, as DASH's: logs (DASH_LOG_DEBUG)
// a table of f(pattern, x, y) over the coordinates of a two-dimensional
// pattern, one line per x (first coordinate), each value in a field of
// `width` characters:
//
//   dash::internal::print_pattern_mapping("pattern.unit_at", pattern, 3,
//     [](const pattern_t &p, int x, int y) { return p.unit_at(std::array<long, 2>{{x, y}}); });

#include <iomanip>
#include <sstream>
#include <string>

#include <dash/internal/Logging.h>
#include <dash/internal/StreamConversion.h>

namespace dash::internal {

template <typename PatternT, typename F>
void print_pattern_mapping(const std::string &name, const PatternT &pattern, int width, F &&f) {
  static_assert(PatternT::ndim() == 2, "print_pattern_mapping: two-dimensional patterns");
  DASH_LOG_DEBUG("print_pattern_mapping", name);
  for (std::size_t x = 0; x < pattern.extent(0); ++x) {
    std::ostringstream line;
    for (std::size_t y = 0; y < pattern.extent(1); ++y)
      line << std::setw(width) << f(pattern, static_cast<int>(x), static_cast<int>(y)) << " ";
    DASH_LOG_DEBUG("print_pattern_mapping", name, line.str());
  }
}

}  // namespace dash::internal

#endif  // DASH_PATTERN_INTERNAL_PATTERN_LOGGING_H
