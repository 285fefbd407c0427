#ifndef DASH_ITERATOR_INTERNAL_GLOBPTRBASE_H
#define DASH_ITERATOR_INTERNAL_GLOBPTRBASE_H

// The arithmetic of global pointers that cross unit boundaries: the parts
// of a team's units lie one after another in unit order (a contiguous
// memory space, the elements of a GlobHeapMem), so a pointer is a (unit,
// offset) pair and, equally, a position in that sequence. GlobMemPtr
// counts in bytes, GlobHeapPtr in elements; `part_size(u)` gives the size
// of unit u's part in that unit.

#include <cstddef>
#include <utility>

namespace dash::detail {

/// The position of `offset` in team-relative unit `unit`'s part: the sizes
/// of the parts before it plus the offset.
template <typename Index, typename PartSize>
Index unit_order_position(std::size_t unit, Index offset, PartSize &&part_size) {
  for (std::size_t u = 0; u < unit; ++u) offset += static_cast<Index>(part_size(u));
  return offset;
}

/// The (unit, offset) of position `pos`: the last unit whose part begins at
/// or before pos, so the end of a part is the beginning of the next
/// non-empty one and positions at or past the end lie in the last unit.
/// Before the beginning (p - 1 of the first element): unit 0 and a
/// negative offset, never dereferenced.
template <typename Index, typename PartSize>
std::pair<std::size_t, Index> unit_order_locate(Index pos, std::size_t nunits, PartSize &&part_size) {
  std::size_t unit = 0;
  while (unit + 1 < nunits && pos >= static_cast<Index>(part_size(unit)))
    pos -= static_cast<Index>(part_size(unit++));
  return {unit, pos};
}

}  // namespace dash::detail

#endif  // DASH_ITERATOR_INTERNAL_GLOBPTRBASE_H
