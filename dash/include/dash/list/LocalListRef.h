#ifndef DASH_LIST_LOCAL_LIST_REF_H
#define DASH_LIST_LOCAL_LIST_REF_H

// LocalListRef: the calling unit's sublist of a dash::List (list.local),
// on plain memory. As in DASH, its iterators are node pointers in memory
// order (`it->value`, `it->lnext`); list order follows the lnext links
// from front(). Changes are the unit's own; other units see them after
// the next List::barrier.
//
//   list.local.push_back(3);
//   list.local.push_front(1);
//   for (auto it = list.local.begin(); it != list.local.end(); ++it) use(it->value);

#include <cstddef>
#include <iterator>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <dash/Types.h>
#include <dash/list/internal/ListTypes.h>

namespace dash {

template <typename ElementType, typename LocalMemorySpace>
class List;

template <typename T, typename LMemSpace>
class LocalListRef {
  using storage_type = internal::ListStorage<T>;

 public:
  using list_type = List<T, LMemSpace>;
  using node_type = internal::ListNode<T>;
  using index_type = dash::default_index_t;
  using value_type = T;
  using size_type = std::make_unsigned_t<index_type>;
  using difference_type = index_type;
  using pointer = node_type *;
  using const_pointer = const node_type *;
  using reference = T &;
  using const_reference = const T &;
  using iterator = node_type *;
  using const_iterator = const node_type *;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;

  explicit LocalListRef(storage_type *storage) : storage_(storage) {}

  /// The nodes in memory order.
  iterator begin() const { return storage_->lbegin(); }
  iterator end() const { return storage_->lend(); }
  reverse_iterator rbegin() const noexcept { return reverse_iterator(end()); }
  reverse_iterator rend() const noexcept { return reverse_iterator(begin()); }

  size_type size() const noexcept { return storage_->lsize(); }
  bool empty() const noexcept { return size() == 0; }
  constexpr bool is_local(index_type) const { return true; }

  /// First / last element in list order; std::out_of_range if empty.
  reference front() const { return checked(storage_->head(), "front")->value; }
  reference back() const { return checked(storage_->tail(), "back")->value; }

  void push_back(const value_type &value) { storage_->insert(nullptr, value); }
  void push_front(const value_type &value) { storage_->insert(storage_->head(), value); }
  /// Removes the last / first element in list order; std::out_of_range if empty.
  void pop_back() { storage_->erase(checked(storage_->tail(), "pop_back")); }
  void pop_front() { storage_->erase(checked(storage_->head(), "pop_front")); }

  /// Inserts `value` before the node at `position` in list order (end():
  /// at the back); returns the new node. The capacity grows by the list's
  /// buffer size when full (node pointers then change, as in std::vector).
  iterator insert(const_iterator position, const value_type &value) {
    return storage_->insert(position == end() ? nullptr : const_cast<iterator>(position), value);
  }
  /// Removes the node at `position`; the last node in memory order takes
  /// its place, so the returned iterator (the same slot) is the next node
  /// in memory order.
  iterator erase(const_iterator position) {
    if (position < begin() || position >= end())
      throw std::out_of_range("dash::List::local.erase: position outside the sublist");
    return storage_->erase(const_cast<iterator>(position));
  }
  void clear() {
    while (!empty()) storage_->erase(storage_->tail());
  }

 private:
  node_type *checked(node_type *node, const char *what) const {
    if (!node) throw std::out_of_range(std::string("dash::List::local.") + what + ": the sublist is empty");
    return node;
  }
  storage_type *storage_;
};

}  // namespace dash

#endif  // DASH_LIST_LOCAL_LIST_REF_H
