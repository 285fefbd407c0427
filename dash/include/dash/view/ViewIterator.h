#ifndef DASH_VIEW_VIEWITERATOR_H
#define DASH_VIEW_VIEWITERATOR_H

// ViewIndexIterator<R>: a random-access iterator over the positions of an
// indexable range R (*it is range[pos()]), for views whose elements are
// computed (blocks of a range, a unit's box of a matrix).

#include <cstddef>
#include <iterator>
#include <utility>

namespace dash {

/// A random-access iterator over the positions of an indexable range
/// (*it is range[pos()]).
template <typename RangeT>
class ViewIndexIterator {
 public:
  using value_type = decltype(std::declval<const RangeT &>()[0]);
  using difference_type = std::ptrdiff_t;
  using reference = value_type;
  using pointer = void;
  using iterator_category = std::random_access_iterator_tag;

  ViewIndexIterator() = default;
  ViewIndexIterator(const RangeT *range, difference_type pos) : range_(range), pos_(pos) {}
  value_type operator*() const { return (*range_)[static_cast<std::size_t>(pos_)]; }
  value_type operator[](difference_type n) const { return (*range_)[static_cast<std::size_t>(pos_ + n)]; }
  difference_type pos() const { return pos_; }
  ViewIndexIterator &operator++() {
    ++pos_;
    return *this;
  }
  ViewIndexIterator &operator--() {
    --pos_;
    return *this;
  }
  ViewIndexIterator operator++(int) { return ViewIndexIterator(range_, pos_++); }
  ViewIndexIterator operator--(int) { return ViewIndexIterator(range_, pos_--); }
  ViewIndexIterator &operator+=(difference_type n) {
    pos_ += n;
    return *this;
  }
  ViewIndexIterator &operator-=(difference_type n) {
    pos_ -= n;
    return *this;
  }
  friend ViewIndexIterator operator+(ViewIndexIterator it, difference_type n) { return it += n; }
  friend ViewIndexIterator operator-(ViewIndexIterator it, difference_type n) { return it -= n; }
  friend difference_type operator-(const ViewIndexIterator &a, const ViewIndexIterator &b) {
    return a.pos_ - b.pos_;
  }
  friend bool operator==(const ViewIndexIterator &a, const ViewIndexIterator &b) { return a.pos_ == b.pos_; }
  friend bool operator!=(const ViewIndexIterator &a, const ViewIndexIterator &b) { return a.pos_ != b.pos_; }
  friend bool operator<(const ViewIndexIterator &a, const ViewIndexIterator &b) { return a.pos_ < b.pos_; }

 private:
  const RangeT *range_ = nullptr;
  difference_type pos_ = 0;
};

}  // namespace dash

#endif  // DASH_VIEW_VIEWITERATOR_H
