#ifndef DASH_INTERNAL_ARRAY_CORE_H
#define DASH_INTERNAL_ARRAY_CORE_H

// The state of a container that iterators, views and algorithms refer to:
// its pattern, its memory and the values of pending asynchronous writes.
// Containers keep it on the heap so that it does not move when the
// container does: iterators stay valid across moves, as for std::vector.
//
// The pattern concept: containers, their iterators, views and algorithms
// take any pattern type P (a template parameter, the pattern stored by
// value: no virtual calls) that has, with coords_type = extents_type =
// std::array<std::size_t, N> and unit/index/size arguments std::size_t:
//
//   P::ndim(), P::memory_order()     static constexpr: N, ROW_MAJOR/COL_MAJOR
//   P(const P &p, const Team &team)  p bound to team; throws
//                                    std::invalid_argument unless
//                                    team.size() == p.nunits()
//   size(), extents(), extent(d), nunits(), operator==/!=
//   ucoords(gindex) (unsigned; coords(gindex) is DASH's signed one), global_index(gcoords)
//                                    the global order (that of iterators
//                                    over a whole container)
//   local(gcoords), local(gindex)    -> LocalIndex {owner, local index}
//   local_size(unit), local_extents(unit), local_capacity()
//   local_index(unit, lcoords), global(unit, lcoords),
//   global_of_local(unit, lindex)    local coordinates <-> memory, global
//   is_tiled()                       local rows are not contiguous
//   block(gblock), local_nblocks(unit), local_block(unit, lblock)
//                                    -> Block<N> in global coordinates; a
//                                    unit's local blocks cover its elements,
//                                    and along the fastest dimension of
//                                    memory_order() inside a block local
//                                    and global indices are consecutive
//                                    (iterator/internal/ContiguousRange.h moves rows of blocks)
//
// dash::Pattern<N, A>, ShiftTilePattern<N, A> and SeqTilePattern<N, A>
// are such types. Pattern<N> (ROW_MAJOR) has fast paths in iterator/internal/ContiguousRange.h
// and local_view.h; every other type goes through the members above.

#include <cstddef>

#include <dash/internal/GlobalMemory.h>
#include <dash/GlobRef.h>
#include <dash/pattern/BlockPattern.h>
#include <dash/Team.h>

namespace dash::detail {

template <typename T, std::size_t N, typename P = Pattern<N>>
struct ArrayCore {
  static_assert(P::ndim() == N, "dash: the pattern type has another number of dimensions than the container");
  using pattern_type = P;

  ArrayCore(const P &pat, const Team &team, const char *what)
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
    view.offsets().fill(0);
    view.extents() = pattern.extents();
    return view;
  }

  P pattern;
  GlobalMemory<T> mem;
  std::size_t myid;
};

}  // namespace dash::detail

#endif  // DASH_INTERNAL_ARRAY_CORE_H
