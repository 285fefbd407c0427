#ifndef DASH_MEMORY_MEMORYSPACE_H
#define DASH_MEMORY_MEMORYSPACE_H

// DASH's memory spaces in one header: the local ones (HostSpace,
// HBWSpace), the global ones (GlobStaticMem: collective, contiguous;
// GlobLocalMemoryPool: one unit's allocations), get_default_memory_space
// and the non-collective allocation dash::memalloc (dash/Memory.h).

#include <dash/Memory.h>
#include <dash/memory/GlobLocalMemoryPool.h>
#include <dash/memory/GlobMemPtr.h>
#include <dash/memory/GlobStaticMem.h>
#include <dash/memory/HBWSpace.h>
#include <dash/memory/HostSpace.h>
#include <dash/memory/MemorySpaceBase.h>

#endif  // DASH_MEMORY_MEMORYSPACE_H
