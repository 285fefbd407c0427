#ifndef DASH_MAP_INTERNAL_MAP_TABLE_H
#define DASH_MAP_INTERNAL_MAP_TABLE_H

// The storage of dash::UnorderedMap: tables of slots in DART global memory.
//
// A table is a header and then `capacity` slots (a power of two), in one
// piece of global memory: a unit's base table is its part of the map's
// collective allocation, an overflow table a dart_memalloc of the unit that
// grew the chain, moved into the memory of the chain's home unit by the
// map's barrier() (a dart_memalloc of that unit). Every word other units may touch at the same time (slot
// states, the header's counters and link states) is accessed through DART
// atomics only, with one type per word, so CPU and MPI atomics never mix.
//
// Two singly linked lists run through the headers. Between two barrier()
// calls of the map each link is written once (put + flush) and then
// published by its state word (EMPTY -> BUSY by the unit that claims it,
// -> READY when the link is readable); barrier() rewrites the links of the
// tables it moves (no other operation runs then):
// - chain: the next table of the same home unit, where a key's probe
//   sequence continues when the home table has no room for it;
// - store: the next table stored in the same unit's memory, so that every
//   unit can walk any unit's storage (global iteration, size()).

#include <cstddef>
#include <cstdint>
#include <utility>

#include <dart/dart.h>

namespace dash::detail {

/// One key-value pair as stored: first and second as in std::pair, but
/// trivially copyable.
template <typename Key, typename Mapped>
struct MapEntry {
  Key first;
  Mapped second;
  /// The entry as the map's value_type.
  operator std::pair<const Key, Mapped>() const { return {first, second}; }
};

/// What a map iterator's operator-> returns: the entry read by value (an
/// iterator of another unit's entries holds no address of it).
template <typename Key, typename Mapped>
struct MapEntryArrow {
  std::pair<const Key, Mapped> kv;
  const std::pair<const Key, Mapped> *operator->() const { return &kv; }
};

/// A slot: the state word, then the entry.
template <typename Key, typename Mapped>
struct MapSlot {
  std::uint64_t state;
  MapEntry<Key, Mapped> entry;
};

/// A slot's state word: the state in the low two bits, the key's
/// fingerprint (62 bits of its hash) above them; EMPTY is the word 0.
enum MapSlotState : std::uint64_t { kSlotEmpty = 0, kSlotBusy = 1, kSlotFull = 2, kSlotErased = 3 };
inline constexpr std::uint64_t map_slot_state(std::uint64_t word) { return word & 3; }
inline constexpr std::uint64_t map_slot_tag(std::uint64_t word_or_hash) {
  return word_or_hash & ~std::uint64_t(3);
}
enum MapLinkState : std::uint64_t { kLinkEmpty = 0, kLinkBusy = 1, kLinkReady = 2 };

/// Where a table is: its header's global pointer, its size, the unit whose
/// memory holds it (team-relative) and the local index of its slot 0 in
/// that unit's storage (its earlier tables' slots come first).
struct MapLink {
  dart_gptr_t header;
  std::uint64_t capacity, owner, local_base;
};

/// The header of every table. live: FULL slots; used: slots ever claimed
/// (tombstones included), which sizes the next table. abroad (used in unit
/// 0's base table only): how often a chain grew into another unit's
/// memory, before barrier() calls of even (abroad[0]) and odd (abroad[1])
/// number; a barrier() that sees its word change moves those tables home.
struct MapTableHeader {
  std::int64_t live, used;
  std::uint64_t chain_state, store_state, abroad[2];
  MapLink chain, store;
};

/// A table as a unit knows it: the link, plus a pointer to its slots when
/// they are reachable by load/store (own memory, shared-memory path).
template <typename Slot>
struct MapTable {
  MapLink link;
  Slot *slots;  // nullptr if not reachable by load/store

  /// Slots the header takes, rounded up to whole slots (keeps slots aligned).
  static constexpr std::size_t kHeaderSlots = (sizeof(MapTableHeader) + sizeof(Slot) - 1) / sizeof(Slot);
  static constexpr std::size_t bytes(std::size_t capacity) {
    return (kHeaderSlots + capacity) * sizeof(Slot);
  }

  std::size_t capacity() const { return static_cast<std::size_t>(link.capacity); }
  std::size_t owner() const { return static_cast<std::size_t>(link.owner); }
  std::size_t local_base() const { return static_cast<std::size_t>(link.local_base); }
  /// Global pointer to `offset` bytes into the header.
  dart_gptr_t header_at(std::size_t offset) const {
    dart_gptr_t g = link.header;
    g.offset += offset;
    return g;
  }
  dart_gptr_t slot(std::size_t i) const { return header_at((kHeaderSlots + i) * sizeof(Slot)); }
};

}  // namespace dash::detail

#endif  // DASH_MAP_INTERNAL_MAP_TABLE_H
