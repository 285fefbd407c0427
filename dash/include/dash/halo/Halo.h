#ifndef DASH_HALO_HALO_H
#define DASH_HALO_HALO_H

// Halo<T, N>: halo exchange for an NArray in which each unit owns one box,
// for stencils: every dimension BLOCKED or NONE, or BLOCKCYCLIC(b),
// CYCLIC or TILE(b) with at most one block per unit (b * units >= extent:
// the same boxes as BLOCKED with block size b). Several blocks per unit
// along a dimension (a true block-cyclic layout) are rejected with
// std::invalid_argument naming the dimension and its distribution.
//
//   dash::Halo<double, 2> halo(u, 1);       // halo width 1
//   halo.exchange_async();                  // start sending my boundary
//   halo.for_each_inner(update_with(u.local));   // needs no halo
//   halo.wait();                            // halo values have arrived
//   halo.for_each_boundary(update_with(halo));   // reads halo(i - 1, j)
//
// The halo of a unit holds copies of the elements within `width` of its
// box that neighbouring units own, in all 3^N - 1 directions (faces, edges
// and corners). Exchange is push-based and has no team barrier: each unit
// puts its own boundary into its neighbours' halo buffers (one put per
// neighbour, with a DART indexed type built once), flushes, then notifies
// each neighbour by storing the exchange's sequence number into a flag
// the neighbour owns (one per direction). wait() polls only the calling
// unit's own flags until every neighbour has delivered this exchange.
// Buffers alternate between exchanges (double buffering): a unit can be
// at most one exchange ahead of its neighbours (it waits for their data
// of the previous one), so it writes the half they read two exchanges
// ago. Hence the rule: read the halo before the next exchange_async().
//
// Widths may differ per dimension and side (HaloWidths: lo[d] elements
// below the box, hi[d] above), and each dimension has a global boundary
// condition (HaloBoundary): None (no halo beyond the global index space),
// Cyclic (periodic: the halo wraps around to the units at the other end)
// or Custom (the halo beyond the global index space holds values set by
// set_custom_halos(), e.g. a fixed boundary).
//
// Local coordinates: the unit's box is [0, extent(d)) per dimension; halo
// elements are at -lo[d] .. -1 and extent(d) .. extent(d) + hi[d] - 1.
// The array must stay in place (not be moved) while a Halo refers to it.
// Inner elements are those whose neighbourhood needs no halo; boundary
// elements are the rest of the box.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <sched.h>

#include <tuple>
#include <utility>
#include <type_traits>
#include <vector>

#include <dart/dart.h>
#include <dash/internal/DartType.h>
#include <dash/internal/GlobalMemory.h>
#include <dash/Exception.h>
#include <dash/Init.h>
#include <dash/Matrix.h>
#include <dash/halo/Region.h>
#include <dash/halo/Stencil.h>
#include <dash/halo/Types.h>

namespace dash {

namespace detail {

/// Calls f(c0, c1, ...) for every coordinate tuple of `box`, row-major.
template <std::size_t N, typename F>
void for_each_coords(const Block<N> &box, F &&f) {
  if (box.size() == 0) return;
  std::array<std::size_t, N> c = box.origin();
  for (;;) {
    std::apply(f, c);
    std::size_t d = N;
    while (d-- > 0) {
      if (++c[d] < box.offsets()[d] + box.extents()[d]) break;
      c[d] = box.offsets()[d];
    }
    if (d == static_cast<std::size_t>(-1)) return;
  }
}

/// DART data types owned until destruction.
class DartTypes {
 public:
  DartTypes() : epoch_(current_epoch) {}
  ~DartTypes() {
    if (!alive(epoch_)) return;
    for (dart_datatype_t &type : types_) dart_type_destroy(&type);
  }
  DartTypes(DartTypes &&other) noexcept : types_(std::exchange(other.types_, {})), epoch_(other.epoch_) {}
  DartTypes &operator=(DartTypes &&) = delete;
  DartTypes(const DartTypes &) = delete;
  DartTypes &operator=(const DartTypes &) = delete;
  dart_datatype_t add(dart_datatype_t type) {
    types_.push_back(type);
    return type;
  }

 private:
  std::vector<dart_datatype_t> types_;
  std::uint64_t epoch_;
};

/// Calls f(c0, c1, ...) for every coordinate tuple of `box` in memory
/// order `Order`: row-major (last dimension fastest) or column-major.
template <MemArrange Order, std::size_t N, typename F>
void for_each_coords_in(const Block<N> &box, F &&f) {
  if constexpr (Order == COL_MAJOR) {
    if (box.size() == 0) return;
    std::array<std::size_t, N> c = box.origin();
    for (;;) {
      std::apply(f, c);
      std::size_t d = 0;
      for (; d < N; ++d) {
        if (++c[d] < box.offsets()[d] + box.extents()[d]) break;
        c[d] = box.offsets()[d];
      }
      if (d == N) return;
    }
  } else {
    for_each_coords(box, std::forward<F>(f));
  }
}

constexpr std::size_t pow3(std::size_t n) { return n == 0 ? 1 : 3 * pow3(n - 1); }

}  // namespace detail

namespace detail {
/// True for Pattern<N, A, I> (one box per unit in either memory order).
template <typename P>
struct is_box_pattern : std::false_type {};
template <std::size_t N, MemArrange A, typename I>
struct is_box_pattern<Pattern<N, A, I>> : std::true_type {};
}  // namespace detail

template <typename T, std::size_t N, typename PatternT = Pattern<N>>
class Halo {
 public:
  using extents_type = std::array<std::size_t, N>;
  static constexpr std::size_t nregions = detail::pow3(N);  // includes the centre

  using array_type = detail::NArray<T, N, PatternT>;
  static_assert(
      detail::is_box_pattern<PatternT>::value,
      "dash::Halo: halos are for arrays over dash::Pattern<N> (ROW_MAJOR or COL_MAJOR) only, not over "
      "this pattern type (TilePattern, ShiftTilePattern, SeqTilePattern)");

  /// Halos of `width` on every side for `array`, no halo beyond the
  /// global index space. Collective over the array's team.
  Halo(array_type &array, std::size_t width) : Halo(array, HaloWidths<N>::uniform(width)) {}

  /// Halos of `widths` for `array`, with `boundary[d]` beyond the global
  /// index space along dimension d (default None). Collective over the
  /// array's team. Throws std::invalid_argument if all widths are 0, if
  /// some unit owns more than one block along a dimension, or if some
  /// unit's box is narrower than a width along a dimension where it has
  /// neighbours (also: a unit without elements among units with some).
  Halo(array_type &array, const HaloWidths<N> &widths, const std::array<HaloBoundary, N> &boundary = {})
      : array_(&array),
        w_(widths),
        bound_(boundary),
        buf_(make_buffer(array, widths, boundary)),
        flags_(array.team(), 2 * nregions, "dash::Halo flags") {
    std::fill(flags_.local(), flags_.local() + 2 * nregions, std::int64_t{0});
    const PatternT &pat = array.pattern();
    std::size_t me = array.team().myid();
    ucoords_ = pat.teamspec().unit_coords(me);
    lext_ = pat.local_extents(me);
    for (std::size_t d = 0; d < N; ++d) {
      block_.offsets()[d] = ucoords_[d] * pat.blocksize(d);
      block_.extents()[d] = lext_[d];
    }
    layout_of(pat, me, w_, bound_, offsets_, present_, received_);
    // What this unit sends: for each direction o, its boundary slab facing
    // the unit at ucoords - o, into that unit's region o.
    const T *base = array.lbegin();
    for (std::size_t r = 0; r < nregions; ++r) {
      auto o = direction(r);
      if (r == center()) continue;
      std::array<std::size_t, N> to{};
      Block<N> src;
      bool exists = true;
      for (std::size_t d = 0; d < N; ++d) {
        exists = exists && neighbor_coord(pat, d, ucoords_[d], -o[d], bound_, to[d]);
        src.offsets()[d] = o[d] == 0 ? 0 : o[d] > 0 ? 0 : lext_[d] - w_.lo[d];
        src.extents()[d] = o[d] == 0 ? lext_[d] : o[d] > 0 ? w_.hi[d] : w_.lo[d];
      }
      if (!exists || src.size() == 0) continue;
      std::size_t unit = pat.teamspec().unit(to);
      std::vector<std::size_t> their_offsets;
      std::vector<bool> their_present, their_received;
      layout_of(pat, unit, w_, bound_, their_offsets, their_present, their_received);
      sends_.push_back(make_send(unit, their_offsets[r], r, src, base));
    }
    // Widths may differ per side, so a unit may send to one that sends
    // nothing back: then the receiver acknowledges each exchange instead.
    std::vector<std::size_t> senders;
    for (std::size_t r = 0; r < nregions; ++r) {
      if (!received_[r]) continue;
      auto o = direction(r);
      std::array<std::size_t, N> from{};
      for (std::size_t d = 0; d < N; ++d) neighbor_coord(pat, d, ucoords_[d], o[d], bound_, from[d]);
      std::size_t unit = pat.teamspec().unit(from);
      senders.push_back(unit);
      bool sends_back =
          std::any_of(sends_.begin(), sends_.end(), [&](const Send &s) { return s.unit == unit; });
      if (!sends_back) acks_.push_back({unit, r});
    }
    for (Send &s : sends_) {
      s.acked = std::find(senders.begin(), senders.end(), s.unit) == senders.end();
      if (std::find(receivers_.begin(), receivers_.end(), s.unit) == receivers_.end())
        receivers_.push_back(s.unit);
    }
    // Every flag is zero before any neighbour may notify it.
    array.team().barrier();
  }

  Halo(const Halo &) = delete;
  Halo &operator=(const Halo &) = delete;

  /// exchange_async() then wait(). Collective.
  void exchange() {
    exchange_async();
    wait();
  }

  /// Sends this unit's boundary to its neighbours and notifies them; on
  /// return the boundary may change again. Every unit of the team calls it,
  /// then wait(), the same number of times; there is no team barrier.
  void exchange_async() {
    detail::check_alive(buf_.epoch(), "dash::Halo");
    if (pending_)
      throw std::logic_error("dash::Halo::exchange_async: the previous exchange was not waited for");
    ++seq_;
    // Tell units that send to me but get nothing back that I have read
    // their previous halo values.
    for (const auto &[unit, r] : acks_)
      detail::check(dart_accumulate(flags_.gptr(unit, nregions + r), &seq_, 1, flag_type(), DART_OP_REPLACE),
                    "dart_accumulate");
    if (!acks_.empty()) detail::check(dart_flush_all(flags_.base()), "dart_flush_all");
    if (!sends_.empty()) {
      // Half seq & 1 held exchange seq - 2: its receiver must be done with
      // it. Units that send back proved that by sending seq - 1 (wait()).
      for (const Send &s : sends_)
        if (s.acked) await_flag(nregions + s.region, seq_ - 1);
      std::size_t half = (seq_ & 1) * buf_.capacity() / 2;
      for (const Send &s : sends_)
        detail::check(dart_put(buf_.gptr(s.unit, half + s.offset), s.src, s.nbytes, s.type, DART_TYPE_BYTE),
                      "dart_put");
      // The data must be complete at the target before its flag says so.
      // One flush per receiver, not of the whole window: cheaper with
      // MPICH (5.5 instead of 6 us per exchange between two virtual nodes).
      for (std::size_t unit : receivers_) detail::check(dart_flush(buf_.gptr(unit, 0)), "dart_flush");
      for (const Send &s : sends_)
        detail::check(dart_accumulate(flags_.gptr(s.unit, s.region), &seq_, 1, flag_type(), DART_OP_REPLACE),
                      "dart_accumulate");
      for (std::size_t unit : receivers_) detail::check(dart_flush(flags_.gptr(unit, 0)), "dart_flush");
    }
    pending_ = true;
  }

  /// Completes the exchange: returns once every neighbour's boundary from
  /// its matching exchange_async() is in this unit's halo. Polls only this
  /// unit's flags (driving DART progress, yielding the CPU between polls).
  void wait() {
    detail::check_alive(buf_.epoch(), "dash::Halo");
    if (!pending_) throw std::logic_error("dash::Halo::wait: no exchange in progress");
    for (std::size_t r = 0; r < nregions; ++r)
      if (received_[r]) await_flag(r, seq_);
    parity_ = static_cast<unsigned>(seq_ & 1);
    pending_ = false;
  }

  /// True between exchange_async() and wait().
  bool pending() const { return pending_; }

  const HaloWidths<N> &widths() const { return w_; }
  const std::array<HaloBoundary, N> &boundary_conditions() const { return bound_; }
  /// This unit's box in global coordinates.
  const Block<N> &block() const { return block_; }
  /// This unit's local extents.
  const extents_type &extents() const { return lext_; }
  /// True if the halo next to this unit's box along dimension d, below
  /// (side -1) or above (side +1), holds values (from a neighbour, by
  /// periodic wrap-around or custom) and is at least one element wide.
  bool has_neighbor(std::size_t d, int side) const {
    if ((side < 0 ? w_.lo[d] : w_.hi[d]) == 0) return false;
    std::size_t c = 0;
    return bound_[d] == HaloBoundary::Custom ||
           neighbor_coord(array_->pattern(), d, ucoords_[d], side < 0 ? -1 : 1, bound_, c);
  }

  /// Sets every halo element beyond the global index space along Custom
  /// dimensions to f(coords), coords the element's global coordinates as
  /// std::array<long, N> (outside [0, extent) along those dimensions).
  /// Local: each unit sets its own; the values stay until set again.
  template <typename F>
  void set_custom_halos(F &&f) {
    for (std::size_t r = 0; r < nregions; ++r) {
      if (!present_[r] || received_[r]) continue;
      auto o = direction(r);
      Block<N> box;
      for (std::size_t d = 0; d < N; ++d) {
        box.offsets()[d] = 0;
        box.extents()[d] = o[d] == 0 ? lext_[d] : o[d] < 0 ? w_.lo[d] : w_.hi[d];
      }
      std::size_t k = 0;
      detail::for_each_coords_in<PatternT::memory_order()>(box, [&](auto... c) {
        std::array<std::size_t, N> rc{static_cast<std::size_t>(c)...};
        std::array<long, N> g;
        for (std::size_t d = 0; d < N; ++d)
          g[d] = static_cast<long>(block_.offsets()[d]) +
                 (o[d] < 0   ? static_cast<long>(rc[d]) - static_cast<long>(w_.lo[d])
                  : o[d] > 0 ? static_cast<long>(lext_[d] + rc[d])
                             : static_cast<long>(rc[d]));
        T v = f(g);
        // Both halves: the value holds whatever the parity.
        buf_.local()[offsets_[r] + k] = v;
        buf_.local()[buf_.capacity() / 2 + offsets_[r] + k] = v;
        ++k;
      });
    }
  }

  /// The inner elements, in local coordinates.
  Block<N> inner() const {
    Block<N> box;
    for (std::size_t d = 0; d < N; ++d) {
      auto [lo, hi] = inner_range(d);
      box.offsets()[d] = lo;
      box.extents()[d] = hi - lo;
    }
    return box;
  }

  /// The boundary elements as disjoint boxes of local coordinates (at most
  /// 2N): together with inner() exactly the unit's box.
  std::vector<Block<N>> boundary() const {
    std::vector<Block<N>> boxes;
    for (std::size_t d = 0; d < N; ++d) {
      for (int side = 0; side < 2; ++side) {
        Block<N> box;
        for (std::size_t e = 0; e < N; ++e) {
          auto [lo, hi] = inner_range(e);
          if (e < d) {
            box.offsets()[e] = lo;
            box.extents()[e] = hi - lo;
          } else if (e > d) {
            box.offsets()[e] = 0;
            box.extents()[e] = lext_[e];
          } else {
            box.offsets()[e] = side == 0 ? 0 : hi;
            box.extents()[e] = side == 0 ? lo : lext_[e] - hi;
          }
        }
        if (box.size() > 0) boxes.push_back(box);
      }
    }
    return boxes;
  }

  /// Calls f(i, j, ...) (local coordinates) for every inner element.
  template <typename F>
  void for_each_inner(F &&f) const {
    detail::for_each_coords(inner(), f);
  }
  /// Calls f(i, j, ...) (local coordinates) for every boundary element.
  template <typename F>
  void for_each_boundary(F &&f) const {
    for (const Block<N> &box : boundary()) detail::for_each_coords(box, f);
  }

  /// The halo region in direction `dir` (each -1, 0 or +1; not all 0) as
  /// of the last completed exchange: a box (in the array's memory order:
  /// row-major unless the pattern is COL_MAJOR) of lo[d] (dir -1) or
  /// hi[d] (dir +1) elements along each dimension where dir is nonzero and
  /// of the local extent elsewhere (for rows of a matrix: contiguous rows).
  /// nullptr if no unit owns that region. Valid until the next
  /// exchange_async().
  const T *region(const std::array<int, N> &dir) const {
    std::size_t r = 0;
    for (std::size_t d = 0; d < N; ++d) {
      if (dir[d] < -1 || dir[d] > 1)
        throw std::invalid_argument("dash::Halo::region: direction not in -1..1");
      r = r * 3 + static_cast<std::size_t>(dir[d] + 1);
    }
    if (r == center()) throw std::invalid_argument("dash::Halo::region: the centre is no halo region");
    if (!present_[r]) return nullptr;
    return buf_.local() + parity_ * buf_.capacity() / 2 + offsets_[r];
  }

  /// The value at local coordinates, from the unit's box or its halo (as of
  /// the last completed exchange). Throws std::out_of_range outside the box
  /// extended by width, or in a halo outside the global index space.
  template <typename... Is, typename = std::enable_if_t<sizeof...(Is) == N>>
  T operator()(Is... coords) const {
    std::array<long, N> c{static_cast<long>(coords)...};
    std::size_t r = 0;
    bool inside = true;
    std::array<std::size_t, N> rext{}, rc{};  // extents of the region, coordinates in it
    for (std::size_t d = 0; d < N; ++d) {
      long ext = static_cast<long>(lext_[d]), lo = static_cast<long>(w_.lo[d]),
           hi = static_cast<long>(w_.hi[d]);
      int o = c[d] < 0 ? -1 : c[d] >= ext ? 1 : 0;
      if (c[d] < -lo || c[d] >= ext + hi)
        throw std::out_of_range("dash::Halo: local coordinate " + std::to_string(c[d]) + " of dimension " +
                                std::to_string(d) + " beyond the halo width");
      inside = inside && o == 0;
      r = r * 3 + static_cast<std::size_t>(o + 1);
      rc[d] = static_cast<std::size_t>(o < 0 ? c[d] + lo : o > 0 ? c[d] - ext : c[d]);
      rext[d] = static_cast<std::size_t>(o == 0 ? ext : o < 0 ? lo : hi);
    }
    std::size_t index = 0;
    if constexpr (PatternT::memory_order() == COL_MAJOR)
      for (std::size_t d = N; d-- > 0;) index = index * rext[d] + rc[d];
    else
      for (std::size_t d = 0; d < N; ++d) index = index * rext[d] + rc[d];
    if (inside) return array_->local(static_cast<std::size_t>(coords)...);
    if (!present_[r])
      throw std::out_of_range(
          "dash::Halo: no halo there: the element is outside the global "
          "index space (boundary None)");
    return buf_.local()[parity_ * buf_.capacity() / 2 + offsets_[r] + index];
  }

 private:
  struct Send {
    std::size_t unit;    // receiver
    std::size_t offset;  // element offset of the region in the receiver's half buffer
    std::size_t region;  // the region's index at the receiver (its flag)
    const T *src;        // first element sent
    std::size_t nbytes;
    dart_datatype_t type;  // source layout (bytes)
    bool acked = false;    // the receiver sends nothing back: wait for its acknowledgement
  };

  // Polls this unit's flag `slot` until it reaches `seq`. Each poll is a
  // DART atomic (MPI progress on the MPI path). Spins briefly (a neighbour
  // that is running delivers within microseconds; yielding at once hands
  // the core to any other process for a time slice), then yields between
  // polls so oversubscribed units let the others run.
  void await_flag(std::size_t slot, std::int64_t seq) const {
    constexpr int spins = 256;
    const std::int64_t none = 0;
    for (int polls = 0;; ++polls) {
      std::int64_t seen = 0;
      detail::check(dart_fetch_and_op(flags_.gptr(array_->team().myid(), slot), &none, &seen, flag_type(),
                                      DART_OP_NO_OP),
                    "dart_fetch_and_op");
      if (seen >= seq) return;
      if (polls >= spins) sched_yield();
    }
  }

  static dart_datatype_t flag_type() { return detail::dart_type<std::int64_t>(); }

  static std::size_t center() { return (nregions - 1) / 2; }

  static std::array<int, N> direction(std::size_t r) {
    std::array<int, N> o;
    for (std::size_t d = N; d-- > 0;) {
      o[d] = static_cast<int>(r % 3) - 1;
      r /= 3;
    }
    return o;
  }

  // Coordinate of the unit `step` (-1, 0, +1) from `c` along d, wrapping
  // around for Cyclic; false if there is none.
  static bool neighbor_coord(const PatternT &pat, std::size_t d, std::size_t c, int step,
                             const std::array<HaloBoundary, N> &bound, std::size_t &to) {
    long p = static_cast<long>(pat.teamspec().extent(d)), n = static_cast<long>(c) + step;
    if (n < 0 || n >= p) {
      if (bound[d] != HaloBoundary::Cyclic) return false;
      n = (n + p) % p;
    }
    to = static_cast<std::size_t>(n);
    return true;
  }

  // Offsets (elements), presence (allocated) and reception (filled by a
  // neighbour, else custom) of `unit`'s halo regions, in region order;
  // returns their total size. Every unit computes any unit's layout.
  static std::size_t layout_of(const PatternT &pat, std::size_t unit, const HaloWidths<N> &w,
                               const std::array<HaloBoundary, N> &bound, std::vector<std::size_t> &offsets,
                               std::vector<bool> &present, std::vector<bool> &received) {
    auto uc = pat.teamspec().unit_coords(unit);
    auto ext = pat.local_extents(unit);
    offsets.assign(nregions, 0);
    present.assign(nregions, false);
    received.assign(nregions, false);
    std::size_t total = 0;
    for (std::size_t r = 0; r < nregions; ++r) {
      if (r == center()) continue;
      auto o = direction(r);
      bool exists = true, custom = false;
      std::size_t size = 1;
      for (std::size_t d = 0; d < N; ++d) {
        std::size_t to = 0;
        if (!neighbor_coord(pat, d, uc[d], o[d], bound, to)) {
          custom = custom || bound[d] == HaloBoundary::Custom;
          exists = exists && bound[d] == HaloBoundary::Custom;
        }
        size *= o[d] == 0 ? ext[d] : o[d] < 0 ? w.lo[d] : w.hi[d];
      }
      if (!exists || size == 0) continue;
      present[r] = true;
      received[r] = !custom;
      offsets[r] = total;
      total += size;
    }
    return total;
  }

  static detail::GlobalMemory<T> make_buffer(array_type &array, const HaloWidths<N> &w,
                                             const std::array<HaloBoundary, N> &bound) {
    const PatternT &pat = array.pattern();
    bool any = false;
    for (std::size_t d = 0; d < N; ++d) any = any || w.lo[d] > 0 || w.hi[d] > 0;
    if (!any) throw std::invalid_argument("dash::Halo: some width must be > 0");
    // One block per unit along every dimension: then block g is unit
    // coordinate g's, and its neighbours are unit coordinates g - 1, g + 1.
    for (std::size_t d = 0; d < N; ++d)
      if (pat.blockspec().extent(d) > pat.teamspec().extent(d))
        throw std::invalid_argument("dash::Halo: dimension " + std::to_string(d) + " is " +
                                    distribution_name(pat.distspec()[d]) + " with " +
                                    std::to_string(pat.blockspec().extent(d)) + " blocks over " +
                                    std::to_string(pat.teamspec().extent(d)) +
                                    " units: a halo needs at most one block per unit along each dimension");
    std::size_t cap = 0;
    std::vector<std::size_t> offsets;
    std::vector<bool> present, received;
    for (std::size_t u = 0; u < pat.nunits(); ++u) {
      auto ext = pat.local_extents(u);
      for (std::size_t d = 0; d < N; ++d) {
        std::size_t width = std::max(w.lo[d], w.hi[d]);
        if ((pat.teamspec().extent(d) > 1 || bound[d] == HaloBoundary::Cyclic) && ext[d] < width)
          throw std::invalid_argument("dash::Halo: unit " + std::to_string(u) + " has " +
                                      std::to_string(ext[d]) + " elements along dimension " +
                                      std::to_string(d) + ", fewer than the halo width " +
                                      std::to_string(width));
      }
      cap = std::max(cap, layout_of(pat, u, w, bound, offsets, present, received));
    }
    return detail::GlobalMemory<T>(array.team(), 2 * cap, "dash::Halo");
  }

  static std::string distribution_name(const Distribution &dist) {
    switch (dist.type) {
      case DistributionType::None: return "NONE";
      case DistributionType::Blocked: return "BLOCKED";
      case DistributionType::BlockCyclic:
        return dist.blocksz == 1 ? "CYCLIC" : "BLOCKCYCLIC(" + std::to_string(dist.blocksz) + ")";
      case DistributionType::Tile: return "TILE(" + std::to_string(dist.blocksz) + ")";
    }
    return "?";
  }

  // A put of the local box `src` (row-major rows of the unit's block) to
  // `offset` in `unit`'s halo: one indexed type over its rows.
  Send make_send(std::size_t unit, std::size_t offset, std::size_t region, const Block<N> &src,
                 const T *base) {
    // Regions are laid out in the array's memory order, so the elements
    // go in increasing memory offsets: runs of contiguous elements
    // (rows of a ROW_MAJOR block, columns of a COL_MAJOR one).
    constexpr MemArrange order = PatternT::memory_order();
    constexpr std::size_t fast = order == COL_MAJOR ? 0 : N - 1;
    std::vector<std::size_t> lens, offs;
    std::size_t run = src.extents()[fast];
    Block<N> runs = src;
    runs.extents()[fast] = 1;
    std::size_t first = array_->local.index_of(src.origin());
    detail::for_each_coords_in<order>(runs, [&](auto... c) {
      std::size_t at = array_->local.index_of({static_cast<std::size_t>(c)...}) - first;
      if (!offs.empty() && offs.back() + lens.back() == at * sizeof(T))
        lens.back() += run * sizeof(T);  // continues the previous run
      else {
        offs.push_back(at * sizeof(T));
        lens.push_back(run * sizeof(T));
      }
    });
    dart_datatype_t type = DART_TYPE_BYTE;
    if (offs.size() > 1) {
      detail::check(dart_type_create_indexed(DART_TYPE_BYTE, offs.size(), lens.data(), offs.data(), &type),
                    "dart_type_create_indexed");
      types_.add(type);
    }
    return Send{unit, offset, region, base + first, src.size() * sizeof(T), type};
  }

  // Inner range along d: elements whose stencil reaches no halo there.
  // A stencil reaching down by lo reads the lower halo from the first lo
  // elements; one reaching up by hi reads the upper halo from the last hi.
  std::pair<std::size_t, std::size_t> inner_range(std::size_t d) const {
    std::size_t lo = has_neighbor(d, -1) ? w_.lo[d] : 0;
    std::size_t up = has_neighbor(d, +1) ? w_.hi[d] : 0;
    std::size_t hi = lext_[d] > up ? lext_[d] - up : 0;
    return {std::min(lo, lext_[d]), std::max(std::min(lo, lext_[d]), hi)};
  }

  array_type *array_;
  HaloWidths<N> w_;
  std::array<HaloBoundary, N> bound_;
  detail::GlobalMemory<T> buf_;  // two halves: the halo alternates between them
  // Per region r: [r] the last exchange delivered into my region r;
  // [nregions + r] the last exchange my receiver in direction r started.
  detail::GlobalMemory<std::int64_t> flags_;
  detail::DartTypes types_;
  extents_type ucoords_{}, lext_{};
  Block<N> block_{};
  std::vector<std::size_t> offsets_;
  std::vector<bool> present_;   // allocated (received or custom)
  std::vector<bool> received_;  // filled by a neighbour's exchange
  std::vector<Send> sends_;
  std::vector<std::size_t> receivers_;                     // the distinct units of sends_
  std::vector<std::pair<std::size_t, std::size_t>> acks_;  // (sender, region) to acknowledge
  std::int64_t seq_ = 0;                                   // exchanges started
  unsigned parity_ = 0;                                    // half holding the last completed halo
  bool pending_ = false;
};

}  // namespace dash

namespace dash::halo {

// HaloSpec<N>: DASH's description of a halo by regions: for each of the
// 3^N regions around a unit's box, its extent (0: no halo there). Built
// from stencil specifications (a point reaches into the region of each
// combination of its non-zero distances, as far as the largest of them)
// or from RegionSpecs (the largest extent per region wins).
template <std::size_t N>
class HaloSpec {
  static constexpr region_index_t RegionsMax = NumRegionsMax<N>;

 public:
  using RegionSpec_t = RegionSpec<N>;
  using Specs_t = std::array<RegionSpec_t, RegionsMax>;
  using region_extent_t = typename RegionSpec_t::region_extent_t;
  using HaloExtsMaxPair_t = std::pair<region_extent_t, region_extent_t>;
  using HaloExtsMax_t = std::array<HaloExtsMaxPair_t, N>;

  HaloSpec(const Specs_t &specs) {
    clear();
    for (const RegionSpec_t &spec : specs) add(spec);
  }
  /// The union of the regions the stencils reach.
  template <typename StencilPointT, std::size_t K, typename... More>
  HaloSpec(const StencilSpec<StencilPointT, K> &stencil_spec, const More &...more) {
    static_assert(StencilPointT::ndim() == N, "dash::halo::HaloSpec: stencil of another dimension");
    clear();
    add_stencil(stencil_spec);
    (add_stencil(more), ...);
  }
  /// The given regions.
  template <typename... More>
  HaloSpec(const RegionSpec_t &region_spec, const More &...more) {
    clear();
    add(region_spec);
    (add(more), ...);
  }

  static constexpr std::size_t ndim() { return N; }
  RegionSpec_t spec(region_index_t index) const { return specs_[index]; }
  region_extent_t extent(region_index_t index) const { return specs_[index].extent(); }
  /// The number of regions with extent > 0.
  region_size_t num_regions() const { return num_regions_; }
  const Specs_t &specs() const { return specs_; }
  /// How far the halo reaches below (first) and above (second) the box
  /// along `dim`.
  const HaloExtsMaxPair_t &halo_extension_max(dim_t dim) const {
    return ext_max_[static_cast<std::size_t>(dim)];
  }
  const HaloExtsMax_t &halo_extension_max() const { return ext_max_; }

  /// The same as widths per dimension and side.
  HaloWidths<N> widths() const {
    HaloWidths<N> w;
    for (std::size_t d = 0; d < N; ++d) {
      w.lo[d] = ext_max_[d].first;
      w.hi[d] = ext_max_[d].second;
    }
    return w;
  }

 private:
  void clear() {
    for (region_index_t r = 0; r < RegionsMax; ++r) specs_[r] = RegionSpec_t(r, 0);
    ext_max_ = {};
    num_regions_ = 0;
  }

  void add(const RegionSpec_t &spec) {
    RegionSpec_t &have = specs_[spec.index()];
    if (have.extent() == 0 && spec.extent() > 0) ++num_regions_;
    if (spec.extent() <= have.extent()) return;
    have = spec;
    for (std::size_t d = 0; d < N; ++d) {
      if (spec[d] == 0) ext_max_[d].first = std::max(ext_max_[d].first, spec.extent());
      if (spec[d] == 2) ext_max_[d].second = std::max(ext_max_[d].second, spec.extent());
    }
  }

  // Each non-empty subset of the point's non-zero distances is a region.
  template <typename StencilSpecT>
  void add_stencil(const StencilSpecT &stencil_spec) {
    for (const auto &point : stencil_spec.specs()) {
      std::array<std::size_t, N> nonzero{};
      std::size_t n = 0;
      for (std::size_t d = 0; d < N; ++d)
        if (point[d] != 0) nonzero[n++] = d;
      for (std::size_t subset = 1; subset < (std::size_t{1} << n); ++subset) {
        typename RegionCoords<N>::Coords_t c = RegionCoords<N>::center_coords();
        int reach = 0;
        for (std::size_t k = 0; k < n; ++k) {
          if (!(subset & (std::size_t{1} << k))) continue;
          std::size_t d = nonzero[k];
          c[d] = point[d] < 0 ? 0 : 2;
          reach = std::max(reach, std::abs(static_cast<int>(point[d])));
        }
        add(RegionSpec_t(RegionCoords<N>::index(c), static_cast<region_extent_t>(reach)));
      }
    }
  }

  Specs_t specs_;
  HaloExtsMax_t ext_max_{};
  region_size_t num_regions_ = 0;
};

template <std::size_t N>
std::ostream &operator<<(std::ostream &os, const HaloSpec<N> &hs) {
  os << "dash::halo::HaloSpec<" << N << ">(";
  bool first = true;
  for (const auto &spec : hs.specs())
    if (spec.extent() > 0) {
      os << (first ? "" : "; ") << spec;
      first = false;
    }
  return os << ")";
}

// HaloBlock: DASH's view of one unit's block with its halo: the halo
// specification, the global boundary conditions and the block's views
// (global, local, inner). The exchange itself is dash::Halo's.
template <typename ElementT, typename PatternT>
class HaloBlock {
  static constexpr std::size_t N = PatternT::ndim();

 public:
  using Element_t = ElementT;
  using Pattern_t = PatternT;
  using ViewSpec_t = ViewSpec<N>;
  using HaloSpec_t = HaloSpec<N>;
  using GlobBoundSpec_t = GlobalBoundarySpec<N>;
  using RegIndDepVec_t = std::vector<region_index_t>;
  using BoundaryViews_t = std::vector<ViewSpec_t>;

  /// The block of the calling unit in `pattern`.
  HaloBlock(const PatternT &pattern, const HaloSpec_t &halo_spec, const GlobBoundSpec_t &bound_spec)
      : pattern_(&pattern), halo_spec_(halo_spec), bound_spec_(bound_spec) {
    auto me = pattern.team().myid();
    auto ucoords = pattern.teamspec().coords(me);
    auto ext = pattern.local_extents(me);
    for (std::size_t d = 0; d < N; ++d) {
      auto ucd = static_cast<std::size_t>(ucoords[d]);
      view_.offsets()[d] = ucd * pattern.blocksize(d);
      view_.extents()[d] = ext[d];
      view_local_.offsets()[d] = 0;
      view_local_.extents()[d] = ext[d];
      std::size_t lo = halo_spec.halo_extension_max(static_cast<dim_t>(d)).first;
      std::size_t hi = halo_spec.halo_extension_max(static_cast<dim_t>(d)).second;
      std::size_t e = ext[d];
      std::size_t ilo = std::min(lo, e), ihi = std::max(ilo, e > hi ? e - hi : 0);
      view_inner_.offsets()[d] = ilo;
      view_inner_.extents()[d] = ihi - ilo;
      // Without a halo beyond the global edge, the elements next to it
      // have no complete neighbourhood.
      bool none = bound_spec[d] == BoundaryProp::NONE;
      std::size_t blo = none && ucd == 0 ? ilo : 0;
      std::size_t bhi = none && ucd + 1 == static_cast<std::size_t>(pattern.teamspec().extent(d)) ? ihi : e;
      view_inner_bnd_.offsets()[d] = blo;
      view_inner_bnd_.extents()[d] = std::max(blo, bhi) - blo;
    }
  }

  static constexpr std::size_t ndim() { return N; }
  const PatternT &pattern() const { return *pattern_; }
  const GlobBoundSpec_t &global_boundary_spec() const { return bound_spec_; }
  const HaloSpec_t &halo_spec() const { return halo_spec_; }

  /// The halo regions (extent > 0) an element of boundary region `index`
  /// may read (see RegionCoords::boundary_dependencies).
  RegIndDepVec_t boundary_dependencies(region_index_t index) const {
    RegIndDepVec_t deps;
    for (region_index_t r : RegionCoords<N>::boundary_dependencies(index))
      if (halo_spec_.extent(r) > 0) deps.push_back(r);
    return deps;
  }

  /// The block in global coordinates.
  const ViewSpec_t &view() const { return view_; }
  /// The block in local coordinates.
  const ViewSpec_t &view_local() const { return view_local_; }
  /// Local elements whose halo neighbourhood lies in the block.
  const ViewSpec_t &view_inner() const { return view_inner_; }
  /// Local elements whose halo neighbourhood exists (inner and boundary).
  const ViewSpec_t &view_inner_with_boundaries() const { return view_inner_bnd_; }

 private:
  const PatternT *pattern_;
  HaloSpec_t halo_spec_;
  GlobBoundSpec_t bound_spec_;
  ViewSpec_t view_{}, view_local_{}, view_inner_{}, view_inner_bnd_{};
};

}  // namespace dash::halo

#endif  // DASH_HALO_HALO_H
