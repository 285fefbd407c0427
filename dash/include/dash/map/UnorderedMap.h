#ifndef DASH_MAP_UNORDEREDMAP_H
#define DASH_MAP_UNORDEREDMAP_H

// dash::UnorderedMap<Key, Mapped, Hash = dash::HashLocal<Key>, Pred>, as
// DASH declares it. The Hash's result type picks the storage, at compile
// time:
//
// - a unit (dash::team_unit_t; DASH's default HashLocal, or a Hash like
//   key % units): DASH's model (map/UnitStoreMap.h). Each unit stores the
//   entries placed on it in insertion order in chunks of nlbuf entries;
//   barrier() (DASH's commit) delivers inserts made for other units and
//   makes every unit's entries visible to all.
//
//     dash::UnorderedMap<int, double> map(0, 4);  // nelem, nlbuf
//     map.insert({key, 1.0});
//     map.barrier();
//     auto it = map.find(other_units_key);
//
// - a number (std::hash<Key> or another std::hash-style Hash, named
//   explicitly): a scalable concurrent hash table (map/HashTableMap.h).
//   Every unit inserts, finds, erases and increments one-sided with
//   lookups instead of scans, and sees other units' entries at once.
//
//     dash::UnorderedMap<std::uint64_t, long, std::hash<std::uint64_t>> counts(100000);
//     counts[kmer] += 1;   // atomic insert-or-increment from any unit
//
// Both have DASH's members (insert, find, count, operator[], at, size,
// lsize, capacity, lcapacity, begin/end, lbegin/lend, local, barrier,
// hash_function, key_eq); Key and Mapped must be trivially copyable.
//
// Against DASH:
// - The hash-table storage (number-valued Hash) is ours; DASH's map only
//   takes unit-valued hashes.
// - DASH's iterators are random access over the committed entries; ours
//   are forward iterators (pos() and lpos() give the positions).
// - erase is not implemented for unit-valued hashes (as in DASH); the hash
//   table erases.

#include <functional>
#include <type_traits>

#include <dash/Types.h>
#include <dash/map/HashPolicy.h>
#include <dash/map/HashTableMap.h>
#include <dash/map/UnitStoreMap.h>

namespace dash {

class HostSpace;

namespace detail {

/// Whether Hash names a unit for each key (DASH's Hash concept).
template <typename Key, typename Hash>
inline constexpr bool hash_names_unit_v =
    std::is_same_v<std::decay_t<std::invoke_result_t<Hash &, const Key &>>, team_unit_t>;

template <typename Key, typename Mapped, typename Hash, typename Pred, typename LocalMemorySpace>
using UnorderedMapStorage =
    std::conditional_t<hash_names_unit_v<Key, Hash>, UnitStoreMap<Key, Mapped, Hash, Pred, LocalMemorySpace>,
                       HashTableMap<Key, Mapped, Hash, Pred, LocalMemorySpace>>;

}  // namespace detail

template <typename Key, typename Mapped, typename Hash = dash::HashLocal<Key>,
          typename Pred = std::equal_to<Key>, typename LocalMemorySpace = dash::HostSpace>
class UnorderedMap : public detail::UnorderedMapStorage<Key, Mapped, Hash, Pred, LocalMemorySpace> {
  using storage = detail::UnorderedMapStorage<Key, Mapped, Hash, Pred, LocalMemorySpace>;

 public:
  using storage::storage;
  using typename storage::const_iterator;
  using typename storage::const_local_iterator;
  using typename storage::hasher;
  using typename storage::iterator;
  using typename storage::key_equal;
  using typename storage::key_type;
  using typename storage::local_iterator;
  using typename storage::local_type;
  using typename storage::mapped_type;
  using typename storage::size_type;
  using typename storage::value_type;
};

}  // namespace dash

#endif  // DASH_MAP_UNORDEREDMAP_H
