#ifndef DASH_VIEW_VIEWBLOCKSMOD_H
#define DASH_VIEW_VIEWBLOCKSMOD_H

// dash::blocks(range): the pattern's blocks that a one-dimensional range
// touches, each restricted to the range, as a random-access range of
// views (DASH's ViewBlocksMod):
//   - of a global range: global blocks (ViewSubMod), indices the global
//     block indices;
//   - of a local range (dash::local(array), local views): the unit's local
//     blocks in its memory (ViewLocalMod), indices the local block indices.
// dash::local(blocks(range)) is the blocks the calling unit owns, each as
// its local elements (ViewLocalBlocksMod).

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <type_traits>
#include <utility>
#include <vector>

#include <dash/Types.h>
#include <dash/view/CartView.h>
#include <dash/view/IndexSet.h>
#include <dash/view/ViewIterator.h>
#include <dash/view/ViewMod.h>
#include <dash/view/ViewTraits.h>

namespace dash {

template <typename BlocksT>
class ViewLocalBlocksMod;

template <typename DomainT>
class ViewBlocksMod : public detail::ViewBase {
  static constexpr bool local_domain = view_traits<DomainT>::is_local::value;

 public:
  using domain_type = DomainT;
  using origin_type = typename detail::origin_type_of<DomainT>::type;
  using pattern_type = typename std::remove_cv_t<origin_type>::pattern_type;
  using index_type = default_index_t;
  using size_type = std::size_t;
  using block_type = std::conditional_t<local_domain, ViewLocalMod<origin_type>, ViewSubMod<DomainT>>;
  using value_type = block_type;
  using iterator = ViewIndexIterator<ViewBlocksMod>;
  using const_iterator = iterator;
  using index_set_type = IndexSetBlocks<ViewBlocksMod>;
  using local_type = ViewLocalBlocksMod<ViewBlocksMod>;
  static constexpr bool view_is_local = local_domain;
  static constexpr dim_t view_rank = 1;

  template <typename X, typename = std::enable_if_t<!std::is_same_v<std::remove_cv_t<X>, ViewBlocksMod>>>
  explicit ViewBlocksMod(X &domain) : domain_(domain) {
    auto bs = blocksize();
    auto [first, last] = range();
    first_block_ = first / bs;
    nblocks_ = last > first ? static_cast<size_type>((last - 1) / bs + 1 - first_block_) : 0;
  }

  decltype(auto) domain() const { return domain_.get(); }
  origin_type &origin() const { return detail::origin_of(domain_.get()); }
  const pattern_type &pattern() const { return origin().pattern(); }

  size_type size() const { return nblocks_; }
  bool empty() const { return nblocks_ == 0; }
  iterator begin() const { return iterator(this, 0); }
  iterator end() const { return iterator(this, static_cast<std::ptrdiff_t>(nblocks_)); }

  /// Block i of this range (global block first_block() + i, or local
  /// block for a local domain), restricted to the range.
  block_type operator[](size_type i) const {
    auto bs = blocksize();
    auto [first, last] = range();
    index_type b = first_block_ + static_cast<index_type>(i);
    index_type from = std::max(first, b * bs), to = std::min(last, (b + 1) * bs);
    if constexpr (local_domain)
      return block_type(origin(), from, to);
    else
      return block_type(domain(), from - first, to - first);
  }

  /// The block index of the first block.
  index_type first_block() const { return first_block_; }
  index_set_type index_set() const { return index_set_type(*this); }
  auto domain_index_set() const { return dash::index(domain()); }
  local_type local() const { return local_type(*this); }

 private:
  index_type blocksize() const { return static_cast<index_type>(pattern().blocksize(0)); }
  // The domain's index range: local indices for a local domain.
  std::pair<index_type, index_type> range() const {
    if constexpr (local_domain)
      return {domain().lbegin_index(), domain().lend_index()};
    else
      return {detail::gbegin_of(domain()), detail::gend_of(domain())};
  }

  detail::DomainHolder<DomainT> domain_;
  index_type first_block_ = 0;
  size_type nblocks_ = 0;
};

/// The blocks of a global blocks view that the calling unit owns, each as
/// its local elements.
template <typename BlocksT>
class ViewLocalBlocksMod : public detail::ViewBase {
 public:
  using domain_type = BlocksT;
  using origin_type = typename BlocksT::origin_type;
  using pattern_type = typename BlocksT::pattern_type;
  using index_type = default_index_t;
  using size_type = std::size_t;
  using block_type = ViewLocalMod<typename BlocksT::block_type>;
  using value_type = block_type;
  using iterator = ViewIndexIterator<ViewLocalBlocksMod>;
  using const_iterator = iterator;
  using index_set_type = IndexList;
  using local_type = ViewLocalBlocksMod;
  static constexpr bool view_is_local = true;
  static constexpr dim_t view_rank = 1;

  explicit ViewLocalBlocksMod(const BlocksT &blocks) : blocks_(blocks) {
    const auto &pat = blocks.pattern();
    auto me = blocks.origin().team().myid();
    for (size_type i = 0; i < blocks.size(); ++i) {
      auto g = static_cast<std::size_t>(blocks.first_block() + static_cast<index_type>(i)) * pat.blocksize(0);
      if (pat.unit_at(g) == me) mine_.push_back(static_cast<index_type>(i));
    }
  }

  const BlocksT &domain() const { return blocks_; }
  origin_type &origin() const { return blocks_.origin(); }
  const pattern_type &pattern() const { return blocks_.pattern(); }

  size_type size() const { return mine_.size(); }
  bool empty() const { return mine_.empty(); }
  iterator begin() const { return iterator(this, 0); }
  iterator end() const { return iterator(this, static_cast<std::ptrdiff_t>(mine_.size())); }
  /// The calling unit's i-th block of the range, as local elements.
  block_type operator[](size_type i) const { return block_type(blocks_[static_cast<size_type>(mine_[i])]); }

  /// The global block indices of the unit's blocks.
  index_set_type index_set() const {
    std::vector<index_type> g;
    for (index_type i : mine_) g.push_back(blocks_.first_block() + i);
    return IndexList(std::move(g));
  }
  const ViewLocalBlocksMod &local() const { return *this; }

 private:
  BlocksT blocks_;
  std::vector<index_type> mine_;  // positions in blocks_
};

/// The pattern's blocks of an N-dimensional container that a box of it
/// touches, each restricted to the box (View), in block index order.
template <typename T, std::size_t N, typename P>
class ViewNBlocksMod : public detail::ViewBase {
 public:
  using view_type = View<T, N, P>;
  using block_type = view_type;
  using value_type = view_type;
  using pattern_type = P;
  using index_type = default_index_t;
  using size_type = std::size_t;
  using iterator = ViewIndexIterator<ViewNBlocksMod>;
  using const_iterator = iterator;
  using index_set_type = IndexList;
  static constexpr bool view_is_local = false;
  static constexpr dim_t view_rank = static_cast<dim_t>(N);

  explicit ViewNBlocksMod(const view_type &view) : view_(view) {
    const P &pat = view.pattern();
    const Block<N> &box = view.block();
    for (std::size_t b = 0; b < pat.nblocks(); ++b) {
      Block<N> blk = pat.block(b), cut;
      bool empty = false;
      for (std::size_t d = 0; d < N; ++d) {
        std::size_t lo = std::max(blk.offsets()[d], box.offsets()[d]);
        std::size_t hi = std::min(blk.offsets()[d] + blk.extents()[d], box.offsets()[d] + box.extents()[d]);
        empty = empty || hi <= lo;
        cut.offsets()[d] = lo;
        cut.extents()[d] = hi > lo ? hi - lo : 0;
      }
      if (empty) continue;
      indices_.push_back(static_cast<index_type>(b));
      blocks_.push_back(cut);
    }
  }

  const view_type &domain() const { return view_; }
  const P &pattern() const { return view_.pattern(); }
  size_type size() const { return blocks_.size(); }
  bool empty() const { return blocks_.empty(); }
  iterator begin() const { return iterator(this, 0); }
  iterator end() const { return iterator(this, static_cast<std::ptrdiff_t>(blocks_.size())); }
  view_type operator[](size_type i) const { return view_type(view_.core(), blocks_[i]); }
  /// The global block indices.
  index_set_type index_set() const { return IndexList(indices_); }

 private:
  view_type view_;
  std::vector<index_type> indices_;
  std::vector<Block<N>> blocks_;
};

}  // namespace dash

#endif  // DASH_VIEW_VIEWBLOCKSMOD_H
