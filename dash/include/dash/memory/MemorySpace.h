#ifndef DASH_MEMORY_MEMORYSPACE_H
#define DASH_MEMORY_MEMORYSPACE_H

// DASH's memory spaces in one header: the local ones (HostSpace,
// HBWSpace), the global ones (GlobStaticMem: collective, contiguous;
// GlobLocalMemoryPool: one unit's allocations), get_default_memory_space,
// and non-collective global memory, as in DASH: dash::memalloc<T>(n)
// allocates n elements in the calling unit's memory (no other unit takes
// part) and returns a GlobMemAllocPtr<T>, a global pointer that any unit
// may dereference once it has it (store it in a dash::Array, send it):
//
//   dash::Array<dash::GlobMemAllocPtr<int>> ptrs(dash::size());
//   ptrs[dash::myid()] = dash::memalloc<int>(10);
//   dash::barrier();
//   dash::GlobMemAllocPtr<int> p = ptrs[0];
//   int x = p[3];                          // reads unit 0's element 3
//
// The pointer is a plain value (a DART global pointer): copying it copies
// the address, not the memory. Only the allocating unit frees it
// (dash::memfree); memory still allocated at dash::finalize is released
// then.

#include <dash/memory/GlobLocalMemoryPool.h>
#include <dash/memory/GlobMemPtr.h>
#include <dash/memory/GlobStaticMem.h>
#include <dash/memory/HBWSpace.h>
#include <dash/memory/HostSpace.h>
#include <dash/memory/MemorySpaceBase.h>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include <dart/globmem.h>
#include <dash/Exception.h>
#include <dash/GlobRef.h>
#include <dash/Init.h>

namespace dash {

template <typename T>
class GlobMemAllocPtr {
 public:
  using value_type = T;
  using difference_type = std::ptrdiff_t;
  using reference = GlobRef<T>;
  using iterator_category = std::random_access_iterator_tag;

  /// The null pointer.
  GlobMemAllocPtr() = default;
  /// The element DART's global pointer `gptr` addresses.
  explicit GlobMemAllocPtr(dart_gptr_t gptr) : gptr_(gptr) {}

  /// The element (a read or write is a one-sided transfer; unchecked).
  reference operator*() const { return reference(gptr_, nullptr); }
  reference operator[](difference_type i) const { return *(*this + i); }

  GlobMemAllocPtr &operator+=(difference_type n) {
    gptr_.offset += static_cast<std::uint64_t>(n * static_cast<difference_type>(sizeof(T)));
    return *this;
  }
  GlobMemAllocPtr &operator-=(difference_type n) { return *this += -n; }
  GlobMemAllocPtr &operator++() { return *this += 1; }
  GlobMemAllocPtr &operator--() { return *this -= 1; }
  GlobMemAllocPtr operator++(int) {
    GlobMemAllocPtr old = *this;
    *this += 1;
    return old;
  }
  GlobMemAllocPtr operator--(int) {
    GlobMemAllocPtr old = *this;
    *this -= 1;
    return old;
  }
  friend GlobMemAllocPtr operator+(GlobMemAllocPtr p, difference_type n) { return p += n; }
  friend GlobMemAllocPtr operator-(GlobMemAllocPtr p, difference_type n) { return p -= n; }
  /// Distance in elements between two pointers into the same allocation.
  friend difference_type operator-(const GlobMemAllocPtr &a, const GlobMemAllocPtr &b) {
    return (static_cast<difference_type>(a.gptr_.offset) - static_cast<difference_type>(b.gptr_.offset)) /
           static_cast<difference_type>(sizeof(T));
  }
  friend bool operator==(const GlobMemAllocPtr &a, const GlobMemAllocPtr &b) {
    return a.gptr_.unitid == b.gptr_.unitid && a.gptr_.segid == b.gptr_.segid &&
           a.gptr_.flags == b.gptr_.flags && a.gptr_.offset == b.gptr_.offset;
  }
  friend bool operator!=(const GlobMemAllocPtr &a, const GlobMemAllocPtr &b) { return !(a == b); }

  /// False for the null pointer.
  explicit operator bool() const { return !(*this == GlobMemAllocPtr()); }
  /// The DART global pointer.
  dart_gptr_t dart_gptr() const { return gptr_; }
  /// True if the memory is the calling unit's.
  bool is_local() const { return *this && operator*().is_local(); }
  /// The raw address if the calling unit reaches the element by
  /// load/store (its own memory), else nullptr.
  T *local() const {
    void *addr = nullptr;
    if (!*this || dart_gptr_getaddr(gptr_, &addr) != DART_OK) return nullptr;
    return static_cast<T *>(addr);
  }
  /// local(), as DASH's explicit conversion to a raw pointer.
  explicit operator T *() const { return local(); }

 private:
  dart_gptr_t gptr_ = DART_GPTR_NULL;
};

/// Allocates `nelem` elements of T in the calling unit's memory (not
/// collective; T trivially copyable). Throws dash::RuntimeError if the pool
/// is exhausted (DART_ERR_NOMEM) or nelem is 0, dash::NotInitialized if the
/// runtime is not running.
template <typename T>
GlobMemAllocPtr<T> memalloc(std::size_t nelem) {
  static_assert(std::is_trivially_copyable_v<T>, "dash::memalloc: T must be trivially copyable");
  detail::require_running("dash::memalloc");
  dart_gptr_t gptr;
  detail::check(dart_memalloc(nelem * sizeof(T), &gptr), "dart_memalloc");
  return GlobMemAllocPtr<T>(gptr);
}

/// Frees memory from dash::memalloc; only the allocating unit may, and
/// only once (else dash::RuntimeError). `nelem` is accepted as in DASH and
/// not needed.
template <typename T>
void memfree(GlobMemAllocPtr<T> ptr, std::size_t nelem = 0) {
  (void)nelem;
  detail::check(dart_memfree(ptr.dart_gptr()), "dart_memfree");
}

}  // namespace dash

#endif  // DASH_MEMORY_MEMORYSPACE_H
