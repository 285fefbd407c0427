#ifndef DASH_MEMORY_H
#define DASH_MEMORY_H

// Global memory, as DASH's <dash/Memory.h> gives it: the memory spaces and
// non-collective allocation (dash::memalloc, GlobMemAllocPtr;
// dash/memory/MemorySpace.h) and the growable global memory GlobHeapMem
// (dash/memory/GlobHeapMem.h).

#include <dash/memory/GlobHeapMem.h>
#include <dash/memory/MemorySpace.h>

#endif  // DASH_MEMORY_H
