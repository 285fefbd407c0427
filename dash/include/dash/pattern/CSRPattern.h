#ifndef DASH_PATTERN_CSR_PATTERN_H
#define DASH_PATTERN_CSR_PATTERN_H

// CSRPattern<1>, as DASH's: a one-dimensional pattern with irregular local
// sizes, unit u owning the next local_sizes[u] elements:
//
//   std::vector<std::size_t> local_sizes{8, 12, 16};
//   dash::CSRPattern<1> pattern(local_sizes);
//   dash::Array<int, long, dash::CSRPattern<1>> array(pattern);

#include <cstddef>
#include <type_traits>

#include <dash/pattern/BlockPattern.h>

namespace dash {

// DASH's name for the 1-D Pattern with irregular local sizes (the
// constructor from local sizes). DASH's template arguments.
// (TilePattern is its own class:
// pattern/TilePattern.h.)
template <std::size_t N, MemArrange Arrangement = ROW_MAJOR, typename IndexType = default_index_t>
using CSRPattern = std::enable_if_t<N == 1, Pattern<N, Arrangement, IndexType>>;

}  // namespace dash

#endif  // DASH_PATTERN_CSR_PATTERN_H
