#ifndef DASH_DETAIL_ARRAY_CORE_H
#define DASH_DETAIL_ARRAY_CORE_H

// The state of a container that iterators, views and algorithms refer to:
// its pattern, its memory and the values of pending asynchronous writes.
// Containers keep it on the heap so that it does not move when the
// container does: iterators stay valid across moves, as for std::vector.

#include <cstddef>
#include <deque>

#include <dash/detail/global_memory.h>
#include <dash/GlobRef.h>
#include <dash/pattern/pattern.h>
#include <dash/Team.h>

namespace dash::detail {

template <typename T, std::size_t N>
struct ArrayCore {
  ArrayCore(const Pattern<N> &pat, const Team &team, const char *what)
      : pattern(pat, team), mem(team, pat.local_capacity(), what), myid(team.myid()) {}

  /// Reference to element `index` of unit `unit`.
  template <typename U = T>
  GlobRef<U> ref(std::size_t unit, std::size_t index) const {
    T *direct = mem.direct(unit);
    return GlobRef<U>(mem.gptr(unit, index), direct ? direct + index : nullptr);
  }

  /// Reference to the element at global coordinates `coords`.
  template <typename U = T>
  GlobRef<U> ref(const std::array<std::size_t, N> &coords) const {
    LocalIndex li = pattern.local(coords);
    return ref<U>(li.unit, li.index);
  }

  /// The whole index space as a view.
  Block<N> whole() const {
    Block<N> view;
    view.offsets.fill(0);
    view.extents = pattern.extents();
    return view;
  }

  Pattern<N> pattern;
  GlobalMemory<T> mem;
  std::size_t myid;
  // Sources of asynchronous puts until the next flush (stable addresses).
  mutable std::deque<T> async_values;
};

}  // namespace dash::detail

#endif  // DASH_DETAIL_ARRAY_CORE_H
