#ifndef DASH_MAP_UNITSTOREMAP_H
#define DASH_MAP_UNITSTOREMAP_H

// detail::UnitStoreMap: DASH's storage model of dash::UnorderedMap, used
// when the Hash names a unit (returns dash::team_unit_t; DASH's default
// dash::HashLocal names the calling unit):
//
//   dash::UnorderedMap<int, double> map(0, 4);   // nelem, nlbuf
//   map.insert({key, 1.0});       // stored on the inserting unit
//   map.barrier();                // commit: every unit sees every entry
//   for (auto &kv : map.local) ...
//
// Each unit stores the entries the Hash places on it in its own memory, in
// insertion order: a first chunk of lcapacity() =
// ceil(max(nelem, units * nlbuf) / units) entries, then chunks of nlbuf
// entries as it fills (dart_memalloc, not collective; DART_LOCAL_POOL
// limits it: an insert that cannot grow throws std::length_error).
// Entries never move, so references and iterators stay valid. The global
// order is unit 0's entries in insertion order, then unit 1's, ...
//
// Visibility: a unit sees its own inserts at once; other units' entries,
// sizes and capacities as of the last barrier() (DASH's commit), which is
// collective: it delivers the remote inserts (below) and shares each
// unit's chunk list. size() is what the calling unit knows: all entries
// after barrier(), plus its own since.
//
// Lookups: the Hash's unit is where the key lives. Keys on the calling
// unit are found in its memory (an index when std::hash<Key> exists and
// Pred is std::equal_to, else a scan); keys on another unit are looked up
// in that unit's committed entries, whose keys are fetched in bulk (a get
// per chunk) the first time after a barrier() and kept (in the calling
// unit's heap). With HashLocal a key can be on any unit: a key not on the
// calling unit is looked up on every other unit, in unit order (as DASH,
// which scans the whole map).
//
// Remote inserts (the Hash names another unit): the entry waits in the
// inserting unit's memory (iterators show it after the units' entries,
// lpos().unit is the inserting unit) and barrier() stores it on its unit
// (DASH marks it for a move at commit). A key inserted for the same unit
// by several units before one barrier() is stored once (the unit's own
// insert wins, else the lowest unit's); iterators to waiting entries are
// invalid after barrier(). If a unit has no pool memory for them,
// barrier() throws std::length_error on every unit and they wait for the
// next barrier().
//
// Not thread-safe (one thread per unit uses the map); erase is not
// implemented, as in DASH (dash::exception::NotImplemented).

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <functional>
#include <iterator>
#include <limits>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include <dart/communication.h>
#include <dash/internal/DirectAccess.h>
#include <dash/internal/UnitStorage.h>
#include <dash/map/internal/MapKeyIndex.h>
#include <dash/map/internal/MapLookup.h>
#include <dash/map/internal/MapTable.h>
#include <dash/Exception.h>
#include <dash/GlobRef.h>
#include <dash/Team.h>
#include <dash/Types.h>
#include <dash/map/HashPolicy.h>

namespace dash {

class HostSpace;

namespace detail {

template <typename Key, typename Mapped, typename Hash = HashLocal<Key>, typename Pred = std::equal_to<Key>,
          typename LocalMemorySpace = dash::HostSpace>
class UnitStoreMap : public MapLookup<UnitStoreMap<Key, Mapped, Hash, Pred, LocalMemorySpace>, Key, Mapped> {
  static_assert(std::is_trivially_copyable_v<Key> && std::is_trivially_copyable_v<Mapped>,
                "dash::UnorderedMap: Key and Mapped must be trivially copyable");
  using entry_type = MapEntry<Key, Mapped>;
  // HashLocal places every key on the calling unit: lookups try all units.
  static constexpr bool kAnywhere = std::is_same_v<Hash, HashLocal<Key>>;

  struct Chunk {
    dart_gptr_t gptr;
    std::size_t first;     // the store's index of its first entry
    std::size_t capacity;  // entries it holds
    entry_type *direct;    // nullptr unless reachable by load/store
  };
  // A unit's entries as the calling unit knows them.
  struct Store {
    std::vector<Chunk> chunks;
    std::size_t size = 0, capacity = 0, published = 0;  // published: chunks all units know
  };
  struct Core {
    Core(std::size_t nlbuf_, const Team &team_)
        : storage(team_, 1, "dash::UnorderedMap", UnitStorage<std::uint64_t>::Blocks::shared),
          team(team_),
          nunits(team_.size()),
          myid(static_cast<std::size_t>(team_.myid().id)),
          nlbuf(nlbuf_),
          hash(make_map_hash<Hash>(team)),
          stores(nunits + 1),
          indices(nunits + 1) {}
    // The chunks are its blocks (freed after a barrier of the team: nobody
    // reads them any more); its collective part, one word, is unused.
    UnitStorage<std::uint64_t> storage;
    Team team;  // the Hash may keep a reference to it
    std::size_t nunits, myid, nlbuf;
    mutable Hash hash;  // DASH's hashes may have a non-const operator()
    Pred equal;
    // stores[u]: unit u's entries; stores[nunits]: this unit's inserts
    // waiting for barrier() to go to another unit (targets: their units).
    std::vector<Store> stores;
    std::vector<std::size_t> targets;
    mutable std::vector<StoreKeyIndex<Key, Pred>> indices;  // per store
  };

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
  using const_mapped_type_reference = GlobRef<const Mapped>;
  using reference = value_type;  // iterators read entries by value
  using const_reference = value_type;

  /// (unit, index in its store) of an entry: DASH's lpos().
  struct local_index {
    team_unit_t unit;
    index_type index;
  };

  class iterator;
  class local_iterator;
  class local_type;
  using const_iterator = iterator;
  using const_local_iterator = local_iterator;
  using local_pointer = local_iterator;
  using const_local_pointer = local_iterator;
  using local_reference = entry_type &;
  using const_local_reference = const entry_type &;

  /// An entry of the map: dereferencing reads it (one get unless it is
  /// reachable by load/store); value() references its mapped value.
  class iterator {
   public:
    using value_type = std::pair<const Key, Mapped>;
    using difference_type = std::ptrdiff_t;
    using iterator_category = std::forward_iterator_tag;
    using pointer = detail::MapEntryArrow<Key, Mapped>;
    using reference = value_type;

    iterator() = default;
    value_type operator*() const {
      entry_type e = read(core_, store_, index_);
      return value_type(e.first, e.second);
    }
    pointer operator->() const { return pointer{**this}; }
    GlobRef<Mapped> value() const { return mapped_ref(core_, store_, index_); }
    /// The unit whose memory holds the entry.
    std::size_t unit() const { return store_ < core_->nunits ? store_ : core_->myid; }
    bool is_local() const { return unit() == core_->myid; }
    local_index lpos() const {
      return {team_unit_t(static_cast<int>(unit())), static_cast<index_type>(index_)};
    }
    /// Position in the global order (as the calling unit knows it).
    index_type pos() const {
      std::size_t n = index_;
      for (std::size_t s = 0; s < store_ && s < core_->stores.size(); ++s) n += core_->stores[s].size;
      return static_cast<index_type>(n);
    }
    dart_gptr_t dart_gptr() const { return locate(core_, store_, index_).first; }
    iterator &operator++() {
      ++index_;
      settle();
      return *this;
    }
    iterator operator++(int) {
      iterator old = *this;
      ++*this;
      return old;
    }
    iterator &operator--() { return *this -= 1; }
    iterator operator--(int) {
      iterator old = *this;
      --*this;
      return old;
    }
    /// Moves by n positions of the global order (O(units)).
    iterator &operator+=(difference_type n) {
      seek(static_cast<std::size_t>(pos() + n));
      return *this;
    }
    iterator &operator-=(difference_type n) { return *this += -n; }
    iterator operator+(difference_type n) const {
      iterator it = *this;
      return it += n;
    }
    iterator operator-(difference_type n) const {
      iterator it = *this;
      return it -= n;
    }
    difference_type operator-(const iterator &other) const { return pos() - other.pos(); }
    friend bool operator==(const iterator &a, const iterator &b) {
      return a.core_ == b.core_ && a.store_ == b.store_ && a.index_ == b.index_;
    }
    friend bool operator!=(const iterator &a, const iterator &b) { return !(a == b); }
    friend bool operator<(const iterator &a, const iterator &b) { return a.pos() < b.pos(); }
    friend bool operator>(const iterator &a, const iterator &b) { return b < a; }
    friend bool operator<=(const iterator &a, const iterator &b) { return !(b < a); }
    friend bool operator>=(const iterator &a, const iterator &b) { return !(a < b); }
    friend std::ostream &operator<<(std::ostream &os, const iterator &it) {
      if (!it.core_ || it.store_ > it.core_->nunits) return os << "dash::UnorderedMap::iterator(end)";
      return os << "dash::UnorderedMap::iterator(unit " << it.unit() << ", index " << it.index_
                << (it.store_ == it.core_->nunits ? ", waiting" : "") << ")";
    }

   private:
    friend UnitStoreMap;
    iterator(const Core *core, std::size_t store, std::size_t index)
        : core_(core), store_(store), index_(index) {
      settle();
    }
    void seek(std::size_t position) {
      store_ = 0;
      index_ = position;
      settle();
    }
    // Skips exhausted stores; past the last one: end().
    void settle() {
      while (store_ <= core_->nunits && index_ >= core_->stores[store_].size) {
        index_ -= core_->stores[store_].size;
        ++store_;
      }
      if (store_ > core_->nunits) index_ = 0;
    }
    const Core *core_ = nullptr;
    std::size_t store_ = 0, index_ = 0;
  };

  /// The calling unit's entries in insertion order, in place (first,
  /// second).
  class local_iterator {
   public:
    using value_type = entry_type;
    using difference_type = std::ptrdiff_t;
    using pointer = value_type *;
    using reference = value_type &;
    using iterator_category = std::forward_iterator_tag;

    local_iterator() = default;
    reference operator*() const { return *locate(core_, core_->myid, index_).second; }
    pointer operator->() const { return locate(core_, core_->myid, index_).second; }
    local_iterator &operator++() {
      ++index_;
      return *this;
    }
    local_iterator operator++(int) {
      local_iterator old = *this;
      ++index_;
      return old;
    }
    local_iterator &operator--() {
      --index_;
      return *this;
    }
    local_iterator operator--(int) {
      local_iterator old = *this;
      --index_;
      return old;
    }
    local_iterator &operator+=(difference_type n) {
      index_ = static_cast<std::size_t>(static_cast<difference_type>(index_) + n);
      return *this;
    }
    local_iterator operator+(difference_type n) const {
      local_iterator it = *this;
      return it += n;
    }
    difference_type operator-(const local_iterator &other) const {
      return static_cast<difference_type>(index_) - static_cast<difference_type>(other.index_);
    }
    /// Index in the calling unit's store.
    index_type pos() const { return static_cast<index_type>(index_); }
    local_index lpos() const {
      return {team_unit_t(static_cast<int>(core_->myid)), static_cast<index_type>(index_)};
    }
    friend bool operator==(const local_iterator &a, const local_iterator &b) {
      return a.core_ == b.core_ && a.index_ == b.index_;
    }
    friend bool operator!=(const local_iterator &a, const local_iterator &b) { return !(a == b); }
    friend std::ostream &operator<<(std::ostream &os, const local_iterator &it) {
      return os << "dash::UnorderedMap::local_iterator(" << it.index_ << ")";
    }

   private:
    friend UnitStoreMap;
    local_iterator(const Core *core, std::size_t index) : core_(core), index_(index) {}
    const Core *core_ = nullptr;
    std::size_t index_ = 0;
  };

  /// The calling unit's part (map.local).
  class local_type {
   public:
    using iterator = local_iterator;
    using const_iterator = local_iterator;
    local_iterator begin() const { return local_iterator(map_->core_.get(), 0); }
    local_iterator end() const { return local_iterator(map_->core_.get(), map_->lsize()); }
    local_iterator cbegin() const { return begin(); }
    local_iterator cend() const { return end(); }
    size_type max_size() const { return map_->max_size(); }
    size_type bucket(const Key &key) const { return map_->bucket(key); }
    size_type bucket_size(size_type u) const { return map_->bucket_size(u); }
    size_type size() const { return map_->lsize(); }
    size_type lsize() const { return map_->lsize(); }
    size_type capacity() const { return map_->lcapacity(); }
    size_type lcapacity() const { return map_->lcapacity(); }
    bool empty() const { return size() == 0; }
    const Team &team() const { return map_->team(); }
    /// Inserts kv into the calling unit's entries unless its key is there.
    /// Throws dash::exception::RuntimeError if the Hash places the key on
    /// another unit (as DASH).
    std::pair<local_iterator, bool> insert(const value_type &kv) {
      Core *core = map_->core_.get();
      if (std::optional<std::size_t> i = map_->find_in(core->myid, kv.first))
        return {local_iterator(core, *i), false};
      const std::size_t unit = map_->unit_of(kv.first);
      if (unit != core->myid)
        throw dash::exception::RuntimeError(
            "dash::UnorderedMap::local::insert: the Hash places the key on unit " + std::to_string(unit) +
            ", not on the calling unit " + std::to_string(core->myid));
      return {local_iterator(core, append(core, core->myid, entry_type{kv.first, kv.second})), true};
    }
    template <typename InputIt>
    void insert(InputIt first, InputIt last) {
      for (; first != last; ++first) insert(*first);
    }
    /// The key's entry if the calling unit stores it, else end().
    local_iterator find(const Key &key) const {
      std::optional<std::size_t> i = map_->find_in(map_->core_->myid, key);
      return i ? local_iterator(map_->core_.get(), *i) : end();
    }
    size_type count(const Key &key) const { return find(key) == end() ? 0 : 1; }
    mapped_type_reference operator[](const Key &key) { return map_->operator[](key); }
    /// Reference to the value of a key the calling unit stores; throws
    /// std::out_of_range otherwise.
    mapped_type_reference at(const Key &key) const {
      local_iterator it = find(key);
      if (it == end()) throw std::out_of_range("dash::UnorderedMap::local::at: key not stored here");
      return mapped_ref(map_->core_.get(), map_->core_->myid, it.index_);
    }
    size_type erase(const Key &key) { return map_->erase(key); }
    hasher hash_function() const { return map_->hash_function(); }
    key_equal key_eq() const { return map_->key_eq(); }

   private:
    friend UnitStoreMap;
    explicit local_type(UnitStoreMap *map) : map_(map) {}
    UnitStoreMap *map_;
  };

  /// nelem: initial capacity of all units; nlbuf: the calling unit's
  /// chunk size (DASH's local buffer; may differ between units, > 0).
  /// Collective.
  explicit UnitStoreMap(size_type nelem = 0, const Team &team = Team::All())
      : UnitStoreMap(nelem, default_nlbuf(), team) {}
  UnitStoreMap(size_type nelem, size_type nlbuf, const Team &team = Team::All())
      : core_(make_core(nelem, nlbuf, team)), local(this) {}
  UnitStoreMap(UnitStoreMap &&other) noexcept : core_(std::move(other.core_)), local(this) {}
  UnitStoreMap &operator=(UnitStoreMap &&other) noexcept {
    core_ = std::move(other.core_);
    return *this;
  }
  UnitStoreMap(const UnitStoreMap &) = delete;
  UnitStoreMap &operator=(const UnitStoreMap &) = delete;

  /// Inserts kv unless its key is in the map (as far as the calling unit
  /// knows it). Throws std::out_of_range if the Hash names a unit outside
  /// the team, std::length_error if DART's pool has no room.
  std::pair<iterator, bool> insert(const value_type &kv) {
    Core *core = core_.get();
    const std::size_t unit = unit_of(kv.first);
    if (std::optional<iterator> found = find_placed(unit, kv.first)) return {*found, false};
    const std::size_t store = unit == core->myid ? unit : core->nunits;
    const std::size_t index = append(core, store, entry_type{kv.first, kv.second});
    if (store == core->nunits) core->targets.push_back(unit);
    return {iterator(core, store, index), true};
  }
  template <typename InputIt>
  void insert(InputIt first, InputIt last) {
    for (; first != last; ++first) insert(*first);
  }
  /// As insert(kv); the hint is not used.
  iterator insert(const_iterator, const value_type &kv) { return insert(kv).first; }

  /// The key's entry, or end().
  iterator find(const Key &key) const {
    std::optional<iterator> found = find_placed(unit_of(key), key);
    return found ? *found : end();
  }
  // count, contains, operator[] and at: MapLookup (map/internal/MapLookup.h).
  /// Not implemented (as in DASH): throws dash::exception::NotImplemented.
  size_type erase(const Key &) { not_implemented(); }
  iterator erase(const_iterator) { not_implemented(); }
  iterator erase(const_iterator, const_iterator) { not_implemented(); }

  /// Entries the calling unit knows: all units' as of the last barrier(),
  /// its own since, and its inserts waiting to go to other units.
  size_type size() const {
    size_type n = 0;
    for (const Store &s : core_->stores) n += s.size;
    return n;
  }
  bool empty() const { return size() == 0; }
  size_type max_size() const { return std::numeric_limits<size_type>::max() / sizeof(entry_type); }
  /// Entries stored on the calling unit.
  size_type lsize() const { return core_->stores[core_->myid].size; }
  /// Entries the calling unit's chunks hold.
  size_type lcapacity() const { return core_->stores[core_->myid].capacity; }
  size_type local_capacity() const { return lcapacity(); }
  /// All units' chunk capacities (as of the last barrier()).
  size_type capacity() const {
    size_type n = 0;
    for (std::size_t u = 0; u < core_->nunits; ++u) n += core_->stores[u].capacity;
    return n;
  }
  /// The unit the Hash places the key on (DASH's bucket()).
  size_type unit_of(const Key &key) const {
    const Core *core = core_.get();
    team_unit_t unit = core->hash(key);
    if (unit.id < 0 || static_cast<std::size_t>(unit.id) >= core->nunits)
      throw std::out_of_range("dash::UnorderedMap: Hash placed a key on unit " + std::to_string(unit.id) +
                              " of a team of " + std::to_string(core->nunits));
    return static_cast<size_type>(unit.id);
  }
  size_type bucket(const Key &key) const { return unit_of(key); }
  /// Entries of unit u as of the last barrier() (the calling unit's: now).
  size_type bucket_size(size_type u) const { return core_->stores.at(u).size; }

  iterator begin() const { return iterator(core_.get(), 0, 0); }
  iterator end() const { return iterator(core_.get(), core_->nunits + 1, 0); }
  iterator cbegin() const { return begin(); }
  iterator cend() const { return end(); }
  local_iterator lbegin() const { return local.begin(); }
  local_iterator lend() const { return local.end(); }
  local_iterator clbegin() const { return local.begin(); }
  local_iterator clend() const { return local.end(); }

 private:
  std::unique_ptr<Core> core_;  // on the heap: iterators survive moves

 public:
  local_type local;

  const Team &team() const { return core_->team; }
  hasher hash_function() const { return core_->hash; }
  key_equal key_eq() const { return core_->equal; }

  /// DASH's commit, collective: stores the waiting inserts on their units
  /// (one get per unit pair with entries, packed), then every unit learns
  /// every unit's entries: two allgathers and, when a unit grew, one
  /// allgatherv, whatever the number of entries. Afterwards size() and
  /// iteration cover the whole map.
  void barrier() { commit(core_.get()); }

 private:
  [[noreturn]] static void not_implemented() {
    throw dash::exception::NotImplemented(
        "dash::UnorderedMap::erase: not implemented for a unit-valued Hash");
  }
  static std::size_t default_nlbuf() { return std::max<std::size_t>(1, 4096 / sizeof(value_type)); }
  // Collective: every unit allocates its first chunk and learns the
  // others' capacities; if one unit fails (nlbuf 0, no pool memory), all
  // throw.
  static std::unique_ptr<Core> make_core(size_type nelem, size_type nlbuf, const Team &team) {
    constexpr std::uint64_t kFailed = ~std::uint64_t(0);
    auto core = std::make_unique<Core>(std::max<size_type>(nlbuf, 1), team);
    const std::size_t n = core->nunits;
    std::uint64_t mine = kFailed;
    std::exception_ptr error;
    try {
      if (nlbuf == 0) throw dash::exception::InvalidArgument("dash::UnorderedMap: nlbuf must be > 0");
      const std::size_t lcap = (std::max(nelem, n * nlbuf) + n - 1) / n;
      grow(core.get(), core->myid, lcap);
      mine = lcap;
    } catch (...) {
      error = std::current_exception();
    }
    std::vector<std::uint64_t> caps(n);
    check(dart_allgather(&mine, caps.data(), 1, DART_TYPE_UINT64, core->team.dart_id()), "dart_allgather");
    if (error) std::rethrow_exception(error);
    for (std::size_t u = 0; u < n; ++u) {
      if (caps[u] == kFailed)
        throw std::length_error("dash::UnorderedMap: unit " + std::to_string(u) +
                                " could not allocate its part (nlbuf 0 or no DART_LOCAL_POOL memory)");
      if (u != core->myid) core->stores[u].capacity = caps[u];
    }
    return core;
  }

  // Adds a chunk of n entries to the calling unit's store (or its waiting
  // inserts).
  static void grow(Core *core, std::size_t store, std::size_t n) {
    const auto block = core->storage.allocate(n * sizeof(entry_type));
    Store &s = core->stores[store];
    s.chunks.push_back(Chunk{block.gptr, s.capacity, n, static_cast<entry_type *>(block.addr)});
    s.capacity += n;
  }
  // Appends e to a store of the calling unit; returns its index.
  static std::size_t append(Core *core, std::size_t store, const entry_type &e) {
    Store &s = core->stores[store];
    if (s.size == s.capacity) grow(core, store, core->nlbuf);
    const Chunk &c = s.chunks.back();
    direct_store(c.direct + (s.size - c.first), e);
    core->indices[store].add(e.first, s.size);
    return s.size++;
  }
  // Global pointer and (if reachable) address of entry i of a store.
  static std::pair<dart_gptr_t, entry_type *> locate(const Core *core, std::size_t store, std::size_t i) {
    const std::vector<Chunk> &chunks = core->stores[store].chunks;
    auto c = std::upper_bound(chunks.begin(), chunks.end(), i,
                              [](std::size_t index, const Chunk &chunk) { return index < chunk.first; });
    --c;
    dart_gptr_t g = c->gptr;
    g.offset += (i - c->first) * sizeof(entry_type);
    return {g, c->direct ? c->direct + (i - c->first) : nullptr};
  }
  static entry_type read(const Core *core, std::size_t store, std::size_t i) {
    auto [g, direct] = locate(core, store, i);
    if (direct) return direct_load(direct);
    entry_type e;
    check(dart_get_blocking(&e, g, sizeof e, DART_TYPE_BYTE, DART_TYPE_BYTE), "dart_get_blocking");
    return e;
  }
  // Entries [first, last) of a store, one get per chunk.
  static std::vector<entry_type> read_range(const Core *core, std::size_t store, std::size_t first,
                                            std::size_t last) {
    std::vector<entry_type> out(last - first);
    for (const Chunk &c : core->stores[store].chunks) {
      const std::size_t lo = std::max(first, c.first), hi = std::min(last, c.first + c.capacity);
      if (lo >= hi) continue;
      if (c.direct) {
        std::atomic_thread_fence(std::memory_order_acquire);
        std::memcpy(static_cast<void *>(&out[lo - first]), c.direct + (lo - c.first),
                    (hi - lo) * sizeof(entry_type));
      } else {
        dart_gptr_t g = c.gptr;
        g.offset += (lo - c.first) * sizeof(entry_type);
        check(dart_get_blocking(&out[lo - first], g, (hi - lo) * sizeof(entry_type), DART_TYPE_BYTE,
                                DART_TYPE_BYTE),
              "dart_get_blocking");
      }
    }
    return out;
  }
  static GlobRef<Mapped> mapped_ref(const Core *core, std::size_t store, std::size_t i) {
    auto [g, direct] = locate(core, store, i);
    g.offset += offsetof(entry_type, second);
    return GlobRef<Mapped>(g, direct ? &direct->second : nullptr);
  }

  // The key's index in a store: the calling unit's stores are indexed as
  // they grow; another unit's committed keys are fetched on first use.
  std::optional<std::size_t> find_in(std::size_t store, const Key &key) const {
    const Core *core = core_.get();
    StoreKeyIndex<Key, Pred> &index = core->indices[store];
    const std::size_t known = core->stores[store].size;
    if (index.indexed() < known) {
      std::vector<entry_type> fetched = read_range(core, store, index.indexed(), known);
      for (const entry_type &e : fetched) index.add(e.first, index.indexed());
    }
    return index.find(key, core->equal);
  }
  // The key's entry on its unit (or, with HashLocal, any unit), or among
  // the calling unit's waiting inserts.
  std::optional<iterator> find_placed(std::size_t unit, const Key &key) const {
    const Core *core = core_.get();
    // After dash::finalize the entries are gone (insert, find, ...).
    check_alive(core->storage.epoch(), "dash::UnorderedMap");
    auto found_in = [&](std::size_t store) -> std::optional<iterator> {
      if (std::optional<std::size_t> i = find_in(store, key)) return iterator(core, store, *i);
      return std::nullopt;
    };
    if (std::optional<iterator> it = found_in(unit)) return it;
    if (unit != core->myid)
      if (std::optional<iterator> it = found_in(core->nunits)) return it;
    if constexpr (kAnywhere) {
      for (std::size_t u = 0; u < core->nunits; ++u)
        if (u != unit)
          if (std::optional<iterator> it = found_in(u)) return it;
    }
    return std::nullopt;
  }

  // barrier(): three collectives at most, whatever the number of entries.
  // 1. Every unit packs its waiting inserts by target unit into one buffer
  //    and shares its address and the target offsets (one allgather).
  // 2. Every unit fetches its part from each unit (one get per unit, all
  //    in flight at once) and stores the keys it does not have yet; then
  //    every unit shares its size, capacity, new chunk count and whether it
  //    failed (one allgather; also the point after which nobody reads the
  //    buffers).
  // 3. The new chunk addresses (one allgatherv, only if there are any).
  // A unit without pool memory for its buffer, or for what it receives,
  // makes every unit throw; the senders keep their waiting inserts, so the
  // next barrier() delivers them again (keys already stored are skipped).
  static void commit(Core *core) {
    const std::size_t n = core->nunits, me = core->myid;
    const dart_team_t team = core->team.dart_id();
    Store &waiting = core->stores[n];
    // Per unit: the buffer, then n + 1 target offsets (in entries).
    const std::size_t words = 2 + (n + 1);
    std::vector<std::uint64_t> out(words, 0), all(words * n);
    std::uint64_t *offsets = out.data() + 2;
    for (std::size_t t : core->targets) ++offsets[t + 1];
    for (std::size_t u = 0; u < n; ++u) offsets[u + 1] += offsets[u];
    dart_gptr_t box = DART_GPTR_NULL;
    if (waiting.size > 0) {
      std::vector<entry_type> entries = read_range(core, n, 0, waiting.size);
      const std::size_t bytes = entries.size() * sizeof(entry_type);
      // Without a buffer (no pool memory or another DART error) every unit
      // throws below, together.
      std::optional<typename UnitStorage<std::uint64_t>::Block> block;
      try {
        block = core->storage.try_allocate(bytes);
      } catch (const std::exception &) {
      }
      if (block) {
        box = block->gptr;
        entry_type *packed = static_cast<entry_type *>(block->addr);
        std::vector<std::uint64_t> next(offsets, offsets + n);
        for (std::size_t i = 0; i < entries.size(); ++i) packed[next[core->targets[i]]++] = entries[i];
      }
    }
    static_assert(sizeof(dart_gptr_t) == 2 * sizeof(std::uint64_t), "a global pointer is two words");
    std::memcpy(out.data(), &box, sizeof box);
    check(dart_allgather(out.data(), all.data(), words, DART_TYPE_UINT64, team), "dart_allgather");
    auto box_of = [&all, words](std::size_t u) {
      dart_gptr_t g;
      std::memcpy(&g, &all[u * words], sizeof g);
      return g;
    };
    auto offset_of = [&all, words](std::size_t src, std::size_t target) {
      return all[src * words + 2 + target];
    };
    for (std::size_t u = 0; u < n; ++u) {
      if (offset_of(u, n) > 0 && gptr_equal(box_of(u), DART_GPTR_NULL)) {
        if (!gptr_equal(box, DART_GPTR_NULL)) core->storage.free(box);
        throw std::length_error("dash::UnorderedMap::barrier: unit " + std::to_string(u) +
                                " has no pool memory (DART_LOCAL_POOL) to send its remote inserts; they wait "
                                "for the next barrier()");
      }
    }
    std::uint64_t failed = 0;
    std::exception_ptr error;
    try {
      std::vector<std::vector<entry_type>> incoming(n);
      for (std::size_t src = 0; src < n; ++src) {
        const std::uint64_t lo = offset_of(src, me), hi = offset_of(src, me + 1);
        if (lo == hi) continue;
        incoming[src].resize(hi - lo);
        dart_gptr_t g = box_of(src);
        g.offset += lo * sizeof(entry_type);
        check(
            dart_get(incoming[src].data(), g, (hi - lo) * sizeof(entry_type), DART_TYPE_BYTE, DART_TYPE_BYTE),
            "dart_get");
      }
      for (std::size_t src = 0; src < n; ++src) {  // in unit order: the lowest unit's insert wins
        if (incoming[src].empty()) continue;
        check(dart_flush_local(box_of(src)), "dart_flush_local");
        for (const entry_type &e : incoming[src])
          if (!core->indices[me].find(e.first, core->equal)) append(core, me, e);
      }
    } catch (...) {
      error = std::current_exception();
      failed = 1;
    }
    const bool shared = share_stores(core, failed);
    if (!gptr_equal(box, DART_GPTR_NULL)) core->storage.free(box);
    if (!shared) {
      if (error) std::rethrow_exception(error);
      throw std::length_error(
          "dash::UnorderedMap::barrier: a unit could not store the inserts made for it (DART_LOCAL_POOL); "
          "they wait for the next barrier()");
    }
    for (const Chunk &c : waiting.chunks) core->storage.free(c.gptr);
    waiting = Store{};
    core->targets.clear();
    core->indices[n].clear();
  }

  // commit(), part 2: every unit shares its size, capacity, the number of
  // chunks the others do not know yet and whether it failed; unless one
  // failed (then false, nothing changes), the new chunks' addresses.
  static bool share_stores(Core *core, std::uint64_t failed) {
    const std::size_t n = core->nunits, me = core->myid;
    Store &mine = core->stores[me];
    struct Summary {
      std::uint64_t size, capacity, new_chunks, failed;
    };
    struct ChunkInfo {
      dart_gptr_t gptr;
      std::uint64_t capacity;
    };
    Summary summary{mine.size, mine.capacity, mine.chunks.size() - mine.published, failed};
    std::vector<Summary> all(n);
    check(dart_allgather(&summary, all.data(), sizeof summary, DART_TYPE_BYTE, core->team.dart_id()),
          "dart_allgather");
    for (const Summary &s : all)
      if (s.failed) return false;
    std::vector<ChunkInfo> sent;
    for (std::size_t k = mine.published; k < mine.chunks.size(); ++k)
      sent.push_back({mine.chunks[k].gptr, mine.chunks[k].capacity});
    mine.published = mine.chunks.size();
    std::vector<std::size_t> counts(n), displs(n);
    std::size_t total = 0;
    for (std::size_t u = 0; u < n; ++u) {
      counts[u] = all[u].new_chunks * sizeof(ChunkInfo);
      displs[u] = total;
      total += counts[u];
    }
    if (total > 0) {
      std::vector<ChunkInfo> received(total / sizeof(ChunkInfo));
      check(dart_allgatherv(sent.data(), sent.size() * sizeof(ChunkInfo), DART_TYPE_BYTE, received.data(),
                            counts.data(), displs.data(), core->team.dart_id()),
            "dart_allgatherv");
      for (std::size_t u = 0; u < n; ++u) {
        if (u == me) continue;
        Store &s = core->stores[u];
        std::size_t first = 0;
        for (const Chunk &c : s.chunks) first += c.capacity;
        for (std::size_t k = 0; k < all[u].new_chunks; ++k) {
          const ChunkInfo &info = received[displs[u] / sizeof(ChunkInfo) + k];
          s.chunks.push_back(Chunk{info.gptr, first, info.capacity, direct_address<entry_type>(info.gptr)});
          first += info.capacity;
        }
      }
    }
    for (std::size_t u = 0; u < n; ++u) {
      if (u == me) continue;
      core->stores[u].size = all[u].size;
      core->stores[u].capacity = all[u].capacity;
    }
    return true;
  }
};

}  // namespace detail
}  // namespace dash

#endif  // DASH_MAP_UNITSTOREMAP_H
