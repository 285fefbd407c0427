#ifndef DASH_VIEW_INDEXRANGE_H
#define DASH_VIEW_INDEXRANGE_H

// IndexRange<NDim, IndexType>: ranges of indices, as DASH's. The
// one-dimensional IndexRange<1, I> (IndexRange<>) is the indices
// [first, last) as a random-access range of counting iterators (*it is the
// index); IndexRange<N, I> is one per dimension.

#include <array>
#include <cstddef>
#include <iterator>
#include <ostream>
#include <utility>

#include <dash/Types.h>

namespace dash {

template <dim_t NDim = 1, typename IndexType = default_index_t>
class IndexRange {
 public:
  using index_type = IndexType;
  /// The ranges of each dimension.
  constexpr explicit IndexRange(const std::array<IndexRange<1, IndexType>, NDim> &ranges) : ranges_(ranges) {}
  constexpr const IndexRange<1, IndexType> &range(dim_t d) const {
    return ranges_[static_cast<std::size_t>(d)];
  }
  /// The indices [first, last) along dimension SDim, the others as they are.
  template <dim_t SDim>
  constexpr IndexRange sub(IndexType first, IndexType last) const {
    auto r = ranges_;
    IndexType base = r[SDim].first();
    r[SDim] = IndexRange<1, IndexType>(base + first, base + last);
    return IndexRange(r);
  }
  std::size_t size() const {
    std::size_t n = 1;
    for (const auto &r : ranges_) n *= r.size();
    return n;
  }

 private:
  std::array<IndexRange<1, IndexType>, NDim> ranges_;
};

/// The indices [first, last) of one dimension (DASH's IndexRange<1, I>):
/// a random-access range of counting iterators.
template <typename IndexType>
class IndexRange<1, IndexType> {
 public:
  using index_type = IndexType;
  using size_type = std::size_t;
  using value_type = index_type;

  class iterator {
   public:
    using value_type = index_type;
    using difference_type = std::ptrdiff_t;
    using reference = index_type;
    using pointer = void;
    using iterator_category = std::random_access_iterator_tag;

    iterator() = default;
    explicit iterator(index_type i) : i_(i) {}
    index_type operator*() const { return i_; }
    index_type operator[](difference_type n) const { return i_ + n; }
    iterator &operator++() {
      ++i_;
      return *this;
    }
    iterator &operator--() {
      --i_;
      return *this;
    }
    iterator operator++(int) { return iterator(i_++); }
    iterator operator--(int) { return iterator(i_--); }
    iterator &operator+=(difference_type n) {
      i_ += n;
      return *this;
    }
    iterator &operator-=(difference_type n) {
      i_ -= n;
      return *this;
    }
    /// The index (DASH's counting iterators answer pos()).
    index_type pos() const { return i_; }
    friend iterator operator+(iterator it, difference_type n) { return it += n; }
    friend iterator operator-(iterator it, difference_type n) { return it -= n; }
    friend difference_type operator-(iterator a, iterator b) { return a.i_ - b.i_; }
    friend bool operator==(iterator a, iterator b) { return a.i_ == b.i_; }
    friend bool operator!=(iterator a, iterator b) { return a.i_ != b.i_; }
    friend bool operator<(iterator a, iterator b) { return a.i_ < b.i_; }
    friend bool operator<=(iterator a, iterator b) { return a.i_ <= b.i_; }
    friend bool operator>(iterator a, iterator b) { return a.i_ > b.i_; }
    friend bool operator>=(iterator a, iterator b) { return a.i_ >= b.i_; }

   private:
    index_type i_ = 0;
  };
  using const_iterator = iterator;

  IndexRange() = default;
  constexpr IndexRange(index_type first, index_type last) : first_(first), last_(last) {}
  /// The indices of a range of indices (from *begin to *end).
  template <typename RangeT, typename = decltype(*std::declval<const RangeT &>().begin())>
  explicit IndexRange(const RangeT &range) : first_(*range.begin()), last_(*range.end()) {}
  iterator begin() const { return iterator(first_); }
  iterator end() const { return iterator(last_); }
  size_type size() const { return static_cast<size_type>(last_ - first_); }
  bool empty() const { return first_ == last_; }
  index_type operator[](size_type i) const { return first_ + static_cast<index_type>(i); }
  /// The first and the last index (first() - 1 if empty).
  index_type first() const { return first_; }
  index_type last() const { return last_ - 1; }
  bool is_strided() const { return false; }
  static constexpr dim_t ndim() { return 1; }
  static constexpr dim_t rank() { return 1; }

 private:
  index_type first_ = 0, last_ = 0;
};

template <typename IndexType>
std::ostream &operator<<(std::ostream &os, const IndexRange<1, IndexType> &r) {
  return os << "dash::IndexRange(" << r.first() << ".." << r.last() + 1 << ")";
}

}  // namespace dash

#endif  // DASH_VIEW_INDEXRANGE_H
