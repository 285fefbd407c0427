#ifndef DASH_HALO_H
#define DASH_HALO_H

// Halo<T, N>: halo exchange for an NArray distributed by blocks (every
// dimension BLOCKED or NONE, so each unit owns one box), for stencils.
//
//   dash::Halo<double, 2> halo(u, 1);       // halo width 1
//   halo.exchange_async();                  // start sending my boundary
//   halo.for_each_inner(update_with(u.local));   // needs no halo
//   halo.wait();                            // halo values have arrived
//   halo.for_each_boundary(update_with(halo));   // reads halo(i - 1, j)
//
// The halo of a unit holds copies of the elements within `width` of its
// box that neighbouring units own, in all 3^N - 1 directions (faces, edges
// and corners). Exchange is push-based: each unit puts its own boundary
// into its neighbours' halo buffers (one put per neighbour, with a DART
// indexed type built once), then wait() flushes and synchronizes the team.
// Buffers alternate between exchanges, so one barrier per exchange is
// enough: a unit never overwrites a halo its neighbour may still read.
//
// Local coordinates: the unit's box is [0, extent(d)) per dimension; halo
// elements are at -width .. -1 and extent(d) .. extent(d) + width - 1.
// The array must stay in place (not be moved) while a Halo refers to it.
// Inner elements are those whose neighbourhood of `width` needs no halo;
// boundary elements are the rest of the box. Between exchange_async() and
// wait() the boundary elements must not change (they are being sent).

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <dart/dart.h>
#include <dash/detail/global_memory.h>
#include <dash/Exception.h>
#include <dash/Init.h>
#include <dash/Matrix.h>

namespace dash {

namespace detail {

/// Calls f(c0, c1, ...) for every coordinate tuple of `box`, row-major.
template <std::size_t N, typename F>
void for_each_coords(const Block<N> &box, F &&f) {
  if (box.size() == 0) return;
  std::array<std::size_t, N> c = box.offsets;
  for (;;) {
    std::apply(f, c);
    std::size_t d = N;
    while (d-- > 0) {
      if (++c[d] < box.offsets[d] + box.extents[d]) break;
      c[d] = box.offsets[d];
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

constexpr std::size_t pow3(std::size_t n) { return n == 0 ? 1 : 3 * pow3(n - 1); }

}  // namespace detail

template <typename T, std::size_t N>
class Halo {
 public:
  using extents_type = std::array<std::size_t, N>;
  static constexpr std::size_t nregions = detail::pow3(N);  // includes the centre

  /// Halos of `width` for `array`. Collective over the array's team.
  /// Throws std::invalid_argument if width is 0, if a dimension is neither
  /// BLOCKED nor NONE, or if some unit's box is narrower than width along a
  /// dimension split over several units.
  Halo(NArray<T, N> &array, std::size_t width)
      : array_(&array), width_(width), buf_(make_buffer(array, width)) {
    const Pattern<N> &pat = array.pattern();
    std::size_t me = array.team().myid();
    ucoords_ = pat.teamspec().coords(me);
    lext_ = pat.local_extents(me);
    for (std::size_t d = 0; d < N; ++d) {
      block_.offsets[d] = ucoords_[d] * pat.blocksize(d);
      block_.extents[d] = lext_[d];
    }
    layout_of(pat, me, width, offsets_, present_);
    // What this unit sends: for each direction o, its boundary slab facing
    // the unit at ucoords - o, into that unit's region o.
    const T *base = array.lbegin();
    for (std::size_t r = 0; r < nregions; ++r) {
      auto o = direction(r);
      if (r == center()) continue;
      std::array<std::size_t, N> to;
      bool exists = true;
      Block<N> src;
      for (std::size_t d = 0; d < N; ++d) {
        long c = static_cast<long>(ucoords_[d]) - o[d];
        exists = exists && c >= 0 && c < static_cast<long>(pat.teamspec().extent(d));
        to[d] = static_cast<std::size_t>(c);
        src.offsets[d] = o[d] == 0 ? 0 : o[d] > 0 ? 0 : lext_[d] - width;
        src.extents[d] = o[d] == 0 ? lext_[d] : width;
      }
      if (!exists) continue;
      std::size_t unit = pat.teamspec().unit(to);
      std::vector<std::size_t> their_offsets;
      std::vector<bool> their_present;
      layout_of(pat, unit, width, their_offsets, their_present);
      sends_.push_back(make_send(unit, their_offsets[r], src, base));
    }
  }

  Halo(const Halo &) = delete;
  Halo &operator=(const Halo &) = delete;

  /// exchange_async() then wait(). Collective.
  void exchange() {
    exchange_async();
    wait();
  }

  /// Starts sending this unit's boundary to its neighbours. Collective
  /// (every unit calls it, then wait()).
  void exchange_async() {
    detail::check_alive(buf_.epoch(), "dash::Halo");
    if (pending_)
      throw std::logic_error("dash::Halo::exchange_async: the previous exchange was not waited for");
    std::size_t half = (parity_ ^ 1) * buf_.capacity() / 2;
    for (const Send &s : sends_)
      detail::check(dart_put(buf_.gptr(s.unit, half + s.offset), s.src, s.nbytes, s.type, DART_TYPE_BYTE),
                    "dart_put");
    pending_ = true;
  }

  /// Completes the exchange: the halo holds the neighbours' values from
  /// their exchange_async(). Collective (one barrier).
  void wait() {
    detail::check_alive(buf_.epoch(), "dash::Halo");
    if (!pending_) throw std::logic_error("dash::Halo::wait: no exchange in progress");
    if (buf_.capacity() > 0) detail::check(dart_flush_all(buf_.base()), "dart_flush_all");
    array_->team().barrier();
    parity_ ^= 1;
    pending_ = false;
  }

  std::size_t width() const { return width_; }
  /// This unit's box in global coordinates.
  const Block<N> &block() const { return block_; }
  /// This unit's local extents.
  const extents_type &extents() const { return lext_; }
  /// True if a unit owns the elements next to this unit's box along
  /// dimension d, below (side -1) or above (side +1).
  bool has_neighbor(std::size_t d, int side) const {
    return side < 0 ? ucoords_[d] > 0 : ucoords_[d] + 1 < array_->pattern().teamspec().extent(d);
  }

  /// The inner elements, in local coordinates.
  Block<N> inner() const {
    Block<N> box;
    for (std::size_t d = 0; d < N; ++d) {
      auto [lo, hi] = inner_range(d);
      box.offsets[d] = lo;
      box.extents[d] = hi - lo;
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
            box.offsets[e] = lo;
            box.extents[e] = hi - lo;
          } else if (e > d) {
            box.offsets[e] = 0;
            box.extents[e] = lext_[e];
          } else {
            box.offsets[e] = side == 0 ? 0 : hi;
            box.extents[e] = side == 0 ? lo : lext_[e] - hi;
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

  /// The value at local coordinates, from the unit's box or its halo (as of
  /// the last completed exchange). Throws std::out_of_range outside the box
  /// extended by width, or in a halo outside the global index space.
  template <typename... Is, typename = std::enable_if_t<sizeof...(Is) == N>>
  T operator()(Is... coords) const {
    std::array<long, N> c{static_cast<long>(coords)...};
    std::size_t r = 0, index = 0;
    bool inside = true;
    for (std::size_t d = 0; d < N; ++d) {
      long ext = static_cast<long>(lext_[d]), w = static_cast<long>(width_);
      int o = c[d] < 0 ? -1 : c[d] >= ext ? 1 : 0;
      if (c[d] < -w || c[d] >= ext + w)
        throw std::out_of_range("dash::Halo: local coordinate " + std::to_string(c[d]) + " of dimension " +
                                std::to_string(d) + " beyond the halo width");
      inside = inside && o == 0;
      r = r * 3 + static_cast<std::size_t>(o + 1);
      long rc = o < 0 ? c[d] + w : o > 0 ? c[d] - ext : c[d];
      index = index * static_cast<std::size_t>(o == 0 ? ext : w) + static_cast<std::size_t>(rc);
    }
    if (inside) return array_->local(static_cast<std::size_t>(coords)...);
    if (!present_[r])
      throw std::out_of_range(
          "dash::Halo: no halo there: the element is outside the global "
          "index space");
    return buf_.local()[parity_ * buf_.capacity() / 2 + offsets_[r] + index];
  }

 private:
  struct Send {
    std::size_t unit;    // receiver
    std::size_t offset;  // element offset of the region in the receiver's half buffer
    const T *src;        // first element sent
    std::size_t nbytes;
    dart_datatype_t type;  // source layout (bytes)
  };

  static std::size_t center() { return (nregions - 1) / 2; }

  static std::array<int, N> direction(std::size_t r) {
    std::array<int, N> o;
    for (std::size_t d = N; d-- > 0;) {
      o[d] = static_cast<int>(r % 3) - 1;
      r /= 3;
    }
    return o;
  }

  // Offsets (elements) and presence of `unit`'s halo regions, in region
  // order; returns their total size. Every unit computes any unit's layout.
  static std::size_t layout_of(const Pattern<N> &pat, std::size_t unit, std::size_t width,
                               std::vector<std::size_t> &offsets, std::vector<bool> &present) {
    auto uc = pat.teamspec().coords(unit);
    auto ext = pat.local_extents(unit);
    offsets.assign(nregions, 0);
    present.assign(nregions, false);
    std::size_t total = 0;
    for (std::size_t r = 0; r < nregions; ++r) {
      if (r == center()) continue;
      auto o = direction(r);
      bool exists = true;
      std::size_t size = 1;
      for (std::size_t d = 0; d < N; ++d) {
        long c = static_cast<long>(uc[d]) + o[d];
        exists = exists && c >= 0 && c < static_cast<long>(pat.teamspec().extent(d));
        size *= o[d] == 0 ? ext[d] : width;
      }
      if (!exists) continue;
      present[r] = true;
      offsets[r] = total;
      total += size;
    }
    return total;
  }

  static detail::GlobalMemory<T> make_buffer(NArray<T, N> &array, std::size_t width) {
    const Pattern<N> &pat = array.pattern();
    if (width == 0) throw std::invalid_argument("dash::Halo: width must be > 0");
    for (std::size_t d = 0; d < N; ++d) {
      auto type = pat.distspec()[d].type();
      if (type != DistributionType::Blocked && type != DistributionType::None)
        throw std::invalid_argument("dash::Halo: dimension " + std::to_string(d) +
                                    " must be BLOCKED or NONE (one box per unit)");
    }
    std::size_t cap = 0;
    std::vector<std::size_t> offsets;
    std::vector<bool> present;
    for (std::size_t u = 0; u < pat.nunits(); ++u) {
      auto ext = pat.local_extents(u);
      for (std::size_t d = 0; d < N; ++d)
        if (pat.teamspec().extent(d) > 1 && ext[d] < width)
          throw std::invalid_argument("dash::Halo: unit " + std::to_string(u) + " has " +
                                      std::to_string(ext[d]) + " elements along dimension " +
                                      std::to_string(d) + ", fewer than the halo width " +
                                      std::to_string(width));
      cap = std::max(cap, layout_of(pat, u, width, offsets, present));
    }
    return detail::GlobalMemory<T>(array.team(), 2 * cap, "dash::Halo");
  }

  // A put of the local box `src` (row-major rows of the unit's block) to
  // `offset` in `unit`'s halo: one indexed type over its rows.
  Send make_send(std::size_t unit, std::size_t offset, const Block<N> &src, const T *base) {
    std::vector<std::size_t> lens, offs;
    std::size_t row = src.extents[N - 1];
    Block<N> rows = src;
    rows.extents[N - 1] = 1;
    std::size_t first = array_->local.index_of(src.offsets);
    detail::for_each_coords(rows, [&](auto... c) {
      std::size_t at = array_->local.index_of({static_cast<std::size_t>(c)...}) - first;
      if (!offs.empty() && offs.back() + lens.back() == at * sizeof(T))
        lens.back() += row * sizeof(T);  // continues the previous row
      else {
        offs.push_back(at * sizeof(T));
        lens.push_back(row * sizeof(T));
      }
    });
    dart_datatype_t type = DART_TYPE_BYTE;
    if (offs.size() > 1) {
      detail::check(dart_type_create_indexed(DART_TYPE_BYTE, offs.size(), lens.data(), offs.data(), &type),
                    "dart_type_create_indexed");
      types_.add(type);
    }
    return Send{unit, offset, base + first, src.size() * sizeof(T), type};
  }

  std::pair<std::size_t, std::size_t> inner_range(std::size_t d) const {
    std::size_t lo = has_neighbor(d, -1) ? width_ : 0;
    std::size_t hi = lext_[d] - (has_neighbor(d, +1) ? width_ : 0);
    return {lo, std::max(lo, hi)};
  }

  NArray<T, N> *array_;
  std::size_t width_;
  detail::GlobalMemory<T> buf_;  // two halves: the halo alternates between them
  detail::DartTypes types_;
  extents_type ucoords_{}, lext_{};
  Block<N> block_{};
  std::vector<std::size_t> offsets_;
  std::vector<bool> present_;
  std::vector<Send> sends_;
  unsigned parity_ = 0;  // half holding the last completed halo
  bool pending_ = false;
};

}  // namespace dash

#endif  // DASH_HALO_H
