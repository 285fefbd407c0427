#ifndef DASH_MEMORY_GLOBHEAPMEM_H
#define DASH_MEMORY_GLOBHEAPMEM_H

// GlobHeapMem<T>: global memory whose units' parts grow and shrink on
// their own. grow(n) and shrink(n) change the calling unit's local memory
// at once (not collective; visible to the unit itself: local_size(),
// lbegin()..lend(), size()); commit() publishes all units' changes
// (collective). Until then other units see each unit's size of the last
// commit, and memory a unit shrank away stays readable by them.
//
// Layout: the local memory is a list of buckets. Each commit attaches the
// buckets grown since in attach rounds, one collective DART segment
// (dart_team_memregister) per round; a unit with fewer new buckets adds an
// empty one, so bucket i of every unit is its part of the same segment
// (slot i), and an element (unit, local index) is found from the unit's
// bucket sizes, which commit gathers. A slot is detached and its memory
// freed when every unit has shrunk its bucket there to nothing.
//
//   dash::GlobHeapMem<int> mem(10);     // 10 elements per unit, committed
//   mem.grow(5);                        // local: 15 elements
//   mem.commit();                       // everyone sees 15 at this unit
//   int x = *mem.at(dash::team_unit_t(1), 3);

#include <algorithm>
#include <cstddef>
#include <list>
#include <new>
#include <numeric>
#include <stdexcept>
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
#include <dash/allocator/EpochSynchronizedAllocator.h>
#include <dash/memory/GlobHeapLocalPtr.h>
#include <dash/memory/GlobHeapPtr.h>
#include <dash/memory/MemorySpace.h>
#include <dash/memory/internal/GlobHeapMemTypes.h>
// DASH's header gives the unit locality queries too (through dash/Array.h).
#include <dash/util/UnitLocality.h>

namespace dash {

template <typename ElementType, class LocalMemorySpace = HostSpace,
          global_allocation_policy AllocationPolicy = global_allocation_policy::epoch_synchronized,
          template <class> class LocalAlloc = allocator::DefaultAllocator>
class GlobHeapMem {
  using memory_traits = memory_space_traits<LocalMemorySpace>;
  using allocator_traits =
      dash::allocator_traits<EpochSynchronizedAllocator<std::remove_const_t<ElementType>, LocalMemorySpace,
                                                        AllocationPolicy, LocalAlloc>>;
  using local_alloc_traits = std::allocator_traits<LocalAlloc<std::remove_const_t<ElementType>>>;

 public:
  using value_type = typename allocator_traits::value_type;
  using allocator_type = typename allocator_traits::allocator_type;
  using local_memory_space = typename memory_traits::memory_space_type;
  using size_type = typename allocator_type::size_type;
  using difference_type = typename allocator_type::difference_type;
  using index_type = typename allocator_type::difference_type;
  using raw_pointer = typename allocator_type::pointer;
  using local_pointer = GlobHeapLocalPtr<value_type, index_type>;
  using const_local_pointer = GlobHeapLocalPtr<const value_type, index_type>;
  using pointer = GlobHeapPtr<value_type, GlobHeapMem>;
  using const_pointer = GlobHeapPtr<const value_type, GlobHeapMem>;
  using local_reference = value_type &;
  using const_local_reference = const value_type &;
  using bucket_type = typename local_pointer::bucket_type;
  template <class U>
  using rebind = GlobHeapMem<U, LocalMemorySpace, AllocationPolicy, LocalAlloc>;
  using local_void_pointer = void *;

 private:
  using bucket_list = std::list<bucket_type>;

 public:
  /// n_local_elem elements on every unit of Team::All() (collective).
  explicit GlobHeapMem(size_type n_local_elem = 0) : GlobHeapMem(n_local_elem, nullptr, Team::All()) {}
  GlobHeapMem(size_type n_local_elem, Team &team) : GlobHeapMem(n_local_elem, nullptr, team) {}
  GlobHeapMem(size_type n_local_elem, LocalMemorySpace *r) : GlobHeapMem(n_local_elem, r, Team::All()) {}
  /// n_local_elem elements on every unit of `team`, local memory from r
  /// (collective).
  GlobHeapMem(size_type n_local_elem, LocalMemorySpace *r, Team &team)
      : team_(team),
        local_alloc_(r ? r
                       : static_cast<LocalMemorySpace *>(
                             get_default_memory_space<memory_domain_local,
                                                      typename memory_traits::memory_space_type_category>())),
        committed_sizes_(team.size(), 0),
        slot_sizes_(team.size()) {
    detail::require_running("dash::GlobHeapMem");
    grow(n_local_elem);
    commit();
  }
  /// Frees the memory (collective).
  ~GlobHeapMem() { release(); }

  GlobHeapMem(const GlobHeapMem &) = delete;
  GlobHeapMem &operator=(const GlobHeapMem &) = delete;

  bool operator==(const GlobHeapMem &rhs) const noexcept { return this == &rhs; }
  bool operator!=(const GlobHeapMem &rhs) const noexcept { return !(*this == rhs); }

  /// Elements of all units: the others' as of the last commit, the calling
  /// unit's now.
  size_type size() const noexcept {
    size_type n = local_size();
    for (std::size_t u = 0; u < committed_sizes_.size(); ++u)
      if (u != static_cast<std::size_t>(team_.myid().id)) n += committed_sizes_[u];
    return n;
  }
  /// The calling unit's elements.
  size_type local_size() const noexcept {
    size_type n = 0;
    for (const bucket_type &b : buckets_) n += b.size;
    return n;
  }
  /// Unit `unit`'s elements (as of the last commit, unless it is the
  /// calling unit).
  size_type local_size(team_unit_t unit) const {
    if (unit == team_.myid()) return local_size();
    return committed_sizes_.at(static_cast<std::size_t>(unit.id));
  }
  Team &team() const noexcept { return team_; }

  /// Adds num_elements local elements after the present ones (not
  /// collective). Returns the position of the first new one.
  local_pointer grow(size_type num_elements) {
    local_pointer first = lend();
    if (num_elements == 0) return first;
    value_type *lp = local_alloc_traits::allocate(local_alloc_, num_elements);
    if (!lp) throw std::bad_alloc{};
    buckets_.push_back(bucket_type{num_elements, num_elements, lp, DART_GPTR_NULL, false});
    return first;
  }
  /// Removes the last num_elements local elements (not collective; other
  /// units may still read them until the next commit). Throws
  /// std::invalid_argument beyond local_size().
  void shrink(size_type num_elements) {
    if (num_elements > local_size())
      throw std::invalid_argument("dash::GlobHeapMem::shrink: more elements than the unit has");
    for (auto it = buckets_.end(); num_elements > 0 && it != buckets_.begin();) {
      --it;
      size_type cut = std::min(num_elements, it->size);
      it->size -= cut;
      num_elements -= cut;
      if (it->size == 0 && !it->attached) {
        local_alloc_traits::deallocate(local_alloc_, it->lptr, it->allocated_size);
        it = buckets_.erase(it);
      }
    }
  }
  /// Publishes every unit's grow and shrink (collective).
  void commit() {
    detail::require_running("dash::GlobHeapMem::commit");
    attach_new_buckets();
    detach_empty_slots();
    gather_sizes();
  }
  /// Grows or shrinks the calling unit's memory so that size() is
  /// num_elements (not collective).
  void resize(size_type num_elements) {
    size_type now = size();
    if (num_elements > now)
      grow(num_elements - now);
    else
      shrink(now - num_elements);
  }

  pointer begin() noexcept { return pointer(this, index_type(0)); }
  const_pointer begin() const noexcept { return const_pointer(this, index_type(0)); }
  pointer end() noexcept { return pointer(this, static_cast<index_type>(size())); }
  const_pointer end() const noexcept { return const_pointer(this, static_cast<index_type>(size())); }

  local_pointer lbegin() noexcept { return local_pointer(&buckets_, 0); }
  const_local_pointer lbegin() const noexcept { return const_local_pointer(&buckets_, 0); }
  local_pointer lend() noexcept { return local_pointer(&buckets_, static_cast<index_type>(local_size())); }
  const_local_pointer lend() const noexcept {
    return const_local_pointer(&buckets_, static_cast<index_type>(local_size()));
  }

  /// Writes / reads the element at global_index (one-sided, blocking).
  template <typename ValueType = value_type>
  void put_value(const ValueType &newval, index_type global_index) {
    *pointer(this, global_index) = newval;
  }
  template <typename ValueType = value_type>
  void get_value(ValueType *ptr, index_type global_index) const {
    *ptr = *const_pointer(this, global_index);
  }

  void barrier() const { team_.barrier(); }

  /// Element `local_index` of unit `unit`.
  template <typename IndexT>
  pointer at(team_unit_t unit, IndexT local_index) {
    if (team_.size() == 0) throw RuntimeError("dash::GlobHeapMem::at: no units in the team");
    return pointer(this, unit, static_cast<index_type>(local_index));
  }
  template <typename IndexT>
  const_pointer at(team_unit_t unit, IndexT local_index) const {
    if (team_.size() == 0) throw RuntimeError("dash::GlobHeapMem::at: no units in the team");
    return const_pointer(this, unit, static_cast<index_type>(local_index));
  }

  /// The calling unit's buckets (attached first, in slot order).
  const bucket_list &local_buckets() const { return buckets_; }

  /// DART global pointer of element `local_index` of unit `unit`:
  /// DART_GPTR_NULL if it is not in attached memory.
  dart_gptr_t dart_gptr_at(team_unit_t unit, index_type local_index) const {
    if (local_index < 0) return DART_GPTR_NULL;
    auto rest = static_cast<size_type>(local_index);
    const auto u = static_cast<std::size_t>(unit.id);
    if (unit == team_.myid()) {
      // The unit's own current sizes.
      for (const bucket_type &b : buckets_) {
        if (!b.attached) break;
        if (rest < b.size) return at_offset(b.gptr, unit, rest);
        rest -= b.size;
      }
      return DART_GPTR_NULL;
    }
    const std::vector<size_type> &sizes = slot_sizes_.at(u);
    auto slot = slots_.begin();
    for (size_type s : sizes) {
      if (rest < s) return at_offset((*slot)->gptr, unit, rest);
      rest -= s;
      ++slot;
    }
    return DART_GPTR_NULL;
  }

 private:
  dart_gptr_t at_offset(dart_gptr_t g, team_unit_t unit, size_type index) const {
    g.unitid = static_cast<dart_unit_t>(team_.global_id(unit).id);
    g.offset += index * sizeof(value_type);
    return g;
  }

  /// One collective segment per attach round; units without a new bucket
  /// in a round attach an empty one.
  void attach_new_buckets() {
    unsigned long long mine = 0, rounds = 0;
    for (const bucket_type &b : buckets_) mine += b.attached ? 0 : 1;
    detail::check(dart_allreduce(&mine, &rounds, 1, DART_TYPE_ULONGLONG, DART_OP_MAX, team_.dart_id()),
                  "dart_allreduce");
    // Attached buckets stay first: new slots go after the last attached.
    auto first_new =
        std::find_if(buckets_.begin(), buckets_.end(), [](const bucket_type &b) { return !b.attached; });
    for (unsigned long long r = 0; r < rounds; ++r) {
      if (first_new == buckets_.end())
        first_new = buckets_.insert(buckets_.end(), bucket_type{0, 0, nullptr, DART_GPTR_NULL, false});
      bucket_type &b = *first_new;
      dart_gptr_t g = DART_GPTR_NULL;
      detail::check(dart_team_memregister(team_.dart_id(), b.allocated_size * sizeof(value_type), b.lptr, &g),
                    "dart_team_memregister");
      b.gptr = g;
      b.attached = true;
      slots_.push_back(first_new);
      ++first_new;
    }
  }

  /// Detaches the slots every unit has emptied, and frees their memory.
  void detach_empty_slots() {
    if (slots_.empty()) return;
    std::vector<int> empty(slots_.size()), everywhere(slots_.size());
    for (std::size_t s = 0; s < slots_.size(); ++s) empty[s] = slots_[s]->size == 0 ? 1 : 0;
    detail::check(dart_allreduce(empty.data(), everywhere.data(), empty.size(), DART_TYPE_INT, DART_OP_MIN,
                                 team_.dart_id()),
                  "dart_allreduce");
    std::vector<typename bucket_list::iterator> kept;
    for (std::size_t s = 0; s < slots_.size(); ++s) {
      if (!everywhere[s]) {
        kept.push_back(slots_[s]);
        continue;
      }
      free_bucket(slots_[s], true);
    }
    slots_ = std::move(kept);
  }

  void free_bucket(typename bucket_list::iterator it, bool collective) {
    if (it->attached && collective)
      detail::check(dart_team_memderegister(it->gptr), "dart_team_memderegister");
    if (it->lptr) local_alloc_traits::deallocate(local_alloc_, it->lptr, it->allocated_size);
    buckets_.erase(it);
  }

  /// Every unit's bucket size per slot and committed local size.
  void gather_sizes() {
    const std::size_t nunits = team_.size(), nslots = slots_.size();
    std::vector<unsigned long long> mine(nslots + 1), all((nslots + 1) * nunits);
    for (std::size_t s = 0; s < nslots; ++s) mine[s] = slots_[s]->size;
    mine[nslots] = 0;
    for (const bucket_type &b : buckets_) mine[nslots] += b.attached ? b.size : 0;
    detail::check(dart_allgather(mine.data(), all.data(), nslots + 1, DART_TYPE_ULONGLONG, team_.dart_id()),
                  "dart_allgather");
    for (std::size_t u = 0; u < nunits; ++u) {
      slot_sizes_[u].assign(all.begin() + static_cast<std::ptrdiff_t>(u * (nslots + 1)),
                            all.begin() + static_cast<std::ptrdiff_t>(u * (nslots + 1) + nslots));
      committed_sizes_[u] = static_cast<size_type>(all[u * (nslots + 1) + nslots]);
    }
  }

  /// Frees everything (collective while the run lasts).
  void release() noexcept {
    bool running = is_initialized() && team_.is_alive();
    try {
      for (auto &slot : slots_)
        if (running) dart_team_memderegister(slot->gptr);
    } catch (...) {
    }
    for (bucket_type &b : buckets_)
      if (b.lptr) local_alloc_traits::deallocate(local_alloc_, b.lptr, b.allocated_size);
    buckets_.clear();
    slots_.clear();
  }

  Team &team_;
  LocalAlloc<value_type> local_alloc_;
  /// The calling unit's buckets: attached ones (in slot order) first.
  bucket_list buckets_;
  /// The attached buckets, by slot.
  std::vector<typename bucket_list::iterator> slots_;
  /// Per unit: its elements as of the last commit, and per slot.
  std::vector<size_type> committed_sizes_;
  std::vector<std::vector<size_type>> slot_sizes_;
};

}  // namespace dash

#endif  // DASH_MEMORY_GLOBHEAPMEM_H
