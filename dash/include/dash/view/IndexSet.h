#ifndef DASH_VIEW_INDEX_SET_H
#define DASH_VIEW_INDEX_SET_H

// dash::index, as in DASH: the indices behind a range or an iterator.
//   dash::index(it)          global index of a global iterator
//   dash::index(view)        the global indices of a 1-D global view
//   dash::index(local)       the local indices of a local range
// An index range is a range of counting iterators (*it is the index).

#include <cstddef>
#include <iterator>

#include <dash/GlobPtr.h>
#include <dash/matrix/LocalMatrixRef.h>
#include <dash/Matrix.h>
#include <dash/Range.h>
#include <dash/Types.h>
#include <dash/View.h>

namespace dash {

/// The indices [first, last).
class IndexRange {
 public:
  using index_type = default_index_t;
  using size_type = std::size_t;

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
    friend iterator operator+(iterator it, difference_type n) { return it += n; }
    friend iterator operator-(iterator it, difference_type n) { return it -= n; }
    friend difference_type operator-(iterator a, iterator b) { return a.i_ - b.i_; }
    friend bool operator==(iterator a, iterator b) { return a.i_ == b.i_; }
    friend bool operator!=(iterator a, iterator b) { return a.i_ != b.i_; }
    friend bool operator<(iterator a, iterator b) { return a.i_ < b.i_; }

   private:
    index_type i_ = 0;
  };

  IndexRange(index_type first, index_type last) : first_(first), last_(last) {}
  iterator begin() const { return iterator(first_); }
  iterator end() const { return iterator(last_); }
  size_type size() const { return static_cast<size_type>(last_ - first_); }
  index_type operator[](size_type i) const { return first_ + static_cast<index_type>(i); }

 private:
  index_type first_, last_;
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

/// The global indices of a 1-D array or view.
template <typename T, typename P>
IndexRange index(const detail::NArray<T, 1, P> &array) {
  return IndexRange(0, static_cast<default_index_t>(array.size()));
}
template <typename T, typename P>
IndexRange index(const View<T, 1, P> &view) {
  auto first = static_cast<default_index_t>(view.offsets()[0]);
  return IndexRange(first, first + static_cast<default_index_t>(view.size()));
}

/// The local indices of the calling unit's part of a 1-D array, or of a
/// local range.
template <typename T, typename P>
IndexRange index(const LocalView<T, 1, P> &local) {
  return IndexRange(0, static_cast<default_index_t>(local.size()));
}
template <typename T>
IndexRange index(const LocalSpan<T> &local) {
  auto first = static_cast<default_index_t>(local.first_index());
  return IndexRange(first, first + static_cast<default_index_t>(local.size()));
}

}  // namespace dash

#endif  // DASH_VIEW_INDEX_SET_H
