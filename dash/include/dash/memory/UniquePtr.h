#ifndef DASH_MEMORY_UNIQUEPTR_H
#define DASH_MEMORY_UNIQUEPTR_H

// dash::allocate_unique<T>(alloc, n): n elements of T from a global
// allocator, owned by a std::unique_ptr whose deleter (DefaultDeleter)
// gives them back to the same allocator. The pointer is the allocator's
// global pointer type. Deleters are equal if their allocators and counts
// are.

#include <cstddef>
#include <memory>

namespace dash {

template <class Allocator>
class DefaultDeleter {
 public:
  using memory = typename Allocator::memory_resource;
  using pointer = typename std::allocator_traits<Allocator>::pointer;

  constexpr DefaultDeleter() = default;
  DefaultDeleter(const Allocator &alloc, std::size_t nels) : alloc_(alloc), nels_(nels) {}

  void operator()(pointer p) { alloc_.deallocate(p, nels_); }

  friend constexpr bool operator==(const DefaultDeleter &lhs, const DefaultDeleter &rhs) noexcept {
    return lhs.alloc_ == rhs.alloc_ && lhs.nels_ == rhs.nels_;
  }
  friend constexpr bool operator!=(const DefaultDeleter &lhs, const DefaultDeleter &rhs) noexcept {
    return !(lhs == rhs);
  }

 private:
  Allocator alloc_{nullptr};
  std::size_t nels_ = 0;
};

/// n elements of T from (a rebound copy of) alloc, freed by the
/// unique_ptr.
template <class T, class AllocatorT, template <class> class Deleter = DefaultDeleter>
auto allocate_unique(const AllocatorT &alloc, std::size_t n) {
  using allocator = typename std::allocator_traits<AllocatorT>::template rebind_alloc<T>;
  using deleter = Deleter<allocator>;
  allocator rebound{alloc};
  return std::unique_ptr<T, deleter>{rebound.allocate(n), deleter{rebound, n}};
}

}  // namespace dash

#endif  // DASH_MEMORY_UNIQUEPTR_H
