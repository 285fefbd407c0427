#ifndef DASH_MEMORY_INTERNAL_GLOBHEAPMEMTYPES_H
#define DASH_MEMORY_INTERNAL_GLOBHEAPMEMTYPES_H

// A bucket of GlobHeapMem: one local allocation and, once attached, its
// global pointer (the calling unit's part of one collective segment).

#include <dart/types.h>

namespace dash::internal {

template <typename SizeType, typename ElementType>
struct glob_dynamic_mem_bucket_type {
  /// Elements allocated.
  SizeType allocated_size;
  /// Elements in use (shrink reduces it).
  SizeType size;
  ElementType *lptr;
  /// The calling unit's part of the segment; DART_GPTR_NULL until attached.
  dart_gptr_t gptr;
  bool attached;
};

}  // namespace dash::internal

#endif  // DASH_MEMORY_INTERNAL_GLOBHEAPMEMTYPES_H
