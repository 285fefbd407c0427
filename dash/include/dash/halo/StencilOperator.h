#ifndef DASH_HALO_STENCILOPERATOR_H
#define DASH_HALO_STENCILOPERATOR_H

// StencilOperator: a stencil applied to the local block of a matrix with a
// Halo, with DASH's names and DASH's iteration spaces. `inner` iterates the
// elements whose stencil points all lie in the local block (value_at reads
// local memory); `boundary` iterates the other elements whose stencil
// points all exist (value_at also reads the halo, so iterate it after the
// exchange completed). Both in row-major order. As in DASH, elements
// within the stencil's reach of the global edge along a dimension with
// BoundaryProp::NONE belong to neither (their stencil would leave the
// global index space): a program computes them itself or leaves them.
//
//   for (auto it = op.inner.begin(); it != op.inner.end(); ++it)
//     out[it.lpos()] = *it + it.value_at(0) + it.value_at(1);
//
// *it is the centre element, value_at(k) the value at stencil point k,
// lpos() the centre's offset in the local block (into lbegin()), coords()
// its local coordinates.

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

#include <dash/halo/Halo.h>
#include <dash/halo/Stencil.h>

namespace dash::halo {

template <typename T, std::size_t N, typename StencilSpecT>
class StencilOperator {
 public:
  /// Iteration over a set of boxes of local coordinates.
  class Iterator {
   public:
    Iterator(const StencilOperator *op, const std::vector<Block<N>> *boxes, std::size_t box)
        : op_(op), boxes_(boxes), box_(box) {
      settle();
    }
    T operator*() const { return op_->base_[lpos_]; }
    /// The value at stencil point k of the current element.
    T value_at(std::size_t k) const {
      if (inner_) return op_->base_[static_cast<std::ptrdiff_t>(lpos_) + op_->offsets_[k]];
      const auto &p = op_->spec_[k];
      std::array<long, N> c;
      for (std::size_t d = 0; d < N; ++d) c[d] = static_cast<long>(coords_[d]) + p[d];
      return std::apply([&](auto... i) { return (*op_->halo_)(i...); }, c);
    }
    std::size_t lpos() const { return lpos_; }
    const std::array<std::size_t, N> &coords() const { return coords_; }
    Iterator &operator++() {
      std::size_t d = N;
      const Block<N> &b = (*boxes_)[box_];
      while (d-- > 0) {
        if (++coords_[d] < b.offsets[d] + b.extents[d]) break;
        coords_[d] = b.offsets[d];
      }
      if (d == static_cast<std::size_t>(-1)) {
        ++box_;
        settle();
      } else {
        lpos_ = op_->index(coords_);
      }
      return *this;
    }
    bool operator==(const Iterator &o) const { return box_ == o.box_ && (at_end() || coords_ == o.coords_); }
    bool operator!=(const Iterator &o) const { return !(*this == o); }

   private:
    bool at_end() const { return box_ >= boxes_->size(); }
    // Moves to the first element of the first non-empty box from box_.
    void settle() {
      while (box_ < boxes_->size() && (*boxes_)[box_].size() == 0) ++box_;
      if (at_end()) return;
      coords_ = (*boxes_)[box_].offsets;
      lpos_ = op_->index(coords_);
      inner_ = boxes_ == &op_->inner_boxes_;
    }
    const StencilOperator *op_;
    const std::vector<Block<N>> *boxes_;
    std::size_t box_;
    std::array<std::size_t, N> coords_{};
    std::size_t lpos_ = 0;
    bool inner_ = false;
  };

  /// A range of elements: begin() and end().
  class Scope {
   public:
    Scope(const StencilOperator *op, const std::vector<Block<N>> *boxes) : op_(op), boxes_(boxes) {}
    Iterator begin() const { return Iterator(op_, boxes_, 0); }
    Iterator end() const { return Iterator(op_, boxes_, boxes_->size()); }
    std::size_t size() const {
      std::size_t n = 0;
      for (const Block<N> &b : *boxes_) n += b.size();
      return n;
    }

   private:
    const StencilOperator *op_;
    const std::vector<Block<N>> *boxes_;
  };

  /// The stencil `spec` on `halo`'s block, whose local elements start at
  /// `base`. Throws std::invalid_argument if the stencil reaches farther
  /// than the halo's widths.
  StencilOperator(const Halo<T, N> *halo, T *base, const StencilSpecT &spec)
      : halo_(halo), base_(base), spec_(spec) {
    auto need = spec.widths();
    const auto &have = halo->widths();
    for (std::size_t d = 0; d < N; ++d)
      if (need.lo[d] > have.lo[d] || need.hi[d] > have.hi[d])
        throw std::invalid_argument("dash::halo::StencilOperator: the stencil reaches beyond the halo");
    make_boxes(need);
    const auto &ext = halo->extents();
    strides_[N - 1] = 1;
    for (std::size_t d = N - 1; d-- > 0;) strides_[d] = strides_[d + 1] * ext[d + 1];
    for (std::size_t k = 0; k < spec.size(); ++k) {
      std::ptrdiff_t off = 0;
      for (std::size_t d = 0; d < N; ++d) off += spec[k][d] * static_cast<std::ptrdiff_t>(strides_[d]);
      offsets_[k] = off;
    }
  }
  StencilOperator(const StencilOperator &) = delete;  // the scopes point into it
  StencilOperator &operator=(const StencilOperator &) = delete;

  const StencilSpecT &stencil_spec() const { return spec_; }

 private:
  // Per dimension, the elements whose stencil exists span [a, b) (all but
  // `need` elements next to a side without halo) and the inner ones
  // [il, ih) (all but `need` next to either side), a <= il <= ih <= b.
  // Boundary: the valid box minus the inner box, as disjoint slabs.
  void make_boxes(const HaloWidths<N> &need) {
    const auto &ext = halo_->extents();
    std::array<std::size_t, N> a, b, il, ih;
    for (std::size_t d = 0; d < N; ++d) {
      std::size_t lo = need.lo[d], hi = need.hi[d], e = ext[d];
      a[d] = std::min(halo_->has_neighbor(d, -1) || lo == 0 ? 0 : lo, e);
      b[d] = std::max(a[d], halo_->has_neighbor(d, +1) || hi == 0 ? e : e > hi ? e - hi : 0);
      il[d] = std::clamp(lo, a[d], b[d]);
      ih[d] = std::clamp(e > hi ? e - hi : 0, il[d], b[d]);
    }
    Block<N> middle;
    for (std::size_t d = 0; d < N; ++d) {
      middle.offsets[d] = il[d];
      middle.extents[d] = ih[d] - il[d];
    }
    inner_boxes_.push_back(middle);
    for (std::size_t d = 0; d < N; ++d)
      for (int side = 0; side < 2; ++side) {
        Block<N> box;
        for (std::size_t e = 0; e < N; ++e) {
          std::size_t from = e < d ? il[e] : a[e], to = e < d ? ih[e] : b[e];
          if (e == d) {
            from = side == 0 ? a[e] : ih[e];
            to = side == 0 ? il[e] : b[e];
          }
          box.offsets[e] = from;
          box.extents[e] = to - from;
        }
        if (box.size() > 0) boundary_boxes_.push_back(box);
      }
  }

  std::size_t index(const std::array<std::size_t, N> &c) const {
    std::size_t i = 0;
    for (std::size_t d = 0; d < N; ++d) i += c[d] * strides_[d];
    return i;
  }

  const Halo<T, N> *halo_;
  T *base_;
  StencilSpecT spec_;
  std::vector<Block<N>> inner_boxes_, boundary_boxes_;
  std::array<std::size_t, N> strides_{};
  std::array<std::ptrdiff_t, StencilSpecT::size()> offsets_{};

 public:
  /// Elements whose stencil needs no halo.
  const Scope inner{this, &inner_boxes_};
  /// The other elements of the local block.
  const Scope boundary{this, &boundary_boxes_};
};

}  // namespace dash::halo

#endif  // DASH_HALO_STENCILOPERATOR_H
