#ifndef DASH_MAP_INTERNAL_MAP_MIGRATION_H
#define DASH_MAP_INTERNAL_MAP_MIGRATION_H

// MapMigration<Key, Mapped>: dash::UnorderedMap's barrier() for the hash
// table (map/HashTableMap.h): after the team has met, the tables of each
// unit's chain that other units allocated (map/internal/MapChains.h) move
// into the home unit's memory, so that every entry is stored by its home
// unit. When no chain grew into another unit's memory since the last
// barrier(), that is one team barrier and one atomic read.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <dart/communication.h>
#include <dash/Exception.h>
#include <dash/map/internal/MapChains.h>
#include <dash/map/internal/MapSlotAccess.h>
#include <dash/map/internal/MapTable.h>
#include <dash/Team.h>

namespace dash::detail {

template <typename Key, typename Mapped>
struct MapMigration {
  using chains_type = MapChains<Key, Mapped>;
  using access = MapSlotAccess<Key, Mapped>;
  using table_type = typename chains_type::table_type;
  using header_type = MapTableHeader;

  /// Collective over `team` (the map's): see HashTableMap::barrier().
  static void barrier(chains_type &core, const Team &team) {
    team.barrier();
    // Growth into another unit's memory since the last barrier() counts in
    // the word of this barrier's parity; units that have left this barrier
    // count in the other word, so every unit reads the same value here.
    const std::size_t parity = core.barriers++ % 2;
    const std::uint64_t grown = access::load_word(core.abroad_counter(parity));
    const bool move = grown != core.abroad_seen[parity] || core.move_failed;
    core.abroad_seen[parity] = grown;
    if (!move) return;
    core.move_failed = true;  // until move_home succeeds
    {
      std::lock_guard<std::mutex> lock(core.mutex);
      core.taken.clear();  // freed tables' addresses may be reused
    }
    move_home(core, team);
    core.move_failed = false;
  }

 private:
  // On every unit (the team has just met): copies the tables of this
  // unit's chain stored by other units into its own memory (one
  // dart_memalloc and one get each), agrees with the other units that all
  // copies were made, relinks its chain and its storage list to the
  // copies, and after a second barrier (nobody reads the originals any
  // more) frees the tables it had allocated for other units' chains. If
  // any unit fails to copy, every unit frees its copies and throws, before
  // any link changed.
  static void move_home(chains_type &core, const Team &team) {
    const std::size_t me = core.myid;
    std::vector<table_type> chain{core.bases[me]};
    while (std::optional<table_type> next = core.next_table(true, me, chain.size() - 1, false))
      chain.push_back(*next);
    std::vector<table_type> copies;  // in the order of the chain's tables they copy
    std::exception_ptr error;
    std::uint64_t failure = 0;  // (1: no pool memory, 2: other error) << 32 | this unit
    try {
      for (std::size_t k = 1; k < chain.size(); ++k) {
        if (chain[k].owner() == me) continue;
        std::size_t bytes = table_type::bytes(chain[k].capacity());
        std::optional<typename chains_type::storage_type::Block> block = core.base.try_allocate(bytes, me);
        if (!block)
          throw std::length_error("dash::UnorderedMap::barrier: unit " + std::to_string(me) +
                                  " cannot take over a table of its chain: dart_memalloc of " +
                                  std::to_string(bytes) +
                                  " bytes failed (DART's pool is DART_LOCAL_POOL bytes per unit); "
                                  "the entries stay where they are");
        copies.push_back(access::in_memory(MapLink{block->gptr, chain[k].capacity(), me, 0}, block->addr));
        check(dart_get_blocking(block->addr, chain[k].link.header, bytes, DART_TYPE_BYTE, DART_TYPE_BYTE),
              "dart_get_blocking");
      }
    } catch (const std::length_error &) {
      error = std::current_exception();
      failure = std::uint64_t(1) << 32 | me;
    } catch (...) {
      error = std::current_exception();
      failure = std::uint64_t(2) << 32 | me;
    }
    std::uint64_t worst = 0;
    check(dart_allreduce(&failure, &worst, 1, access::kWordType, DART_OP_MAX, team.dart_id()),
          "dart_allreduce");
    if (worst != 0) {
      for (const table_type &t : copies) core.base.free(t.link.header);
      if (error) std::rethrow_exception(error);
      const std::string unit = std::to_string(worst & 0xffffffffu);
      if ((worst >> 32) == 1)
        throw std::length_error("dash::UnorderedMap::barrier: unit " + unit +
                                " has no pool memory for the tables of its chain (DART_LOCAL_POOL); "
                                "the entries stay where they are");
      throw std::runtime_error(
          "dash::UnorderedMap::barrier: unit " + unit +
          " could not take over the tables of its chain; the entries stay where they are");
    }
    // The new lists: the chain with the copies in place of the originals;
    // the storage list keeps this unit's tables of its chain (and their
    // local indices) and appends the copies: in the order of local indices,
    // which is not the chain's (a table this unit grew may come after one
    // copied at an earlier barrier).
    std::vector<table_type> stored{core.bases[me]};
    std::size_t next_base;
    {
      std::lock_guard<std::mutex> lock(core.mutex);
      const table_type &last = core.stores[me].back();
      next_base = last.local_base() + last.capacity();
    }
    for (std::size_t k = 1; k < chain.size(); ++k)
      if (chain[k].owner() == me) stored.push_back(chain[k]);
    for (std::size_t k = 1, c = 0; k < chain.size(); ++k) {
      if (chain[k].owner() == me) continue;
      chain[k] = copies[c++];
      chain[k].link.local_base = next_base;
      next_base += chain[k].capacity();
      stored.push_back(chain[k]);
    }
    std::sort(stored.begin(), stored.end(),
              [](const table_type &a, const table_type &b) { return a.local_base() < b.local_base(); });
    relink(chain, offsetof(header_type, chain_state), offsetof(header_type, chain));
    relink(stored, offsetof(header_type, store_state), offsetof(header_type, store));
    std::vector<dart_gptr_t> release;  // the tables this unit grew for other units' chains
    {
      std::lock_guard<std::mutex> lock(core.mutex);
      for (std::size_t u = 0; u < core.nunits; ++u) {
        core.chains[u].assign(1, core.bases[u]);
        core.stores[u].assign(1, core.bases[u]);
      }
      core.chains[me] = chain;
      core.stores[me] = stored;
      for (const auto &block : core.base.blocks())
        if (block.tag != me) release.push_back(block.gptr);
    }
    team.barrier();
    for (dart_gptr_t g : release) core.base.free(g);
  }
  // Links each table of `tables` (in this unit's memory) to the next one
  // in the list at the header's `link` and `state` words; the last gets
  // none.
  static void relink(const std::vector<table_type> &tables, std::size_t state, std::size_t link) {
    for (std::size_t k = 0; k + 1 < tables.size(); ++k)
      access::publish(tables[k].header_at(link), tables[k].header_at(state), tables[k + 1].link);
    access::store_word(tables.back().header_at(state), kLinkEmpty);
  }
};

}  // namespace dash::detail

#endif  // DASH_MAP_INTERNAL_MAP_MIGRATION_H
