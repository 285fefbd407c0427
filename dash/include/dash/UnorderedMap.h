#ifndef DASH_UNORDEREDMAP_H
#define DASH_UNORDEREDMAP_H

// dash::UnorderedMap, DASH's distributed hash map (DASH's header name): the
// map (map/UnorderedMap.h, which describes it and picks the storage), DASH's
// storage model (map/UnitStoreMap.h), the hash table (map/HashTableMap.h,
// its iterators and local part map/UnorderedMapGlobIter.h,
// UnorderedMapLocalIter.h, UnorderedMapLocalRef.h, its slot tables
// internal/MapTable.h) and the Hash dash::HashLocal (map/HashPolicy.h).

#include <dash/map/HashPolicy.h>
#include <dash/map/UnorderedMap.h>
#include <dash/map/UnorderedMapGlobIter.h>
#include <dash/map/UnorderedMapLocalIter.h>
#include <dash/map/UnorderedMapLocalRef.h>

#endif  // DASH_UNORDEREDMAP_H
