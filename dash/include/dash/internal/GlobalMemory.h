#ifndef DASH_INTERNAL_GLOBAL_MEMORY_H
#define DASH_INTERNAL_GLOBAL_MEMORY_H

// GlobalMemory<T>: `capacity` elements on every unit of a team, from one
// symmetric collective allocation (dart_team_memalloc_aligned). Owns it
// (RAII, collective free). Resolves (unit, local index) to a DART global
// pointer, and keeps raw pointers to the parts it can reach by load/store:
// its own part (the local view: as fast as malloc'd memory) and, on the
// shared-memory path, the parts of units on the same node.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <dart/dart.h>
#include <dash/Exception.h>
#include <dash/Init.h>
#include <dash/Team.h>

namespace dash::detail {

template <typename T>
class GlobalMemory {
 public:
  GlobalMemory() = default;

  /// Collective over `team`: every unit passes the same capacity.
  /// `what` names the owner for diagnostics (a string literal). Throws
  /// std::length_error if capacity elements of T are more bytes than
  /// std::size_t counts (on every unit alike), what check() throws if
  /// DART cannot allocate them (dash::RuntimeError for DART_ERR_NOMEM).
  GlobalMemory(const Team &team, std::size_t capacity, const char *what)
      : team_(team), capacity_(capacity), what_(what) {
    if (capacity > SIZE_MAX / sizeof(T))
      throw std::length_error(std::string(what) + ": " + std::to_string(capacity) + " elements of " +
                              std::to_string(sizeof(T)) +
                              " bytes per unit are more bytes than std::size_t holds");
    epoch_ = register_object(what);
    try {
      check(dart_team_memalloc_aligned(team.dart_id(), capacity * sizeof(T), &base_),
            "dart_team_memalloc_aligned");
    } catch (...) {
      release_object(what_, epoch_);
      epoch_ = 0;
      throw;
    }
    std::size_t n = team.size();
    direct_.assign(n, nullptr);
    units_.resize(n);
    for (std::size_t u = 0; u < n; ++u) {
      units_[u] = static_cast<dart_unit_t>(team.global_id(team_unit_t(u)));
      // Fails (DART_ERR_INVAL) for parts not reachable by load/store.
      void *addr = nullptr;
      if (capacity > 0 && dart_gptr_getaddr(gptr(u, 0), &addr) == DART_OK)
        direct_[u] = static_cast<T *>(addr);
    }
    local_ = direct_[team.myid()];
  }

  ~GlobalMemory() { release(); }

  GlobalMemory(GlobalMemory &&other) noexcept { swap(other); }
  GlobalMemory &operator=(GlobalMemory &&other) noexcept {
    if (this != &other) {
      release();
      swap(other);
    }
    return *this;
  }
  GlobalMemory(const GlobalMemory &) = delete;
  GlobalMemory &operator=(const GlobalMemory &) = delete;

  /// DART global pointer to element `index` of unit `unit` (team-relative).
  dart_gptr_t gptr(std::size_t unit, std::size_t index) const {
    // The unit and offset fields are documented; the rest stays opaque.
    // Built as two 64-bit words: field by field, the compiler stores the
    // unit id into the copied first word and reloads that word whole, a
    // failed store-to-load forwarding per element access.
    static_assert(sizeof(dart_gptr_t) == 16 && offsetof(dart_gptr_t, unitid) == 0 &&
                  offsetof(dart_gptr_t, offset) == 8);
    std::uint64_t words[2];
    std::memcpy(words, &base_, sizeof words);
    const std::uint64_t u = static_cast<std::uint32_t>(units_[unit]);  // unitid: the first 4 bytes
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    words[0] = (words[0] & 0xffffffffu) | u << 32;
#else
    words[0] = (words[0] & ~std::uint64_t{0xffffffffu}) | u;
#endif
    words[1] += index * sizeof(T);
    dart_gptr_t g;
    std::memcpy(&g, words, sizeof g);
    return g;
  }
  /// Pointer to unit `unit`'s part if reachable by load/store, else nullptr.
  T *direct(std::size_t unit) const { return direct_[unit]; }
  /// The calling unit's part.
  T *local() const { return local_; }
  std::size_t capacity() const { return capacity_; }
  const Team &team() const { return team_; }
  std::uint64_t epoch() const { return epoch_; }
  bool is_alive() const { return alive(epoch_); }
  /// Any pointer into the allocation, for flushes.
  dart_gptr_t base() const { return base_; }

 private:
  void release() noexcept {
    if (epoch_ == 0) return;
    if (release_object(what_, epoch_)) {
      dart_ret_t status = dart_team_memfree(base_);
      if (status != DART_OK)
        std::fprintf(stderr, "%s: dart_team_memfree failed: %s (%s)\n", what_, dart_strerror(status),
                     dart_last_error());
    }
    epoch_ = 0;
  }

  void swap(GlobalMemory &other) noexcept {
    std::swap(team_, other.team_);
    std::swap(base_, other.base_);
    std::swap(capacity_, other.capacity_);
    std::swap(local_, other.local_);
    std::swap(direct_, other.direct_);
    std::swap(units_, other.units_);
    std::swap(epoch_, other.epoch_);
    std::swap(what_, other.what_);
  }

  Team team_;
  dart_gptr_t base_ = DART_GPTR_NULL;
  std::size_t capacity_ = 0;
  T *local_ = nullptr;
  std::vector<T *> direct_;
  std::vector<dart_unit_t> units_;
  std::uint64_t epoch_ = 0;  // 0: owns nothing
  const char *what_ = "dash global memory";
};

}  // namespace dash::detail

#endif  // DASH_INTERNAL_GLOBAL_MEMORY_H
