#ifndef DASH_MEMORY_HBWSPACE_H
#define DASH_MEMORY_HBWSPACE_H

// HBWSpace: high-bandwidth memory as a local memory space. Built without
// memkind (as here), it is the unit's ordinary memory, so programs written
// for HBW nodes run anywhere; check_hbw_available() says which it is.

#include <cstddef>
#include <new>

#include <dash/memory/MemorySpaceBase.h>

namespace dash {

class HBWSpace : public MemorySpace<memory_domain_local, memory_space_hbw_tag> {
 public:
  using void_pointer = void *;
  using const_void_pointer = const void *;

  HBWSpace() = default;
  HBWSpace(const HBWSpace &) = default;
  HBWSpace(HBWSpace &&) = default;
  HBWSpace &operator=(const HBWSpace &) = default;
  HBWSpace &operator=(HBWSpace &&) = default;
  ~HBWSpace() override = default;

  /// True if allocations come from high-bandwidth memory (never, without
  /// memkind).
  static bool check_hbw_available() { return false; }

 protected:
  void *do_allocate(std::size_t bytes, std::size_t alignment) override {
    return ::operator new(bytes, std::align_val_t(alignment));
  }
  void do_deallocate(void *p, std::size_t /*bytes*/, std::size_t alignment) override {
    ::operator delete(p, std::align_val_t(alignment));
  }
  bool do_is_equal(const std::pmr::memory_resource &other) const noexcept override {
    return dynamic_cast<const HBWSpace *>(&other) != nullptr;
  }
};

/// The process's HBWSpace.
template <>
inline MemorySpace<memory_domain_local, memory_space_hbw_tag>
    *get_default_memory_space<memory_domain_local, memory_space_hbw_tag>() {
  static HBWSpace space;
  return &space;
}

}  // namespace dash

#endif  // DASH_MEMORY_HBWSPACE_H
