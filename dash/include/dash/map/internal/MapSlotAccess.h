#ifndef DASH_MAP_INTERNAL_MAP_SLOT_ACCESS_H
#define DASH_MAP_INTERNAL_MAP_SLOT_ACCESS_H

// MapSlotAccess<Key, Mapped>: one-sided access to the words, slots and
// links of dash::UnorderedMap's tables (map/internal/MapTable.h). Every
// word other units may touch at the same time goes through DART atomics
// (one type per word, so CPU and MPI atomics never mix); entries and
// links are written once and read with gets, or in place where the table
// is reachable by load/store.

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include <dart/communication.h>
#include <dash/Exception.h>
#include <dash/GlobRef.h>
#include <dash/internal/DartType.h>
#include <dash/internal/DirectAccess.h>
#include <dash/map/internal/MapTable.h>

namespace dash::detail {

template <typename Key, typename Mapped>
struct MapSlotAccess {
  using slot_type = MapSlot<Key, Mapped>;
  using entry_type = MapEntry<Key, Mapped>;
  using table_type = MapTable<slot_type>;
  static constexpr dart_datatype_t kWordType = dart_type<std::uint64_t>();
  static constexpr dart_datatype_t kCountType = dart_type<std::int64_t>();
  static constexpr std::size_t kMaxWindow = 64;  // slots read_window reads at once

  // ---- words (DART atomics only) ----
  static std::uint64_t load_word(dart_gptr_t g) {
    std::uint64_t none = 0, value;
    check(dart_fetch_and_op(g, &none, &value, kWordType, DART_OP_NO_OP), "dart_fetch_and_op");
    return value;
  }
  static void store_word(dart_gptr_t g, std::uint64_t value) {
    std::uint64_t old;
    check(dart_fetch_and_op(g, &value, &old, kWordType, DART_OP_REPLACE), "dart_fetch_and_op");
  }
  // Compare-and-swap; returns the word's previous value.
  static std::uint64_t swap_word(dart_gptr_t g, std::uint64_t expected, std::uint64_t value) {
    std::uint64_t old;
    check(dart_compare_and_swap(g, &value, &expected, &old, kWordType), "dart_compare_and_swap");
    return old;
  }
  static std::uint64_t add_word(dart_gptr_t g, std::uint64_t delta) {
    std::uint64_t old;
    check(dart_fetch_and_op(g, &delta, &old, kWordType, DART_OP_SUM), "dart_fetch_and_op");
    return old;
  }
  static std::int64_t load_count(dart_gptr_t g) {
    std::int64_t none = 0, n;
    check(dart_fetch_and_op(g, &none, &n, kCountType, DART_OP_NO_OP), "dart_fetch_and_op");
    return n;
  }
  // Adds delta to a counter (complete at the next flush).
  static void add(dart_gptr_t g, std::int64_t delta) {
    check(dart_accumulate(g, &delta, 1, kCountType, DART_OP_SUM), "dart_accumulate");
  }

  // ---- slots ----
  static entry_type read_entry(dart_gptr_t slot) {
    entry_type e;
    slot.offset += offsetof(slot_type, entry);
    check(dart_get_blocking(&e, slot, sizeof e, DART_TYPE_BYTE, DART_TYPE_BYTE), "dart_get_blocking");
    return e;
  }
  // A slot's state word, read in place where the table is reachable by
  // load/store (a read next to other units' atomics sees the word before
  // or after them), else one-sided.
  static std::uint64_t read_state(const table_type &table, std::size_t slot) {
    return table.slots ? direct_load(&table.slots[slot].state) : load_word(table.slot(slot));
  }
  // The state words of `n` slots of a table from `first` on (wrapping
  // around its end), as a hint: in place where reachable, else one get
  // per contiguous piece instead of one round trip per slot. A slot's tag
  // never changes once claimed, so a word showing another key's tag is
  // final; EMPTY and a key's own states are acted on only through atomics
  // (compare-and-swap, or waiting on the word), which see the slot as it
  // is now.
  static void read_window(const table_type &table, std::size_t first, std::size_t n, std::uint64_t *states) {
    assert(n <= kMaxWindow);
    if (table.slots) {
      for (std::size_t i = 0; i < n; ++i)
        states[i] = direct_load(&table.slots[(first + i) & (table.capacity() - 1)].state);
      return;
    }
    slot_type window[kMaxWindow];
    const std::size_t head = std::min(n, table.capacity() - first);
    check(dart_get(window, table.slot(first), head * sizeof(slot_type), DART_TYPE_BYTE, DART_TYPE_BYTE),
          "dart_get");
    if (head < n)
      check(dart_get(window + head, table.slot(0), (n - head) * sizeof(slot_type), DART_TYPE_BYTE,
                     DART_TYPE_BYTE),
            "dart_get");
    check(dart_flush_local(table.slot(0)), "dart_flush_local");
    for (std::size_t i = 0; i < n; ++i) std::memcpy(&states[i], &window[i].state, sizeof states[i]);
  }
  static Key read_key(const table_type &table, std::size_t slot) {
    return table.slots ? direct_load(&table.slots[slot].entry.first) : read_entry(table.slot(slot)).first;
  }
  static GlobRef<Mapped> mapped_ref(const table_type &table, std::size_t slot) {
    dart_gptr_t g = table.slot(slot);
    g.offset += offsetof(slot_type, entry) + offsetof(entry_type, second);
    return GlobRef<Mapped>(g, table.slots ? &table.slots[slot].entry.second : nullptr);
  }

  // ---- tables ----
  static std::size_t count_live(const std::vector<table_type> &tables) {
    std::int64_t n = 0;
    for (const table_type &t : tables) n += load_count(t.header_at(offsetof(MapTableHeader, live)));
    return static_cast<std::size_t>(n);
  }
  static std::size_t count_slots(const std::vector<table_type> &tables) {
    std::size_t n = 0;
    for (const table_type &t : tables) n += t.capacity();
    return n;
  }
  // Writes a link and publishes it (its state word -> READY).
  static void publish(dart_gptr_t where, dart_gptr_t state, const MapLink &link) {
    check(dart_put(where, &link, sizeof link, DART_TYPE_BYTE, DART_TYPE_BYTE), "dart_put");
    check(dart_flush(where), "dart_flush");
    store_word(state, kLinkReady);
  }
  // The table at `link`, with its slots' address if reachable by load/store.
  static table_type at(const MapLink &link) {
    void *addr = nullptr;
    if (dart_gptr_getaddr(link.header, &addr) != DART_OK) return table_type{link, nullptr};
    return in_memory(link, addr);
  }
  // The table at `link`, whose header is at `addr` in the calling unit's memory.
  static table_type in_memory(const MapLink &link, void *addr) {
    return table_type{link, reinterpret_cast<slot_type *>(static_cast<char *>(addr) +
                                                          table_type::kHeaderSlots * sizeof(slot_type))};
  }
};

}  // namespace dash::detail

#endif  // DASH_MAP_INTERNAL_MAP_SLOT_ACCESS_H
