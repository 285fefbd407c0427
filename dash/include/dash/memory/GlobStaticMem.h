#ifndef DASH_MEMORY_GLOBSTATICMEM_H
#define DASH_MEMORY_GLOBSTATICMEM_H

// GlobStaticMem<LMemSpace>: a global memory space over a team, of the kind
// of the local memory space LMemSpace (HostSpace, HBWSpace). allocate(n)
// is collective and makes one segment with n bytes on every unit (units may
// pass different sizes for spaces other than HostSpace); the parts form one
// contiguous global range in unit order (see GlobMemPtr). One segment at a
// time: deallocate before allocating again. As in DASH, the space is a
// resource, not an owner: destroying it does not free the segment (the
// allocator's deallocate does; whatever is left is freed at finalize).
//
//   dash::GlobStaticMem<dash::HostSpace> mem{dash::Team::All()};
//   dash::GlobalAllocator<int, decltype(mem)> alloc{&mem};
//   auto p = alloc.allocate(3);          // 3 ints per unit
//   auto *mine = dash::local_begin(p, dash::Team::All().myid());

#include <cstddef>
#include <limits>
#include <memory_resource>
#include <numeric>
#include <vector>

#include <dart/dart.h>
#include <dash/Exception.h>
#include <dash/Init.h>
#include <dash/Team.h>
#include <dash/Types.h>
#include <dash/allocator/AllocationPolicy.h>
#include <dash/internal/Macro.h>
#include <dash/memory/GlobMemPtr.h>
#include <dash/memory/HBWSpace.h>
#include <dash/memory/HostSpace.h>
#include <dash/memory/MemorySpaceBase.h>
#include <dash/memory/internal/MemorySpaceRegistry.h>
#include <dash/internal/ReadAhead.h>

namespace dash {

template <class LMemSpace>
class GlobStaticMem
    : public MemorySpace<memory_domain_global,
                         typename memory_space_traits<LMemSpace>::memory_space_type_category> {
  static constexpr std::size_t max_align = alignof(std::max_align_t);
  using memory_traits = memory_space_traits<LMemSpace>;
  using kind = typename memory_traits::memory_space_type_category;
  using base_t = MemorySpace<memory_domain_global, kind>;
  using global_allocation_strategy =
      allocator::GlobalAllocationPolicy<allocation_static, synchronization_collective, kind>;

 public:
  using memory_space_domain_category = typename base_t::memory_space_domain_category;
  using memory_space_type_category = typename base_t::memory_space_type_category;
  using size_type = default_size_t;
  using index_type = default_index_t;
  using difference_type = index_type;
  using memory_space_allocation_policy = allocation_static;
  using memory_space_synchronization_policy = synchronization_collective;
  using memory_space_layout_tag = memory_space_contiguous;
  using allocator_type = std::pmr::polymorphic_allocator<std::byte>;
  using void_pointer = GlobMemPtr<void, GlobStaticMem>;
  using const_void_pointer = GlobMemPtr<const void, GlobStaticMem>;
  using local_void_pointer = void *;
  using const_local_void_pointer = const void *;

  /// A space over no team (allocate throws).
  GlobStaticMem() = default;
  /// A space over `team`, with the default local memory space of its kind.
  explicit GlobStaticMem(const Team &team) : GlobStaticMem(nullptr, team) {}
  /// A space over `team` taking local memory from `r` (if not null).
  GlobStaticMem(LMemSpace *r, const Team &team)
      : team_(team),
        local_resource_(r ? static_cast<std::pmr::memory_resource *>(r)
                          : get_default_memory_space<memory_domain_local, kind>()),
        local_sizes_(team.size() > 0 ? team.size() : 1, 0) {}
  ~GlobStaticMem() override = default;

  GlobStaticMem(const GlobStaticMem &) = delete;
  GlobStaticMem &operator=(const GlobStaticMem &) = delete;
  GlobStaticMem(GlobStaticMem &&other) noexcept = default;
  GlobStaticMem &operator=(GlobStaticMem &&other) noexcept = default;

  /// Bytes of the segment over all units.
  size_type capacity() const noexcept {
    return std::accumulate(local_sizes_.begin(), local_sizes_.end(), size_type(0));
  }
  /// Bytes of the segment on team-relative unit `uid`.
  size_type capacity(team_unit_t uid) const { return local_sizes_.at(static_cast<std::size_t>(uid.id)); }

  /// The first byte (unit 0's part).
  void_pointer begin() noexcept { return begin_; }
  const_void_pointer begin() const noexcept { return const_void_pointer(begin_); }
  /// One past the last byte.
  void_pointer end() noexcept { return void_pointer(end_gptr()); }
  const_void_pointer end() const noexcept { return const_void_pointer(end_gptr()); }

  /// Allocates the segment: `nbytes` on the calling unit (collective).
  /// Throws std::bad_alloc if DART cannot, dash::RuntimeError if a segment
  /// is still allocated.
  void_pointer allocate(size_type nbytes, size_type alignment = max_align) {
    return do_allocate(nbytes, alignment);
  }
  /// Frees the segment `gptr` points into (collective; begins with a
  /// barrier, so that no unit still accesses it).
  void deallocate(void_pointer gptr, size_type nbytes, size_type alignment = max_align) {
    do_deallocate(gptr, nbytes, alignment);
  }

  const Team &team() const noexcept { return team_; }
  void barrier() const { team_.barrier(); }
  /// The allocator of the local memory.
  allocator_type get_allocator() const { return allocator_type{local_resource_}; }

  /// Completes the calling unit's transfers to `ptr`'s segment: to every
  /// unit, or to `unit` only.
  void flush(void_pointer ptr, team_unit_t unit = team_unit_t{}) const {
    dart_gptr_t g = static_cast<dart_gptr_t>(ptr);
    if (unit == team_unit_t{}) {
      detail::check(dart_flush_all(g), "dart_flush_all");
      detail::read_ahead_invalidate();
    } else {
      g = static_cast<dart_gptr_t>(void_pointer(g).set_unit(unit));
      detail::check(dart_flush(g), "dart_flush");
      detail::read_ahead_invalidate();
    }
  }
  /// Completes them locally (source buffers reusable).
  void flush_local(void_pointer ptr, team_unit_t unit = team_unit_t{}) const {
    dart_gptr_t g = static_cast<dart_gptr_t>(ptr);
    if (unit == team_unit_t{}) {
      detail::check(dart_flush_local_all(g), "dart_flush_local_all");
    } else {
      g = static_cast<dart_gptr_t>(void_pointer(g).set_unit(unit));
      detail::check(dart_flush_local(g), "dart_flush_local");
    }
  }

 private:
  using local_space_base = LocalMemorySpaceBase<kind>;

  local_space_base *local_space() const { return static_cast<local_space_base *>(local_resource_); }

  dart_gptr_t end_gptr() const {
    if (!begin_) return DART_GPTR_NULL;
    return detail::contiguous_at(*this, static_cast<dart_gptr_t>(begin_),
                                 static_cast<std::int64_t>(capacity()));
  }

  void_pointer do_allocate(size_type nbytes, size_type alignment) {
    detail::require_running("dash::GlobStaticMem::allocate");
    if (begin_)
      throw RuntimeError(
          "dash::GlobStaticMem::allocate: the space holds a segment already (deallocate it first)");
    local_sizes_.assign(team_.size(), 0);
    global_allocation_strategy strategy{};
    dart_gptr_t gptr = strategy.allocate_segment(team_.dart_id(), local_space(), nbytes, alignment);
    unsigned long long mine = nbytes;
    std::vector<unsigned long long> sizes(team_.size());
    detail::check(dart_allgather(&mine, sizes.data(), 1, DART_TYPE_ULONGLONG, team_.dart_id()),
                  "dart_allgather");
    for (std::size_t u = 0; u < sizes.size(); ++u) local_sizes_[u] = static_cast<size_type>(sizes[u]);
    // Segments begin at unit 0's part (registered ones at the caller's).
    dart_unit_t first = 0;
    detail::check(dart_team_unit_l2g(team_.dart_id(), 0, &first), "dart_team_unit_l2g");
    gptr.unitid = first;
    gptr.offset = 0;
    begin_ = void_pointer(gptr);
    internal::MemorySpaceRegistry::GetInstance().add(gptr, this);
    return begin_;
  }

  void do_deallocate(void_pointer gptr, size_type nbytes, size_type alignment) {
    if (!gptr) return;
    dart_gptr_t g = static_cast<dart_gptr_t>(gptr);
    if (is_initialized() && !team_.is_null() && team_.is_alive()) {
      team_.barrier();
      void *lbegin = local_begin(gptr, team_.myid());
      // A registered part is addressed through the calling unit.
      dart_unit_t me = 0;
      dart_team_unit_l2g(team_.dart_id(), team_.myid().id, &me);
      g.unitid = me;
      g.offset = 0;
      global_allocation_strategy strategy{};
      if (!strategy.deallocate_segment(g, local_space(), lbegin, nbytes, alignment))
        throw RuntimeError("dash::GlobStaticMem::deallocate: DART could not free the segment");
    }
    internal::MemorySpaceRegistry::GetInstance().erase(g);
    if (begin_ && static_cast<dart_gptr_t>(begin_).segid == g.segid &&
        static_cast<dart_gptr_t>(begin_).flags == g.flags) {
      begin_ = void_pointer{};
      local_sizes_.assign(local_sizes_.size(), 0);
    }
  }

  Team team_;
  // (a polymorphic_allocator is not assignable; the space is)
  std::pmr::memory_resource *local_resource_ = nullptr;
  std::vector<size_type> local_sizes_{};
  void_pointer begin_{};
};

}  // namespace dash

#endif  // DASH_MEMORY_GLOBSTATICMEM_H
