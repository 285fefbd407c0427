#ifndef DASH_LIST_GLOB_LIST_ITER_H
#define DASH_LIST_GLOB_LIST_ITER_H

// GlobListIter: walks a dash::List in global order (unit 0's sublist in
// list order, then unit 1's, ...); *it is a GlobRef to the element. Other
// units' sublists are read as of their last commit (List::barrier), one
// get per step.

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include <dash/GlobRef.h>
#include <dash/list/internal/ListTypes.h>

namespace dash {

template <typename ElementType, typename StorageType>
class GlobListIter {
  template <typename E_, typename S_>
  friend class GlobListIter;
  static constexpr std::int64_t nil = StorageType::nil;

 public:
  using value_type = std::remove_const_t<ElementType>;
  using difference_type = std::ptrdiff_t;
  using reference = GlobRef<ElementType>;
  using const_reference = GlobRef<const value_type>;
  using pointer = void;
  using iterator_category = std::bidirectional_iterator_tag;
  using node_type = internal::ListNode<value_type>;
  using local_pointer = node_type *;
  using has_view = std::false_type;

  GlobListIter() = default;
  /// At node `index` of `unit`'s sublist (index nil and unit = units: the end).
  GlobListIter(const StorageType *storage, std::size_t unit, std::int64_t index)
      : storage_(storage), unit_(unit), index_(index) {}
  /// iterator -> const_iterator.
  template <typename E, typename = std::enable_if_t<std::is_same_v<const E, ElementType> &&
                                                    !std::is_same_v<E, ElementType>>>
  GlobListIter(const GlobListIter<E, StorageType> &other)
      : storage_(other.storage_), unit_(other.unit_), index_(other.index_) {}

  reference operator*() const { return storage_->template value_ref<ElementType>(unit_, index_); }

  /// The DART global pointer of the element.
  dart_gptr_t dart_gptr() const { return storage_->value_gptr(unit_, index_); }
  /// Team-relative unit that holds the element.
  team_unit_t lpos_unit() const { return team_unit_t(static_cast<dart_unit_t>(unit_)); }
  bool is_local() const { return index_ != nil && unit_ == storage_->myid(); }
  /// The element's node in local memory, or nullptr if it is not local.
  local_pointer local() const {
    return is_local() ? const_cast<local_pointer>(storage_->lbegin() + index_) : nullptr;
  }
  /// The node's index in its unit's storage (-1 at the end).
  std::int64_t node_index() const { return index_; }
  GlobListIter global() const { return *this; }
  constexpr bool is_relative() const noexcept { return false; }

  GlobListIter &operator++() {
    index_ = storage_->next(unit_, index_);
    settle();
    return *this;
  }
  GlobListIter operator++(int) {
    GlobListIter old = *this;
    ++*this;
    return old;
  }
  GlobListIter &operator--() {
    if (index_ != nil) index_ = storage_->prev(unit_, index_);
    while (index_ == nil && unit_ > 0) index_ = storage_->header(--unit_).tail;
    return *this;
  }
  GlobListIter operator--(int) {
    GlobListIter old = *this;
    --*this;
    return old;
  }

  template <typename E>
  bool operator==(const GlobListIter<E, StorageType> &other) const {
    return storage_ == other.storage_ && unit_ == other.unit_ && index_ == other.index_;
  }
  template <typename E>
  bool operator!=(const GlobListIter<E, StorageType> &other) const {
    return !(*this == other);
  }

  /// At the end of a sublist: moves on to the head of the next non-empty one.
  void settle() {
    const std::size_t n = storage_->nunits();
    while (index_ == nil && ++unit_ < n) index_ = storage_->header(unit_).head;
    if (unit_ >= n) unit_ = n;
  }

 private:
  const StorageType *storage_ = nullptr;
  std::size_t unit_ = 0;
  std::int64_t index_ = nil;
};

}  // namespace dash

#endif  // DASH_LIST_GLOB_LIST_ITER_H
