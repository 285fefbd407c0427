#ifndef DASH_LIST_LIST_REF_H
#define DASH_LIST_LIST_REF_H

// ListRef: a view of a whole dash::List (its view_type): the list's
// global range, sizes and synchronization, without owning it.

#include <cstddef>
#include <type_traits>

#include <dash/Team.h>
#include <dash/Types.h>

namespace dash {

template <typename ElementType, typename LocalMemorySpace>
class List;

template <typename ElementType, typename LMemSpace>
class ListRef {
 public:
  using list_type = List<ElementType, LMemSpace>;
  using index_type = dash::default_index_t;
  using value_type = ElementType;
  using view_type = ListRef;
  using local_type = typename list_type::local_type;
  using size_type = std::make_unsigned_t<index_type>;
  using iterator = typename list_type::iterator;
  using const_iterator = typename list_type::const_iterator;
  using reverse_iterator = typename list_type::reverse_iterator;
  using const_reverse_iterator = typename list_type::const_reverse_iterator;
  using reference = typename list_type::reference;
  using const_reference = typename list_type::const_reference;
  using local_pointer = typename list_type::local_iterator;
  using const_local_pointer = typename list_type::const_local_iterator;

  explicit ListRef(list_type *list) : list_(list) {}

  void push_back(const value_type &value) { list_->push_back(value); }
  void pop_back() { list_->pop_back(); }
  reference back() { return list_->back(); }
  void push_front(const value_type &value) { list_->push_front(value); }
  void pop_front() { list_->pop_front(); }
  reference front() { return list_->front(); }

  const Team &team() const noexcept { return list_->team(); }
  size_type size() const noexcept { return list_->size(); }
  size_type local_size() const noexcept { return list_->lsize(); }
  size_type local_capacity() const noexcept { return list_->lcapacity(); }
  bool empty() const noexcept { return list_->empty(); }
  void barrier() const { list_->barrier(); }

  iterator begin() noexcept { return list_->begin(); }
  const_iterator begin() const noexcept { return static_cast<const list_type *>(list_)->begin(); }
  iterator end() noexcept { return list_->end(); }
  const_iterator end() const noexcept { return static_cast<const list_type *>(list_)->end(); }
  local_pointer lbegin() const { return list_->lbegin(); }
  local_pointer lend() const { return list_->lend(); }

 private:
  list_type *list_;
};

}  // namespace dash

#endif  // DASH_LIST_LIST_REF_H
