#ifndef DASH_LIST_INTERNAL_LIST_TYPES_H
#define DASH_LIST_INTERNAL_LIST_TYPES_H

// The parts of a dash::List: its node (DASH's internal::ListNode) and the
// storage of all sublists (ListStorage), shared by the list, its local
// reference and its iterators.
//
// Every unit keeps its sublist's nodes contiguous, first `lsize` nodes of
// its storage (an erase moves the last node into the hole), linked in list
// order by local pointers (lprev/lnext). The storage is the unit's part of
// a UnitStorage (one symmetric collective allocation); a unit that outgrows
// it moves its nodes to private memory until the next commit
// (List::barrier), which regrows the parts large enough for every unit and
// sets the global links (gprev/gnext) and the header that other units read.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include <dart/dart.h>
#include <dash/internal/GlobalMemory.h>
#include <dash/internal/GlobalRange.h>
#include <dash/internal/UnitStorage.h>
#include <dash/GlobRef.h>
#include <dash/Init.h>
#include <dash/Team.h>

namespace dash::internal {

template <typename ElementType>
struct ListNode {
  ElementType value{};
  ListNode *lprev = nullptr;  ///< previous node of the sublist (owner's address)
  ListNode *lnext = nullptr;  ///< next node of the sublist (owner's address)
  dart_gptr_t gprev{};        ///< previous node (null: none), valid since the last commit
  dart_gptr_t gnext{};        ///< next node (null: none), valid since the last commit
};

template <typename T>
class ListStorage {
 public:
  using node_type = ListNode<T>;
  static constexpr std::int64_t nil = -1;

  /// What other units read of a sublist: node indices and length.
  struct Header {
    std::int64_t head, tail, size;
  };

  explicit ListStorage(const Team &team) : team_(team) {}

  bool allocated() const { return allocated_; }
  void check_live() const {
    if (allocated_) detail::check_alive(segment_.epoch(), "dash::List");
  }
  const Team &team() const { return team_; }
  std::size_t nunits() const { return team_.size(); }
  std::size_t myid() const { return static_cast<std::size_t>(team_.myid().id); }

  /// Collective: room for `lcap` nodes on every unit, growing by `lbuf`.
  void allocate(std::size_t lcap, std::size_t lbuf) {
    lbuf_ = lbuf;
    lcap_ = lcap;
    segment_ = detail::UnitStorage<node_type>(team_, lcap, "dash::List");
    headers_ = detail::GlobalMemory<Header>(team_, 1, "dash::List");
    nodes_ = segment_.local();
    *headers_.local() = Header{nil, nil, 0};
    remote_size_ = 0;
    remote_capacity_ = lcap * (nunits() - 1);
    allocated_ = true;
  }
  void deallocate() {
    segment_ = detail::UnitStorage<node_type>();
    headers_ = detail::GlobalMemory<Header>();
    buffer_.clear();
    buffer_.shrink_to_fit();
    nodes_ = head_ = tail_ = nullptr;
    lsize_ = lcap_ = remote_size_ = remote_capacity_ = 0;
    allocated_ = false;
  }

  // ---- the calling unit's sublist ----
  /// The local nodes; dash::NotInitialized after dash::finalize released them.
  node_type *lbegin() const {
    check_live();
    return nodes_;
  }
  node_type *lend() const {
    check_live();
    return nodes_ + lsize_;
  }
  node_type *head() const { return head_; }
  node_type *tail() const { return tail_; }
  std::size_t lsize() const { return lsize_; }
  std::size_t lcapacity() const { return lcap_; }
  std::size_t size() const { return remote_size_ + lsize_; }
  std::size_t capacity() const { return remote_capacity_ + lcap_; }

  /// Links a new node holding `value` before `pos` (nullptr: at the end).
  node_type *insert(node_type *pos, const T &value) {
    if (!allocated_) throw std::logic_error("dash::List: insert into a list that is not allocated");
    const std::ptrdiff_t at = pos ? pos - nodes_ : -1;
    reserve_one();
    pos = at < 0 ? nullptr : nodes_ + at;
    node_type *n = nodes_ + lsize_++;
    *n = node_type{};
    n->value = value;
    n->lnext = pos;
    n->lprev = pos ? pos->lprev : tail_;
    (n->lprev ? n->lprev->lnext : head_) = n;
    (pos ? pos->lprev : tail_) = n;
    return n;
  }

  /// Unlinks `n`; the last node moves into its place. Returns `n`'s slot.
  node_type *erase(node_type *n) {
    (n->lprev ? n->lprev->lnext : head_) = n->lnext;
    (n->lnext ? n->lnext->lprev : tail_) = n->lprev;
    node_type *last = nodes_ + --lsize_;
    if (n != last) {
      *n = *last;
      (n->lprev ? n->lprev->lnext : head_) = n;
      (n->lnext ? n->lnext->lprev : tail_) = n;
    }
    return n;
  }

  /// Collective: publishes every unit's sublist (DASH's commit).
  void commit() {
    if (!allocated_) return;
    struct Counts {
      std::uint64_t size, capacity;
    };
    const auto all = detail::allgather_value(team_, Counts{lsize_, lcap_});
    std::size_t max_cap = 0;
    remote_size_ = remote_capacity_ = 0;
    for (std::size_t u = 0; u < all.size(); ++u) {
      max_cap = std::max<std::size_t>(max_cap, all[u].capacity);
      if (u == myid()) continue;
      remote_size_ += all[u].size;
      remote_capacity_ += all[u].capacity;
    }
    if (max_cap > segment_.capacity()) {
      segment_.regrow(max_cap, [this](node_type *to) { move_nodes(to); });
      buffer_.clear();
      buffer_.shrink_to_fit();
    }
    publish();
    team_.barrier();
  }

  // ---- any unit's sublist (valid after a commit) ----
  Header header(std::size_t unit) const {
    if (unit == myid()) return Header{index_of(head_), index_of(tail_), std::int64_t(lsize_)};
    return GlobRef<const Header>(headers_.gptr(unit, 0), headers_.direct(unit)).get();
  }
  std::int64_t next(std::size_t unit, std::int64_t index) const {
    if (unit == myid()) return index_of(nodes_[index].lnext);
    return index_of(unit, remote_node(unit, index).gnext);
  }
  std::int64_t prev(std::size_t unit, std::int64_t index) const {
    if (unit == myid()) return index_of(nodes_[index].lprev);
    return index_of(unit, remote_node(unit, index).gprev);
  }
  /// The value of node `index` of `unit` (the value is the node's first member).
  template <typename V>
  GlobRef<V> value_ref(std::size_t unit, std::int64_t index) const {
    if (unit == myid()) return GlobRef<V>(value_gptr(unit, index), &nodes_[index].value);
    node_type *d = segment_.direct(unit);
    return GlobRef<V>(value_gptr(unit, index), d ? &d[index].value : nullptr);
  }
  dart_gptr_t value_gptr(std::size_t unit, std::int64_t index) const {
    return segment_.gptr(unit, std::size_t(index));
  }

 private:
  /// Makes room for one more node: the logical capacity grows by the
  /// buffer size, the memory (while private) by doubling.
  void reserve_one() {
    if (lsize_ == lcap_) lcap_ += lbuf_;
    const bool in_segment = nodes_ == segment_.local();
    const std::size_t room = in_segment ? segment_.capacity() : buffer_.size();
    if (lsize_ < room) return;
    std::vector<node_type> grown(std::max<std::size_t>({lcap_, 2 * room, 1}));
    move_nodes(grown.data());
    buffer_.swap(grown);
  }
  /// Copies the nodes to `to` and rebases the local links.
  void move_nodes(node_type *to) {
    node_type *from = nodes_;
    auto rebase = [&](node_type *p) { return p ? to + (p - from) : nullptr; };
    for (std::size_t i = 0; i < lsize_; ++i) {
      to[i] = from[i];
      to[i].lprev = rebase(from[i].lprev);
      to[i].lnext = rebase(from[i].lnext);
    }
    head_ = rebase(head_);
    tail_ = rebase(tail_);
    nodes_ = to;
  }
  /// Sets the global links and the header from the local ones.
  void publish() {
    auto global = [&](node_type *p) {
      return p ? segment_.gptr(myid(), std::size_t(p - nodes_)) : dart_gptr_t{};
    };
    for (std::size_t i = 0; i < lsize_; ++i) {
      nodes_[i].gprev = global(nodes_[i].lprev);
      nodes_[i].gnext = global(nodes_[i].lnext);
    }
    *headers_.local() = header(myid());
  }
  node_type remote_node(std::size_t unit, std::int64_t index) const {
    node_type *d = segment_.direct(unit);
    return GlobRef<const node_type>(segment_.gptr(unit, std::size_t(index)), d ? d + index : nullptr).get();
  }
  std::int64_t index_of(const node_type *p) const { return p ? p - nodes_ : nil; }
  std::int64_t index_of(std::size_t unit, dart_gptr_t g) const {
    int null = 0;
    dart_gptr_isnull(g, &null);
    if (null) return nil;
    return std::int64_t((g.offset - segment_.gptr(unit, 0).offset) / sizeof(node_type));
  }

  Team team_;
  bool allocated_ = false;
  detail::UnitStorage<node_type> segment_;
  detail::GlobalMemory<Header> headers_;
  std::vector<node_type> buffer_;
  node_type *nodes_ = nullptr, *head_ = nullptr, *tail_ = nullptr;
  std::size_t lsize_ = 0, lcap_ = 0, lbuf_ = 1;
  std::size_t remote_size_ = 0, remote_capacity_ = 0;
};

}  // namespace dash::internal

#endif  // DASH_LIST_INTERNAL_LIST_TYPES_H
