#ifndef DASH_ALLOCATOR_ALLOCATORBASE_H
#define DASH_ALLOCATOR_ALLOCATORBASE_H

// The local allocator DASH's global allocators use by default: a
// std::pmr::polymorphic_allocator over a local memory space.

#include <memory_resource>

#include <dash/Types.h>
#include <dash/allocator/AllocationPolicy.h>
#include <dash/memory/MemorySpace.h>

namespace dash::allocator {

template <typename T>
using polymorphic_allocator = std::pmr::polymorphic_allocator<T>;

/// A polymorphic allocator of T; default-constructed it uses
/// std::pmr::get_default_resource(), else the given memory space.
template <typename T>
class DefaultAllocator : public polymorphic_allocator<T> {
  using base_t = polymorphic_allocator<T>;

 public:
  DefaultAllocator() = default;
  template <class MemSpaceT>
  explicit DefaultAllocator(MemSpaceT *r) : base_t(r) {}
  DefaultAllocator(const DefaultAllocator &) = default;
  /// The same memory space (allocators are assignable, unlike
  /// polymorphic_allocator itself).
  DefaultAllocator &operator=(const DefaultAllocator &other) noexcept {
    this->~DefaultAllocator();
    new (this) DefaultAllocator(other);
    return *this;
  }
};

}  // namespace dash::allocator

#endif  // DASH_ALLOCATOR_ALLOCATORBASE_H
