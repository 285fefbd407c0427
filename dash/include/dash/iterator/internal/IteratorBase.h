#ifndef DASH_ITERATOR_INTERNAL_ITERATORBASE_H
#define DASH_ITERATOR_INTERNAL_ITERATORBASE_H

// IndexIteratorBase<Derived, ...>: a random-access iterator over positions
// 0, 1, ... (DASH's CRTP base of index and view iterators). Derived holds
// what the positions refer to and provides
//   reference dereference(index_type pos) const;
//   Derived(const Derived &other, index_type pos);   // other at pos
// and gets the arithmetic and comparisons.

#include <iterator>

#include <dash/Types.h>

namespace dash::detail {

template <class IteratorType, class ValueType = typename IteratorType::value_type,
          class IndexType = dash::default_index_t, class Pointer = ValueType *, class Reference = ValueType &>
class IndexIteratorBase {
  using self_t = IndexIteratorBase;
  using derived_t = IteratorType;

 public:
  using index_type = dash::default_index_t;
  using iterator_category = std::random_access_iterator_tag;
  using value_type = ValueType;
  using difference_type = index_type;
  using pointer = Pointer;
  using const_pointer = const Pointer;
  using reference = Reference;
  using const_reference = const Reference;

  IndexIteratorBase() = delete;
  constexpr explicit IndexIteratorBase(index_type position) : pos_(position) {}

  constexpr index_type pos() const { return pos_; }
  constexpr index_type gpos() const { return pos_; }

  constexpr reference operator*() const { return derived().dereference(pos_); }
  constexpr reference operator->() const { return derived().dereference(pos_); }
  constexpr reference operator[](index_type i) const { return derived().dereference(pos_ + i); }

  derived_t &operator++() {
    ++pos_;
    return derived();
  }
  derived_t &operator--() {
    --pos_;
    return derived();
  }
  derived_t operator++(int) {
    derived_t old = derived();
    ++pos_;
    return old;
  }
  derived_t operator--(int) {
    derived_t old = derived();
    --pos_;
    return old;
  }
  derived_t &operator+=(index_type i) {
    pos_ += i;
    return derived();
  }
  derived_t &operator-=(index_type i) {
    pos_ -= i;
    return derived();
  }
  constexpr derived_t operator+(index_type i) const { return derived_t(derived(), pos_ + i); }
  constexpr derived_t operator-(index_type i) const { return derived_t(derived(), pos_ - i); }
  constexpr index_type operator-(const derived_t &rhs) const { return pos_ - rhs.pos(); }

  constexpr bool operator==(const derived_t &rhs) const { return pos_ == rhs.pos(); }
  constexpr bool operator!=(const derived_t &rhs) const { return pos_ != rhs.pos(); }
  constexpr bool operator<(const derived_t &rhs) const { return pos_ < rhs.pos(); }
  constexpr bool operator<=(const derived_t &rhs) const { return pos_ <= rhs.pos(); }
  constexpr bool operator>(const derived_t &rhs) const { return pos_ > rhs.pos(); }
  constexpr bool operator>=(const derived_t &rhs) const { return pos_ >= rhs.pos(); }

 private:
  derived_t &derived() { return static_cast<derived_t &>(*this); }
  constexpr const derived_t &derived() const { return static_cast<const derived_t &>(*this); }

  index_type pos_;
};

}  // namespace dash::detail

#endif  // DASH_ITERATOR_INTERNAL_ITERATORBASE_H
