#ifndef DASH_MAP_UNORDEREDMAPGLOBITER_H
#define DASH_MAP_UNORDEREDMAPGLOBITER_H

// UnorderedMapGlobIter: the global iterator of dash::UnorderedMap
// (map.begin(), find(), insert()): an entry of one unit's storage, read
// one-sided.

#include <algorithm>
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

/// A position in the map: an entry of one unit's storage. Dereferencing
/// reads the entry (one get); value() is a reference to the mapped value.
template <typename Key, typename Mapped, typename Hash, typename Pred, typename LocalMemorySpace>
class UnorderedMapGlobIter {
  using map_type = detail::HashTableMap<Key, Mapped, Hash, Pred, LocalMemorySpace>;
  using Core = typename map_type::Core;
  using table_type = typename map_type::table_type;
  using slot_type = typename map_type::slot_type;
  using entry_type = typename map_type::entry_type;

 public:
  using value_type = std::pair<const Key, Mapped>;
  using difference_type = std::ptrdiff_t;
  using iterator_category = std::forward_iterator_tag;
  using pointer = detail::MapEntryArrow<Key, Mapped>;
  using reference = value_type;

  UnorderedMapGlobIter() = default;

  /// The entry as it is now (key and value, one get).
  value_type operator*() const {
    entry_type e = map_type::access::read_entry(table_.slot(slot_));
    return value_type(e.first, e.second);
  }
  pointer operator->() const { return pointer{**this}; }
  /// Reference to the mapped value (atomic compound assignments).
  GlobRef<Mapped> value() const { return map_type::access::mapped_ref(table_, slot_); }
  /// The unit (team-relative) whose memory holds the entry.
  std::size_t unit() const { return unit_; }
  bool is_local() const { return unit_ == core_->myid; }
  /// The unit holding the entry and its index in that unit's storage.
  typename map_type::local_index lpos() const {
    return {team_unit_t(static_cast<int>(unit_)), typename map_type::index_type(index())};
  }

  /// The next entry of the map (units in order, each unit's storage in
  /// order): reads slot states one by one, so walk the local parts where
  /// you can.
  UnorderedMapGlobIter &operator++() {
    ++slot_;
    settle();
    return *this;
  }
  UnorderedMapGlobIter operator++(int) {
    UnorderedMapGlobIter old = *this;
    ++*this;
    return old;
  }
  friend bool operator==(const UnorderedMapGlobIter &a, const UnorderedMapGlobIter &b) {
    return a.core_ == b.core_ && a.unit_ == b.unit_ && a.index() == b.index();
  }
  friend bool operator!=(const UnorderedMapGlobIter &a, const UnorderedMapGlobIter &b) { return !(a == b); }
  friend std::ostream &operator<<(std::ostream &os, const UnorderedMapGlobIter &it) {
    if (!it.core_ || it.unit_ >= it.core_->nunits)
      return os << "dash::UnorderedMap::UnorderedMapGlobIter(end)";
    return os << "dash::UnorderedMap::UnorderedMapGlobIter(unit " << it.unit_ << ", index " << it.index()
              << ")";
  }

 private:
  friend map_type;
  friend UnorderedMapLocalRef<Key, Mapped, Hash, Pred, LocalMemorySpace>;
  UnorderedMapGlobIter(const Core *core, std::size_t unit, const table_type &table, std::size_t slot)
      : core_(core), unit_(unit), table_(table), slot_(slot) {}
  std::size_t index() const { return unit_ < core_->nunits ? table_.local_base() + slot_ : 0; }

  // Moves to the first full slot at or after the current position. Slot
  // states of a table not reachable by load/store are read kBlock at a
  // time (one get), read afresh on every call.
  void settle() {
    constexpr std::size_t kBlock = 64;
    std::uint64_t states[kBlock];
    std::size_t first = 0, got = 0;  // states[] holds slots [first, first + got) of table_
    while (unit_ < core_->nunits) {
      if (slot_ >= table_.capacity()) {
        std::optional<table_type> next = core_->next_stored(unit_, table_);
        if (next) {
          table_ = *next;
        } else if (++unit_ < core_->nunits) {
          table_ = core_->bases[unit_];
        }
        slot_ = 0;
        got = 0;
        continue;
      }
      std::uint64_t word;
      if (table_.slots) {
        word = detail::direct_load(&table_.slots[slot_].state);
      } else {
        if (slot_ < first || slot_ >= first + got) {
          first = slot_;
          got = std::min(kBlock, table_.capacity() - slot_);
          map_type::access::read_window(table_, first, got, states);
        }
        word = states[slot_ - first];
      }
      if (detail::map_slot_state(word) == detail::kSlotFull) return;
      ++slot_;
    }
    table_ = table_type{};
    slot_ = 0;
  }

  const Core *core_ = nullptr;
  std::size_t unit_ = 0;
  table_type table_{};
  std::size_t slot_ = 0;
};

}  // namespace dash

#endif  // DASH_MAP_UNORDEREDMAPGLOBITER_H
