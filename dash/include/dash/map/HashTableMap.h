#ifndef DASH_MAP_HASHTABLEMAP_H
#define DASH_MAP_HASHTABLEMAP_H

// detail::HashTableMap<Key, Mapped, Hash, Pred>: the storage of
// dash::UnorderedMap for a number-valued Hash (std::hash<Key> named
// explicitly; map/UnorderedMap.h picks it): a distributed hash table that
// every unit of a team can insert into, search and erase from at the same
// time, one-sided (no unit has to take part in another's operation), and
// that grows as entries arrive.
//
//   dash::UnorderedMap<std::uint64_t, long, std::hash<std::uint64_t>> counts(100000);  // collective
//   counts[kmer] += 1;                     // atomic insert-or-increment
//   auto [it, inserted] = counts.insert({key, 7});
//   auto it = counts.find(key);            // counts.end() if absent
//   counts.erase(key);
//   counts.barrier();
//   for (auto &kv : counts.local) ...      // kv.first, kv.second: plain memory
//
// Placement: every key has a home unit, so every unit finds every key.
// Hash is either std::hash-style (a number: one mix of it picks the home
// unit and the slot) or, used directly as detail::HashTableMap (our tests
// do, to choose where chains grow), unit-valued (returns a
// dash::team_unit_t: that unit is the key's home, std::hash<Key> picks
// the slot; a unit outside the team is std::out_of_range). A Hash
// constructible from dash::Team& is made with the map's team (as DASH
// does).
//
// Storage and growth: each unit has a base table, its part of one
// collective allocation: local_capacity() starts at the next power of two
// >= max(2 * nelem / units, 16) slots. A key's probe sequence (linear
// probing) covers at most 16 slots of a table; when none of them has room,
// it goes on in the next table of the home unit's chain. A unit that finds
// no next table creates one: it claims the chain link by compare-and-swap,
// allocates the table in its own memory (dart_memalloc, not collective; at
// least four times the slots the chain has used, so chains stay short,
// and at least nlbuf), links it and goes on. So inserts never wait for
// other units, and between barriers entries never move (references and
// iterators stay valid); a unit's local part is its base table plus the
// overflow tables in its memory, all plain memory. A search walks the
// chain until it meets an empty slot (a key is never put behind an empty
// slot), so lookups of keys in overflow tables cost a few more one-sided
// reads: pass a good nelem when you know it. The only limit is DART's pool
// for dart_memalloc (DART_LOCAL_POOL per unit, 64 MiB by default): an
// insert that needs a table it cannot get throws std::length_error and
// leaves the map intact.
//
// barrier() is DASH's commit: after it every entry is stored by its home
// unit. Each unit copies the tables of its chain that other units
// allocated into its own memory (one dart_memalloc and one get each) and
// relinks its chain to them; the allocating units free the originals. So
// after barrier() a unit's local part (map.local, lbegin()..lend(),
// lsize()) is exactly the entries whose home it is (with a unit-valued
// Hash: hash(key) == myid), and iterator::lpos() is (home unit, index in
// its storage). Entries that moved are at new places: references and
// iterators to them, and local iterators, made before barrier() are
// invalid (as in DASH); all other entries keep their places and indices.
// When no chain grew into another unit's memory, barrier() is one team
// barrier and one atomic read. The copies need pool memory while the
// originals exist: if a unit's pool cannot hold them, barrier() throws
// std::length_error on every unit, moves nothing and leaves the map
// usable (the next barrier() tries again).
//
// Concurrency (a slot is a state word, the key and the value; the state
// word also holds 62 bits of the key's hash, so a probe passes other keys'
// slots with one read): an insert claims an empty slot by compare-and-swap
// on its state (EMPTY -> BUSY),
// writes key and value and publishes them (-> FULL); a search that meets a
// BUSY slot waits for it, so two units inserting the same key end with one
// entry and exactly one of them sees inserted == true. Erase marks the slot
// a tombstone by compare-and-swap (FULL -> ERASED) and keeps the key, so
// searches running at the same time stay correct; inserting that key again
// revives the same slot. Tombstones of other keys are not reused (they
// make the map grow). Values are written once by the inserter; later
// updates through operator[] / iterator::value() are GlobRefs: += and the
// other compound assignments are atomic (dart_accumulate), = and reads are
// plain one-sided accesses. Every operation is complete (visible to all
// units) on return. Threads of one unit may call the operations at once,
// except barrier() (collective): one thread per unit calls it, while no
// other operation on the map runs.
//
// Key and Mapped must be trivially copyable (they live in DART memory).
// Construction and destruction are collective (destruction waits for all
// units, then frees the overflow tables); move-only.
//
// Against DASH's UnorderedMap (same member names, same constructors
// UnorderedMap(nelem, team) and UnorderedMap(nelem, nlbuf, team)), whose
// storage (map/UnitStoreMap.h) is used for unit-valued hashes:
// - DASH inserts into a local buffer and, at barrier() (its commit), makes
//   entries visible to other units. Here an entry is visible to every unit
//   as soon as insert returns, which DASH's contract allows; barrier() is
//   the synchronization after which every unit sees the same map (size(),
//   begin()..end()) and every entry is on its home unit.
// - find is a lookup on the key's home unit, not a scan. nlbuf is the
//   smallest overflow table the unit allocates (DASH: the size of its
//   local buffer); the base table is sized by nelem only, and
//   lcapacity() counts slots (a power of two), not entries.
// - Iteration is in slot order, not insertion order; iterator::lpos() is
//   (unit, index in that unit's storage: base table slots, then its
//   overflow tables' slots; a barrier() that moved tables leaves gaps).
// - at() of an absent key throws std::out_of_range; erase works.

//
// The parts (map/internal/): the table layout (MapTable.h), one-sided
// access to its words and slots (MapSlotAccess.h), the chains of tables
// and their growth (MapChains.h, its memory a UnitStorage), the probe
// sequence (MapProbe.h) and barrier()'s move of tables home
// (MapMigration.h). This class composes them into DASH's interface.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include <dart/communication.h>
#include <dash/Exception.h>
#include <dash/GlobRef.h>
#include <dash/Team.h>
#include <dash/Types.h>
#include <dash/map/UnorderedMapGlobIter.h>
#include <dash/map/UnorderedMapLocalIter.h>
#include <dash/map/UnorderedMapLocalRef.h>
#include <dash/map/internal/MapChains.h>
#include <dash/map/internal/MapMigration.h>
#include <dash/map/internal/MapProbe.h>
#include <dash/map/internal/MapSlotAccess.h>
#include <dash/map/internal/MapLookup.h>
#include <dash/map/internal/MapTable.h>

namespace dash {

class HostSpace;

namespace detail {

template <typename Key, typename Mapped, typename Hash = std::hash<Key>, typename Pred = std::equal_to<Key>,
          typename LocalMemorySpace = dash::HostSpace>
class HashTableMap : public MapLookup<HashTableMap<Key, Mapped, Hash, Pred, LocalMemorySpace>, Key, Mapped> {
  friend UnorderedMapGlobIter<Key, Mapped, Hash, Pred, LocalMemorySpace>;
  friend UnorderedMapLocalIter<Key, Mapped, Hash, Pred, LocalMemorySpace>;
  friend UnorderedMapLocalRef<Key, Mapped, Hash, Pred, LocalMemorySpace>;
  static_assert(std::is_trivially_copyable_v<Key> && std::is_trivially_copyable_v<Mapped>,
                "dash::UnorderedMap: Key and Mapped must be trivially copyable");
  using access = MapSlotAccess<Key, Mapped>;
  using probe_type = MapProbe<Key, Mapped>;
  using slot_type = MapSlot<Key, Mapped>;
  using entry_type = MapEntry<Key, Mapped>;
  using table_type = MapTable<slot_type>;
  using header_type = MapTableHeader;
  // DASH's Hash concept: key -> unit.
  static constexpr bool kUnitHash =
      std::is_same_v<std::decay_t<std::invoke_result_t<Hash &, const Key &>>, team_unit_t>;

  // The tables (MapChains) and what the map adds: its team, Hash and Pred.
  struct Core : MapChains<Key, Mapped> {
    Core(std::size_t cap, std::size_t min_grow, const Team &team_)
        : MapChains<Key, Mapped>(cap, min_grow, team_), team(team_), hash(make_map_hash<Hash>(team)) {}
    Team team;          // the Hash may keep a reference to it
    mutable Hash hash;  // DASH's hashes may have a non-const operator()
    Pred equal;
  };
  std::unique_ptr<Core> core_;  // on the heap: iterators survive moves

 public:
  using key_type = Key;
  using mapped_type = Mapped;
  using value_type = std::pair<const Key, Mapped>;
  using size_type = std::size_t;
  using index_type = default_index_t;
  using difference_type = std::ptrdiff_t;
  using hasher = Hash;
  using key_equal = Pred;
  using mapped_type_reference = GlobRef<Mapped>;

  /// (unit, index in the unit's storage) of an entry: DASH's lpos().
  struct local_index {
    team_unit_t unit;
    index_type index;
  };

  using iterator = UnorderedMapGlobIter<Key, Mapped, Hash, Pred, LocalMemorySpace>;
  using const_iterator = iterator;

  using local_iterator = UnorderedMapLocalIter<Key, Mapped, Hash, Pred, LocalMemorySpace>;
  using const_local_iterator = local_iterator;

  using local_type = UnorderedMapLocalRef<Key, Mapped, Hash, Pred, LocalMemorySpace>;

  /// Room for about `nelem` entries in all before the map grows (see the
  /// class comment); on Team::All() by default. Collective.
  explicit HashTableMap(size_type nelem = 0, const Team &team = Team::All()) : HashTableMap(nelem, 0, team) {}
  /// As DASH: `nlbuf` is the smallest overflow table (in slots, rounded up
  /// to a power of two) the calling unit allocates; it may differ between
  /// units. Collective.
  HashTableMap(size_type nelem, size_type nlbuf, const Team &team = Team::All())
      : core_(std::make_unique<Core>(capacity_for(nelem, team.size()), Core::pow2_at_least(nlbuf), team)),
        local(core_.get(), this) {
    slot_type *mine = core_->base.local();
    std::fill(mine, mine + core_->base.capacity(), slot_type{});  // EMPTY slots, zero counters, no links
    team.barrier();
  }
  HashTableMap(HashTableMap &&other) noexcept : core_(std::move(other.core_)), local(core_.get(), this) {}
  HashTableMap &operator=(HashTableMap &&other) noexcept {
    core_ = std::move(other.core_);
    local = local_type(core_.get(), this);
    return *this;
  }
  HashTableMap(const HashTableMap &) = delete;
  HashTableMap &operator=(const HashTableMap &) = delete;

  // ---- lookup and modification (one-sided, concurrent) ----

  /// Inserts kv unless its key is present. Returns the position of the
  /// key's entry and whether this call inserted it. Throws
  /// std::length_error if the map must grow and DART has no memory left.
  std::pair<iterator, bool> insert(const value_type &kv) {
    auto p = probe(kv.first, true);
    iterator it(core_.get(), p.table.owner(), p.table, p.slot);
    if (p.found) return {it, false};
    // The slot is ours (BUSY): write the entry and count it, complete both
    // (same table, one flush), then publish the entry.
    entry_type e{kv.first, kv.second};
    dart_gptr_t g = p.table.slot(p.slot), ge = g;
    ge.offset += offsetof(slot_type, entry);
    check(dart_put(ge, &e, sizeof e, DART_TYPE_BYTE, DART_TYPE_BYTE), "dart_put");
    access::add(p.table.header_at(offsetof(header_type, live)), 1);
    check(dart_flush(g), "dart_flush");
    access::store_word(g, p.tag | kSlotFull);
    return {it, true};
  }
  /// Inserts every pair of [first, last).
  template <typename InputIt>
  void insert(InputIt first, InputIt last) {
    for (; first != last; ++first) insert(*first);
  }

  /// The key's entry, or end().
  iterator find(const Key &key) const {
    auto p = probe(key, false);
    return p.found ? iterator(core_.get(), p.table.owner(), p.table, p.slot) : end();
  }
  // count, contains, operator[] and at: MapLookup (map/internal/MapLookup.h).
  /// 1 if the key is present, else 0.

  /// Erases the key's entry; returns the number erased (0 or 1; 1 for
  /// exactly one of several units erasing the same key at once).
  size_type erase(const Key &key) {
    auto p = probe(key, false);
    if (!p.found) return 0;
    if (access::swap_word(p.table.slot(p.slot), p.tag | kSlotFull, p.tag | kSlotErased) !=
        (p.tag | kSlotFull))
      return 0;
    dart_gptr_t live = p.table.header_at(offsetof(header_type, live));
    access::add(live, -1);
    check(dart_flush(live), "dart_flush");
    return 1;
  }

  // ---- size and iteration ----

  /// Entries in the map (every unit's tables' counts, one atomic read each).
  size_type size() const {
    size_type n = 0;
    for (std::size_t u = 0; u < core_->nunits; ++u) n += access::count_live(core_->stored_tables(u));
    return n;
  }
  bool empty() const { return size() == 0; }
  /// Entries stored on the calling unit.
  size_type lsize() const { return local.size(); }
  /// Slots in the calling unit's memory (base and overflow tables).
  size_type local_capacity() const { return access::count_slots(core_->stored_tables(core_->myid)); }
  size_type lcapacity() const { return local_capacity(); }
  /// Slots of all units.
  size_type capacity() const {
    size_type n = 0;
    for (std::size_t u = 0; u < core_->nunits; ++u) n += access::count_slots(core_->stored_tables(u));
    return n;
  }
  /// The key's home unit (team-relative): where its probe sequence starts
  /// and, after barrier(), the unit that stores its entry (between barriers
  /// an entry in an overflow table is stored by the unit that grew the
  /// chain: iterator::unit()).
  size_type unit_of(const Key &key) const { return home(key).first; }

  /// Every entry, unit by unit (reads slot states remotely: see iterator).
  iterator begin() const {
    iterator it(core_.get(), 0, core_->bases[0], 0);
    it.settle();
    return it;
  }
  iterator end() const { return iterator(core_.get(), core_->nunits, table_type{}, 0); }
  local_iterator lbegin() const { return local.begin(); }
  local_iterator lend() const { return local.end(); }

  /// The calling unit's entries as plain memory.
  local_type local;

  const Team &team() const { return core_->team; }
  /// DASH's commit. Waits for all units of the team (afterwards every unit
  /// sees every operation made before it); then, if a chain has grown into
  /// another unit's memory since the last barrier(), every unit moves the
  /// tables of its chain stored elsewhere into its own memory, so each
  /// entry is stored by its home unit (see the class comment: this
  /// invalidates references and iterators to the moved entries, and local
  /// iterators). Collective over the team: one thread per unit calls it,
  /// while no other operation on the map runs. Throws std::length_error on
  /// every unit if a unit's pool cannot hold the tables it has to take
  /// over; the entries then stay where they were and the map stays usable
  /// (the next barrier() tries again).
  void barrier() const { MapMigration<Key, Mapped>::barrier(*core_, core_->team); }
  hasher hash_function() const { return core_->hash; }
  key_equal key_eq() const { return core_->equal; }

 private:
  static std::size_t capacity_for(size_type nelem, std::size_t nunits) {
    nunits = std::max<std::size_t>(nunits, 1);
    return Core::pow2_at_least(std::max<std::size_t>(Core::kMinTable, 2 * ((nelem + nunits - 1) / nunits)));
  }

  // The key's home unit and the 64-bit mix whose low bits pick its slot in
  // every table of the chain.
  std::pair<std::size_t, std::uint64_t> home(const Key &key) const {
    const Core *core = core_.get();
    if constexpr (kUnitHash) {
      team_unit_t unit = core->hash(key);
      if (unit.id < 0 || static_cast<std::size_t>(unit.id) >= core->nunits)
        throw std::out_of_range("dash::UnorderedMap: Hash placed a key on unit " + std::to_string(unit.id) +
                                " of a team of " + std::to_string(core->nunits));
      return {static_cast<std::size_t>(unit.id),
              probe_type::mix(static_cast<std::uint64_t>(std::hash<Key>{}(key)))};
    } else {
      std::uint64_t z = probe_type::mix(static_cast<std::uint64_t>(core->hash(key)));
      return {static_cast<std::size_t>(((z >> 32) * core->nunits) >> 32), z};
    }
  }
  typename probe_type::Result probe(const Key &key, bool claim) const {
    // After dash::finalize the tables are gone (insert, find, erase, ...).
    check_alive(core_->base.epoch(), "dash::UnorderedMap");
    auto [unit, z] = home(key);
    return probe_type::run(*core_, unit, z, key, core_->equal, claim);
  }
};

}  // namespace detail
}  // namespace dash

#endif  // DASH_MAP_HASHTABLEMAP_H
