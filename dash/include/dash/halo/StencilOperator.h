#ifndef DASH_HALO_STENCILOPERATOR_H
#define DASH_HALO_STENCILOPERATOR_H

// StencilOperator<HaloBlockT, StencilSpecT>: a stencil applied to the local
// block of a matrix with a halo, with DASH's names and iteration spaces.
// `inner` iterates the elements whose stencil points all lie in the local
// block (value_at reads local memory); `boundary` iterates the other
// elements whose stencil points all exist (value_at also reads the halo, so
// iterate it after the exchange completed). As in DASH, elements within
// the stencil's reach of the global edge along a dimension with
// BoundaryProp::NONE belong to neither (their stencil would leave the
// global index space): a program computes them itself or leaves them.
//
//   for (auto it = op.inner.begin(); it != op.inner.end(); ++it)
//     out[it.lpos()] = *it + it.value_at(0) + it.value_at(1);
//
// *it is the centre element, value_at(k) the value at stencil point k
// (value_at(point) at a point of the specification), lpos() the centre's
// offset in the local block (into lbegin()), coords() its local
// coordinates. The boundary is split into the 3^N - 1 regions around the
// inner box (region coordinates as RegionCoords): boundary.iterator_at(r)
// is region r's (begin, end).
//
// An operator refers to the wrapper's halo: it stays valid while the
// HaloMatrixWrapper that made it lives; copies are independent. Starting
// to iterate the boundary completes a pending update_async() (as wait()),
// so the boundary always reads the halo of the last update.

#include <algorithm>
#include <array>
#include <cstddef>
#include <stdexcept>
#include <utility>
#include <vector>

#include <dash/halo/Halo.h>
#include <dash/halo/Region.h>
#include <dash/halo/Stencil.h>
#include <dash/halo/iterator/StencilIterator.h>

namespace dash::halo {

template <typename HaloBlockT, typename StencilSpecT>
class StencilOperator {
 public:
  using Element_t = typename HaloBlockT::Element_t;
  using Pattern_t = typename HaloBlockT::Pattern_t;
  static constexpr std::size_t N = HaloBlockT::ndim();
  using HaloBlock_t = HaloBlockT;
  using StencilSpec_t = StencilSpecT;
  using StencilPoint_t = typename StencilSpecT::StencilPoint_t;
  using ViewSpec_t = ViewSpec<N>;
  using ElementCoords_t = std::array<std::size_t, N>;
  using halo_type = Halo<Element_t, N, Pattern_t>;
  using value_type = Element_t;

  static constexpr std::size_t ndim() { return N; }

  using Iterator = StencilIterator<StencilOperator>;
  using iterator = Iterator;
  using const_iterator = Iterator;

  /// A set of elements: begin(), end(), size(), view().
  class Scope {
   public:
    Scope(const StencilOperator *op, const std::vector<Block<N>> *boxes, bool inner)
        : op_(op), boxes_(boxes), inner_(inner) {}
    Iterator begin() const {
      if (!inner_) op_->complete();
      return Iterator(op_, boxes_, 0, inner_);
    }
    Iterator end() const { return Iterator(op_, boxes_, boxes_->size(), inner_); }
    std::size_t size() const {
      std::size_t n = 0;
      for (const Block<N> &b : *boxes_) n += b.size();
      return n;
    }
    /// The elements of boundary region `index` (begin, end); empty for the
    /// centre and for `inner`.
    std::pair<Iterator, Iterator> iterator_at(region_index_t index) const {
      const region_index_t center = NumRegionsMax<N> / 2;
      if (inner_ || index == center || index >= NumRegionsMax<N>) return {end(), end()};
      std::size_t box = index < center ? index : index - 1;
      op_->complete();
      return {Iterator(op_, boxes_, box, false), Iterator(op_, boxes_, box + 1, false)};
    }
    /// DASH: the boundary elements along dimension `dim` next to the halo
    /// before (RegionPos::PRE) or after (POST) the block, without those of
    /// lower dimensions: the 2N ranges together are the boundary, each
    /// element once. Empty for `inner` and for a dimension >= N.
    std::pair<Iterator, Iterator> iterator_at(dim_t dim, RegionPos pos) const {
      if (inner_ || dim < 0 || static_cast<std::size_t>(dim) >= N) return {end(), end()};
      const std::size_t box = 2 * static_cast<std::size_t>(dim) + (pos == RegionPos::POST ? 1 : 0);
      op_->complete();
      return {Iterator(op_, &op_->dim_boxes_, box, false), Iterator(op_, &op_->dim_boxes_, box + 1, false)};
    }
    /// The boxes (local coordinates) this scope iterates.
    const std::vector<Block<N>> &views() const { return *boxes_; }

   private:
    const StencilOperator *op_;
    const std::vector<Block<N>> *boxes_;
    bool inner_;
  };

  /// The stencil `spec` on `halo`'s block (`block` describes it), whose
  /// local elements start at `base`. Throws std::invalid_argument if the
  /// stencil reaches farther than the halo's widths.
  StencilOperator(const HaloBlockT *block, halo_type *halo, Element_t *base, const StencilSpecT &spec)
      : block_(block), halo_(halo), base_(base), spec_(spec) {
    auto need = spec.widths();
    const auto &have = halo->widths();
    for (std::size_t d = 0; d < N; ++d)
      if (need.lo[d] > have.lo[d] || need.hi[d] > have.hi[d])
        throw std::invalid_argument("dash::halo::StencilOperator: the stencil reaches beyond the halo");
    make_boxes(need);
    const auto &ext = halo->extents();
    if constexpr (Pattern_t::memory_order() == COL_MAJOR) {
      strides_[0] = 1;
      for (std::size_t d = 1; d < N; ++d) strides_[d] = strides_[d - 1] * ext[d - 1];
    } else {
      strides_[N - 1] = 1;
      for (std::size_t d = N - 1; d-- > 0;) strides_[d] = strides_[d + 1] * ext[d + 1];
    }
    for (std::size_t k = 0; k < spec.size(); ++k) {
      std::ptrdiff_t off = 0;
      for (std::size_t d = 0; d < N; ++d) off += spec[k][d] * static_cast<std::ptrdiff_t>(strides_[d]);
      offsets_[k] = off;
    }
  }
  // The scopes refer to their operator: a copy gets its own (the default
  // member initializers below), not the original's.
  StencilOperator(const StencilOperator &o)
      : block_(o.block_),
        halo_(o.halo_),
        base_(o.base_),
        spec_(o.spec_),
        inner_boxes_(o.inner_boxes_),
        boundary_boxes_(o.boundary_boxes_),
        dim_boxes_(o.dim_boxes_),
        view_(o.view_),
        strides_(o.strides_),
        offsets_(o.offsets_) {}
  StencilOperator &operator=(const StencilOperator &) = delete;

  const StencilSpecT &stencil_spec() const { return spec_; }
  const HaloBlockT &halo_block() const { return *block_; }
  /// The elements iterated (inner and boundary) in local coordinates.
  const ViewSpec_t &view() const { return view_; }
  /// The unit's block in local coordinates.
  const ViewSpec_t &view_local() const { return block_->view_local(); }
  /// The offset of stencil point k from its centre in the local memory.
  std::ptrdiff_t stencil_offset(std::size_t k) const { return offsets_[k]; }
  /// The local memory offset of local coordinates.
  std::size_t index(const ElementCoords_t &c) const {
    std::size_t i = 0;
    for (std::size_t d = 0; d < N; ++d) i += c[d] * strides_[d];
    return i;
  }

 private:
  template <typename>
  friend class StencilIterator;

  // Boundary elements read the halo: an exchange still in progress is
  // completed first (DASH's programs may read it without wait()).
  void complete() const {
    if (halo_->pending()) halo_->wait();
  }

  // The value at `c` moved by `point`: local memory or the halo.
  Element_t read(const ElementCoords_t &c, const StencilPoint_t &point) const {
    std::array<long, N> at;
    bool local = true;
    for (std::size_t d = 0; d < N; ++d) {
      at[d] = static_cast<long>(c[d]) + point[d];
      local = local && at[d] >= 0 && at[d] < static_cast<long>(halo_->extents()[d]);
    }
    if (local) {
      std::size_t i = 0;
      for (std::size_t d = 0; d < N; ++d) i += static_cast<std::size_t>(at[d]) * strides_[d];
      return base_[i];
    }
    return std::apply([&](auto... i) { return (*halo_)(i...); }, at);
  }

  // Per dimension, the elements whose stencil exists span [a, b) (all but
  // `need` elements next to a side without halo) and the inner ones
  // [il, ih) (all but `need` next to either side), a <= il <= ih <= b.
  // Region coordinate 0, 1, 2 along d is [a, il), [il, ih), [ih, b): the
  // centre is the inner box, the others the boundary regions in order.
  void make_boxes(const HaloWidths<N> &need) {
    const auto &ext = halo_->extents();
    std::array<std::size_t, N> a, b, il, ih;
    for (std::size_t d = 0; d < N; ++d) {
      std::size_t lo = need.lo[d], hi = need.hi[d], e = ext[d];
      a[d] = std::min(halo_->has_neighbor(d, -1) || lo == 0 ? 0 : lo, e);
      b[d] = std::max(a[d], halo_->has_neighbor(d, +1) || hi == 0 ? e : e > hi ? e - hi : 0);
      il[d] = std::clamp(lo, a[d], b[d]);
      ih[d] = std::clamp(e > hi ? e - hi : 0, il[d], b[d]);
      view_.offsets()[d] = a[d];
      view_.extents()[d] = b[d] - a[d];
    }
    for (region_index_t r = 0; r < NumRegionsMax<N>; ++r) {
      auto rc = RegionCoords<N>::coords(r);
      Block<N> box;
      for (std::size_t d = 0; d < N; ++d) {
        std::size_t from = rc[d] == 0 ? a[d] : rc[d] == 1 ? il[d] : ih[d];
        std::size_t to = rc[d] == 0 ? il[d] : rc[d] == 1 ? ih[d] : b[d];
        box.offsets()[d] = from;
        box.extents()[d] = to - from;
      }
      (r == NumRegionsMax<N> / 2 ? inner_boxes_ : boundary_boxes_).push_back(box);
    }
    // The boundary by dimension (DASH's iterator_at(dim, pos)): along d the
    // part before / after the inner range; inner range in the dimensions
    // below d (their boundary is theirs), all of it in those above.
    for (std::size_t d = 0; d < N; ++d)
      for (int post = 0; post < 2; ++post) {
        Block<N> box;
        for (std::size_t k = 0; k < N; ++k) {
          std::size_t from = k < d ? il[k] : a[k], to = k < d ? ih[k] : b[k];
          if (k == d) from = post ? ih[k] : a[k], to = post ? b[k] : il[k];
          box.offsets()[k] = from;
          box.extents()[k] = to - from;
        }
        dim_boxes_.push_back(box);
      }
  }

  const HaloBlockT *block_;
  halo_type *halo_;
  Element_t *base_;
  StencilSpecT spec_;
  std::vector<Block<N>> inner_boxes_, boundary_boxes_;
  std::vector<Block<N>> dim_boxes_;  // 2N: dimension d PRE at 2d, POST at 2d + 1
  ViewSpec_t view_{};
  std::array<std::size_t, N> strides_{};
  std::array<std::ptrdiff_t, StencilSpecT::size()> offsets_{};

 public:
  /// Elements whose stencil needs no halo.
  const Scope inner{this, &inner_boxes_, true};
  /// The other elements whose stencil exists.
  const Scope boundary{this, &boundary_boxes_, false};
};

}  // namespace dash::halo

#endif  // DASH_HALO_STENCILOPERATOR_H
