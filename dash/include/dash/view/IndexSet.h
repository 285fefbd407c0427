#ifndef DASH_VIEW_INDEX_SET_H
#define DASH_VIEW_INDEX_SET_H

// Index sets, as DASH's dash::index gives them: the indices behind a
// range, as a range of counting iterators (*it is the index).
//   dash::index(it)              global index of a global iterator
//   dash::index(array)           0 .. size (IndexRange)
//   dash::index(sub(b, e, a))    the global indices b .. e (IndexSetSub)
//   dash::index(local(view))     the local indices of the view's elements
//                                in the unit's memory (IndexSetLocal)
//   dash::index(blocks(view))    the global block indices (IndexSetBlocks)
// first() and last() are the first and the last index (not one past),
// pre() and domain() the index set of the view's domain, pattern() the
// container's pattern; is_strided() is false (all sets are contiguous).

#include <array>
#include <cstddef>
#include <iterator>
#include <ostream>
#include <type_traits>
#include <utility>
#include <vector>

#include <dash/GlobPtr.h>
#include <dash/Iterator.h>
#include <dash/matrix/LocalMatrixRef.h>
#include <dash/Matrix.h>
#include <dash/Range.h>
#include <dash/Types.h>
#include <dash/view/CartView.h>
#include <dash/view/IndexRange.h>
#include <dash/view/ViewTraits.h>

namespace dash {

/// Global indices of a view of a one-dimensional container.
template <typename ViewT>
class IndexSetSub : public IndexRange<> {
 public:
  using view_type = ViewT;
  using domain_type = decltype(std::declval<const ViewT &>().domain_index_set());
  using pattern_type = typename ViewT::pattern_type;

  explicit IndexSetSub(const ViewT &view) : IndexRange<>(view.gbegin(), view.gend()), view_(view) {}
  domain_type domain() const { return view_.domain_index_set(); }
  domain_type pre() const { return domain(); }
  const pattern_type &pattern() const { return view_.pattern(); }
  const ViewT &view() const { return view_; }

 private:
  ViewT view_;
};

/// Local indices (offsets in the unit's memory) of a local view.
template <typename ViewT>
class IndexSetLocal : public IndexRange<> {
 public:
  using view_type = ViewT;
  using domain_type = decltype(std::declval<const ViewT &>().domain_index_set());
  using pattern_type = typename ViewT::pattern_type;

  explicit IndexSetLocal(const ViewT &view)
      : IndexRange<>(view.lbegin_index(), view.lend_index()), view_(view) {}
  /// The global indices of the view's domain.
  domain_type domain() const { return view_.domain_index_set(); }
  domain_type pre() const { return domain(); }
  const pattern_type &pattern() const { return view_.pattern(); }

  /// Global block index of the domain's last element.
  index_type domain_block_gidx_last() const {
    auto d = domain();
    return d.size() == 0 ? 0 : block_of(d.last());
  }
  /// Local block index of the last local block in the domain.
  index_type domain_block_lidx_last() const {
    return size() == 0 ? 0 : static_cast<index_type>(static_cast<std::size_t>(last()) / blocksize());
  }
  /// Global block index of the unit's last local block.
  index_type local_block_gidx_last() const {
    std::size_t lsize = pattern().local_size();
    return lsize == 0 ? 0 : block_of(static_cast<index_type>(pattern().global(lsize - 1)));
  }
  /// Global block index of the unit's local block `lblock`.
  index_type local_block_gidx_at_block_lidx(index_type lblock) const {
    return block_of(
        static_cast<index_type>(pattern().global(static_cast<std::size_t>(lblock) * blocksize())));
  }

 private:
  std::size_t blocksize() const { return pattern().blocksize(0); }
  index_type block_of(index_type g) const { return g / static_cast<index_type>(blocksize()); }

  ViewT view_;
};

/// The global block indices of a blocks view.
template <typename BlocksT>
class IndexSetBlocks : public IndexRange<> {
 public:
  using view_type = BlocksT;
  using domain_type = decltype(std::declval<const BlocksT &>().domain_index_set());

  explicit IndexSetBlocks(const BlocksT &blocks)
      : IndexRange<>(blocks.first_block(), blocks.first_block() + static_cast<index_type>(blocks.size())),
        blocks_(blocks) {}
  domain_type domain() const { return blocks_.domain_index_set(); }
  domain_type pre() const { return domain(); }

 private:
  BlocksT blocks_;
};

/// A list of indices (the blocks of a unit among those of a view).
class IndexList {
 public:
  using index_type = default_index_t;
  using size_type = std::size_t;
  using value_type = index_type;
  using iterator = typename std::vector<index_type>::const_iterator;
  using const_iterator = iterator;

  IndexList() = default;
  explicit IndexList(std::vector<index_type> indices) : indices_(std::move(indices)) {}
  iterator begin() const { return indices_.begin(); }
  iterator end() const { return indices_.end(); }
  size_type size() const { return indices_.size(); }
  index_type operator[](size_type i) const { return indices_[i]; }
  index_type first() const { return indices_.empty() ? 0 : indices_.front(); }
  index_type last() const { return indices_.empty() ? -1 : indices_.back(); }
  bool is_strided() const {
    for (size_type i = 1; i < indices_.size(); ++i)
      if (indices_[i] != indices_[i - 1] + 1) return true;
    return false;
  }

 private:
  std::vector<index_type> indices_;
};

/// The indices of the elements of a box of an N-dimensional index space
/// (global coordinates of a container, or local ones of a unit's
/// memory), in the box's row-major order: index_set[i] is the linear
/// (row-major) index in the space of the i-th element.
template <std::size_t N, typename PatternT>
class IndexSetBox {
 public:
  using index_type = default_index_t;
  using size_type = std::size_t;
  using value_type = index_type;
  using extents_type = std::array<size_type, N>;

  class iterator {
   public:
    using value_type = index_type;
    using difference_type = std::ptrdiff_t;
    using reference = index_type;
    using pointer = void;
    using iterator_category = std::random_access_iterator_tag;
    iterator() = default;
    iterator(const IndexSetBox *set, difference_type pos) : set_(set), pos_(pos) {}
    index_type operator*() const { return (*set_)[static_cast<size_type>(pos_)]; }
    index_type operator[](difference_type n) const { return (*set_)[static_cast<size_type>(pos_ + n)]; }
    difference_type pos() const { return pos_; }
    iterator &operator++() {
      ++pos_;
      return *this;
    }
    iterator &operator--() {
      --pos_;
      return *this;
    }
    iterator operator++(int) { return iterator(set_, pos_++); }
    iterator &operator+=(difference_type n) {
      pos_ += n;
      return *this;
    }
    friend iterator operator+(iterator it, difference_type n) { return it += n; }
    friend difference_type operator-(const iterator &a, const iterator &b) { return a.pos_ - b.pos_; }
    friend bool operator==(const iterator &a, const iterator &b) { return a.pos_ == b.pos_; }
    friend bool operator!=(const iterator &a, const iterator &b) { return a.pos_ != b.pos_; }

   private:
    const IndexSetBox *set_ = nullptr;
    difference_type pos_ = 0;
  };
  using const_iterator = iterator;

  /// The box `box` of the space with extents `space`.
  IndexSetBox(const PatternT *pattern, const Block<N> &box, const extents_type &space)
      : pattern_(pattern), box_(box), space_(space) {}
  iterator begin() const { return iterator(this, 0); }
  iterator end() const { return iterator(this, static_cast<std::ptrdiff_t>(size())); }
  size_type size() const { return box_.size(); }
  index_type operator[](size_type i) const {
    extents_type c{};
    for (std::size_t d = N; d-- > 0;) {
      c[d] = box_.offsets()[d] + i % box_.extents()[d];
      i /= box_.extents()[d];
    }
    index_type linear = 0;
    for (std::size_t d = 0; d < N; ++d)
      linear = linear * static_cast<index_type>(space_[d]) + static_cast<index_type>(c[d]);
    return linear;
  }
  index_type first() const { return size() == 0 ? 0 : (*this)[0]; }
  index_type last() const { return size() == 0 ? -1 : (*this)[size() - 1]; }
  bool is_strided() const {
    for (std::size_t d = 1; d < N; ++d)
      if (box_.extents()[d] != space_[d] && box_.extents()[d - 1] > 1) return true;
    return false;
  }
  const PatternT &pattern() const { return *pattern_; }
  const Block<N> &box() const { return box_; }
  const extents_type &extents() const { return box_.extents(); }
  const auto &offsets() const { return box_.offsets(); }
  static constexpr dim_t ndim() { return static_cast<dim_t>(N); }

 private:
  const PatternT *pattern_;
  Block<N> box_;
  extents_type space_;
};

/// The global index of the element `it` points to (of one past the last
/// element for an end iterator of a 1-D range).
template <typename T, std::size_t N, typename P>
default_index_t index(const GlobPtr<T, N, P> &it) {
  // An end iterator has no element: one past the last one's index.
  if (it.pos() > 0 && static_cast<std::size_t>(it.pos()) >= it.view().size())
    return index(it - (it.pos() - static_cast<std::ptrdiff_t>(it.view().size()) + 1)) + 1;
  return static_cast<default_index_t>(it.gindex());
}

/// The global indices of a 1-D container or matrix view.
template <typename T, typename P>
IndexRange<> index(const detail::NArray<T, 1, P> &array) {
  return IndexRange<>(0, static_cast<default_index_t>(array.size()));
}
template <typename T, typename P>
IndexRange<> index(const View<T, 1, P> &view) {
  auto first = static_cast<default_index_t>(view.offsets()[0]);
  return IndexRange<>(first, first + static_cast<default_index_t>(view.size()));
}
/// The global (row-major linear) indices of the elements of a matrix view.
template <typename T, std::size_t N, typename P, typename = std::enable_if_t<(N > 1)>>
IndexSetBox<N, P> index(const View<T, N, P> &view) {
  return IndexSetBox<N, P>(&view.pattern(), view.block(), view.pattern().extents());
}

/// The local indices of the calling unit's part of a 1-D array, or of a
/// local range.
template <typename T, typename P>
IndexRange<> index(const LocalView<T, 1, P> &local) {
  return IndexRange<>(0, static_cast<default_index_t>(local.size()));
}
template <typename T>
IndexRange<> index(const LocalSpan<T> &local) {
  auto first = static_cast<default_index_t>(local.first_index());
  return IndexRange<>(first, first + static_cast<default_index_t>(local.size()));
}

/// The index set of a view of this library (sub, local, blocks, ...).
template <typename ViewT, typename = std::enable_if_t<std::is_base_of_v<detail::ViewBase, ViewT>>>
auto index(const ViewT &view) -> decltype(view.index_set()) {
  return view.index_set();
}

}  // namespace dash

#endif  // DASH_VIEW_INDEX_SET_H
