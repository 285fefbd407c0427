#ifndef DASH_UNORDEREDMAP_H
#define DASH_UNORDEREDMAP_H

// dash::UnorderedMap, DASH's distributed hash map (DASH's header name): the
// map (map/UnorderedMap.h, which describes it), its global and local
// iterators and its local part (map/UnorderedMapGlobIter.h,
// UnorderedMapLocalIter.h, UnorderedMapLocalRef.h) and its slot tables
// (internal/MapTable.h).

#include <dash/map/UnorderedMap.h>
#include <dash/map/UnorderedMapGlobIter.h>
#include <dash/map/UnorderedMapLocalIter.h>
#include <dash/map/UnorderedMapLocalRef.h>

#endif  // DASH_UNORDEREDMAP_H
