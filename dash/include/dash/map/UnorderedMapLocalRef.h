#ifndef DASH_MAP_UNORDEREDMAPLOCALREF_H
#define DASH_MAP_UNORDEREDMAPLOCALREF_H

// UnorderedMapLocalRef: the calling unit's part of a dash::UnorderedMap
// (map.local): its entries as plain memory, and local insert / find.

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
#include <dash/map/UnorderedMapGlobIter.h>
#include <dash/map/UnorderedMapLocalIter.h>

namespace dash {

namespace detail {
template <typename Key, typename Mapped, typename Hash, typename Pred, typename LocalMemorySpace>
class HashTableMap;
}  // namespace detail
template <typename Key, typename Mapped, typename Hash, typename Pred, typename LocalMemorySpace>
class UnorderedMapLocalRef;

/// The calling unit's entries: plain memory (map.local.begin() ...).
/// Inserts by the calling unit during a walk may add tables: as for
/// std containers, iterators then do not meet end().
template <typename Key, typename Mapped, typename Hash, typename Pred, typename LocalMemorySpace>
class UnorderedMapLocalRef {
  using map_type = detail::HashTableMap<Key, Mapped, Hash, Pred, LocalMemorySpace>;
  using Core = typename map_type::Core;
  using table_type = typename map_type::table_type;
  using slot_type = typename map_type::slot_type;
  using entry_type = typename map_type::entry_type;
  using local_iterator = typename map_type::local_iterator;
  using iterator = typename map_type::iterator;
  using value_type = typename map_type::value_type;
  using size_type = typename map_type::size_type;

 public:
  UnorderedMapLocalRef() = default;
  explicit UnorderedMapLocalRef(const Core *core) : core_(core) {}
  local_iterator begin() const {
    if (!core_) return local_iterator();
    table_type t = core_->bases[core_->myid];
    return local_iterator(core_, 0, t.slots, t.slots + t.capacity());
  }
  local_iterator end() const {
    if (!core_) return local_iterator();
    std::lock_guard<std::mutex> lock(core_->mutex);
    const auto &mine = core_->stores[core_->myid];
    slot_type *last = mine.back().slots + mine.back().capacity();
    return local_iterator(nullptr, mine.size() - 1, last, last);
  }
  /// Entries stored on the calling unit.
  size_type size() const {
    return core_ ? map_type::access::count_live(core_->stored_tables(core_->myid)) : 0;
  }
  bool empty() const { return size() == 0; }
  /// Slots of the calling unit's tables.
  size_type capacity() const {
    return core_ ? map_type::access::count_slots(core_->stored_tables(core_->myid)) : 0;
  }

  /// Inserts kv into the map (at its key's home). The iterator is the
  /// entry's local position, or end() if the key's home is another unit.
  std::pair<local_iterator, bool> insert(const value_type &kv) {
    auto [it, inserted] = map_->insert(kv);
    return {to_local(it), inserted};
  }
  /// The key's entry if the calling unit stores it, else end().
  local_iterator find(const Key &key) const { return to_local(map_->find(key)); }
  /// 1 if the calling unit stores the key, else 0.
  size_type count(const Key &key) const { return find(key) == end() ? 0 : 1; }

 private:
  friend map_type;
  UnorderedMapLocalRef(const Core *core, map_type *map) : core_(core), map_(map) {}
  local_iterator to_local(const iterator &it) const {
    if (it == map_->end() || !it.is_local()) return end();
    const std::vector<table_type> mine = core_->stored_tables(core_->myid);
    for (std::size_t k = 0; k < mine.size(); ++k)
      if (mine[k].slots == it.table_.slots)
        return local_iterator(core_, k, mine[k].slots + it.slot_, mine[k].slots + mine[k].capacity());
    return end();
  }
  const Core *core_ = nullptr;
  map_type *map_ = nullptr;
};

}  // namespace dash

#endif  // DASH_MAP_UNORDEREDMAPLOCALREF_H
