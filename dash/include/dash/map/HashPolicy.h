#ifndef DASH_MAP_HASH_POLICY_H
#define DASH_MAP_HASH_POLICY_H

// dash::HashLocal<Key>, as DASH's: the default Hash of dash::UnorderedMap,
// a unit-valued Hash that maps every key to the calling unit, so each unit
// inserts into its own memory:
//
//   dash::UnorderedMap<int, double> map;   // Hash = dash::HashLocal<int>
//   map.insert({dash::myid().id, 1.0});    // stored on the inserting unit
//   map.barrier();                         // now every unit finds it
//
// As its keys may be on any unit, the map looks a key up on the calling
// unit first, then on the others (map/UnitStoreMap.h).

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
