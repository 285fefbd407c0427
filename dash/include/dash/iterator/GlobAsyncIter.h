#ifndef DASH_ITERATOR_GLOBASYNCITER_H
#define DASH_ITERATOR_GLOBASYNCITER_H

// GlobAsyncIter<T, PatternType>: a global iterator whose elements are
// asynchronous references (GlobAsyncRef<T>): `*it = v` starts a put that
// completes at the container's flush(). It walks positions as the global
// iterator it is made from (GlobIter) and converts to it.

#include <cstddef>
#include <iterator>

#include <dash/GlobAsyncRef.h>
#include <dash/iterator/GlobIter.h>

namespace dash {

template <typename ElementType, class PatternType = Pattern<1>, class... /*GlobMem, Pointer, Reference*/>
class GlobAsyncIter {
 public:
  using global_iterator = GlobIter<ElementType, PatternType>;
  using value_type = std::remove_const_t<ElementType>;
  using difference_type = std::ptrdiff_t;
  using reference = GlobAsyncRef<ElementType>;
  using pointer = global_iterator;
  using iterator_category = std::random_access_iterator_tag;
  using pattern_type = PatternType;

  GlobAsyncIter() = default;
  explicit GlobAsyncIter(const global_iterator &it) : it_(it) {}

  reference operator*() const { return reference(*it_); }
  reference operator[](difference_type i) const { return reference(it_[i]); }

  GlobAsyncIter &operator++() {
    ++it_;
    return *this;
  }
  GlobAsyncIter &operator--() {
    --it_;
    return *this;
  }
  GlobAsyncIter operator++(int) { return GlobAsyncIter(it_++); }
  GlobAsyncIter operator--(int) { return GlobAsyncIter(it_--); }
  GlobAsyncIter &operator+=(difference_type n) {
    it_ += n;
    return *this;
  }
  GlobAsyncIter &operator-=(difference_type n) {
    it_ -= n;
    return *this;
  }
  friend GlobAsyncIter operator+(GlobAsyncIter a, difference_type n) { return a += n; }
  friend GlobAsyncIter operator+(difference_type n, GlobAsyncIter a) { return a += n; }
  friend GlobAsyncIter operator-(GlobAsyncIter a, difference_type n) { return a -= n; }
  friend difference_type operator-(const GlobAsyncIter &a, const GlobAsyncIter &b) { return a.it_ - b.it_; }
  friend bool operator==(const GlobAsyncIter &a, const GlobAsyncIter &b) { return a.it_ == b.it_; }
  friend bool operator!=(const GlobAsyncIter &a, const GlobAsyncIter &b) { return a.it_ != b.it_; }
  friend bool operator<(const GlobAsyncIter &a, const GlobAsyncIter &b) { return a.it_ < b.it_; }
  friend bool operator>(const GlobAsyncIter &a, const GlobAsyncIter &b) { return a.it_ > b.it_; }
  friend bool operator<=(const GlobAsyncIter &a, const GlobAsyncIter &b) { return a.it_ <= b.it_; }
  friend bool operator>=(const GlobAsyncIter &a, const GlobAsyncIter &b) { return a.it_ >= b.it_; }

  /// The synchronous global iterator at the same position.
  const global_iterator &global() const { return it_; }
  operator global_iterator() const { return it_; }
  difference_type pos() const { return it_.pos(); }
  std::size_t gpos() const { return it_.gpos(); }
  bool is_local() const { return it_.is_local(); }
  dart_gptr_t dart_gptr() const { return it_.dart_gptr(); }
  const PatternType &pattern() const { return it_.pattern(); }

 private:
  global_iterator it_;
};

}  // namespace dash

#endif  // DASH_ITERATOR_GLOBASYNCITER_H
