#ifndef DASH_MAP_INTERNAL_MAP_LOOKUP_H
#define DASH_MAP_INTERNAL_MAP_LOOKUP_H

// MapLookup<Map, Key, Mapped>: the members of dash::UnorderedMap that both
// storages (map/UnitStoreMap.h, map/HashTableMap.h) derive from their own
// find(), end() and insert() alike (DASH's count, contains, operator[],
// at), and how both make their Hash.

#include <cstddef>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include <dash/GlobRef.h>
#include <dash/Team.h>

namespace dash::detail {

/// A Hash constructible from dash::Team& is made with the map's team (as
/// DASH does), any other default-constructed.
template <typename Hash>
Hash make_map_hash(Team &team) {
  if constexpr (std::is_constructible_v<Hash, Team &>)
    return Hash(team);
  else
    return Hash();
}

template <typename Map, typename Key, typename Mapped>
class MapLookup {
 public:
  /// 1 if the key is present, else 0.
  std::size_t count(const Key &key) const { return map().find(key) == map().end() ? 0 : 1; }
  bool contains(const Key &key) const { return count(key) == 1; }
  /// Reference to the key's value; inserts Mapped{} first if the key is
  /// absent (for the hash table map[k] += 1 is an atomic
  /// insert-or-increment).
  GlobRef<Mapped> operator[](const Key &key) {
    return static_cast<Map &>(*this).insert(std::pair<const Key, Mapped>(key, Mapped{})).first.value();
  }
  /// Reference to the key's value; throws std::out_of_range if absent.
  GlobRef<Mapped> at(const Key &key) const {
    auto it = map().find(key);
    if (it == map().end()) throw std::out_of_range("dash::UnorderedMap::at: key not present");
    return it.value();
  }

 private:
  const Map &map() const { return static_cast<const Map &>(*this); }
};

}  // namespace dash::detail

#endif  // DASH_MAP_INTERNAL_MAP_LOOKUP_H
