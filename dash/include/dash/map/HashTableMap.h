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

#include <algorithm>
#include <cassert>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <functional>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include <dart/communication.h>
#include <dash/internal/DartType.h>
#include <dash/internal/DirectAccess.h>
#include <dash/internal/GlobalMemory.h>
#include <dash/internal/MapTable.h>
#include <dash/Exception.h>
#include <dash/GlobRef.h>
#include <dash/Team.h>
#include <dash/Types.h>
#include <dash/map/UnorderedMapGlobIter.h>
#include <dash/map/UnorderedMapLocalIter.h>
#include <dash/map/UnorderedMapLocalRef.h>

namespace dash {

class HostSpace;

namespace detail {

template <typename Key, typename Mapped, typename Hash = std::hash<Key>, typename Pred = std::equal_to<Key>,
          typename LocalMemorySpace = dash::HostSpace>
class HashTableMap {
  friend UnorderedMapGlobIter<Key, Mapped, Hash, Pred, LocalMemorySpace>;
  friend UnorderedMapLocalIter<Key, Mapped, Hash, Pred, LocalMemorySpace>;
  friend UnorderedMapLocalRef<Key, Mapped, Hash, Pred, LocalMemorySpace>;
  static_assert(std::is_trivially_copyable_v<Key> && std::is_trivially_copyable_v<Mapped>,
                "dash::UnorderedMap: Key and Mapped must be trivially copyable");
  using slot_type = detail::MapSlot<Key, Mapped>;
  using entry_type = detail::MapEntry<Key, Mapped>;
  using table_type = detail::MapTable<slot_type>;
  using header_type = detail::MapTableHeader;
  static constexpr dart_datatype_t kWordType = detail::dart_type<std::uint64_t>();
  static constexpr dart_datatype_t kCountType = detail::dart_type<std::int64_t>();
  static constexpr std::size_t kProbeWindow = 16;  // slots a key may use per table
  static constexpr std::size_t kMinTable = 16;
  static constexpr std::size_t kMaxWindow = 64;  // slots read_window reads at once
  // DASH's Hash concept: key -> unit.
  static constexpr bool kUnitHash =
      std::is_same_v<std::decay_t<std::invoke_result_t<Hash &, const Key &>>, team_unit_t>;

  struct Core {
    Core(std::size_t cap, std::size_t grow_min_, const Team &team_)
        : base(team_, table_type::kHeaderSlots + cap, "dash::UnorderedMap"),
          team(team_),
          grow_min(grow_min_),
          nunits(team_.size()),
          myid(static_cast<std::size_t>(team_.myid().id)),
          hash(make_hash(team)),
          chains(nunits),
          stores(nunits) {
      for (std::size_t u = 0; u < nunits; ++u) {
        slot_type *direct = base.direct(u);
        bases.push_back(table_type{detail::MapLink{base.gptr(u, 0), cap, u, 0},
                                   direct ? direct + table_type::kHeaderSlots : nullptr});
        chains[u].push_back(bases[u]);
        stores[u].push_back(bases[u]);
      }
    }
    ~Core() {
      if (!base.is_alive()) return;  // after dash::finalize: the memory is gone
      try {
        team.barrier();  // nobody uses the overflow tables any more
      } catch (...) {
      }
      for (const Owned &t : own) {
        dart_ret_t status = dart_memfree(t.table);
        if (status != DART_OK)
          std::fprintf(stderr, "dash::UnorderedMap: dart_memfree failed: %s (%s)\n", dart_strerror(status),
                       dart_last_error());
      }
    }
    detail::GlobalMemory<slot_type> base;  // per unit: header, then the base table's slots
    Team team;                             // the Hash may keep a reference to it
    std::size_t grow_min, nunits, myid;
    mutable Hash hash;  // DASH's hashes may have a non-const operator()
    Pred equal;
    std::vector<table_type> bases;  // each unit's base table (immutable)
    // Tables known to this unit, the first of each list its base table:
    // chains[u]: the home unit's chain; stores[u]: the tables in unit u's
    // memory (stores[myid] is complete, the others are discovered prefixes).
    // Between barriers links never change once published, so these caches
    // never go stale; a barrier() that moves tables resets them.
    mutable std::mutex mutex;
    mutable std::vector<std::vector<table_type>> chains, stores;
    struct Owned {
      dart_gptr_t table;
      std::size_t home;  // the unit whose chain it belongs to
    };
    mutable std::vector<Owned> own;  // overflow tables this unit allocated
    // Per table of another unit's memory (table_key): slot -> state word of
    // a slot seen taken (its tag is final).
    mutable std::map<std::pair<std::uint64_t, std::uint64_t>, std::unordered_map<std::size_t, std::uint64_t>>
        taken;
    // barrier(): calls so far, the abroad counters read at the last ones,
    // and whether the last move_home failed (every unit alike).
    std::uint64_t barriers = 0, abroad_seen[2] = {0, 0};
    bool move_failed = false;
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
      : core_(std::make_unique<Core>(capacity_for(nelem, team.size()), pow2_at_least(nlbuf), team)),
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
    Probe p = probe(kv.first, true);
    iterator it(core_.get(), p.table.owner(), p.table, p.slot);
    if (p.found) return {it, false};
    // The slot is ours (BUSY): write the entry and count it, complete both
    // (same table, one flush), then publish the entry.
    entry_type e{kv.first, kv.second};
    dart_gptr_t g = p.table.slot(p.slot), ge = g;
    ge.offset += offsetof(slot_type, entry);
    detail::check(dart_put(ge, &e, sizeof e, DART_TYPE_BYTE, DART_TYPE_BYTE), "dart_put");
    add(p.table.header_at(offsetof(header_type, live)), 1);
    detail::check(dart_flush(g), "dart_flush");
    store_word(g, p.tag | detail::kSlotFull);
    return {it, true};
  }
  /// Inserts every pair of [first, last).
  template <typename InputIt>
  void insert(InputIt first, InputIt last) {
    for (; first != last; ++first) insert(*first);
  }

  /// The key's entry, or end().
  iterator find(const Key &key) const {
    Probe p = probe(key, false);
    return p.found ? iterator(core_.get(), p.table.owner(), p.table, p.slot) : end();
  }
  /// 1 if the key is present, else 0.
  size_type count(const Key &key) const { return find(key) == end() ? 0 : 1; }
  bool contains(const Key &key) const { return count(key) == 1; }

  /// Reference to the key's value; inserts Mapped{} first if the key is
  /// absent. map[k] += 1 is an atomic insert-or-increment.
  mapped_type_reference operator[](const Key &key) { return insert(value_type(key, Mapped{})).first.value(); }
  /// Reference to the key's value; throws std::out_of_range if absent.
  mapped_type_reference at(const Key &key) const {
    iterator it = find(key);
    if (it == end()) throw std::out_of_range("dash::UnorderedMap::at: key not present");
    return it.value();
  }

  /// Erases the key's entry; returns the number erased (0 or 1; 1 for
  /// exactly one of several units erasing the same key at once).
  size_type erase(const Key &key) {
    Probe p = probe(key, false);
    if (!p.found) return 0;
    if (swap_word(p.table.slot(p.slot), p.tag | detail::kSlotFull, p.tag | detail::kSlotErased) !=
        (p.tag | detail::kSlotFull))
      return 0;
    dart_gptr_t live = p.table.header_at(offsetof(header_type, live));
    add(live, -1);
    detail::check(dart_flush(live), "dart_flush");
    return 1;
  }

  // ---- size and iteration ----

  /// Entries in the map (every unit's tables' counts, one atomic read each).
  size_type size() const {
    size_type n = 0;
    for (std::size_t u = 0; u < core_->nunits; ++u) n += count_live(stored_tables(core_.get(), u));
    return n;
  }
  bool empty() const { return size() == 0; }
  /// Entries stored on the calling unit.
  size_type lsize() const { return local.size(); }
  /// Slots in the calling unit's memory (base and overflow tables).
  size_type local_capacity() const { return count_slots(stored_tables(core_.get(), core_->myid)); }
  size_type lcapacity() const { return local_capacity(); }
  /// Slots of all units.
  size_type capacity() const {
    size_type n = 0;
    for (std::size_t u = 0; u < core_->nunits; ++u) n += count_slots(stored_tables(core_.get(), u));
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
  void barrier() const {
    Core *core = core_.get();
    core->team.barrier();
    // Growth into another unit's memory since the last barrier() counts in
    // the word of this barrier's parity; units that have left this barrier
    // count in the other word, so every unit reads the same value here.
    const std::size_t parity = core->barriers++ % 2;
    const std::uint64_t grown = load_word(abroad_counter(core, parity));
    const bool move = grown != core->abroad_seen[parity] || core->move_failed;
    core->abroad_seen[parity] = grown;
    if (!move) return;
    core->move_failed = true;  // until move_home succeeds
    {
      std::lock_guard<std::mutex> lock(core->mutex);
      core->taken.clear();  // freed tables' addresses may be reused
    }
    move_home(core);
    core->move_failed = false;
  }
  hasher hash_function() const { return core_->hash; }
  key_equal key_eq() const { return core_->equal; }

 private:
  // A probe's result. found: the key's FULL slot. Otherwise, for a claim,
  // the slot this call claimed (BUSY); for a search, the key is absent.
  struct Probe {
    bool found;
    table_type table;
    std::size_t slot;
    std::uint64_t tag;  // the key's fingerprint bits of the state word
  };

  static Hash make_hash(Team &team) {
    if constexpr (std::is_constructible_v<Hash, Team &>)
      return Hash(team);
    else
      return Hash();
  }
  static std::size_t pow2_at_least(std::size_t n) {
    std::size_t p = 1;
    while (p < n) p <<= 1;
    return p;
  }
  static std::size_t capacity_for(size_type nelem, std::size_t nunits) {
    nunits = std::max<std::size_t>(nunits, 1);
    return pow2_at_least(std::max<std::size_t>(kMinTable, 2 * ((nelem + nunits - 1) / nunits)));
  }
  static std::uint64_t mix(std::uint64_t z) {
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
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
      return {static_cast<std::size_t>(unit.id), mix(static_cast<std::uint64_t>(std::hash<Key>{}(key)))};
    } else {
      std::uint64_t z = mix(static_cast<std::uint64_t>(core->hash(key)));
      return {static_cast<std::size_t>(((z >> 32) * core->nunits) >> 32), z};
    }
  }

  // ---- one-sided word access (DART atomics only: see internal/MapTable.h) ----

  static std::uint64_t load_word(dart_gptr_t g) {
    std::uint64_t none = 0, value;
    detail::check(dart_fetch_and_op(g, &none, &value, kWordType, DART_OP_NO_OP), "dart_fetch_and_op");
    return value;
  }
  static void store_word(dart_gptr_t g, std::uint64_t value) {
    std::uint64_t old;
    detail::check(dart_fetch_and_op(g, &value, &old, kWordType, DART_OP_REPLACE), "dart_fetch_and_op");
  }
  // Compare-and-swap; returns the word's previous value.
  static std::uint64_t swap_word(dart_gptr_t g, std::uint64_t expected, std::uint64_t value) {
    std::uint64_t old;
    detail::check(dart_compare_and_swap(g, &value, &expected, &old, kWordType), "dart_compare_and_swap");
    return old;
  }
  static std::int64_t load_count(dart_gptr_t g) {
    std::int64_t none = 0, n;
    detail::check(dart_fetch_and_op(g, &none, &n, kCountType, DART_OP_NO_OP), "dart_fetch_and_op");
    return n;
  }
  // Adds delta to a counter (complete at the next flush).
  static void add(dart_gptr_t g, std::int64_t delta) {
    detail::check(dart_accumulate(g, &delta, 1, kCountType, DART_OP_SUM), "dart_accumulate");
  }
  static entry_type read_entry(dart_gptr_t slot) {
    entry_type e;
    slot.offset += offsetof(slot_type, entry);
    detail::check(dart_get_blocking(&e, slot, sizeof e, DART_TYPE_BYTE, DART_TYPE_BYTE), "dart_get_blocking");
    return e;
  }
  // A slot's state word and key, read in place where the table is
  // reachable by load/store (a read next to other units' atomics sees the
  // word before or after them), else one-sided.
  static std::uint64_t read_state(const table_type &table, std::size_t slot) {
    return table.slots ? detail::direct_load(&table.slots[slot].state) : load_word(table.slot(slot));
  }
  // Slots of other units' memory seen taken, per table: a slot's tag never
  // changes once claimed (erase keeps it), so a probe whose whole window
  // is known to hold other keys passes the table without reading it.
  // Tables move only in barrier(), which forgets them.
  static std::pair<std::uint64_t, std::uint64_t> table_key(const table_type &table) {
    const dart_gptr_t &h = table.link.header;
    return {std::uint64_t(std::uint32_t(h.unitid)) << 16 | std::uint16_t(h.segid), h.offset};
  }
  static bool known_taken(const Core *core, const table_type &table, std::size_t z, std::size_t n,
                          std::uint64_t tag, std::uint64_t *states) {
    if (table.slots) return false;  // read in place anyway
    std::lock_guard<std::mutex> lock(core->mutex);
    auto t = core->taken.find(table_key(table));
    if (t == core->taken.end()) return false;
    for (std::size_t i = 0; i < n; ++i) {
      auto s = t->second.find((z + i) & (table.capacity() - 1));
      if (s == t->second.end() || detail::map_slot_tag(s->second) == tag) return false;
      states[i] = s->second;
    }
    return true;
  }
  static void remember_taken(const Core *core, const table_type &table, std::size_t z, std::size_t n,
                             const std::uint64_t *states) {
    if (table.slots) return;
    std::lock_guard<std::mutex> lock(core->mutex);
    auto &t = core->taken[table_key(table)];
    for (std::size_t i = 0; i < n; ++i)
      if (detail::map_slot_state(states[i]) != detail::kSlotEmpty)
        t.emplace((z + i) & (table.capacity() - 1), states[i]);
  }
  // The state words of `n` slots of a table from `first` on (wrapping
  // around its end), as a hint: in place where reachable, else one get
  // per contiguous piece instead of one round trip per slot. A slot's tag
  // never changes once claimed, so a word showing another key's tag is
  // final; EMPTY and this key's own states are acted on only through
  // atomics (compare-and-swap, or waiting on the word), which see the
  // slot as it is now.
  static void read_window(const table_type &table, std::size_t first, std::size_t n, std::uint64_t *states) {
    assert(n <= kMaxWindow);
    if (table.slots) {
      for (std::size_t i = 0; i < n; ++i)
        states[i] = detail::direct_load(&table.slots[(first + i) & (table.capacity() - 1)].state);
      return;
    }
    slot_type window[kMaxWindow];
    const std::size_t head = std::min(n, table.capacity() - first);
    detail::check(
        dart_get(window, table.slot(first), head * sizeof(slot_type), DART_TYPE_BYTE, DART_TYPE_BYTE),
        "dart_get");
    if (head < n)
      detail::check(dart_get(window + head, table.slot(0), (n - head) * sizeof(slot_type), DART_TYPE_BYTE,
                             DART_TYPE_BYTE),
                    "dart_get");
    detail::check(dart_flush_local(table.slot(0)), "dart_flush_local");
    for (std::size_t i = 0; i < n; ++i) std::memcpy(&states[i], &window[i].state, sizeof states[i]);
  }
  static Key read_key(const table_type &table, std::size_t slot) {
    return table.slots ? detail::direct_load(&table.slots[slot].entry.first)
                       : read_entry(table.slot(slot)).first;
  }
  static GlobRef<Mapped> mapped_ref(const table_type &table, std::size_t slot) {
    dart_gptr_t g = table.slot(slot);
    g.offset += offsetof(slot_type, entry) + offsetof(entry_type, second);
    return GlobRef<Mapped>(g, table.slots ? &table.slots[slot].entry.second : nullptr);
  }
  static size_type count_live(const std::vector<table_type> &tables) {
    std::int64_t n = 0;
    for (const table_type &t : tables) n += load_count(t.header_at(offsetof(header_type, live)));
    return static_cast<size_type>(n);
  }
  static size_type count_slots(const std::vector<table_type> &tables) {
    size_type n = 0;
    for (const table_type &t : tables) n += t.capacity();
    return n;
  }

  // ---- tables ----

  // The table after the k-th of unit's chain (chain) or storage list, or
  // none (yet). For a chain with `grow`, a missing table is made: by this
  // unit if it wins the link, else it waits for the unit that did.
  static std::optional<table_type> next_table(const Core *core, bool chain, std::size_t unit, std::size_t k,
                                              bool grow) {
    table_type cur;
    {
      std::lock_guard<std::mutex> lock(core->mutex);
      const auto &list = chain ? core->chains[unit] : core->stores[unit];
      if (k + 1 < list.size()) return list[k + 1];
      if (!chain && unit == core->myid) return std::nullopt;  // this unit's list is complete
      cur = list[k];
    }
    dart_gptr_t state =
        cur.header_at(chain ? offsetof(header_type, chain_state) : offsetof(header_type, store_state));
    std::uint64_t s = load_word(state);
    for (;;) {
      if (s == detail::kLinkReady) {
        detail::MapLink link;
        detail::check(
            dart_get_blocking(
                &link, cur.header_at(chain ? offsetof(header_type, chain) : offsetof(header_type, store)),
                sizeof link, DART_TYPE_BYTE, DART_TYPE_BYTE),
            "dart_get_blocking");
        table_type next{link, direct_slots(link.header)};
        std::lock_guard<std::mutex> lock(core->mutex);
        auto &list = chain ? core->chains[unit] : core->stores[unit];
        if (list.size() == k + 1) list.push_back(next);
        return list[k + 1];
      }
      // No next table yet: for a search the key is not there either.
      if (!grow || !chain) return std::nullopt;
      if (s == detail::kLinkEmpty) {
        s = swap_word(state, detail::kLinkEmpty, detail::kLinkBusy);
        if (s != detail::kLinkEmpty) continue;  // another unit makes it
        table_type next = grow_chain(core, unit, k, cur, state);
        std::lock_guard<std::mutex> lock(core->mutex);
        auto &list = core->chains[unit];
        if (list.size() == k + 1) list.push_back(next);
        return list[k + 1];
      }
      s = load_word(state);  // BUSY: another unit is making the table
    }
  }

  // Makes the table after `cur` (the k-th of unit's chain, whose link this
  // unit has claimed: `state` is BUSY) in this unit's memory, adds it to
  // this unit's storage list and publishes the chain link. On failure the
  // claim is given back (state EMPTY) and the error thrown.
  static table_type grow_chain(const Core *core, std::size_t unit, std::size_t k, const table_type &cur,
                               dart_gptr_t state) {
    try {
      std::vector<table_type> chain;
      {
        std::lock_guard<std::mutex> lock(core->mutex);
        chain.assign(core->chains[unit].begin(),
                     core->chains[unit].begin() + static_cast<std::ptrdiff_t>(k + 1));
      }
      std::int64_t used = 0;
      for (const table_type &t : chain) used += load_count(t.header_at(offsetof(header_type, used)));
      std::size_t cap =
          pow2_at_least(std::max({kMinTable, core->grow_min, 4 * static_cast<std::size_t>(used)}));
      std::size_t bytes = table_type::bytes(cap);
      dart_gptr_t g;
      dart_ret_t status = dart_memalloc(bytes, &g);
      if (status == DART_ERR_NOMEM)
        throw std::length_error("dash::UnorderedMap: cannot grow the table chain of unit " +
                                std::to_string(unit) + ": dart_memalloc of " + std::to_string(bytes) +
                                " bytes failed (DART's pool is DART_LOCAL_POOL bytes per unit)");
      detail::check(status, "dart_memalloc");
      void *addr = nullptr;
      detail::check(dart_gptr_getaddr(g, &addr), "dart_gptr_getaddr");
      // Not shared yet: plain stores, made visible before the link is.
      std::memset(addr, 0, bytes);
      std::atomic_thread_fence(std::memory_order_seq_cst);
      table_type next;
      {
        std::lock_guard<std::mutex> lock(core->mutex);
        auto &mine = core->stores[core->myid];
        const table_type &last = mine.back();
        next = table_type{detail::MapLink{g, cap, core->myid, last.local_base() + last.capacity()},
                          reinterpret_cast<slot_type *>(static_cast<char *>(addr) +
                                                        table_type::kHeaderSlots * sizeof(slot_type))};
        core->own.push_back({g, unit});
        // Storage list first, so every table of a chain is in some unit's list.
        publish(last.header_at(offsetof(header_type, store)),
                last.header_at(offsetof(header_type, store_state)), next.link);
        mine.push_back(next);
      }
      publish(cur.header_at(offsetof(header_type, chain)), state, next.link);
      if (unit != core->myid) {
        std::uint64_t one = 1, old;
        detail::check(
            dart_fetch_and_op(abroad_counter(core, core->barriers % 2), &one, &old, kWordType, DART_OP_SUM),
            "dart_fetch_and_op");
      }
      return next;
    } catch (...) {
      store_word(state, detail::kLinkEmpty);
      throw;
    }
  }
  // barrier()'s second half, on every unit (the team has just met): copies
  // the tables of this unit's chain stored by other units into its own
  // memory (one dart_memalloc and one get each), agrees with the other
  // units that all copies were made, relinks its chain and its storage
  // list to the copies, and after a second barrier (nobody reads the
  // originals any more) frees the tables it had allocated for other units'
  // chains. If any unit fails to copy, every unit frees its copies and
  // throws, before any link changed.
  static void move_home(Core *core) {
    const std::size_t me = core->myid;
    std::vector<table_type> chain{core->bases[me]};
    while (std::optional<table_type> next = next_table(core, true, me, chain.size() - 1, false))
      chain.push_back(*next);
    std::vector<dart_gptr_t> copies;
    std::vector<void *> copy_addr;
    std::exception_ptr error;
    std::uint64_t failure = 0;  // (1: no pool memory, 2: other error) << 32 | this unit
    try {
      for (std::size_t k = 1; k < chain.size(); ++k) {
        if (chain[k].owner() == me) continue;
        std::size_t bytes = table_type::bytes(chain[k].capacity());
        dart_gptr_t g;
        dart_ret_t status = dart_memalloc(bytes, &g);
        if (status == DART_ERR_NOMEM)
          throw std::length_error("dash::UnorderedMap::barrier: unit " + std::to_string(me) +
                                  " cannot take over a table of its chain: dart_memalloc of " +
                                  std::to_string(bytes) +
                                  " bytes failed (DART's pool is DART_LOCAL_POOL bytes per unit); "
                                  "the entries stay where they are");
        detail::check(status, "dart_memalloc");
        copies.push_back(g);
        void *addr = nullptr;
        detail::check(dart_gptr_getaddr(g, &addr), "dart_gptr_getaddr");
        copy_addr.push_back(addr);
        detail::check(dart_get_blocking(addr, chain[k].link.header, bytes, DART_TYPE_BYTE, DART_TYPE_BYTE),
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
    detail::check(dart_allreduce(&failure, &worst, 1, kWordType, DART_OP_MAX, core->team.dart_id()),
                  "dart_allreduce");
    if (worst != 0) {
      for (dart_gptr_t g : copies) dart_memfree(g);
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
    std::vector<table_type> stored{core->bases[me]};
    std::size_t next_base;
    {
      std::lock_guard<std::mutex> lock(core->mutex);
      const table_type &last = core->stores[me].back();
      next_base = last.local_base() + last.capacity();
    }
    for (std::size_t k = 1; k < chain.size(); ++k)
      if (chain[k].owner() == me) stored.push_back(chain[k]);
    for (std::size_t k = 1, c = 0; k < chain.size(); ++k) {
      if (chain[k].owner() == me) continue;
      chain[k] =
          table_type{detail::MapLink{copies[c], chain[k].capacity(), me, next_base},
                     static_cast<slot_type *>(static_cast<void *>(
                         static_cast<char *>(copy_addr[c]) + table_type::kHeaderSlots * sizeof(slot_type)))};
      next_base += chain[k].capacity();
      stored.push_back(chain[k]);
      ++c;
    }
    std::sort(stored.begin(), stored.end(),
              [](const table_type &a, const table_type &b) { return a.local_base() < b.local_base(); });
    relink(chain, offsetof(header_type, chain_state), offsetof(header_type, chain));
    relink(stored, offsetof(header_type, store_state), offsetof(header_type, store));
    std::vector<dart_gptr_t> release;
    {
      std::lock_guard<std::mutex> lock(core->mutex);
      for (std::size_t u = 0; u < core->nunits; ++u) {
        core->chains[u].assign(1, core->bases[u]);
        core->stores[u].assign(1, core->bases[u]);
      }
      core->chains[me] = chain;
      core->stores[me] = stored;
      std::vector<typename Core::Owned> kept;
      for (const auto &t : core->own) {
        if (t.home == me)
          kept.push_back(t);
        else
          release.push_back(t.table);
      }
      for (dart_gptr_t g : copies) kept.push_back({g, me});
      core->own = std::move(kept);
    }
    core->team.barrier();
    for (dart_gptr_t g : release) detail::check(dart_memfree(g), "dart_memfree");
  }
  // Links each table of `tables` (in this unit's memory) to the next one
  // in the list at the header's `link` and `state` words; the last gets
  // none.
  static void relink(const std::vector<table_type> &tables, std::size_t state, std::size_t link) {
    for (std::size_t k = 0; k + 1 < tables.size(); ++k)
      publish(tables[k].header_at(link), tables[k].header_at(state), tables[k + 1].link);
    store_word(tables.back().header_at(state), detail::kLinkEmpty);
  }
  // Unit 0's count of chains grown into another unit's memory before
  // barrier() calls of this parity.
  static dart_gptr_t abroad_counter(const Core *core, std::size_t parity) {
    return core->bases[0].header_at(offsetof(header_type, abroad) + parity * sizeof(std::uint64_t));
  }
  static void publish(dart_gptr_t where, dart_gptr_t state, const detail::MapLink &link) {
    detail::check(dart_put(where, &link, sizeof link, DART_TYPE_BYTE, DART_TYPE_BYTE), "dart_put");
    detail::check(dart_flush(where), "dart_flush");
    store_word(state, detail::kLinkReady);
  }
  static slot_type *direct_slots(dart_gptr_t header) {
    void *addr = nullptr;
    if (dart_gptr_getaddr(header, &addr) != DART_OK) return nullptr;  // not reachable by load/store
    return reinterpret_cast<slot_type *>(static_cast<char *>(addr) +
                                         table_type::kHeaderSlots * sizeof(slot_type));
  }
  // The calling unit's k-th table, if it has one.
  static std::optional<table_type> local_table(const Core *core, std::size_t k) {
    std::lock_guard<std::mutex> lock(core->mutex);
    const auto &mine = core->stores[core->myid];
    if (k < mine.size()) return mine[k];
    return std::nullopt;
  }
  // Every table in unit's memory (discovers links not known yet).
  static std::vector<table_type> stored_tables(const Core *core, std::size_t unit) {
    for (std::size_t k = 0; next_table(core, false, unit, k, false); ++k) {
    }
    std::lock_guard<std::mutex> lock(core->mutex);
    return core->stores[unit];
  }
  // The table after `table` in unit's storage list, if any.
  static std::optional<table_type> next_stored(const Core *core, std::size_t unit, const table_type &table) {
    for (std::size_t k = 0;; ++k) {
      std::optional<table_type> next = next_table(core, false, unit, k, false);
      if (!next) return std::nullopt;
      if (next->local_base() > table.local_base()) return next;
    }
  }

  // Walks the key's probe sequence: at most kProbeWindow slots of each
  // table of its home chain. A search ends at an empty slot (absent), the
  // key's slot, or the chain's end; a claim (insert) takes the first empty
  // slot or the key's tombstone, growing the chain when it has to. A slot
  // whose fingerprint differs holds another key: skipped with one read.
  Probe probe(const Key &key, bool claim) const {
    const Core *core = core_.get();
    auto [unit, z] = home(key);
    const std::uint64_t tag = detail::map_slot_tag(z);
    table_type table = core->bases[unit];
    std::uint64_t states[kProbeWindow];
    for (std::size_t k = 0;; ++k) {
      const std::size_t cap = table.capacity(), window = std::min(cap, kProbeWindow);
      if (!known_taken(core, table, static_cast<std::size_t>(z), window, tag, states)) {
        read_window(table, static_cast<std::size_t>(z) & (cap - 1), window, states);
        remember_taken(core, table, static_cast<std::size_t>(z), window, states);
      }
      for (std::size_t i = 0; i < window; ++i) {
        std::size_t slot = static_cast<std::size_t>(z + i) & (cap - 1);
        dart_gptr_t g = table.slot(slot);
        std::uint64_t word = states[i];
        for (;;) {
          if (word == detail::kSlotEmpty) {
            if (!claim) return {false, table, slot, tag};
            word = swap_word(g, detail::kSlotEmpty, tag | detail::kSlotBusy);
            if (word == detail::kSlotEmpty) {  // claimed
              add(table.header_at(offsetof(header_type, used)), 1);
              return {false, table, slot, tag};
            }
            continue;  // lost the race: look again at what is there now
          }
          if (detail::map_slot_tag(word) != tag) break;  // another key: next slot
          const std::uint64_t state = detail::map_slot_state(word);
          if (state == detail::kSlotBusy) {  // an insert is writing it: wait
            word = load_word(g);             // a DART call: drives the progress the inserter may need
            continue;
          }
          // FULL or ERASED: the key is written and never changes.
          if (!core->equal(read_key(table, slot), key)) break;  // next slot
          if (state == detail::kSlotFull) return {true, table, slot, tag};
          // The key's own tombstone: the key lives nowhere else.
          if (!claim) return {false, table, slot, tag};
          word = swap_word(g, tag | detail::kSlotErased, tag | detail::kSlotBusy);
          if (word == (tag | detail::kSlotErased)) return {false, table, slot, tag};  // revived
        }
      }
      std::optional<table_type> next = next_table(core, true, unit, k, claim);
      if (!next) return {false, table, 0, tag};  // (only a search gets here)
      table = *next;
    }
  }
};

}  // namespace detail
}  // namespace dash

#endif  // DASH_MAP_HASHTABLEMAP_H
