#ifndef DASH_ALLOCATOR_EPOCHSYNCHRONIZEDALLOCATOR_H
#define DASH_ALLOCATOR_EPOCHSYNCHRONIZEDALLOCATOR_H

// EpochSynchronizedAllocator<T, LMemSpace>: global memory in two steps.
// Each unit allocates local memory on its own (allocate_local, from the
// local memory space LMemSpace through LocalAlloc), and the team attaches
// it collectively to global memory (attach: one DART segment per attach
// round, the units' parts of any size) and detaches it again (detach,
// collective). allocate(n) does both, deallocate(gptr, n) undoes both.
// Pointers are DART global pointers. The allocator frees what it still
// holds attached when destroyed (collectively); copies share the team and
// the local memory space but not the allocations.
//
//   dash::EpochSynchronizedAllocator<double> alloc{dash::Team::All()};
//   double *mine = alloc.allocate_local(10);
//   dart_gptr_t g = alloc.attach(mine, 10);      // collective
//   ...
//   alloc.detach(g, 10);                         // collective
//   alloc.deallocate_local(mine, 10);

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
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
#include <dash/allocator/AllocatorBase.h>
#include <dash/allocator/AllocatorTraits.h>
#include <dash/allocator/internal/Types.h>
#include <dash/memory/MemorySpace.h>

namespace dash {

template <typename ElementType, typename LMemSpace = HostSpace,
          global_allocation_policy AllocationPolicy = global_allocation_policy::epoch_synchronized,
          template <class T> class LocalAlloc = allocator::DefaultAllocator>
class EpochSynchronizedAllocator {
  template <class T, class U, class M, global_allocation_policy P, template <class> class A>
  friend bool operator==(const EpochSynchronizedAllocator<T, M, P, A> &lhs,
                         const EpochSynchronizedAllocator<U, M, P, A> &rhs);
  template <class U, class M, global_allocation_policy P, template <class> class A>
  friend class EpochSynchronizedAllocator;

  using memory_traits = memory_space_traits<LMemSpace>;
  static_assert(memory_traits::is_local::value,
                "dash::EpochSynchronizedAllocator: the memory space must be local");
  static_assert(AllocationPolicy == global_allocation_policy::epoch_synchronized,
                "dash::EpochSynchronizedAllocator: only the epoch_synchronized policy is supported");

  using local_traits = std::allocator_traits<LocalAlloc<ElementType>>;
  using policy_type = allocator::AttachDetachPolicy;
  using allocation_rec_t = allocator::allocation_rec<typename local_traits::pointer>;

 public:
  using local_allocator_type = LocalAlloc<ElementType>;
  using value_type = ElementType;
  using size_type = default_size_t;
  using difference_type = default_index_t;
  using pointer = dart_gptr_t;
  using const_pointer = const dart_gptr_t;
  using void_pointer = dart_gptr_t;
  using const_void_pointer = const dart_gptr_t;
  using local_pointer = typename local_traits::pointer;
  using const_local_pointer = typename local_traits::const_pointer;
  using local_void_pointer = typename local_traits::void_pointer;
  using const_local_void_pointer = typename local_traits::const_void_pointer;
  using allocation_policy = std::integral_constant<global_allocation_policy, AllocationPolicy>;
  template <class U>
  using rebind = EpochSynchronizedAllocator<U, LMemSpace, AllocationPolicy, LocalAlloc>;

  /// Over `team`, local memory from `r` (default: the process's memory
  /// space of LMemSpace's kind).
  explicit EpochSynchronizedAllocator(const Team &team, LMemSpace *r = nullptr) noexcept
      : team_(team), alloc_(r ? r : default_space()) {}
  EpochSynchronizedAllocator(const EpochSynchronizedAllocator &other) noexcept
      : team_(other.team_), alloc_(other.alloc_) {}
  /// The same team and memory space (rebinding to another element type).
  template <class U>
  explicit EpochSynchronizedAllocator(
      const EpochSynchronizedAllocator<U, LMemSpace, AllocationPolicy, LocalAlloc> &other) noexcept
      : team_(other.team_), alloc_(other.alloc_.resource()) {}
  EpochSynchronizedAllocator(EpochSynchronizedAllocator &&other) noexcept
      : team_(other.team_), segments_(std::move(other.segments_)), alloc_(other.alloc_) {
    other.segments_.clear();
  }
  EpochSynchronizedAllocator &operator=(const EpochSynchronizedAllocator &other) noexcept {
    if (this != &other) {
      team_ = other.team_;
      alloc_ = other.alloc_;
    }
    return *this;
  }
  EpochSynchronizedAllocator &operator=(EpochSynchronizedAllocator &&other) noexcept {
    if (this == &other) return *this;
    if (alloc_ == other.alloc_) {
      clear();
      swap(other);
    } else {
      *this = static_cast<const EpochSynchronizedAllocator &>(other);
    }
    return *this;
  }
  /// Frees the attached allocations (collective).
  ~EpochSynchronizedAllocator() noexcept { clear(); }

  void swap(EpochSynchronizedAllocator &other) noexcept {
    std::swap(team_, other.team_);
    std::swap(segments_, other.segments_);
    local_allocator_type tmp = alloc_;
    alloc_ = other.alloc_;
    other.alloc_ = tmp;
  }

  size_type max_size() const noexcept { return size_type(-1) / sizeof(ElementType); }

  /// Attaches local memory from allocate_local to the team's global memory
  /// (collective); DART_GPTR_NULL for memory not from allocate_local.
  pointer attach(local_pointer lptr, size_type num_local_elem) {
    auto pos = lookup_segment_by_lptr(lptr);
    if (pos == segments_.end()) return DART_GPTR_NULL;
    if (pos->length() != num_local_elem)
      throw std::invalid_argument("dash::EpochSynchronizedAllocator::attach: not the allocated length");
    dart_gptr_t gptr =
        policy_.do_global_attach(team_.dart_id(), pos->lptr(), pos->length() * sizeof(ElementType));
    if (is_null(gptr)) throw std::bad_alloc{};
    pos->gptr() = gptr;
    return gptr;
  }
  /// Detaches memory attached by attach (collective); the local memory
  /// stays allocated.
  void detach(pointer gptr, size_type num_local_elem) {
    if (is_null(gptr)) return;
    auto pos = lookup_segment_by_gptr(gptr);
    if (pos == segments_.end()) return;
    if (pos->length() != num_local_elem)
      throw std::invalid_argument("dash::EpochSynchronizedAllocator::detach: not the allocated length");
    policy_.do_global_detach(pos->gptr());
    pos->gptr() = DART_GPTR_NULL;
  }
  /// num_local_elem elements of local memory (not collective).
  local_pointer allocate_local(size_type num_local_elem) { return do_local_allocate(num_local_elem)->lptr(); }
  /// Frees memory from allocate_local that is not attached.
  void deallocate_local(local_pointer lptr, size_type num_local_elem) {
    auto pos = lookup_segment_by_lptr(lptr);
    if (pos == segments_.end()) return;
    if (pos->length() != num_local_elem)
      throw std::invalid_argument(
          "dash::EpochSynchronizedAllocator::deallocate_local: not the allocated length");
    if (!is_null(pos->gptr()))
      throw std::logic_error(
          "dash::EpochSynchronizedAllocator::deallocate_local: the memory is still attached");
    local_traits::deallocate(alloc_, pos->lptr(), pos->length());
    segments_.erase(pos);
  }
  /// allocate_local and attach (collective).
  pointer allocate(size_type num_local_elem) {
    auto it = do_local_allocate(num_local_elem);
    dart_gptr_t gptr =
        policy_.do_global_attach(team_.dart_id(), it->lptr(), num_local_elem * sizeof(ElementType));
    if (is_null(gptr)) {
      local_traits::deallocate(alloc_, it->lptr(), it->length());
      segments_.erase(it);
      throw std::bad_alloc{};
    }
    it->gptr() = gptr;
    return gptr;
  }
  /// detach and deallocate_local (collective).
  void deallocate(pointer gptr, size_type num_local_elem) {
    if (is_null(gptr)) return;
    auto pos = lookup_segment_by_gptr(gptr);
    if (pos == segments_.end()) return;
    if (pos->length() != num_local_elem)
      throw std::invalid_argument("dash::EpochSynchronizedAllocator::deallocate: not the allocated length");
    if (is_initialized()) policy_.do_global_detach(pos->gptr());
    local_traits::deallocate(alloc_, pos->lptr(), pos->length());
    segments_.erase(pos);
  }

  local_allocator_type get_local_allocator() const noexcept { return alloc_; }

 private:
  static LMemSpace *default_space() {
    return static_cast<LMemSpace *>(
        get_default_memory_space<memory_domain_local, typename memory_traits::memory_space_type_category>());
  }
  static bool is_null(const dart_gptr_t &g) {
    return g.unitid == 0 && g.segid == 0 && g.flags == 0 && g.offset == 0;
  }
  static bool same(const dart_gptr_t &a, const dart_gptr_t &b) {
    return a.unitid == b.unitid && a.segid == b.segid && a.flags == b.flags && a.offset == b.offset;
  }
  static bool by_address(const allocation_rec_t &a, const allocation_rec_t &b) {
    return std::less<const void *>()(static_cast<const void *>(a.lptr()),
                                     static_cast<const void *>(b.lptr()));
  }

  /// Frees every attached allocation (collective, as DASH's: allocations
  /// only local are kept by their owner).
  void clear() noexcept {
    std::vector<allocation_rec_t> attached;
    for (auto &segment : segments_)
      if (!is_null(segment.gptr())) attached.push_back(segment);
    try {
      for (auto &segment : attached) deallocate(segment.gptr(), segment.length());
    } catch (...) {
    }
    segments_.clear();
  }

  typename std::vector<allocation_rec_t>::iterator do_local_allocate(size_type num_local_elem) {
    local_pointer lp = local_traits::allocate(alloc_, num_local_elem);
    if (!lp && num_local_elem > 0) throw std::bad_alloc{};
    allocation_rec_t rec{lp, num_local_elem, DART_GPTR_NULL};
    auto pos = std::lower_bound(segments_.begin(), segments_.end(), rec, by_address);
    return segments_.insert(pos, std::move(rec));
  }
  typename std::vector<allocation_rec_t>::iterator lookup_segment_by_lptr(local_pointer lptr) {
    allocation_rec_t rec{lptr, 0, DART_GPTR_NULL};
    auto it = std::lower_bound(segments_.begin(), segments_.end(), rec, by_address);
    return it != segments_.end() && it->lptr() == lptr ? it : segments_.end();
  }
  typename std::vector<allocation_rec_t>::iterator lookup_segment_by_gptr(pointer gptr) {
    return std::find_if(segments_.begin(), segments_.end(),
                        [&gptr](const allocation_rec_t &a) { return same(a.gptr(), gptr); });
  }

  Team team_;
  std::vector<allocation_rec_t> segments_;
  local_allocator_type alloc_;
  policy_type policy_{};
};

/// Equal if they have the same element size, team and local allocator.
template <class T, class U, class M, global_allocation_policy P, template <class> class A>
bool operator==(const EpochSynchronizedAllocator<T, M, P, A> &lhs,
                const EpochSynchronizedAllocator<U, M, P, A> &rhs) {
  return sizeof(T) == sizeof(U) && lhs.team_ == rhs.team_ && lhs.alloc_.resource() == rhs.alloc_.resource();
}
template <class T, class U, class M, global_allocation_policy P, template <class> class A>
bool operator!=(const EpochSynchronizedAllocator<T, M, P, A> &lhs,
                const EpochSynchronizedAllocator<U, M, P, A> &rhs) {
  return !(lhs == rhs);
}

}  // namespace dash

#endif  // DASH_ALLOCATOR_EPOCHSYNCHRONIZEDALLOCATOR_H
