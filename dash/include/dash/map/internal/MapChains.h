#ifndef DASH_MAP_INTERNAL_MAP_CHAINS_H
#define DASH_MAP_INTERNAL_MAP_CHAINS_H

// MapChains<Key, Mapped>: the tables of dash::UnorderedMap's hash table
// (map/HashTableMap.h) as one unit knows them, and how chains grow.
//
// Every unit has a base table, its part of one collective allocation
// (UnitStorage). A key whose probe window has no room in a table goes on
// in the next table of its home unit's chain; the unit that finds no next
// table claims the chain link (compare-and-swap on its state word),
// allocates the table in its own memory (a block of its UnitStorage: at
// least four times the slots the chain has used, at least grow_min),
// links it into its own storage list and then into the chain. Every unit
// caches the links it has read: between barriers a link never changes
// once published, so the caches never go stale; the map's barrier()
// (map/internal/MapMigration.h) resets them when it moves tables.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <dart/communication.h>
#include <dash/Exception.h>
#include <dash/internal/UnitStorage.h>
#include <dash/map/internal/MapSlotAccess.h>
#include <dash/map/internal/MapTable.h>
#include <dash/Team.h>

namespace dash::detail {

template <typename Key, typename Mapped>
struct MapChains {
  using access = MapSlotAccess<Key, Mapped>;
  using slot_type = MapSlot<Key, Mapped>;
  using table_type = MapTable<slot_type>;
  using header_type = MapTableHeader;
  using storage_type = UnitStorage<slot_type>;
  static constexpr std::size_t kMinTable = 16;

  /// Collective: a base table of `cap` slots (a power of two) per unit;
  /// this unit's overflow tables have at least `grow_min` slots.
  MapChains(std::size_t cap, std::size_t grow_min_, const Team &team)
      : base(team, table_type::kHeaderSlots + cap, "dash::UnorderedMap", storage_type::Blocks::shared),
        grow_min(grow_min_),
        nunits(team.size()),
        myid(static_cast<std::size_t>(team.myid().id)),
        chains(nunits),
        stores(nunits) {
    for (std::size_t u = 0; u < nunits; ++u) {
      slot_type *direct = base.direct(u);
      bases.push_back(table_type{MapLink{base.gptr(u, 0), cap, u, 0},
                                 direct ? direct + table_type::kHeaderSlots : nullptr});
      chains[u].push_back(bases[u]);
      stores[u].push_back(bases[u]);
    }
  }

  // Per unit: header, then the base table's slots; blocks: this unit's
  // overflow tables, tagged with the home unit of their chain.
  mutable storage_type base;
  std::size_t grow_min, nunits, myid;
  std::vector<table_type> bases;  // each unit's base table (immutable)
  // Tables known to this unit, the first of each list its base table:
  // chains[u]: the home unit's chain; stores[u]: the tables in unit u's
  // memory (stores[myid] is complete, the others are discovered prefixes).
  mutable std::mutex mutex;
  mutable std::vector<std::vector<table_type>> chains, stores;
  // Per table of another unit's memory (table_key): slot -> state word of
  // a slot seen taken (its tag is final).
  mutable std::map<std::pair<std::uint64_t, std::uint64_t>, std::unordered_map<std::size_t, std::uint64_t>>
      taken;
  // barrier(): calls so far, the abroad counters read at the last ones,
  // and whether the last move home failed (every unit alike).
  std::uint64_t barriers = 0, abroad_seen[2] = {0, 0};
  bool move_failed = false;

  static std::size_t pow2_at_least(std::size_t n) {
    std::size_t p = 1;
    while (p < n) p <<= 1;
    return p;
  }

  // The table after the k-th of unit's chain (chain) or storage list, or
  // none (yet). For a chain with `grow`, a missing table is made: by this
  // unit if it wins the link, else it waits for the unit that did.
  std::optional<table_type> next_table(bool chain, std::size_t unit, std::size_t k, bool grow) const {
    table_type cur;
    {
      std::lock_guard<std::mutex> lock(mutex);
      const auto &list = chain ? chains[unit] : stores[unit];
      if (k + 1 < list.size()) return list[k + 1];
      if (!chain && unit == myid) return std::nullopt;  // this unit's list is complete
      cur = list[k];
    }
    dart_gptr_t state =
        cur.header_at(chain ? offsetof(header_type, chain_state) : offsetof(header_type, store_state));
    std::uint64_t s = access::load_word(state);
    for (;;) {
      if (s == kLinkReady) {
        MapLink link;
        check(dart_get_blocking(
                  &link, cur.header_at(chain ? offsetof(header_type, chain) : offsetof(header_type, store)),
                  sizeof link, DART_TYPE_BYTE, DART_TYPE_BYTE),
              "dart_get_blocking");
        return remember(chain, unit, k, access::at(link));
      }
      // No next table yet: for a search the key is not there either.
      if (!grow || !chain) return std::nullopt;
      if (s == kLinkEmpty) {
        s = access::swap_word(state, kLinkEmpty, kLinkBusy);
        if (s != kLinkEmpty) continue;  // another unit makes it
        return remember(true, unit, k, grow_chain(unit, k, cur, state));
      }
      s = access::load_word(state);  // BUSY: another unit is making the table
    }
  }
  // The calling unit's k-th table, if it has one.
  std::optional<table_type> local_table(std::size_t k) const {
    std::lock_guard<std::mutex> lock(mutex);
    const auto &mine = stores[myid];
    if (k < mine.size()) return mine[k];
    return std::nullopt;
  }
  // Every table in unit's memory (discovers links not known yet).
  std::vector<table_type> stored_tables(std::size_t unit) const {
    for (std::size_t k = 0; next_table(false, unit, k, false); ++k) {
    }
    std::lock_guard<std::mutex> lock(mutex);
    return stores[unit];
  }
  // The table after `table` in unit's storage list, if any.
  std::optional<table_type> next_stored(std::size_t unit, const table_type &table) const {
    for (std::size_t k = 0;; ++k) {
      std::optional<table_type> next = next_table(false, unit, k, false);
      if (!next) return std::nullopt;
      if (next->local_base() > table.local_base()) return next;
    }
  }
  // Unit 0's count of chains grown into another unit's memory before
  // barrier() calls of this parity.
  dart_gptr_t abroad_counter(std::size_t parity) const {
    return bases[0].header_at(offsetof(header_type, abroad) + parity * sizeof(std::uint64_t));
  }

  // Slots of other units' memory seen taken, per table: a slot's tag never
  // changes once claimed (erase keeps it), so a probe whose whole window
  // is known to hold other keys passes the table without reading it.
  // Tables move only in barrier(), which forgets them.
  bool known_taken(const table_type &table, std::size_t z, std::size_t n, std::uint64_t tag,
                   std::uint64_t *states) const {
    if (table.slots) return false;  // read in place anyway
    std::lock_guard<std::mutex> lock(mutex);
    auto t = taken.find(table_key(table));
    if (t == taken.end()) return false;
    for (std::size_t i = 0; i < n; ++i) {
      auto s = t->second.find((z + i) & (table.capacity() - 1));
      if (s == t->second.end() || map_slot_tag(s->second) == tag) return false;
      states[i] = s->second;
    }
    return true;
  }
  void remember_taken(const table_type &table, std::size_t z, std::size_t n,
                      const std::uint64_t *states) const {
    if (table.slots) return;
    std::lock_guard<std::mutex> lock(mutex);
    auto &t = taken[table_key(table)];
    for (std::size_t i = 0; i < n; ++i)
      if (map_slot_state(states[i]) != kSlotEmpty) t.emplace((z + i) & (table.capacity() - 1), states[i]);
  }

 private:
  static std::pair<std::uint64_t, std::uint64_t> table_key(const table_type &table) {
    const dart_gptr_t &h = table.link.header;
    return {std::uint64_t(std::uint32_t(h.unitid)) << 16 | std::uint16_t(h.segid), h.offset};
  }
  // Caches `next` as the table after the k-th of a list (unless another
  // thread did first) and returns the cached one.
  table_type remember(bool chain, std::size_t unit, std::size_t k, const table_type &next) const {
    std::lock_guard<std::mutex> lock(mutex);
    auto &list = chain ? chains[unit] : stores[unit];
    if (list.size() == k + 1) list.push_back(next);
    return list[k + 1];
  }

  // Makes the table after `cur` (the k-th of unit's chain, whose link this
  // unit has claimed: `state` is BUSY) in this unit's memory, adds it to
  // this unit's storage list and publishes the chain link. On failure the
  // claim is given back (state EMPTY) and the error thrown.
  table_type grow_chain(std::size_t unit, std::size_t k, const table_type &cur, dart_gptr_t state) const {
    try {
      std::vector<table_type> chain;
      {
        std::lock_guard<std::mutex> lock(mutex);
        chain.assign(chains[unit].begin(), chains[unit].begin() + static_cast<std::ptrdiff_t>(k + 1));
      }
      std::int64_t used = 0;
      for (const table_type &t : chain) used += access::load_count(t.header_at(offsetof(header_type, used)));
      std::size_t cap = pow2_at_least(std::max({kMinTable, grow_min, 4 * static_cast<std::size_t>(used)}));
      std::size_t bytes = table_type::bytes(cap);
      std::optional<typename storage_type::Block> block;
      {
        std::lock_guard<std::mutex> lock(mutex);  // other threads of this unit grow too
        block = base.try_allocate(bytes, unit);
      }
      if (!block)
        throw std::length_error("dash::UnorderedMap: cannot grow the table chain of unit " +
                                std::to_string(unit) + ": dart_memalloc of " + std::to_string(bytes) +
                                " bytes failed (DART's pool is DART_LOCAL_POOL bytes per unit)");
      // Not shared yet: plain stores, made visible before the link is.
      std::memset(block->addr, 0, bytes);
      std::atomic_thread_fence(std::memory_order_seq_cst);
      table_type next;
      {
        std::lock_guard<std::mutex> lock(mutex);
        auto &mine = stores[myid];
        const table_type &last = mine.back();
        next = access::in_memory(MapLink{block->gptr, cap, myid, last.local_base() + last.capacity()},
                                 block->addr);
        // Storage list first, so every table of a chain is in some unit's list.
        access::publish(last.header_at(offsetof(header_type, store)),
                        last.header_at(offsetof(header_type, store_state)), next.link);
        mine.push_back(next);
      }
      access::publish(cur.header_at(offsetof(header_type, chain)), state, next.link);
      if (unit != myid) access::add_word(abroad_counter(barriers % 2), 1);
      return next;
    } catch (...) {
      access::store_word(state, kLinkEmpty);
      throw;
    }
  }
};

}  // namespace dash::detail

#endif  // DASH_MAP_INTERNAL_MAP_CHAINS_H
