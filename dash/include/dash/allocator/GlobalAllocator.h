#ifndef DASH_ALLOCATOR_GLOBALALLOCATOR_H
#define DASH_ALLOCATOR_GLOBALALLOCATOR_H

// GlobalAllocator<T, GlobMemType>: a standard allocator (std::allocator_traits
// works on it) of T over a global memory space such as GlobStaticMem:
// allocate(n) gives n elements per unit of the space's team (as the space
// allocates: collective for GlobStaticMem) and returns a global pointer.
// Allocators are equal if they use the same space. Segments of contiguous
// spaces are recorded in the MemorySpaceRegistry, which their pointers'
// arithmetic reads.

#include <cstddef>
#include <memory>
#include <type_traits>

#include <dash/memory/MemorySpace.h>
#include <dash/memory/internal/MemorySpaceRegistry.h>

namespace dash {

template <class T, class GlobMemType>
class GlobalAllocator {
  using memory_traits = memory_space_traits<GlobMemType>;
  static constexpr bool is_contiguous =
      std::is_same_v<typename memory_traits::memory_space_layout_tag, memory_space_contiguous>;

 public:
  using value_type = std::remove_cv_t<std::remove_reference_t<T>>;
  using pointer =
      typename std::pointer_traits<typename GlobMemType::void_pointer>::template rebind<value_type>;
  using const_pointer =
      typename std::pointer_traits<typename GlobMemType::void_pointer>::template rebind<const value_type>;
  using void_pointer = typename GlobMemType::void_pointer;
  using const_void_pointer = typename GlobMemType::const_void_pointer;
  using size_type = std::size_t;
  using difference_type = typename std::pointer_traits<pointer>::difference_type;
  using memory_resource = GlobMemType;
  template <class U>
  using rebind = GlobalAllocator<U, GlobMemType>;

  constexpr GlobalAllocator() noexcept = default;
  constexpr explicit GlobalAllocator(memory_resource *resource) noexcept : resource_(resource) {}
  template <class U>
  GlobalAllocator(const GlobalAllocator<U, GlobMemType> &other) noexcept : resource_(other.resource()) {}

  /// n elements (per unit, for collective spaces); the null pointer
  /// without a memory space.
  pointer allocate(std::size_t n) {
    if (!resource_) return pointer{nullptr};
    pointer p = static_cast<pointer>(resource_->allocate(n * sizeof(value_type), alignof(value_type)));
    if (is_contiguous && p)
      internal::MemorySpaceRegistry::GetInstance().add(static_cast<dart_gptr_t>(p), resource_);
    return p;
  }
  /// Frees memory from allocate(n).
  void deallocate(pointer p, std::size_t n) {
    if (!resource_ || !p) return;
    resource_->deallocate(static_cast<void_pointer>(p), n * sizeof(value_type), alignof(value_type));
    if (is_contiguous) internal::MemorySpaceRegistry::GetInstance().erase(static_cast<dart_gptr_t>(p));
  }

  memory_resource *resource() const noexcept { return resource_; }

 private:
  memory_resource *resource_ = nullptr;
};

template <class T, class U, class GlobMemType>
constexpr bool operator==(const GlobalAllocator<T, GlobMemType> &lhs,
                          const GlobalAllocator<U, GlobMemType> &rhs) noexcept {
  return lhs.resource() == rhs.resource();
}
template <class T, class U, class GlobMemType>
constexpr bool operator!=(const GlobalAllocator<T, GlobMemType> &lhs,
                          const GlobalAllocator<U, GlobMemType> &rhs) noexcept {
  return !(lhs == rhs);
}

}  // namespace dash

#endif  // DASH_ALLOCATOR_GLOBALALLOCATOR_H
