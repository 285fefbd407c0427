#ifndef DASH_ALLOCATOR_ALLOCATIONPOLICY_H
#define DASH_ALLOCATOR_ALLOCATIONPOLICY_H

// How global memory segments are made, by allocation and synchronization
// policy and kind of local memory:
//  - static, collective, host memory: one symmetric DART team allocation
//    (dart_team_memalloc_aligned: every unit the same size, shared-memory
//    windows on a node);
//  - static, collective, other kinds: each unit allocates from its local
//    memory space and the team registers the parts (dart_team_memregister;
//    sizes may differ);
//  - static, single unit, host memory: the calling unit's part of DART's
//    pool (dart_memalloc), no other unit takes part.
// Failures throw std::bad_alloc, as an allocator's do.

#include <cstddef>
#include <cstdint>
#include <new>

#include <dart/dart.h>
#include <dash/dart/if/dart.h>
#include <dash/Team.h>
#include <dash/Types.h>
#include <dash/allocator/internal/Types.h>
#include <dash/memory/MemorySpaceBase.h>

namespace dash::detail {
inline bool dart_gptr_is_null(const dart_gptr_t &g) {
  return g.unitid == 0 && g.segid == 0 && g.flags == 0 && g.offset == 0;
}
inline bool dart_gptr_same(const dart_gptr_t &a, const dart_gptr_t &b) {
  return a.unitid == b.unitid && a.segid == b.segid && a.flags == b.flags && a.offset == b.offset;
}
}  // namespace dash::detail

// DASH's DART macros (<dash/dart/if/dart_globmem.h> defines them where it
// is available).
#ifndef DART_GPTR_ISNULL
#define DART_GPTR_ISNULL(gptr_) (dash::detail::dart_gptr_is_null(gptr_))
#endif
#ifndef DART_GPTR_EQUAL
#define DART_GPTR_EQUAL(gptr1_, gptr2_) (dash::detail::dart_gptr_same(gptr1_, gptr2_))
#endif

namespace dash {

enum class global_allocation_policy : std::uint8_t {
  /// All units allocate together.
  collective,
  /// Each unit allocates on its own.
  non_collective,
  /// Units allocate locally on their own and attach collectively.
  epoch_synchronized,
};

namespace allocator {

/// Attaching local memory to a team's global memory and detaching it.
struct AttachDetachPolicy {
  /// Registers nbytes at ptr with the team (collective); DART_GPTR_NULL on
  /// failure.
  dart_gptr_t do_global_attach(dart_team_t teamid, void *ptr, std::size_t nbytes) {
    dart_gptr_t gptr = DART_GPTR_NULL;
    if (dart_team_memregister(teamid, nbytes, ptr, &gptr) != DART_OK) gptr = DART_GPTR_NULL;
    return gptr;
  }
  /// Undoes do_global_attach (collective); false on failure.
  bool do_global_detach(dart_gptr_t gptr) { return dart_team_memderegister(gptr) == DART_OK; }
};

template <class AllocationPolicy, class SynchronizationPolicy, class LMemSpaceTag>
class GlobalAllocationPolicy;

/// Static collective allocation over a local memory space: attach.
template <class LMemSpaceTag>
class GlobalAllocationPolicy<allocation_static, synchronization_collective, LMemSpaceTag>
    : AttachDetachPolicy {
 public:
  dart_gptr_t allocate_segment(dart_team_t teamid, LocalMemorySpaceBase<LMemSpaceTag> *res,
                               std::size_t nbytes, std::size_t alignment) {
    void *lp = res->allocate(nbytes, alignment);
    if (!lp && nbytes > 0) throw std::bad_alloc{};
    dart_gptr_t gptr = do_global_attach(teamid, lp, nbytes);
    if (gptr.segid == 0 && gptr.flags == 0 && gptr.unitid == 0 && gptr.offset == 0) {
      res->deallocate(lp, nbytes, alignment);
      throw std::bad_alloc{};
    }
    return gptr;
  }
  bool deallocate_segment(dart_gptr_t gptr, LocalMemorySpaceBase<LMemSpaceTag> *res, void *lptr,
                          std::size_t nbytes, std::size_t alignment) {
    bool detached = do_global_detach(gptr);
    res->deallocate(lptr, nbytes, alignment);
    return detached;
  }
};

/// Static collective allocation of host memory: one symmetric DART team
/// allocation (all units pass the same size).
template <>
class GlobalAllocationPolicy<allocation_static, synchronization_collective, memory_space_host_tag> {
 public:
  dart_gptr_t allocate_segment(dart_team_t teamid, LocalMemorySpaceBase<memory_space_host_tag> * /*res*/,
                               std::size_t nbytes, std::size_t /*alignment*/) {
    dart_gptr_t gptr = DART_GPTR_NULL;
    if (dart_team_memalloc_aligned(teamid, nbytes, &gptr) != DART_OK) throw std::bad_alloc{};
    return gptr;
  }
  bool deallocate_segment(dart_gptr_t gptr, LocalMemorySpaceBase<memory_space_host_tag> * /*res*/,
                          void * /*lptr*/, std::size_t /*nbytes*/, std::size_t /*alignment*/) {
    return dart_team_memfree(gptr) == DART_OK;
  }
};

/// Static allocation by one unit of host memory: DART's pool.
template <>
class GlobalAllocationPolicy<allocation_static, synchronization_single, memory_space_host_tag> {
 public:
  /// DART_GPTR_NULL for 0 bytes.
  dart_gptr_t allocate_segment(LocalMemorySpaceBase<memory_space_host_tag> * /*res*/, std::size_t nbytes,
                               std::size_t /*alignment*/) {
    dart_gptr_t gptr = DART_GPTR_NULL;
    if (nbytes > 0 && dart_memalloc(nbytes, &gptr) != DART_OK) throw std::bad_alloc{};
    return gptr;
  }
  bool deallocate_segment(dart_gptr_t gptr, LocalMemorySpaceBase<memory_space_host_tag> * /*res*/,
                          void * /*lptr*/, std::size_t /*nbytes*/, std::size_t /*alignment*/) {
    return dart_memfree(gptr) == DART_OK;
  }
};

}  // namespace allocator
}  // namespace dash

#endif  // DASH_ALLOCATOR_ALLOCATIONPOLICY_H
