#ifndef DASH_ALLOCATOR_H
#define DASH_ALLOCATOR_H

// DASH's allocators in one header (allocator traits, GlobalAllocator,
// EpochSynchronizedAllocator, the memory spaces and the pool resource) and
// dash::align, std::align's contract.

#include <cstddef>
#include <cstdint>

#include <dash/allocator/AllocatorTraits.h>
#include <dash/allocator/EpochSynchronizedAllocator.h>
#include <dash/allocator/GlobalAllocator.h>
#include <dash/memory/MemorySpace.h>
#include <dash/memory/SimpleMemoryPoolResource.h>

namespace dash {

/// If `size` bytes aligned to `alignment` (a power of two) fit into the
/// `space` bytes at `ptr`: advances ptr to the aligned address, reduces
/// space by the bytes skipped and returns ptr; else nullptr (nothing
/// changed).
inline void *align(std::size_t alignment, std::size_t size, void *&ptr, std::size_t &space) {
  auto address = reinterpret_cast<std::uintptr_t>(ptr);
  auto aligned = (address + alignment - 1) & ~(static_cast<std::uintptr_t>(alignment) - 1);
  std::size_t skipped = aligned - address;
  if (skipped > space || space - skipped < size) return nullptr;
  space -= skipped;
  return ptr = reinterpret_cast<void *>(aligned);
}

}  // namespace dash

#endif  // DASH_ALLOCATOR_H
