#ifndef DASH_LIST_H
#define DASH_LIST_H

// List<T>: a distributed doubly linked list (DASH's List). Each unit of a
// team holds a sublist in its own DART memory; the list in global order is
// unit 0's sublist, then unit 1's, and so on.
//
//   dash::List<int> list(100 * dash::size());     // collective: room for 100 per unit
//   list.local.push_back(int(dash::myid()));      // the own sublist: plain memory
//   list.local.push_front(-1);
//   list.barrier();                               // now every unit sees them
//   for (auto it = list.begin(); it != list.end(); ++it) int v = *it;   // global order
//   list.size();                                  // 2 * dash::size()
//
// A unit changes only its own sublist (list.local: push_back, push_front,
// pop_back, pop_front, insert, erase, clear, with std::list's meaning);
// other units see the changes after a synchronization (a barrier), as in
// DASH. Reading is global: begin()/end() walk all sublists (a get per
// element of another unit), front()/back() and *it are GlobRefs, size()
// adds up the units' counts. Each unit has a fixed pool of
// local_capacity() nodes from one collective allocation; a push beyond it
// throws std::length_error. T must be trivially copyable. Construction and
// destruction are collective; move-only.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <dart/communication.h>
#include <dash/detail/direct_access.h>
#include <dash/detail/global_memory.h>
#include <dash/Exception.h>
#include <dash/GlobRef.h>
#include <dash/Team.h>

namespace dash {

namespace detail {

inline constexpr std::int64_t kListNil = -1;

/// A node of a sublist: links are indices in the same unit's pool.
template <typename T>
struct ListNode {
  T value;
  std::int64_t prev, next;
};

/// A unit's sublist: first and last node, length, first free node.
struct ListHeader {
  std::int64_t head, tail, size, free;
};

}  // namespace detail

template <typename T>
class List {
  static_assert(std::is_trivially_copyable_v<T>, "dash::List: T must be trivially copyable");
  using node_type = detail::ListNode<T>;
  using header_type = detail::ListHeader;
  static constexpr std::int64_t nil = detail::kListNil;

  struct Core {
    Core(std::size_t cap, const Team &team)
        : nodes(team, cap, "dash::List"),
          headers(team, 1, "dash::List"),
          capacity(cap),
          nunits(team.size()),
          myid(static_cast<std::size_t>(team.myid().id)) {}
    detail::GlobalMemory<node_type> nodes;
    detail::GlobalMemory<header_type> headers;
    std::size_t capacity, nunits, myid;

    header_type header(std::size_t unit) const {
      return GlobRef<const header_type>(headers.gptr(unit, 0), headers.direct(unit)).get();
    }
    std::int64_t next(std::size_t unit, std::int64_t index) const { return node_ref(unit, index).get().next; }
    GlobRef<node_type> node_ref(std::size_t unit, std::int64_t index) const {
      node_type *d = nodes.direct(unit);
      return GlobRef<node_type>(nodes.gptr(unit, std::size_t(index)), d ? d + index : nullptr);
    }
    GlobRef<T> value_ref(std::size_t unit, std::int64_t index) const {
      dart_gptr_t g = nodes.gptr(unit, std::size_t(index));  // value is the node's first member
      node_type *d = nodes.direct(unit);
      return GlobRef<T>(g, d ? &d[index].value : nullptr);
    }
  };
  std::unique_ptr<Core> core_;  // on the heap: iterators survive moves

 public:
  using value_type = T;
  using size_type = std::size_t;
  using reference = GlobRef<T>;

  /// Walks the whole list in global order; *it is a GlobRef to the element.
  class iterator {
   public:
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using reference = GlobRef<T>;
    using pointer = void;
    using iterator_category = std::forward_iterator_tag;

    iterator() = default;
    iterator(const Core *core, std::size_t unit, std::int64_t index)
        : core_(core), unit_(unit), index_(index) {}
    reference operator*() const { return core_->value_ref(unit_, index_); }
    iterator &operator++() {
      index_ = core_->next(unit_, index_);
      settle();
      return *this;
    }
    iterator operator++(int) {
      iterator old = *this;
      ++*this;
      return old;
    }
    /// The unit (team-relative) that holds the element.
    std::size_t unit() const { return unit_; }
    friend bool operator==(const iterator &a, const iterator &b) {
      return a.core_ == b.core_ && a.unit_ == b.unit_ && a.index_ == b.index_;
    }
    friend bool operator!=(const iterator &a, const iterator &b) { return !(a == b); }

    /// At the end of a sublist: moves to the head of the next non-empty one.
    void settle() {
      while (index_ == nil && ++unit_ < core_->nunits) index_ = core_->header(unit_).head;
      if (unit_ >= core_->nunits) unit_ = core_->nunits;
    }

   private:
    const Core *core_ = nullptr;
    std::size_t unit_ = 0;
    std::int64_t index_ = nil;
  };

  /// The calling unit's sublist, std::list-like, on plain memory.
  class Local {
   public:
    /// Bidirectional iterator over the own elements (T&).
    class iterator {
     public:
      using value_type = T;
      using difference_type = std::ptrdiff_t;
      using reference = T &;
      using pointer = T *;
      using iterator_category = std::bidirectional_iterator_tag;

      iterator() = default;
      iterator(const Local *local, std::int64_t index) : local_(local), index_(index) {}
      T &operator*() const { return local_->nodes()[index_].value; }
      T *operator->() const { return &**this; }
      iterator &operator++() {
        index_ = local_->nodes()[index_].next;
        return *this;
      }
      iterator &operator--() {
        index_ = index_ == nil ? local_->hdr()->tail : local_->nodes()[index_].prev;
        return *this;
      }
      iterator operator++(int) {
        iterator old = *this;
        ++*this;
        return old;
      }
      iterator operator--(int) {
        iterator old = *this;
        --*this;
        return old;
      }
      friend bool operator==(const iterator &a, const iterator &b) { return a.index_ == b.index_; }
      friend bool operator!=(const iterator &a, const iterator &b) { return a.index_ != b.index_; }

     private:
      friend class Local;
      const Local *local_ = nullptr;
      std::int64_t index_ = nil;
    };

    Local() = default;
    explicit Local(const Core *core) : core_(core) {}

    iterator begin() const { return iterator(this, hdr()->head); }
    iterator end() const { return iterator(this, nil); }
    size_type size() const { return static_cast<size_type>(hdr()->size); }
    bool empty() const { return size() == 0; }
    /// First / last own element; throws std::out_of_range if there is none.
    T &front() const { return nodes()[checked(hdr()->head, "front")].value; }
    T &back() const { return nodes()[checked(hdr()->tail, "back")].value; }

    void push_back(const T &value) { insert(end(), value); }
    void push_front(const T &value) { insert(begin(), value); }
    /// Removes the last / first own element; throws std::out_of_range if
    /// there is none.
    void pop_back() { erase(iterator(this, checked(hdr()->tail, "pop_back"))); }
    void pop_front() { erase(iterator(this, checked(hdr()->head, "pop_front"))); }

    /// Inserts value before pos; returns its position. Throws
    /// std::length_error when the unit's pool is full.
    iterator insert(iterator pos, const T &value) {
      header_type h = *hdr();
      if (h.free == nil)
        throw std::length_error("dash::List: the unit's pool of " + std::to_string(core_->capacity) +
                                " nodes is full");
      node_type *n = nodes();
      std::int64_t i = h.free;
      h.free = n[i].next;
      std::int64_t next = pos.index_, prev = next == nil ? h.tail : n[next].prev;
      n[i] = node_type{value, prev, next};
      (prev == nil ? h.head : n[prev].next) = i;
      (next == nil ? h.tail : n[next].prev) = i;
      ++h.size;
      *hdr() = h;
      return iterator(this, i);
    }
    /// Removes the element at pos; returns the position after it.
    iterator erase(iterator pos) {
      header_type h = *hdr();
      node_type *n = nodes();
      std::int64_t i = pos.index_, prev = n[i].prev, next = n[i].next;
      (prev == nil ? h.head : n[prev].next) = next;
      (next == nil ? h.tail : n[next].prev) = prev;
      n[i].next = h.free;
      h.free = i;
      --h.size;
      *hdr() = h;
      return iterator(this, next);
    }
    void clear() {
      while (!empty()) pop_front();
    }

   private:
    node_type *nodes() const { return core_->nodes.local(); }
    header_type *hdr() const { return core_->headers.local(); }
    std::int64_t checked(std::int64_t index, const char *what) const {
      if (index == nil)
        throw std::out_of_range(std::string("dash::List::local.") + what + ": the sublist is empty");
      return index;
    }
    const Core *core_ = nullptr;
  };

  /// Room for `nelem` elements in all: local_capacity() = max(ceil(nelem /
  /// units), 16) nodes per unit. Collective.
  explicit List(size_type nelem = 0, const Team &team = Team::All())
      : core_(std::make_unique<Core>(capacity_for(nelem, team.size()), team)), local(core_.get()) {
    node_type *n = core_->nodes.local();
    const auto cap = static_cast<std::int64_t>(core_->capacity);
    for (std::int64_t i = 0; i < cap; ++i) n[i] = node_type{T{}, nil, i + 1 < cap ? i + 1 : nil};
    *core_->headers.local() = header_type{nil, nil, 0, 0};
    team.barrier();
  }
  List(List &&) noexcept = default;
  List &operator=(List &&) noexcept = default;
  List(const List &) = delete;
  List &operator=(const List &) = delete;

  /// The calling unit's sublist.
  Local local;

  /// Elements of all units (one read per unit).
  size_type size() const {
    size_type n = 0;
    for (std::size_t u = 0; u < core_->nunits; ++u) n += static_cast<size_type>(core_->header(u).size);
    return n;
  }
  bool empty() const { return size() == 0; }
  size_type local_capacity() const { return core_->capacity; }
  size_type capacity() const { return core_->capacity * core_->nunits; }

  iterator begin() const {
    iterator it(core_.get(), 0, core_->header(0).head);
    it.settle();
    return it;
  }
  iterator end() const { return iterator(core_.get(), core_->nunits, nil); }
  /// First / last element of the whole list; throws std::out_of_range if
  /// the list is empty.
  reference front() const {
    iterator it = begin();
    if (it == end()) throw std::out_of_range("dash::List::front: the list is empty");
    return *it;
  }
  reference back() const {
    for (std::size_t u = core_->nunits; u-- > 0;) {
      std::int64_t tail = core_->header(u).tail;
      if (tail != nil) return core_->value_ref(u, tail);
    }
    throw std::out_of_range("dash::List::back: the list is empty");
  }

  const Team &team() const { return core_->nodes.team(); }
  void barrier() const { team().barrier(); }

 private:
  static std::size_t capacity_for(size_type nelem, std::size_t nunits) {
    return std::max<std::size_t>(16, (nelem + nunits - 1) / nunits);
  }
};

}  // namespace dash

#endif  // DASH_LIST_H
