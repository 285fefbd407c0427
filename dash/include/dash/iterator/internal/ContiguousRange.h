#ifndef DASH_ITERATOR_INTERNAL_CONTIGUOUS_RANGE_H
#define DASH_ITERATOR_INTERNAL_CONTIGUOUS_RANGE_H

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
// pieces are the rows of the units' local blocks intersected with the
// view, sorted by position: O(blocks + rows) arithmetic, never per
// element (the global pieces go over every unit's blocks).

#include <algorithm>
#include <array>
#include <cstddef>
#include <type_traits>
#include <vector>

#include <dash/pattern/BlockPattern.h>

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
  Coords<N> c = linear_coords<Order>(pos, view.extents());
  for (std::size_t d = 0; d < N; ++d) c[d] += view.offsets()[d];
  return c;
}

/// Position of global coordinates `c` (inside the box `view`), in Order.
template <MemArrange Order, std::size_t N>
std::size_t view_pos(const Block<N> &view, const Coords<N> &c) {
  Coords<N> rel;
  for (std::size_t d = 0; d < N; ++d) rel[d] = c[d] - view.offsets()[d];
  return linear_index<Order>(rel, view.extents());
}

/// True if `view` is the whole index space of `pattern`.
template <typename P, std::size_t N>
bool covers(const P &pattern, const Block<N> &view) {
  for (std::size_t d = 0; d < N; ++d)
    if (view.offsets()[d] != 0 || view.extents()[d] != pattern.extent(d)) return false;
  return true;
}

/// Global coordinates of position `pos` of `view` of a container over
/// `pattern` (the order above).
template <typename P, std::size_t N>
Coords<N> position_coords(const P &pattern, const Block<N> &view, std::size_t pos) {
  if constexpr (!is_linear_pattern<P>::value)
    if (covers(pattern, view)) return pattern.ucoords(pos);
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
        box.offsets()[e] = view.offsets()[e] + (e < d ? prefix[e] : 0);
        box.extents()[e] = e < d ? 1 : view.extents()[e];
      }
      box.offsets()[d] = view.offsets()[d] + from;
      box.extents()[d] = to - from;
      boxes.push_back(box);
    };
    if (d == N - 1) return add(lo, hi);
    std::size_t inner = 1;
    for (std::size_t e = d + 1; e < N; ++e) inner *= view.extents()[e];
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
  Coords<N> ucoords = pattern.teamspec().unit_coords(unit);
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
      unit_intervals(pattern, d, ucoords[d], box.offsets()[d], box.offsets()[d] + box.extents()[d], iv[d]);
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

/// Any other pattern type: calls f(const LocalPiece&) for the rows of
/// `unit`'s local blocks inside `view` (along the fastest dimension of
/// memory_order()) cut to positions [first, last), in the order of the
/// unit's blocks. A row is one piece: along it local indices, global
/// indices and positions are consecutive (the pattern concept).
template <typename P, std::size_t N, typename F>
void for_each_block_row(const P &pattern, const Block<N> &view, std::size_t first, std::size_t last,
                        std::size_t unit, F &&f) {
  constexpr std::size_t fast = dim_by_order<P::memory_order(), N>(N - 1);
  for (std::size_t lb = 0, nb = pattern.local_nblocks(unit); lb < nb; ++lb) {
    Block<N> box = pattern.local_block(unit, lb);
    bool empty = false;
    for (std::size_t d = 0; d < N && !empty; ++d) {
      std::size_t lo = std::max(box.offsets()[d], view.offsets()[d]);
      std::size_t hi = std::min(box.offsets()[d] + box.extents()[d], view.offsets()[d] + view.extents()[d]);
      empty = lo >= hi;
      box.offsets()[d] = lo;
      box.extents()[d] = empty ? 0 : hi - lo;
    }
    if (empty) continue;
    const std::size_t len = box.extents()[fast];
    Block<N> starts = box;  // the first element of each row
    starts.extents()[fast] = 1;
    for (std::size_t i = 0, n = starts.size(); i < n; ++i) {
      Coords<N> c = view_coords<P::memory_order()>(starts, i);
      std::size_t pos = coords_position(pattern, view, c);
      std::size_t lo = std::max(pos, first), hi = std::min(pos + len, last);
      if (lo >= hi) continue;
      c[fast] += lo - pos;
      f(LocalPiece{pattern.local(c).index, hi - lo, lo, pattern.global_index(c)});
    }
  }
}

/// Sorts `pieces` by position and merges those that continue each other
/// (same unit, consecutive local index and position).
template <typename Piece>
void sort_and_merge(std::vector<Piece> &pieces, bool (*continues)(const Piece &, const Piece &)) {
  std::sort(pieces.begin(), pieces.end(), [](const Piece &a, const Piece &b) { return a.pos < b.pos; });
  std::size_t out = 0;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    if (out > 0 && continues(pieces[out - 1], pieces[i]))
      pieces[out - 1].len += pieces[i].len;
    else
      pieces[out++] = pieces[i];
  }
  pieces.resize(out);
}

inline bool local_piece_continues(const LocalPiece &a, const LocalPiece &b) {
  return a.lindex + a.len == b.lindex && a.pos + a.len == b.pos && a.gindex + a.len == b.gindex;
}

/// Any other pattern type: for_each_local_piece.
template <typename P, std::size_t N, typename F>
void generic_local_pieces(const P &pattern, const Block<N> &view, std::size_t first, std::size_t last,
                          std::size_t unit, F &&f) {
  if (first >= last) return;
  std::vector<LocalPiece> pieces;
  for_each_block_row(pattern, view, first, last, unit, [&](const LocalPiece &piece) {
    if (!pieces.empty() && local_piece_continues(pieces.back(), piece))
      pieces.back().len += piece.len;
    else
      pieces.push_back(piece);
  });
  sort_and_merge(pieces, &local_piece_continues);
  for (const LocalPiece &piece : pieces) f(piece);
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

inline bool global_piece_continues(const GlobalPiece &a, const GlobalPiece &b) {
  return a.unit == b.unit && a.lindex + a.len == b.lindex && a.pos + a.len == b.pos;
}

/// Pattern<N> (ROW_MAJOR): for_each_global_piece.
template <typename P, std::size_t N, typename F>
void row_major_global_pieces(const P &pattern, const Block<N> &view, std::size_t first, std::size_t last,
                             F &&f) {
  for (const Block<N> &box : range_boxes(view, first, last)) {
    // Dimensions after k are whole: each combination of coordinates in
    // dimensions < k is one linear segment of global indices.
    std::size_t k = N - 1;
    while (k > 0 && box.offsets()[k] == 0 && box.extents()[k] == pattern.extent(k)) --k;
    std::size_t seglen = box.extents()[k];
    for (std::size_t d = k + 1; d < N; ++d) seglen *= pattern.extent(d);
    Coords<N> c{};
    for (std::size_t d = 0; d <= k; ++d) c[d] = box.offsets()[d];
    for (;;) {
      std::size_t g0 = pattern.global_index(c), pos = view_pos<ROW_MAJOR>(view, c);
      pattern.for_each_run(g0, g0 + seglen, [&](const LocalRun &run) {
        f(GlobalPiece{run.unit, run.offset, run.length, pos});
        pos += run.length;
      });
      std::size_t d = k;
      while (d-- > 0) {
        if (++c[d] < box.offsets()[d] + box.extents()[d]) break;
        c[d] = box.offsets()[d];
      }
      if (d == static_cast<std::size_t>(-1)) break;
    }
  }
}

/// Calls f(const GlobalPiece&) for all pieces of positions [first, last) of
/// `view`, in range order.
template <typename P, std::size_t N, typename F>
void for_each_global_piece(const P &pattern, const Block<N> &view, std::size_t first, std::size_t last,
                           F &&f) {
  if constexpr (!is_row_major_pattern_v<P>) {
    // Every unit's block rows, in range order.
    std::vector<GlobalPiece> pieces;
    for (std::size_t unit = 0; unit < pattern.nunits(); ++unit)
      for_each_block_row(pattern, view, first, last, unit, [&](const LocalPiece &p) {
        pieces.push_back(GlobalPiece{unit, p.lindex, p.len, p.pos});
      });
    sort_and_merge(pieces, &global_piece_continues);
    for (const GlobalPiece &piece : pieces) f(piece);
  } else {
    row_major_global_pieces(pattern, view, first, last, f);
  }
}

}  // namespace dash::detail

#endif  // DASH_ITERATOR_INTERNAL_CONTIGUOUS_RANGE_H
