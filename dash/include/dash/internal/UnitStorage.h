#ifndef DASH_INTERNAL_UNIT_STORAGE_H
#define DASH_INTERNAL_UNIT_STORAGE_H

// UnitStorage<T>: the memory of a container in which every unit of a team
// keeps its own part and the other units read it one-sided (dash::List and
// both storages of dash::UnorderedMap):
// - the part every unit has from the start: `capacity` elements of T per
//   unit, one symmetric collective allocation (GlobalMemory), with global
//   pointers to every unit's part and load/store pointers to the reachable
//   ones; regrow() replaces it by a larger one (collective);
// - blocks the calling unit adds as its part grows (dart_memalloc: not
//   collective, from DART's pool of DART_LOCAL_POOL bytes per unit),
//   owned here. With Blocks::shared (other units read them) destruction
//   first waits for all units of the team, so that nobody reads a freed
//   block; after dash::finalize nothing is freed (DART did).

#include <cstddef>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <dart/dart.h>
#include <dash/Exception.h>
#include <dash/GlobRef.h>
#include <dash/internal/GlobalMemory.h>
#include <dash/Team.h>

namespace dash::detail {

template <typename T>
class UnitStorage {
 public:
  /// Whether the calling unit adds blocks that other units read.
  enum class Blocks { none, shared };
  /// A block of the calling unit: its global pointer, its address and
  /// what the container notes about it (dash::UnorderedMap: the unit whose
  /// chain it extends).
  struct Block {
    dart_gptr_t gptr;
    void *addr;
    std::size_t tag;
  };

  UnitStorage() = default;
  /// Collective over `team`: `capacity` elements on every unit. `what`
  /// names the container in errors (a string literal).
  UnitStorage(const Team &team, std::size_t capacity, const char *what, Blocks blocks = Blocks::none)
      : parts_(team, capacity, what), what_(what), shared_blocks_(blocks == Blocks::shared) {}
  ~UnitStorage() { release_blocks(); }
  UnitStorage(UnitStorage &&other) noexcept { swap(other); }
  UnitStorage &operator=(UnitStorage &&other) noexcept {
    if (this != &other) {
      release_blocks();
      parts_ = GlobalMemory<T>();
      swap(other);
    }
    return *this;
  }
  UnitStorage(const UnitStorage &) = delete;
  UnitStorage &operator=(const UnitStorage &) = delete;

  // ---- every unit's part of the collective allocation ----
  dart_gptr_t gptr(std::size_t unit, std::size_t index) const { return parts_.gptr(unit, index); }
  /// Unit `unit`'s part if reachable by load/store, else nullptr.
  T *direct(std::size_t unit) const { return parts_.direct(unit); }
  T *local() const { return parts_.local(); }
  std::size_t capacity() const { return parts_.capacity(); }
  const Team &team() const { return parts_.team(); }
  std::uint64_t epoch() const { return parts_.epoch(); }
  /// False after dash::finalize (or if it holds nothing).
  bool is_alive() const { return parts_.is_alive(); }

  /// Collective: every unit's part becomes `capacity` elements (the same on
  /// every unit); `keep(T *new_local)` copies what the calling unit keeps
  /// before the old parts are freed.
  template <typename Keep>
  void regrow(std::size_t capacity, Keep &&keep) {
    GlobalMemory<T> grown(parts_.team(), capacity, what_);
    keep(grown.local());
    parts_ = std::move(grown);
  }

  // ---- the calling unit's blocks ----
  /// A new block of `bytes` bytes, or none if DART's pool has no room
  /// (other DART errors throw).
  std::optional<Block> try_allocate(std::size_t bytes, std::size_t tag = 0) {
    dart_gptr_t g;
    dart_ret_t status = dart_memalloc(bytes, &g);
    if (status == DART_ERR_NOMEM) return std::nullopt;
    check(status, "dart_memalloc");
    void *addr = nullptr;
    dart_ret_t got = dart_gptr_getaddr(g, &addr);
    if (got != DART_OK) {
      dart_memfree(g);
      check(got, "dart_gptr_getaddr");
    }
    blocks_.push_back(Block{g, addr, tag});
    return blocks_.back();
  }
  /// As try_allocate; no room is std::length_error.
  Block allocate(std::size_t bytes, std::size_t tag = 0) {
    if (std::optional<Block> b = try_allocate(bytes, tag)) return *b;
    throw std::length_error(std::string(what_) + ": dart_memalloc of " + std::to_string(bytes) +
                            " bytes failed (DART's pool is DART_LOCAL_POOL bytes per unit)");
  }
  /// Frees one of the calling unit's blocks (nobody reads it any more).
  void free(dart_gptr_t g) {
    for (std::size_t i = 0; i < blocks_.size(); ++i) {
      if (!gptr_equal(blocks_[i].gptr, g)) continue;
      blocks_.erase(blocks_.begin() + static_cast<std::ptrdiff_t>(i));
      check(dart_memfree(g), "dart_memfree");
      return;
    }
  }
  const std::vector<Block> &blocks() const { return blocks_; }

 private:
  void release_blocks() noexcept {
    if (!parts_.is_alive()) {  // after dash::finalize: the memory is gone
      blocks_.clear();
      return;
    }
    if (shared_blocks_) {
      try {
        parts_.team().barrier();  // nobody reads the blocks any more
      } catch (...) {
      }
    }
    for (const Block &b : blocks_) {
      dart_ret_t status = dart_memfree(b.gptr);
      if (status != DART_OK)
        std::fprintf(stderr, "%s: dart_memfree failed: %s (%s)\n", what_, dart_strerror(status),
                     dart_last_error());
    }
    blocks_.clear();
  }
  void swap(UnitStorage &other) noexcept {
    std::swap(parts_, other.parts_);
    std::swap(blocks_, other.blocks_);
    std::swap(what_, other.what_);
    std::swap(shared_blocks_, other.shared_blocks_);
  }

  GlobalMemory<T> parts_;
  std::vector<Block> blocks_;
  const char *what_ = "dash container";
  bool shared_blocks_ = false;
};

}  // namespace dash::detail

#endif  // DASH_INTERNAL_UNIT_STORAGE_H
