#ifndef DASH_MEMORY_INTERNAL_MEMORYSPACEREGISTRY_H
#define DASH_MEMORY_INTERNAL_MEMORYSPACEREGISTRY_H

// MemorySpaceRegistry: which memory space object allocated a DART segment
// (per process). A global pointer is a plain DART pointer (it can be
// stored in global memory and read by another unit); where it needs its
// memory space, to advance across the parts of a contiguous space, it looks
// the segment up here. Keyed by the segment (its team and id); few entries,
// so a vector.

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <utility>
#include <vector>

#include <dart/types.h>

namespace dash::internal {

class MemorySpaceRegistry {
  using key_t = std::pair<std::uint16_t, std::int16_t>;  // (team bits, segment id)
  using value_t = void *;

 public:
  using element_t = std::pair<key_t, value_t>;

  /// The process's registry.
  static MemorySpaceRegistry &GetInstance() {
    static MemorySpaceRegistry instance;
    return instance;
  }

  /// Records that `mem_space` owns gptr's segment (replacing an earlier
  /// owner of a reused segment id). Always true.
  bool add(dart_gptr_t gptr, value_t mem_space) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = find(key(gptr));
    if (it != segments_.end())
      it->second = mem_space;
    else
      segments_.emplace_back(key(gptr), mem_space);
    return true;
  }

  /// Forgets gptr's segment.
  void erase(dart_gptr_t gptr) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = find(key(gptr));
    if (it != segments_.end()) segments_.erase(it);
  }

  /// The memory space of gptr's segment, or nullptr.
  value_t lookup(dart_gptr_t gptr) const noexcept {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = find(key(gptr));
    return it != segments_.end() ? it->second : nullptr;
  }

  MemorySpaceRegistry(const MemorySpaceRegistry &) = delete;
  MemorySpaceRegistry &operator=(const MemorySpaceRegistry &) = delete;

 private:
  MemorySpaceRegistry() = default;

  static key_t key(dart_gptr_t gptr) { return key_t(gptr.flags, gptr.segid); }
  std::vector<element_t>::iterator find(key_t k) const {
    auto &segments = const_cast<std::vector<element_t> &>(segments_);
    return std::find_if(segments.begin(), segments.end(), [k](const element_t &e) { return e.first == k; });
  }

  mutable std::mutex mutex_;
  std::vector<element_t> segments_;
};

}  // namespace dash::internal

#endif  // DASH_MEMORY_INTERNAL_MEMORYSPACEREGISTRY_H
