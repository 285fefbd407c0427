#ifndef DASH_MAP_INTERNAL_MAP_PROBE_H
#define DASH_MAP_INTERNAL_MAP_PROBE_H

// MapProbe<Key, Mapped>: a key's probe sequence in dash::UnorderedMap's
// hash table (map/HashTableMap.h): linear probing over at most
// kProbeWindow slots of each table of the key's home chain
// (map/internal/MapChains.h), the slot chosen by the low bits of the key's
// 64-bit mix, the state words compared by the key's fingerprint (its
// upper 62 bits: map/internal/MapTable.h) so that other keys' slots pass
// with one read. A search ends at an empty slot (a key is never put behind
// one), the key's slot or the chain's end; a claim (insert) takes the
// first empty slot (EMPTY -> BUSY by compare-and-swap) or the key's own
// tombstone, growing the chain when it has to, and waits on slots another
// unit is writing (BUSY).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>

#include <dash/map/internal/MapChains.h>
#include <dash/map/internal/MapSlotAccess.h>
#include <dash/map/internal/MapTable.h>

namespace dash::detail {

template <typename Key, typename Mapped>
struct MapProbe {
  using chains_type = MapChains<Key, Mapped>;
  using access = MapSlotAccess<Key, Mapped>;
  using table_type = typename chains_type::table_type;
  static constexpr std::size_t kProbeWindow = 16;  // slots a key may use per table

  /// A probe's result. found: the key's FULL slot. Otherwise, for a claim,
  /// the slot this call claimed (BUSY); for a search, the key is absent.
  struct Result {
    bool found;
    table_type table;
    std::size_t slot;
    std::uint64_t tag;  // the key's fingerprint bits of the state word
  };

  /// The 64-bit mix of a hash value: its upper bits pick the home unit
  /// (number-valued Hash), its low bits the slot, all but two the tag.
  static std::uint64_t mix(std::uint64_t z) {
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  /// Walks the probe sequence of `key` (home unit `unit`, mix `z`).
  template <typename Pred>
  static Result run(const chains_type &chains, std::size_t unit, std::uint64_t z, const Key &key,
                    const Pred &equal, bool claim) {
    const std::uint64_t tag = map_slot_tag(z);
    table_type table = chains.bases[unit];
    std::uint64_t states[kProbeWindow];
    for (std::size_t k = 0;; ++k) {
      const std::size_t cap = table.capacity(), window = std::min(cap, kProbeWindow);
      if (!chains.known_taken(table, static_cast<std::size_t>(z), window, tag, states)) {
        access::read_window(table, static_cast<std::size_t>(z) & (cap - 1), window, states);
        chains.remember_taken(table, static_cast<std::size_t>(z), window, states);
      }
      for (std::size_t i = 0; i < window; ++i) {
        std::size_t slot = static_cast<std::size_t>(z + i) & (cap - 1);
        if (std::optional<Result> r = at_slot(table, slot, states[i], tag, key, equal, claim)) return *r;
      }
      std::optional<table_type> next = chains.next_table(true, unit, k, claim);
      if (!next) return {false, table, 0, tag};  // (only a search gets here)
      table = *next;
    }
  }

 private:
  // One slot of the sequence, whose state word read as `word`: the result
  // if the probe ends here, none if it goes on with the next slot.
  template <typename Pred>
  static std::optional<Result> at_slot(const table_type &table, std::size_t slot, std::uint64_t word,
                                       std::uint64_t tag, const Key &key, const Pred &equal, bool claim) {
    dart_gptr_t g = table.slot(slot);
    for (;;) {
      if (word == kSlotEmpty) {
        if (!claim) return Result{false, table, slot, tag};
        word = access::swap_word(g, kSlotEmpty, tag | kSlotBusy);
        if (word == kSlotEmpty) {  // claimed
          access::add(table.header_at(offsetof(MapTableHeader, used)), 1);
          return Result{false, table, slot, tag};
        }
        continue;  // lost the race: look again at what is there now
      }
      if (map_slot_tag(word) != tag) return std::nullopt;  // another key: next slot
      const std::uint64_t state = map_slot_state(word);
      if (state == kSlotBusy) {       // an insert is writing it: wait
        word = access::load_word(g);  // a DART call: drives the progress the inserter may need
        continue;
      }
      // FULL or ERASED: the key is written and never changes.
      if (!equal(access::read_key(table, slot), key)) return std::nullopt;  // next slot
      if (state == kSlotFull) return Result{true, table, slot, tag};
      // The key's own tombstone: the key lives nowhere else.
      if (!claim) return Result{false, table, slot, tag};
      word = access::swap_word(g, tag | kSlotErased, tag | kSlotBusy);
      if (word == (tag | kSlotErased)) return Result{false, table, slot, tag};  // revived
    }
  }
};

}  // namespace dash::detail

#endif  // DASH_MAP_INTERNAL_MAP_PROBE_H
