#ifndef DASH_HALO_ITERATOR_STENCILITERATOR_H
#define DASH_HALO_ITERATOR_STENCILITERATOR_H

// StencilIterator<StencilOpT>: the iterator of a StencilOperator's inner
// and boundary elements (see StencilOperator.h): it walks a list of boxes
// of local coordinates row-major; *it is the centre element, value_at(k)
// the value at stencil point k (local memory for inner elements, the halo
// where a boundary element's point leaves the block), lpos() the centre's
// offset in the local block, coords() / gcoords() its local / global
// coordinates.

#include <array>
#include <cstddef>
#include <vector>

#include <dash/pattern/BlockPattern.h>

namespace dash::halo {

template <typename StencilOpT>
class StencilIterator {
  static constexpr std::size_t N = StencilOpT::ndim();
  using Element_t = typename StencilOpT::Element_t;
  using ElementCoords_t = std::array<std::size_t, N>;
  using StencilPoint_t = typename StencilOpT::StencilPoint_t;

 public:
  using value_type = Element_t;
  using difference_type = std::ptrdiff_t;

  StencilIterator(const StencilOpT *op, const std::vector<Block<N>> *boxes, std::size_t box, bool inner)
      : op_(op), boxes_(boxes), box_(box), inner_(inner) {
    settle();
  }
  Element_t operator*() const { return op_->base_[lpos_]; }
  /// The value at stencil point k of the current element.
  Element_t value_at(std::size_t k) const {
    if (inner_) return op_->base_[static_cast<std::ptrdiff_t>(lpos_) + op_->offsets_[k]];
    return op_->read(coords_, op_->spec_[k]);
  }
  /// The value at `point` (any offset within the halo) from the current element.
  Element_t value_at(const StencilPoint_t &point) const {
    auto [k, found] = op_->spec_.index(point);
    if (inner_ && found) return value_at(k);
    return op_->read(coords_, point);
  }
  /// The centre's offset in the local block.
  std::size_t lpos() const { return lpos_; }
  /// The centre's local coordinates.
  const ElementCoords_t &coords() const { return coords_; }
  /// The centre's global coordinates.
  ElementCoords_t gcoords() const {
    ElementCoords_t g = coords_;
    for (std::size_t d = 0; d < N; ++d) g[d] += op_->block_->view().offsets()[d];
    return g;
  }
  StencilIterator &operator++() {
    const Block<N> &b = (*boxes_)[box_];
    std::size_t d = N;
    while (d-- > 0) {
      if (++coords_[d] < b.offsets()[d] + b.extents()[d]) break;
      coords_[d] = b.offsets()[d];
    }
    if (d == static_cast<std::size_t>(-1)) {
      ++box_;
      settle();
    } else {
      lpos_ = op_->index(coords_);
    }
    return *this;
  }
  StencilIterator operator++(int) {
    StencilIterator old = *this;
    ++*this;
    return old;
  }
  bool operator==(const StencilIterator &o) const {
    return box_ == o.box_ && (at_end() || coords_ == o.coords_);
  }
  bool operator!=(const StencilIterator &o) const { return !(*this == o); }

 private:
  bool at_end() const { return box_ >= boxes_->size(); }
  // Moves to the first element of the first non-empty box from box_.
  void settle() {
    while (box_ < boxes_->size() && (*boxes_)[box_].size() == 0) ++box_;
    if (at_end()) {
      box_ = boxes_->size();
      return;
    }
    coords_ = (*boxes_)[box_].origin();
    lpos_ = op_->index(coords_);
  }

  const StencilOpT *op_;
  const std::vector<Block<N>> *boxes_;
  std::size_t box_;
  bool inner_;
  ElementCoords_t coords_{};
  std::size_t lpos_ = 0;
};

}  // namespace dash::halo

#endif  // DASH_HALO_ITERATOR_STENCILITERATOR_H
