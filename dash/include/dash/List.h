#ifndef DASH_LIST_H
#define DASH_LIST_H

// List<T>: a distributed doubly linked list (DASH's List). Each unit of a
// team holds a sublist in its own memory; the list in global order is
// unit 0's sublist, then unit 1's, and so on.
//
//   dash::List<int> list(100 * dash::size());     // collective: room for 100 per unit
//   list.local.push_back(int(dash::myid()));      // the own sublist: plain memory
//   list.local.push_front(-1);
//   list.barrier();                               // commit: now every unit sees them
//   for (auto it = list.begin(); it != list.end(); ++it) int v = *it;   // global order
//   list.size();                                  // 2 * dash::size()
//
// A unit changes only its own sublist (list.local: push_back, push_front,
// pop_back, pop_front, insert, erase, clear); other units see the changes
// after the collective commit, barrier(), as in DASH. Between commits,
// size() and capacity() count the other units as of the last commit and
// the own sublist as it is. A sublist grows beyond its capacity by `nlbuf`
// elements at a time (DASH's local buffer size). Reading is global:
// begin()/end() walk all sublists (one get per element of another unit),
// front()/back() and *it are GlobRefs. T must be trivially copyable.
// Construction, allocate, barrier and destruction are collective; move-only.

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <limits>
#include <memory>
#include <stdexcept>
#include <type_traits>

#include <dash/Exception.h>
#include <dash/GlobRef.h>
#include <dash/internal/Math.h>
#include <dash/list/GlobListIter.h>
#include <dash/list/ListRef.h>
#include <dash/list/LocalListRef.h>
#include <dash/list/internal/ListTypes.h>
#include <dash/Team.h>
#include <dash/Types.h>

namespace dash {

class HostSpace;

template <typename ElementType, typename LocalMemorySpace = dash::HostSpace>
class List {
  static_assert(std::is_trivially_copyable_v<ElementType>,
                "dash::List: the element type must be trivially copyable");
  using storage_type = internal::ListStorage<ElementType>;

 public:
  using value_type = ElementType;
  using index_type = dash::default_index_t;
  using size_type = dash::default_size_t;
  using difference_type = index_type;
  using node_type = internal::ListNode<ElementType>;
  using view_type = ListRef<ElementType, LocalMemorySpace>;
  using local_type = LocalListRef<ElementType, LocalMemorySpace>;
  using iterator = GlobListIter<value_type, storage_type>;
  using const_iterator = GlobListIter<const value_type, storage_type>;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;
  using reference = GlobRef<value_type>;
  using const_reference = GlobRef<const value_type>;
  using local_reference = value_type &;
  using const_local_reference = const value_type &;
  using local_node_iterator = node_type *;
  using const_local_node_iterator = const node_type *;
  using local_iterator = local_node_iterator;
  using const_local_iterator = const_local_node_iterator;

 private:
  std::unique_ptr<storage_type> storage_;  // on the heap: local and iterators survive moves
  size_type lbuf_ = std::max<size_type>(1, 4096 / sizeof(value_type));

 public:
  /// The calling unit's sublist.
  local_type local;

  /// Not allocated yet: allocate() later (collective over `team`).
  explicit List(const Team &team) : storage_(std::make_unique<storage_type>(team)), local(storage_.get()) {}
  /// Room for `nelem` elements over the team's units. Collective.
  explicit List(size_type nelem = 0, const Team &team = Team::All())
      : storage_(std::make_unique<storage_type>(team)), local(storage_.get()) {
    allocate(nelem);
  }
  /// As above; a full sublist grows by `nlbuf` elements. Collective.
  List(size_type nelem, size_type nlbuf, const Team &team = Team::All())
      : storage_(std::make_unique<storage_type>(team)), lbuf_(nlbuf), local(storage_.get()) {
    allocate(nelem);
  }
  List(List &&) noexcept = default;
  List &operator=(List &&) noexcept = default;
  List(const List &) = delete;
  List &operator=(const List &) = delete;

  /// Collective: room for max(nelem, units * nlbuf) elements, an equal
  /// share per unit. Returns true; a second allocation throws std::logic_error.
  bool allocate(size_type nelem = 0) {
    if (lbuf_ == 0) throw std::invalid_argument("dash::List: the local buffer size must not be 0");
    if (storage_->allocated()) throw std::logic_error("dash::List::allocate: already allocated");
    const size_type units = storage_->nunits();
    nelem = std::max(nelem, units * lbuf_);
    storage_->allocate(math::div_ceil(nelem, units), lbuf_);
    storage_->team().barrier();
    return true;
  }
  /// Collective: commits, then frees the memory.
  void deallocate() {
    if (!storage_->allocated()) return;
    storage_->commit();
    storage_->deallocate();
  }
  /// Allocates over `team` if the list was made without memory.
  bool allocate(size_type nelem, const Team &team) {
    if (!storage_->allocated() && !(storage_->team() == team)) {
      storage_ = std::make_unique<storage_type>(team);
      local = local_type(storage_.get());
    }
    return allocate(nelem);
  }

  /// Collective commit: publishes every unit's sublist changes.
  void barrier() { storage_->commit(); }

  // ---- sizes ----
  size_type size() const noexcept { return storage_->size(); }
  size_type lsize() const noexcept { return storage_->lsize(); }
  size_type capacity() const noexcept { return storage_->capacity(); }
  size_type lcapacity() const noexcept { return storage_->lcapacity(); }
  bool empty() const noexcept { return size() == 0; }
  constexpr size_type max_size() const noexcept { return std::numeric_limits<index_type>::max(); }
  const Team &team() const noexcept { return storage_->team(); }

  // ---- global range (other units as of their last commit) ----
  iterator begin() noexcept { return first<iterator>(); }
  const_iterator begin() const noexcept { return first<const_iterator>(); }
  iterator end() noexcept { return iterator(storage_.get(), storage_->nunits(), storage_type::nil); }
  const_iterator end() const noexcept {
    return const_iterator(storage_.get(), storage_->nunits(), storage_type::nil);
  }
  /// The calling unit's nodes; dash::NotInitialized after dash::finalize
  /// (DASH: noexcept, returning released memory).
  local_iterator lbegin() { return storage_->lbegin(); }
  const_local_iterator lbegin() const { return storage_->lbegin(); }
  local_iterator lend() { return storage_->lend(); }
  const_local_iterator lend() const { return storage_->lend(); }

  /// First / last element of the whole list; std::out_of_range if empty.
  reference front() {
    iterator it = begin();
    if (it == end()) throw std::out_of_range("dash::List::front: the list is empty");
    return *it;
  }
  reference back() {
    iterator it = end();
    if (it == begin()) throw std::out_of_range("dash::List::back: the list is empty");
    return *--it;
  }

  // A unit changes only its own sublist: the global forms apply where the
  // calling unit holds that end of the list, else throw std::logic_error.
  void push_back(const value_type &value) {
    require_unit(storage_->nunits() - 1, "push_back");
    local.push_back(value);
  }
  void push_front(const value_type &value) {
    require_unit(0, "push_front");
    local.push_front(value);
  }
  void pop_back() {
    require_unit(storage_->nunits() - 1, "pop_back");
    local.pop_back();
  }
  void pop_front() {
    require_unit(0, "pop_front");
    local.pop_front();
  }
  /// Erases an element of the calling unit's sublist; returns the element
  /// after it in global order. std::logic_error for another unit's element.
  iterator erase(const_iterator position) {
    if (!position.is_local())
      throw std::logic_error("dash::List::erase: the element belongs to another unit");
    iterator next(storage_.get(), std::size_t(position.lpos_unit().id), storage_type::nil);
    node_type *node = const_cast<node_type *>(position.local());
    node_type *after = node->lnext;
    const node_type *last = storage_->lend() - 1;
    storage_->erase(node);
    if (after == last) after = node;  // the last node moved into the hole
    if (!after) {
      next.settle();
      return next;
    }
    return iterator(storage_.get(), next.lpos_unit().id, after - storage_->lbegin());
  }
  /// Erases [first, last), all elements of the calling unit.
  iterator erase(const_iterator first, const_iterator last) {
    const auto count = std::distance(first, last);  // erasing moves nodes: count first
    iterator it(storage_.get(), std::size_t(first.lpos_unit().id), 0);
    for (auto i = count; i > 0; --i) {
      it = erase(first);
      first = it;
    }
    return count > 0 ? it : iterator(storage_.get(), std::size_t(last.lpos_unit().id), last.node_index());
  }
  /// Sets the own sublist's length: appends value-initialized elements or
  /// removes elements from its back.
  void resize(size_type num_elements) {
    while (lsize() > num_elements) local.pop_back();
    while (lsize() < num_elements) local.push_back(value_type{});
  }

 private:
  template <typename It>
  It first() const {
    if (!storage_->allocated()) return It(storage_.get(), storage_->nunits(), storage_type::nil);
    It it(storage_.get(), 0, storage_->header(0).head);
    it.settle();
    return it;
  }
  void require_unit(std::size_t unit, const char *what) const {
    if (storage_->myid() != unit)
      throw std::logic_error(std::string("dash::List::") + what +
                             ": only the unit holding that end of the list " +
                             "may change it; use list.local");
  }
};

}  // namespace dash

#endif  // DASH_LIST_H
