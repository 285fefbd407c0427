#ifndef DASH_DETAIL_PIECES_H
#define DASH_DETAIL_PIECES_H

// Enumerates the elements of a global range in pieces that are contiguous
// in some unit's local memory, without touching single elements.
//
// A range is given by a view (a box of global coordinates, the whole index
// space for a container) and positions [first, last) counted row-major
// inside the view. It is first cut into at most 2N-1 boxes, then:
//  - for_each_local_piece visits the calling unit's part: per dimension it
//    intersects the box with the unit's blocks, so the cost is proportional
//    to the unit's own pieces, not to the range;
//  - for_each_global_piece visits every unit's part in range order, using
//    the pattern's run enumeration over maximal linear index segments.

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

#include <dash/pattern/pattern.h>

namespace dash::detail {

template <std::size_t N>
using Coords = std::array<std::size_t, N>;

/// Global coordinates of position `pos` in `view`.
template <std::size_t N>
Coords<N> view_coords(const Block<N> &view, std::size_t pos) {
  Coords<N> c;
  for (std::size_t d = N; d-- > 0;) {
    c[d] = view.offsets[d] + pos % view.extents[d];
    pos /= view.extents[d];
  }
  return c;
}

/// Position of global coordinates `c` (inside `view`) in `view`.
template <std::size_t N>
std::size_t view_pos(const Block<N> &view, const Coords<N> &c) {
  std::size_t pos = 0;
  for (std::size_t d = 0; d < N; ++d) pos = pos * view.extents[d] + (c[d] - view.offsets[d]);
  return pos;
}

/// The positions [first, last) of `view` as boxes of global coordinates,
/// in range order (at most 2N-1 of them).
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
template <std::size_t N>
void unit_intervals(const Pattern<N> &pattern, std::size_t d, std::size_t ucoord, std::size_t lo,
                    std::size_t hi, std::vector<std::array<std::size_t, 2>> &out) {
  out.clear();
  pattern.unit_intervals(d, ucoord, lo, hi, out);
}

/// A piece of a range on one unit: local indices [lindex, lindex + len),
/// view positions [pos, pos + len), global indices [gindex, gindex + len).
struct LocalPiece {
  std::size_t lindex, len, pos, gindex;
};

/// Calls f(const LocalPiece&) for the pieces of positions [first, last) of
/// `view` stored on `unit`, in range order, merged where contiguous.
template <std::size_t N, typename F>
void for_each_local_piece(const Pattern<N> &pattern, const Block<N> &view, std::size_t first,
                          std::size_t last, std::size_t unit, F &&f) {
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
        emit({li.index, interval[1] - interval[0], view_pos(view, c), pattern.global_index(c)});
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

/// A piece of a range on any unit: local indices [lindex, lindex + len) of
/// `unit`, view positions [pos, pos + len).
struct GlobalPiece {
  std::size_t unit, lindex, len, pos;
};

/// Calls f(const GlobalPiece&) for all pieces of positions [first, last) of
/// `view`, in range order.
template <std::size_t N, typename F>
void for_each_global_piece(const Pattern<N> &pattern, const Block<N> &view, std::size_t first,
                           std::size_t last, F &&f) {
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
      std::size_t g0 = pattern.global_index(c), pos = view_pos(view, c);
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
