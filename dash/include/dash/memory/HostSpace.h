#ifndef DASH_MEMORY_HOSTSPACE_H
#define DASH_MEMORY_HOSTSPACE_H

// HostSpace: the unit's ordinary memory as a local memory space (a
// std::pmr::memory_resource over aligned operator new). All HostSpace
// objects are interchangeable (equal).

#include <cstddef>
#include <new>

#include <dash/memory/MemorySpaceBase.h>

namespace dash {

class HostSpace : public MemorySpace<memory_domain_local, memory_space_host_tag> {
 public:
  using void_pointer = void *;
  using const_void_pointer = const void *;

  HostSpace() = default;
  HostSpace(const HostSpace &) = default;
  HostSpace(HostSpace &&) = default;
  HostSpace &operator=(const HostSpace &) = default;
  HostSpace &operator=(HostSpace &&) = default;
  ~HostSpace() override = default;

 protected:
  void *do_allocate(std::size_t bytes, std::size_t alignment) override {
    return ::operator new(bytes, std::align_val_t(alignment));
  }
  void do_deallocate(void *p, std::size_t /*bytes*/, std::size_t alignment) override {
    ::operator delete(p, std::align_val_t(alignment));
  }
  bool do_is_equal(const std::pmr::memory_resource &other) const noexcept override {
    return dynamic_cast<const HostSpace *>(&other) != nullptr;
  }
};

/// The process's HostSpace.
template <>
inline MemorySpace<memory_domain_local, memory_space_host_tag>
    *get_default_memory_space<memory_domain_local, memory_space_host_tag>() {
  static HostSpace space;
  return &space;
}

}  // namespace dash

#endif  // DASH_MEMORY_HOSTSPACE_H
