#ifndef DASH_DETAIL_PIECES_H
#define DASH_DETAIL_PIECES_H

// Enumerates the elements of a global range in pieces that are contiguous
// in some unit's local memory.
//
// A range is given by a view (a box of global coordinates, the whole index
// space for a container) and positions [first, last) inside the view. The
// order of positions (GlobPtr.h): a view of the whole container goes in
// the pattern's global order (position = global index), any other view
// over its box in the pattern's memory_order().
//
// Pattern<N> (ROW_MAJOR) ranges are first cut into at most 2N-1 boxes,
// then:
//  - for_each_local_piece visits the calling unit's part: per dimension it
//    intersects the box with the unit's blocks, so the cost is proportional
//    to the unit's own pieces, not to the range;
//  - for_each_global_piece visits every unit's part in range order, using
//    the pattern's run enumeration over maximal linear index segments.
// Any other pattern type (see the pattern concept in array_core.h): the
// local pieces come from the unit's local blocks intersected with the view
// (cost: the unit's blocks plus its elements in the view), the global
// pieces from the pattern's for_each_run for a whole container, else
// element by element.

#include <algorithm>
#include <array>
#include <cstddef>
#include <type_traits>
#include <vector>

#include <dash/pattern/pattern.h>

namespace dash::detail {

template <std::size_t N>
using Coords = std::array<std::size_t, N>;

/// Pattern<N, A>: its global order is the linear memory_order() order of
/// the global coordinates.
template <typename P>
struct is_linear_pattern : std::false_type {};
template <std::size_t N, MemArrange A, typename I>
struct is_linear_pattern<Pattern<N, A, I>> : std::true_type {};
/// Pattern<N, ROW_MAJOR>: the fast paths.
template <typename P>
constexpr bool is_row_major_pattern_v =
    std::conjunction_v<is_linear_pattern<P>, std::bool_constant<P::memory_order() == ROW_MAJOR>>;

/// Global coordinates of position `pos` of the box `view`, in Order.
template <MemArrange Order, std::size_t N>
Coords<N> view_coords(const Block<N> &view, std::size_t pos) {
  Coords<N> c = linear_coords<Order>(pos, view.extents);
  for (std::size_t d = 0; d < N; ++d) c[d] += view.offsets[d];
  return c;
}

/// Position of global coordinates `c` (inside the box `view`), in Order.
template <MemArrange Order, std::size_t N>
std::size_t view_pos(const Block<N> &view, const Coords<N> &c) {
  Coords<N> rel;
  for (std::size_t d = 0; d < N; ++d) rel[d] = c[d] - view.offsets[d];
  return linear_index<Order>(rel, view.extents);
}

/// True if `view` is the whole index space of `pattern`.
template <typename P, std::size_t N>
bool covers(const P &pattern, const Block<N> &view) {
  for (std::size_t d = 0; d < N; ++d)
    if (view.offsets[d] != 0 || view.extents[d] != pattern.extent(d)) return false;
  return true;
}

/// Global coordinates of position `pos` of `view` of a container over
/// `pattern` (the order above).
template <typename P, std::size_t N>
Coords<N> position_coords(const P &pattern, const Block<N> &view, std::size_t pos) {
  if constexpr (!is_linear_pattern<P>::value)
    if (covers(pattern, view)) return pattern.coords(pos);
  return view_coords<P::memory_order()>(view, pos);
}

/// Position of global coordinates `c` in `view` (inverse of
/// position_coords).
template <typename P, std::size_t N>
std::size_t coords_position(const P &pattern, const Block<N> &view, const Coords<N> &c) {
  if constexpr (!is_linear_pattern<P>::value)
    if (covers(pattern, view)) return pattern.global_index(c);
  return view_pos<P::memory_order()>(view, c);
}

/// The row-major positions [first, last) of `view` as boxes of global
/// coordinates, in range order (at most 2N-1 of them).
template <std::size_t N>
std::vector<Block<N>> range_boxes(const Block<N> &view, std::size_t first, std::size_t last) {
  std::vector<Block<N>> boxes;
  Coords<N> prefix{};
  // Splits [first, last) of the sub-array of dimensions >= d (dimensions
  // < d fixed at prefix).
  auto split = [&](auto &&self, std::size_t d, std::size_t lo, std::size_t hi) -> void {
    if (lo >= hi) return;
    auto add = [&](std::size_t from, std::size_t to) {  // rows [from, to) of dimension d
      Block<N> box;
      for (std::size_t e = 0; e < N; ++e) {
        box.offsets[e] = view.offsets[e] + (e < d ? prefix[e] : 0);
        box.extents[e] = e < d ? 1 : view.extents[e];
      }
      box.offsets[d] = view.offsets[d] + from;
      box.extents[d] = to - from;
      boxes.push_back(box);
    };
    if (d == N - 1) return add(lo, hi);
    std::size_t inner = 1;
    for (std::size_t e = d + 1; e < N; ++e) inner *= view.extents[e];
    std::size_t r0 = lo / inner, o0 = lo % inner, r1 = hi / inner, o1 = hi % inner;
    if (r0 == r1) {
      prefix[d] = r0;
      return self(self, d + 1, o0, o1);
    }
    if (o0 != 0) {
      prefix[d] = r0;
      self(self, d + 1, o0, inner);
      ++r0;
    }
    if (r0 < r1) add(r0, r1);
    if (o1 != 0) {
      prefix[d] = r1;
      self(self, d + 1, 0, o1);
    }
  };
  split(split, 0, first, last);
  return boxes;
}

/// The calling unit's coordinate intervals along dimension `d` within
/// [lo, hi): its blocks there, in increasing order.
template <typename P>
void unit_intervals(const P &pattern, std::size_t d, std::size_t ucoord, std::size_t lo, std::size_t hi,
                    std::vector<std::array<std::size_t, 2>> &out) {
  out.clear();
  pattern.unit_intervals(d, ucoord, lo, hi, out);
}

/// A piece of a range on one unit: local indices [lindex, lindex + len),
/// view positions [pos, pos + len), global indices [gindex, gindex + len).
struct LocalPiece {
  std::size_t lindex, len, pos, gindex;
};

/// Pattern<N> (ROW_MAJOR): for_each_local_piece.
template <typename P, std::size_t N, typename F>
void row_major_local_pieces(const P &pattern, const Block<N> &view, std::size_t first, std::size_t last,
                            std::size_t unit, F &&f) {
  if (first >= last || pattern.local_size(unit) == 0) return;
  Coords<N> ucoords = pattern.teamspec().coords(unit);
  std::array<std::vector<std::array<std::size_t, 2>>, N> iv;
  LocalPiece pending{0, 0, 0, 0};
  auto emit = [&](const LocalPiece &piece) {
    if (pending.len > 0 && pending.lindex + pending.len == piece.lindex &&
        pending.pos + pending.len == piece.pos && pending.gindex + pending.len == piece.gindex) {
      pending.len += piece.len;
      return;
    }
    if (pending.len > 0) f(static_cast<const LocalPiece &>(pending));
    pending = piece;
  };
  for (const Block<N> &box : range_boxes(view, first, last)) {
    bool empty = false;
    for (std::size_t d = 0; d < N && !empty; ++d) {
      unit_intervals(pattern, d, ucoords[d], box.offsets[d], box.offsets[d] + box.extents[d], iv[d]);
      empty = iv[d].empty();
    }
    if (empty) continue;
    // Odometer over the coordinates of dimensions 0 .. N-2 (interval k[d],
    // coordinate c[d]); each step visits the last dimension's intervals.
    std::array<std::size_t, N> k{};
    Coords<N> c;
    for (std::size_t d = 0; d < N; ++d) c[d] = iv[d][0][0];
    for (;;) {
      for (const auto &interval : iv[N - 1]) {
        c[N - 1] = interval[0];
        LocalIndex li = pattern.local(c);
        emit({li.index, interval[1] - interval[0], view_pos<ROW_MAJOR>(view, c), pattern.global_index(c)});
      }
      std::size_t d = N - 1;
      while (d-- > 0) {
        if (++c[d] < iv[d][k[d]][1]) break;
        if (++k[d] < iv[d].size()) {
          c[d] = iv[d][k[d]][0];
          break;
        }
        k[d] = 0;
        c[d] = iv[d][0][0];
      }
      if (d == static_cast<std::size_t>(-1)) break;
    }
  }
  if (pending.len > 0) f(static_cast<const LocalPiece &>(pending));
}

/// Any other pattern type: for_each_local_piece.
template <typename P, std::size_t N, typename F>
void generic_local_pieces(const P &pattern, const Block<N> &view, std::size_t first, std::size_t last,
                          std::size_t unit, F &&f) {
  if (first >= last) return;
  std::vector<LocalPiece> pieces;  // in the order of the unit's blocks
  for (std::size_t lb = 0, nb = pattern.local_nblocks(unit); lb < nb; ++lb) {
    Block<N> box = pattern.local_block(unit, lb);
    bool empty = false;
    for (std::size_t d = 0; d < N && !empty; ++d) {
      std::size_t lo = std::max(box.offsets[d], view.offsets[d]);
      std::size_t hi = std::min(box.offsets[d] + box.extents[d], view.offsets[d] + view.extents[d]);
      empty = lo >= hi;
      box.offsets[d] = lo;
      box.extents[d] = empty ? 0 : hi - lo;
    }
    if (empty) continue;
    for (std::size_t i = 0, n = box.size(); i < n; ++i) {
      Coords<N> c = view_coords<P::memory_order()>(box, i);
      std::size_t pos = coords_position(pattern, view, c);
      if (pos < first || pos >= last) continue;
      LocalPiece piece{pattern.local(c).index, 1, pos, pattern.global_index(c)};
      LocalPiece *back = pieces.empty() ? nullptr : &pieces.back();
      if (back && back->lindex + back->len == piece.lindex && back->pos + back->len == piece.pos &&
          back->gindex + back->len == piece.gindex)
        ++back->len;
      else
        pieces.push_back(piece);
    }
  }
  std::sort(pieces.begin(), pieces.end(),
            [](const LocalPiece &a, const LocalPiece &b) { return a.pos < b.pos; });
  LocalPiece pending{0, 0, 0, 0};
  for (const LocalPiece &piece : pieces) {
    if (pending.len > 0 && pending.lindex + pending.len == piece.lindex &&
        pending.pos + pending.len == piece.pos && pending.gindex + pending.len == piece.gindex) {
      pending.len += piece.len;
      continue;
    }
    if (pending.len > 0) f(static_cast<const LocalPiece &>(pending));
    pending = piece;
  }
  if (pending.len > 0) f(static_cast<const LocalPiece &>(pending));
}

/// Calls f(const LocalPiece&) for the pieces of positions [first, last) of
/// `view` stored on `unit`, in range order, merged where contiguous.
template <typename P, std::size_t N, typename F>
void for_each_local_piece(const P &pattern, const Block<N> &view, std::size_t first, std::size_t last,
                          std::size_t unit, F &&f) {
  if constexpr (is_row_major_pattern_v<P>)
    row_major_local_pieces(pattern, view, first, last, unit, f);
  else
    generic_local_pieces(pattern, view, first, last, unit, f);
}

/// A piece of a range on any unit: local indices [lindex, lindex + len) of
/// `unit`, view positions [pos, pos + len).
struct GlobalPiece {
  std::size_t unit, lindex, len, pos;
};

/// Calls f(const GlobalPiece&) for all pieces of positions [first, last) of
/// `view`, in range order.
template <typename P, std::size_t N, typename F>
void for_each_global_piece(const P &pattern, const Block<N> &view, std::size_t first, std::size_t last,
                           F &&f) {
  if constexpr (!is_row_major_pattern_v<P>) {
    if (covers(pattern, view)) {  // positions are global indices
      std::size_t pos = first;
      pattern.for_each_run(first, last, [&](const LocalRun &run) {
        f(GlobalPiece{run.unit, run.offset, run.length, pos});
        pos += run.length;
      });
      return;
    }
    GlobalPiece pending{0, 0, 0, 0};
    for (std::size_t pos = first; pos < last; ++pos) {
      LocalIndex li = pattern.local(view_coords<P::memory_order()>(view, pos));
      if (pending.len > 0 && li.unit == pending.unit && li.index == pending.lindex + pending.len) {
        ++pending.len;
        continue;
      }
      if (pending.len > 0) f(static_cast<const GlobalPiece &>(pending));
      pending = GlobalPiece{li.unit, li.index, 1, pos};
    }
    if (pending.len > 0) f(static_cast<const GlobalPiece &>(pending));
    return;
  }
  for (const Block<N> &box : range_boxes(view, first, last)) {
    // Dimensions after k are whole: each combination of coordinates in
    // dimensions < k is one linear segment of global indices.
    std::size_t k = N - 1;
    while (k > 0 && box.offsets[k] == 0 && box.extents[k] == pattern.extent(k)) --k;
    std::size_t seglen = box.extents[k];
    for (std::size_t d = k + 1; d < N; ++d) seglen *= pattern.extent(d);
    Coords<N> c{};
    for (std::size_t d = 0; d <= k; ++d) c[d] = box.offsets[d];
    for (;;) {
      std::size_t g0 = pattern.global_index(c), pos = view_pos<ROW_MAJOR>(view, c);
      pattern.for_each_run(g0, g0 + seglen, [&](const LocalRun &run) {
        f(GlobalPiece{run.unit, run.offset, run.length, pos});
        pos += run.length;
      });
      std::size_t d = k;
      while (d-- > 0) {
        if (++c[d] < box.offsets[d] + box.extents[d]) break;
        c[d] = box.offsets[d];
      }
      if (d == static_cast<std::size_t>(-1)) break;
    }
  }
}

}  // namespace dash::detail

#endif  // DASH_DETAIL_PIECES_H
