#ifndef DASH_MEMORY_GLOBLOCALMEMORYPOOL_H
#define DASH_MEMORY_GLOBLOCALMEMORYPOOL_H

// GlobLocalMemoryPool<HostSpace>: global memory that one unit allocates on
// its own (no other unit takes part), from DART's per-unit pool
// (dart_memalloc); any unit can access it through the returned pointer.
// Each allocation is its own segment (non-contiguous: pointer arithmetic
// stays within it). `pool_capacity` bounds the bytes allocated at a time
// (0: unbounded); exceeding it throws std::bad_alloc. The pool frees what
// is still allocated when it is destroyed (during the run). It is the
// process's default global host memory space
// (get_default_memory_space<memory_domain_global, memory_space_host_tag>).

#include <algorithm>
#include <cstddef>
#include <limits>
#include <memory_resource>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include <dart/dart.h>
#include <dash/Exception.h>
#include <dash/Init.h>
#include <dash/Team.h>
#include <dash/Types.h>
#include <dash/allocator/AllocationPolicy.h>
#include <dash/memory/GlobMemPtr.h>
#include <dash/memory/HostSpace.h>
#include <dash/memory/MemorySpaceBase.h>
#include <dash/internal/ReadAhead.h>

namespace dash {

template <class LMemSpace>
class GlobLocalMemoryPool
    : public MemorySpace<memory_domain_global,
                         typename memory_space_traits<LMemSpace>::memory_space_type_category> {
  static_assert(std::is_same_v<LMemSpace, HostSpace>,
                "dash::GlobLocalMemoryPool: only dash::HostSpace is supported for local memory");
  static constexpr std::size_t max_align = alignof(std::max_align_t);
  using memory_traits = memory_space_traits<LMemSpace>;
  using kind = typename memory_traits::memory_space_type_category;
  using base_t = MemorySpace<memory_domain_global, kind>;
  using global_allocation_strategy =
      allocator::GlobalAllocationPolicy<allocation_static, synchronization_single, kind>;

 public:
  using pointer = GlobMemPtr<void, GlobLocalMemoryPool>;
  using const_pointer = GlobMemPtr<const void, GlobLocalMemoryPool>;
  using memory_space_domain_category = memory_domain_global;
  using memory_space_type_category = typename base_t::memory_space_type_category;
  using size_type = default_size_t;
  using index_type = default_index_t;
  using difference_type = index_type;
  using memory_space_allocation_policy = allocation_static;
  using memory_space_synchronization_policy = synchronization_single;
  using memory_space_layout_tag = memory_space_noncontiguous;
  using allocator_type = std::pmr::polymorphic_allocator<std::byte>;
  using void_pointer = pointer;
  using const_void_pointer = const_pointer;
  using local_void_pointer = void *;
  using const_local_void_pointer = void *;

  GlobLocalMemoryPool() = delete;
  explicit GlobLocalMemoryPool(size_type pool_capacity, const Team &team = Team::All())
      : GlobLocalMemoryPool(nullptr, pool_capacity, team) {}
  GlobLocalMemoryPool(LMemSpace *r, size_type pool_capacity = 0, const Team &team = Team::All())
      : team_(&team),
        capacity_(pool_capacity ? pool_capacity : std::numeric_limits<size_type>::max()),
        local_resource_(r ? static_cast<std::pmr::memory_resource *>(r)
                          : get_default_memory_space<memory_domain_local, kind>()) {}
  ~GlobLocalMemoryPool() override { release(); }

  GlobLocalMemoryPool(const GlobLocalMemoryPool &) = delete;
  GlobLocalMemoryPool &operator=(const GlobLocalMemoryPool &) = delete;
  GlobLocalMemoryPool(GlobLocalMemoryPool &&other) noexcept { *this = std::move(other); }
  GlobLocalMemoryPool &operator=(GlobLocalMemoryPool &&other) noexcept {
    if (this == &other) return *this;
    release();
    team_ = other.team_;
    size_ = other.size_;
    capacity_ = other.capacity_;
    local_resource_ = other.local_resource_;
    segments_ = std::move(other.segments_);
    other.segments_.clear();
    other.size_ = 0;
    return *this;
  }

  /// Bytes allocated now.
  size_type size() const noexcept { return size_; }
  /// Bytes that may be allocated at a time.
  size_type capacity() const noexcept { return capacity_; }
  const Team &team() const noexcept { return *team_; }
  void barrier() { team_->barrier(); }
  allocator_type get_allocator() const { return allocator_type{local_resource_}; }

  /// nbytes in the calling unit's memory (not collective). Throws
  /// std::bad_alloc beyond the capacity or if DART's pool is exhausted.
  pointer allocate(size_type nbytes, size_type alignment = max_align) {
    return do_allocate(nbytes, alignment);
  }
  /// Frees an allocation of this pool (others are ignored).
  void deallocate(pointer gptr, size_type nbytes, size_type alignment = max_align) {
    do_deallocate(gptr, nbytes, alignment);
  }
  /// Frees everything allocated.
  void release() {
    for (auto &segment : segments_) free_segment(segment);
    segments_.clear();
    size_ = 0;
  }

  void flush(pointer gptr) {
    detail::check(dart_flush_all(static_cast<dart_gptr_t>(gptr)), "dart_flush_all");
    detail::read_ahead_invalidate();
  }
  void flush(pointer gptr, team_unit_t target) {
    gptr.set_unit(target);
    detail::check(dart_flush(static_cast<dart_gptr_t>(gptr)), "dart_flush");
    detail::read_ahead_invalidate();
  }
  void flush_local(pointer gptr) {
    detail::check(dart_flush_local_all(static_cast<dart_gptr_t>(gptr)), "dart_flush_local_all");
  }
  void flush_local(pointer gptr, team_unit_t target) {
    gptr.set_unit(target);
    detail::check(dart_flush(static_cast<dart_gptr_t>(gptr)), "dart_flush");
    detail::read_ahead_invalidate();
    detail::check(dart_flush_local(static_cast<dart_gptr_t>(gptr)), "dart_flush_local");
  }

 private:
  using segment_t = std::pair<pointer, std::size_t>;

  pointer do_allocate(size_type nbytes, size_type /*alignment*/) {
    detail::require_running("dash::GlobLocalMemoryPool::allocate");
    if (capacity_ - size_ < nbytes) throw std::bad_alloc{};
    global_allocation_strategy strategy{};
    dart_gptr_t gptr = strategy.allocate_segment(local_space(), nbytes, max_align);
    pointer p(gptr);
    if (!p) return p;
    segments_.emplace_back(p, nbytes);
    size_ += nbytes;
    return p;
  }
  void do_deallocate(pointer gptr, size_type nbytes, size_type /*alignment*/) {
    auto it =
        std::find_if(segments_.begin(), segments_.end(), [&](const segment_t &s) { return s.first == gptr; });
    if (it == segments_.end()) return;
    free_segment(*it);
    segments_.erase(it);
    size_ -= std::min(size_, nbytes);
  }
  void free_segment(const segment_t &segment) {
    if (!is_initialized() || !segment.first) return;
    global_allocation_strategy strategy{};
    strategy.deallocate_segment(static_cast<dart_gptr_t>(segment.first), local_space(), nullptr,
                                segment.second, max_align);
  }
  LocalMemorySpaceBase<kind> *local_space() const {
    return static_cast<LocalMemorySpaceBase<kind> *>(local_resource_);
  }

  const Team *team_ = nullptr;
  size_type size_ = 0;
  size_type capacity_ = 0;
  std::pmr::memory_resource *local_resource_ = nullptr;
  std::vector<segment_t> segments_;
};

/// The process's global host memory space: unit-local allocations.
template <>
inline MemorySpace<memory_domain_global, memory_space_host_tag>
    *get_default_memory_space<memory_domain_global, memory_space_host_tag>() {
  static GlobLocalMemoryPool<HostSpace> pool(nullptr, 0, Team::All());
  return &pool;
}

}  // namespace dash

#endif  // DASH_MEMORY_GLOBLOCALMEMORYPOOL_H
