#ifndef DASH_UNORDEREDMAP_H
#define DASH_UNORDEREDMAP_H

// dash::UnorderedMap, DASH's distributed hash map (DASH's header name): the
// map (map/UnorderedMap.h, which describes it and picks the storage), DASH's
// storage model (map/UnitStoreMap.h, its key index
// map/internal/MapKeyIndex.h), the hash table (map/HashTableMap.h, its
// iterators and local part map/UnorderedMapGlobIter.h,
// UnorderedMapLocalIter.h, UnorderedMapLocalRef.h, and its parts in
// map/internal/: the table layout MapTable.h, one-sided slot access
// MapSlotAccess.h, the chains of tables MapChains.h, the probe sequence
// MapProbe.h, barrier()'s move home MapMigration.h), the members both
// storages derive alike (map/internal/MapLookup.h), the per-unit memory
// of both (internal/UnitStorage.h, shared with dash::List) and the Hash
// dash::HashLocal (map/HashPolicy.h).

#include <dash/map/HashPolicy.h>
#include <dash/map/UnorderedMap.h>
#include <dash/map/UnorderedMapGlobIter.h>
#include <dash/map/UnorderedMapLocalIter.h>
#include <dash/map/UnorderedMapLocalRef.h>

#endif  // DASH_UNORDEREDMAP_H
