#ifndef DASH_MAP_HASH_POLICY_H
#define DASH_MAP_HASH_POLICY_H

// dash::HashLocal<Key>, as DASH's: a unit-valued Hash for UnorderedMap that
// maps every key to the calling unit, so each unit inserts into its own
// memory:
//
//   dash::UnorderedMap<int, double, dash::HashLocal<int>> map;
//   map.insert({dash::myid().id, 1.0});   // stored on the inserting unit
//
// What it means in our map, where a key's home unit is what the Hash says
// on the calling unit and lookups go only there (map/UnorderedMap.h):
// - insert / operator[] store on the calling unit; barrier() leaves every
//   entry where it is (its owner's HashLocal names the owner).
// - find / count / at on unit B see only keys B inserted: a key inserted
//   by unit A is not found on B, and B's operator[] on it inserts a second,
//   separate entry in B's memory. One key can so live on several units.
// - Iteration (begin()..end(), local) and size() cover every unit's entries.
// DASH's own map finds such keys by scanning all units; ours does no
// global search on lookup (no hash lookups across units per access), so
// use HashLocal only for keys each unit owns alone, and a key-derived Hash
// (std::hash or a unit-valued one) when other units must find keys.

#include <dash/Team.h>
#include <dash/Types.h>

namespace dash {

template <typename Key>
class HashLocal {
 public:
  using argument_type = Key;
  using result_type = team_unit_t;

  /// Not bound to a team: every key maps to DART_UNDEFINED_UNIT_ID.
  HashLocal() = default;
  /// Maps every key to the calling unit's id in `team`.
  HashLocal(dash::Team &team) : myid_(team.myid()) {}

  result_type operator()(const argument_type &) const { return myid_; }

 private:
  team_unit_t myid_{DART_UNDEFINED_UNIT_ID};
};

}  // namespace dash

#endif  // DASH_MAP_HASH_POLICY_H
