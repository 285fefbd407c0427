#ifndef DASH_MAP_UNORDEREDMAPLOCALITER_H
#define DASH_MAP_UNORDEREDMAPLOCALITER_H

// UnorderedMapLocalIter: the local iterator of dash::UnorderedMap
// (map.local.begin(), lbegin()): the calling unit's entries in place.

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <mutex>
#include <optional>
#include <ostream>
#include <utility>
#include <vector>

#include <dash/internal/DirectAccess.h>
#include <dash/map/internal/MapTable.h>
#include <dash/GlobRef.h>
#include <dash/Types.h>

namespace dash {

namespace detail {
template <typename Key, typename Mapped, typename Hash, typename Pred, typename LocalMemorySpace>
class HashTableMap;
}  // namespace detail
template <typename Key, typename Mapped, typename Hash, typename Pred, typename LocalMemorySpace>
class UnorderedMapLocalRef;

/// Walks the calling unit's full slots (base table, then its overflow
/// tables); dereferences to the entry in place (first, second).
template <typename Key, typename Mapped, typename Hash, typename Pred, typename LocalMemorySpace>
class UnorderedMapLocalIter {
  using map_type = detail::HashTableMap<Key, Mapped, Hash, Pred, LocalMemorySpace>;
  using Core = typename map_type::Core;
  using table_type = typename map_type::table_type;
  using slot_type = typename map_type::slot_type;
  using entry_type = typename map_type::entry_type;

 public:
  using value_type = entry_type;
  using difference_type = std::ptrdiff_t;
  using pointer = value_type *;
  using reference = value_type &;
  using iterator_category = std::forward_iterator_tag;

  UnorderedMapLocalIter() = default;
  reference operator*() const { return pos_->entry; }
  pointer operator->() const { return &pos_->entry; }
  UnorderedMapLocalIter &operator++() {
    ++pos_;
    settle();
    return *this;
  }
  UnorderedMapLocalIter operator++(int) {
    UnorderedMapLocalIter old = *this;
    ++*this;
    return old;
  }
  friend bool operator==(const UnorderedMapLocalIter &a, const UnorderedMapLocalIter &b) {
    return a.pos_ == b.pos_;
  }
  friend std::ostream &operator<<(std::ostream &os, const UnorderedMapLocalIter &it) {
    return os << "dash::UnorderedMap::UnorderedMapLocalIter(table " << it.table_ << ", "
              << static_cast<const void *>(it.pos_) << ")";
  }
  friend bool operator!=(const UnorderedMapLocalIter &a, const UnorderedMapLocalIter &b) {
    return a.pos_ != b.pos_;
  }

 private:
  friend map_type;
  friend UnorderedMapLocalRef<Key, Mapped, Hash, Pred, LocalMemorySpace>;
  UnorderedMapLocalIter(const Core *core, std::size_t table, slot_type *pos, slot_type *end)
      : core_(core), table_(table), pos_(pos), end_(end) {
    settle();
  }
  void settle() {
    for (;;) {
      while (pos_ != end_ && detail::map_slot_state(detail::direct_load(&pos_->state)) != detail::kSlotFull)
        ++pos_;
      if (pos_ != end_ || !core_) return;
      std::optional<table_type> next = core_->local_table(table_ + 1);
      if (!next) return;  // past the last table: end()
      ++table_;
      pos_ = next->slots;
      end_ = pos_ + next->capacity();
    }
  }
  const Core *core_ = nullptr;
  std::size_t table_ = 0;
  slot_type *pos_ = nullptr, *end_ = nullptr;
};

}  // namespace dash

#endif  // DASH_MAP_UNORDEREDMAPLOCALITER_H
