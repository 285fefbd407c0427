#ifndef DASH_MEMORY_GLOBHEAPLOCALPTR_H
#define DASH_MEMORY_GLOBHEAPLOCALPTR_H

// GlobHeapLocalPtr<T, IndexType>: a random-access iterator over the
// calling unit's elements of a GlobHeapMem, which lie in several buckets:
// position i is the i-th element in bucket order. A position past the
// buckets' elements is an end position (not dereferenceable). Valid while
// the buckets are not changed (grow, shrink, commit invalidate it).

#include <cstddef>
#include <iterator>
#include <list>
#include <ostream>
#include <stdexcept>
#include <type_traits>

#include <dash/memory/internal/GlobHeapMemTypes.h>

namespace dash {

template <typename ElementType, typename IndexType>
class GlobHeapLocalPtr {
  template <typename E, typename I>
  friend class GlobHeapLocalPtr;

 public:
  using value_type = std::remove_const_t<ElementType>;
  using difference_type = IndexType;
  using index_type = IndexType;
  using size_type = std::make_unsigned_t<IndexType>;
  using pointer = ElementType *;
  using reference = ElementType &;
  using iterator_category = std::random_access_iterator_tag;
  using bucket_type = internal::glob_dynamic_mem_bucket_type<size_type, value_type>;
  using bucket_list = std::list<bucket_type>;

  GlobHeapLocalPtr() = default;
  GlobHeapLocalPtr(std::nullptr_t) {}
  GlobHeapLocalPtr(const bucket_list *buckets, index_type position) : buckets_(buckets), pos_(position) {}
  /// To a pointer to const elements.
  template <typename E, typename = std::enable_if_t<std::is_convertible_v<E *, ElementType *>>>
  GlobHeapLocalPtr(const GlobHeapLocalPtr<E, IndexType> &other)
      : buckets_(other.buckets_), pos_(other.pos_) {}

  /// The element's address (nullptr at an end position).
  ElementType *local() const {
    if (!buckets_ || pos_ < 0) return nullptr;
    auto rest = static_cast<size_type>(pos_);
    for (const bucket_type &b : *buckets_) {
      if (rest < b.size) return b.lptr + rest;
      rest -= b.size;
    }
    return nullptr;
  }
  explicit operator ElementType *() const { return local(); }

  reference operator*() const {
    ElementType *p = local();
    if (!p)
      throw std::out_of_range("dash::GlobHeapLocalPtr: dereferencing a position past the local elements");
    return *p;
  }
  pointer operator->() const { return &**this; }
  reference operator[](index_type n) const { return *(*this + n); }

  index_type pos() const { return pos_; }

  GlobHeapLocalPtr &operator++() { return *this += 1; }
  GlobHeapLocalPtr &operator--() { return *this -= 1; }
  GlobHeapLocalPtr operator++(int) {
    GlobHeapLocalPtr old = *this;
    ++pos_;
    return old;
  }
  GlobHeapLocalPtr operator--(int) {
    GlobHeapLocalPtr old = *this;
    --pos_;
    return old;
  }
  GlobHeapLocalPtr &operator+=(index_type n) {
    pos_ += n;
    return *this;
  }
  GlobHeapLocalPtr &operator-=(index_type n) {
    pos_ -= n;
    return *this;
  }
  friend GlobHeapLocalPtr operator+(GlobHeapLocalPtr p, index_type n) { return p += n; }
  friend GlobHeapLocalPtr operator+(index_type n, GlobHeapLocalPtr p) { return p += n; }
  friend GlobHeapLocalPtr operator-(GlobHeapLocalPtr p, index_type n) { return p -= n; }
  friend index_type operator-(const GlobHeapLocalPtr &a, const GlobHeapLocalPtr &b) {
    return a.pos_ - b.pos_;
  }

  friend bool operator==(const GlobHeapLocalPtr &a, const GlobHeapLocalPtr &b) {
    return a.buckets_ == b.buckets_ && a.pos_ == b.pos_;
  }
  friend bool operator!=(const GlobHeapLocalPtr &a, const GlobHeapLocalPtr &b) { return !(a == b); }
  friend bool operator<(const GlobHeapLocalPtr &a, const GlobHeapLocalPtr &b) { return a.pos_ < b.pos_; }
  friend bool operator>(const GlobHeapLocalPtr &a, const GlobHeapLocalPtr &b) { return a.pos_ > b.pos_; }
  friend bool operator<=(const GlobHeapLocalPtr &a, const GlobHeapLocalPtr &b) { return a.pos_ <= b.pos_; }
  friend bool operator>=(const GlobHeapLocalPtr &a, const GlobHeapLocalPtr &b) { return a.pos_ >= b.pos_; }
  friend bool operator==(const GlobHeapLocalPtr &a, std::nullptr_t) { return a.local() == nullptr; }
  friend bool operator!=(const GlobHeapLocalPtr &a, std::nullptr_t) { return a.local() != nullptr; }

  friend std::ostream &operator<<(std::ostream &os, const GlobHeapLocalPtr &p) {
    return os << "dash::GlobHeapLocalPtr(index: " << p.pos_ << ")";
  }

 private:
  const bucket_list *buckets_ = nullptr;
  index_type pos_ = 0;
};

}  // namespace dash

#endif  // DASH_MEMORY_GLOBHEAPLOCALPTR_H
