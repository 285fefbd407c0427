#ifndef DASH_UNORDEREDMAP_H
#define DASH_UNORDEREDMAP_H

// UnorderedMap<Key, Mapped, Hash, Pred>: a distributed hash table that every
// unit of a team can insert into, search and erase from at the same time,
// one-sided (no unit has to take part in another's operation).
//
//   dash::UnorderedMap<std::uint64_t, long> counts(100000);  // collective
//   counts[kmer] += 1;                     // atomic insert-or-increment
//   auto [it, inserted] = counts.insert({key, 7});
//   auto it = counts.find(key);            // counts.end() if absent
//   counts.erase(key);
//   counts.barrier();
//   for (auto &kv : counts.local) ...      // kv.first, kv.second: plain memory
//
// Placement: Hash (std::hash<Key> by default, any std::hash-style function
// object) decides a key's unit and its home slot there, so every unit finds
// every key. Each unit owns a fixed table of slots in DART global memory
// (one collective allocation at construction): local_capacity() slots per
// unit, the next power of two >= max(2 * nelem / units, 64), i.e. a load
// factor of at most 1/2 when the keys spread evenly. An insert into a unit
// whose table is full throws std::length_error (the table does not grow).
//
// Concurrency (open addressing with linear probing; a slot is a state word,
// the key and the value): an insert claims an empty slot by
// compare-and-swap on its state (EMPTY -> BUSY), writes key and value and
// publishes them (-> FULL); a search that meets a BUSY slot waits for it,
// so two units inserting the same key end with one entry and exactly one
// of them sees inserted == true. Erase marks the slot a tombstone by
// compare-and-swap (FULL -> ERASED) and keeps the key, so searches running
// at the same time stay correct; inserting that key again revives the
// same slot. Tombstones of other keys are not reused (an insert/erase
// workload over ever new keys fills the table). Values are written once by
// the inserter; later updates through operator[] / iterator::value() are
// GlobRefs: += and the other compound assignments are atomic
// (dart_accumulate), = and reads are plain one-sided accesses.
// Every operation is complete (visible to all units) on return.
//
// Key and Mapped must be trivially copyable (they live in DART memory).
// Construction and destruction are collective; move-only.
//
// Differences from DASH's UnorderedMap: DASH inserts locally (its default
// HashLocal puts a key on the inserting unit) and makes remote inserts
// visible only at a collective commit (barrier); here every operation is
// immediately global and Hash is a hash of the key, not a unit.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <dart/communication.h>
#include <dash/detail/dart_type.h>
#include <dash/detail/direct_access.h>
#include <dash/detail/global_memory.h>
#include <dash/Exception.h>
#include <dash/GlobRef.h>
#include <dash/Team.h>

namespace dash {

namespace detail {

/// One key-value pair as stored: first and second as in std::pair, but
/// trivially copyable.
template <typename Key, typename Mapped>
struct MapEntry {
  Key first;
  Mapped second;
};

/// A slot of the table: the state word, then the entry.
template <typename Key, typename Mapped>
struct MapSlot {
  std::uint64_t state;
  MapEntry<Key, Mapped> entry;
};

enum MapSlotState : std::uint64_t { kSlotEmpty = 0, kSlotBusy = 1, kSlotFull = 2, kSlotErased = 3 };

/// Walks the calling unit's full slots; dereferences to the entry in place.
template <typename Key, typename Mapped>
class MapLocalIterator {
 public:
  using value_type = MapEntry<Key, Mapped>;
  using difference_type = std::ptrdiff_t;
  using pointer = value_type *;
  using reference = value_type &;
  using iterator_category = std::forward_iterator_tag;

  MapLocalIterator() = default;
  MapLocalIterator(MapSlot<Key, Mapped> *pos, MapSlot<Key, Mapped> *end) : pos_(pos), end_(end) { settle(); }
  reference operator*() const { return pos_->entry; }
  pointer operator->() const { return &pos_->entry; }
  MapLocalIterator &operator++() {
    ++pos_;
    settle();
    return *this;
  }
  MapLocalIterator operator++(int) {
    MapLocalIterator old = *this;
    ++*this;
    return old;
  }
  friend bool operator==(const MapLocalIterator &a, const MapLocalIterator &b) { return a.pos_ == b.pos_; }
  friend bool operator!=(const MapLocalIterator &a, const MapLocalIterator &b) { return a.pos_ != b.pos_; }

 private:
  void settle() {
    while (pos_ != end_ && direct_load(&pos_->state) != kSlotFull) ++pos_;
  }
  MapSlot<Key, Mapped> *pos_ = nullptr, *end_ = nullptr;
};

}  // namespace detail

template <typename Key, typename Mapped, typename Hash = std::hash<Key>, typename Pred = std::equal_to<Key>>
class UnorderedMap {
  static_assert(std::is_trivially_copyable_v<Key> && std::is_trivially_copyable_v<Mapped>,
                "dash::UnorderedMap: Key and Mapped must be trivially copyable");
  using slot_type = detail::MapSlot<Key, Mapped>;
  static constexpr dart_datatype_t kStateType = detail::dart_type<std::uint64_t>();
  using entry_type = detail::MapEntry<Key, Mapped>;

  struct Core {
    Core(std::size_t cap, const Team &team)
        : slots(team, cap + 1, "dash::UnorderedMap"),
          capacity(cap),
          nunits(team.size()),
          myid(static_cast<std::size_t>(team.myid().id)) {}
    // Per unit: capacity slots, then a header slot whose state word counts
    // the unit's entries (in the same segment, so one flush completes both).
    detail::GlobalMemory<slot_type> slots;
    std::size_t capacity, nunits, myid;
    Hash hash;
    Pred equal;
  };
  std::unique_ptr<Core> core_;  // on the heap: iterators survive moves

 public:
  using key_type = Key;
  using mapped_type = Mapped;
  using value_type = std::pair<const Key, Mapped>;
  using size_type = std::size_t;
  using hasher = Hash;
  using key_equal = Pred;
  using mapped_type_reference = GlobRef<Mapped>;
  using local_iterator = detail::MapLocalIterator<Key, Mapped>;

  /// A position in the map: (unit, slot). Dereferencing reads the entry
  /// (one get); value() is a reference to the mapped value.
  class iterator {
   public:
    using value_type = std::pair<const Key, Mapped>;
    using difference_type = std::ptrdiff_t;
    using iterator_category = std::forward_iterator_tag;
    struct Arrow {
      value_type kv;
      const value_type *operator->() const { return &kv; }
    };
    using pointer = Arrow;
    using reference = value_type;

    iterator() = default;
    iterator(const Core *core, std::size_t unit, std::size_t slot) : core_(core), unit_(unit), slot_(slot) {}

    /// The entry as it is now (key and value, one get).
    value_type operator*() const {
      entry_type e = read_entry(core_, unit_, slot_);
      return value_type(e.first, e.second);
    }
    Arrow operator->() const { return Arrow{**this}; }
    /// Reference to the mapped value (atomic compound assignments).
    GlobRef<Mapped> value() const { return mapped_ref(core_, unit_, slot_); }
    /// The unit (team-relative) that stores the entry.
    std::size_t unit() const { return unit_; }
    bool is_local() const { return unit_ == core_->myid; }

    /// The next entry of the map (units in order, then slots): reads slot
    /// states one by one, so walk the local parts where you can.
    iterator &operator++() {
      ++slot_;
      settle();
      return *this;
    }
    iterator operator++(int) {
      iterator old = *this;
      ++*this;
      return old;
    }
    friend bool operator==(const iterator &a, const iterator &b) {
      return a.core_ == b.core_ && a.unit_ == b.unit_ && a.slot_ == b.slot_;
    }
    friend bool operator!=(const iterator &a, const iterator &b) { return !(a == b); }

    /// Moves to the first full slot at or after the current position.
    void settle() {
      while (unit_ < core_->nunits) {
        if (slot_ >= core_->capacity) {
          ++unit_;
          slot_ = 0;
          continue;
        }
        if (load_state(core_, unit_, slot_) == detail::kSlotFull) return;
        ++slot_;
      }
      slot_ = 0;
    }

   private:
    const Core *core_ = nullptr;
    std::size_t unit_ = 0, slot_ = 0;
  };

  /// The calling unit's entries: plain memory (map.local.begin() ...).
  class Local {
   public:
    Local() = default;
    explicit Local(const Core *core) : core_(core) {}
    local_iterator begin() const { return local_iterator(slots(), slots() + capacity()); }
    local_iterator end() const { return local_iterator(slots() + capacity(), slots() + capacity()); }
    /// Entries stored on the calling unit.
    size_type size() const { return static_cast<size_type>(load_count(core_, core_->myid)); }

   private:
    slot_type *slots() const { return core_ ? core_->slots.local() : nullptr; }
    std::size_t capacity() const { return core_ ? core_->capacity : 0; }
    const Core *core_ = nullptr;
  };

  /// Room for about `nelem` entries in all (see the class comment); on
  /// Team::All() by default. Collective.
  explicit UnorderedMap(size_type nelem = 0, const Team &team = Team::All())
      : core_(std::make_unique<Core>(capacity_for(nelem, team.size()), team)), local(core_.get()) {
    slot_type *mine = core_->slots.local();
    std::fill(mine, mine + core_->capacity + 1, slot_type{});  // all EMPTY, no entries
    team.barrier();
  }
  UnorderedMap(UnorderedMap &&other) noexcept = default;
  UnorderedMap &operator=(UnorderedMap &&other) noexcept = default;
  UnorderedMap(const UnorderedMap &) = delete;
  UnorderedMap &operator=(const UnorderedMap &) = delete;

  // ---- lookup and modification (one-sided, concurrent) ----

  /// Inserts kv unless its key is present. Returns the position of the
  /// key's entry and whether this call inserted it.
  std::pair<iterator, bool> insert(const value_type &kv) {
    Probe p = probe(kv.first, true);
    if (p.found) return {iterator(core_.get(), p.unit, p.slot), false};
    // The slot is ours (BUSY): write the entry and count it, complete both
    // (one flush), then publish the entry.
    entry_type e{kv.first, kv.second};
    dart_gptr_t g = slot_gptr(core_.get(), p.unit, p.slot);
    dart_gptr_t ge = g;
    ge.offset += offsetof(slot_type, entry);
    detail::check(dart_put(ge, &e, sizeof e, DART_TYPE_BYTE, DART_TYPE_BYTE), "dart_put");
    count(p.unit, 1);
    detail::check(dart_flush(g), "dart_flush");
    std::uint64_t full = detail::kSlotFull, old;
    detail::check(dart_fetch_and_op(g, &full, &old, kStateType, DART_OP_REPLACE), "dart_fetch_and_op");
    return {iterator(core_.get(), p.unit, p.slot), true};
  }

  /// The key's entry, or end().
  iterator find(const Key &key) const {
    Probe p = probe(key, false);
    return p.found ? iterator(core_.get(), p.unit, p.slot) : end();
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
    std::uint64_t erased = detail::kSlotErased, full = detail::kSlotFull, old;
    detail::check(
        dart_compare_and_swap(slot_gptr(core_.get(), p.unit, p.slot), &erased, &full, &old, kStateType),
        "dart_compare_and_swap");
    if (old != detail::kSlotFull) return 0;
    count(p.unit, -1);
    detail::check(dart_flush(slot_gptr(core_.get(), p.unit, p.slot)), "dart_flush");
    return 1;
  }

  // ---- size and iteration ----

  /// Entries in the map (sum of the units' counts, one atomic read each).
  size_type size() const {
    std::int64_t n = 0;
    for (std::size_t u = 0; u < core_->nunits; ++u) n += load_count(core_.get(), u);
    return static_cast<size_type>(n);
  }
  bool empty() const { return size() == 0; }
  /// Entries stored on the calling unit (DASH's lsize).
  size_type lsize() const { return local.size(); }
  /// Slots per unit; capacity() over all units.
  size_type local_capacity() const { return core_->capacity; }
  size_type lcapacity() const { return local_capacity(); }
  size_type capacity() const { return core_->capacity * core_->nunits; }
  /// The unit (team-relative) that stores `key`.
  size_type unit_of(const Key &key) const { return home(key).first; }

  /// Every entry, unit by unit (reads slot states remotely: see iterator).
  iterator begin() const {
    iterator it(core_.get(), 0, 0);
    it.settle();
    return it;
  }
  iterator end() const { return iterator(core_.get(), core_->nunits, 0); }
  local_iterator lbegin() const { return local.begin(); }
  local_iterator lend() const { return local.end(); }

  /// The calling unit's entries as plain memory.
  Local local;

  const Team &team() const { return core_->slots.team(); }
  void barrier() const { team().barrier(); }
  hasher hash_function() const { return core_->hash; }
  key_equal key_eq() const { return core_->equal; }

 private:
  struct Probe {
    bool found;
    std::size_t unit, slot;
  };

  static std::size_t capacity_for(size_type nelem, std::size_t nunits) {
    std::size_t want =
        std::max<std::size_t>(64, 2 * ((nelem + nunits - 1) / std::max<std::size_t>(nunits, 1)));
    std::size_t cap = 1;
    while (cap < want) cap <<= 1;
    return cap;
  }

  // The key's unit and home slot from one 64-bit mix of its hash: the high
  // half picks the unit (multiply-shift), the low bits the slot.
  std::pair<std::size_t, std::size_t> home(const Key &key) const {
    std::uint64_t z = static_cast<std::uint64_t>(core_->hash(key)) + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    std::size_t unit = static_cast<std::size_t>(((z >> 32) * core_->nunits) >> 32);
    return {unit, static_cast<std::size_t>(z) & (core_->capacity - 1)};
  }

  static dart_gptr_t slot_gptr(const Core *core, std::size_t unit, std::size_t slot) {
    return core->slots.gptr(unit, slot);
  }
  static std::uint64_t load_state(const Core *core, std::size_t unit, std::size_t slot) {
    std::uint64_t none = 0, state;
    detail::check(dart_fetch_and_op(slot_gptr(core, unit, slot), &none, &state, kStateType, DART_OP_NO_OP),
                  "dart_fetch_and_op");
    return state;
  }
  // The entry count of `unit` (its header's state word, as std::int64_t
  // for every access: MPI atomics on one location need one type).
  static std::int64_t load_count(const Core *core, std::size_t unit) {
    std::int64_t none = 0, n;
    detail::check(dart_fetch_and_op(slot_gptr(core, unit, core->capacity), &none, &n,
                                    detail::dart_type<std::int64_t>(), DART_OP_NO_OP),
                  "dart_fetch_and_op");
    return n;
  }
  // Adds delta to unit's entry count (complete at the next flush).
  void count(std::size_t unit, std::int64_t delta) {
    detail::check(dart_accumulate(slot_gptr(core_.get(), unit, core_->capacity), &delta, 1,
                                  detail::dart_type<std::int64_t>(), DART_OP_SUM),
                  "dart_accumulate");
  }
  static entry_type read_entry(const Core *core, std::size_t unit, std::size_t slot) {
    entry_type e;
    dart_gptr_t g = slot_gptr(core, unit, slot);
    g.offset += offsetof(slot_type, entry);
    detail::check(dart_get_blocking(&e, g, sizeof e, DART_TYPE_BYTE, DART_TYPE_BYTE), "dart_get_blocking");
    return e;
  }
  static Key read_key(const Core *core, std::size_t unit, std::size_t slot) {
    return read_entry(core, unit, slot).first;
  }
  static GlobRef<Mapped> mapped_ref(const Core *core, std::size_t unit, std::size_t slot) {
    dart_gptr_t g = slot_gptr(core, unit, slot);
    g.offset += offsetof(slot_type, entry) + offsetof(entry_type, second);
    slot_type *direct = core->slots.direct(unit);
    return GlobRef<Mapped>(g, direct ? &direct[slot].entry.second : nullptr);
  }

  // Walks the key's probe sequence. found: the key's FULL slot. Otherwise,
  // if claim, the slot this call claimed for the key (now BUSY: an EMPTY
  // slot, or the key's own tombstone); if not claim, found == false means
  // absent. Throws std::length_error when claim finds no slot.
  Probe probe(const Key &key, bool claim) const {
    const Core *core = core_.get();
    auto [unit, start] = home(key);
    for (std::size_t i = 0; i < core->capacity; ++i) {
      std::size_t slot = (start + i) & (core->capacity - 1);
      dart_gptr_t g = slot_gptr(core, unit, slot);
      std::uint64_t state;
      if (claim) {  // try to claim at once: most inserts meet an empty slot
        std::uint64_t busy = detail::kSlotBusy, expected = detail::kSlotEmpty;
        detail::check(dart_compare_and_swap(g, &busy, &expected, &state, kStateType),
                      "dart_compare_and_swap");
        if (state == detail::kSlotEmpty) return {false, unit, slot};  // claimed
      } else {
        state = load_state(core, unit, slot);
      }
      for (;;) {
        if (state == detail::kSlotEmpty) {
          if (!claim) return {false, unit, slot};
          std::uint64_t busy = detail::kSlotBusy, expected = detail::kSlotEmpty;
          detail::check(dart_compare_and_swap(g, &busy, &expected, &state, kStateType),
                        "dart_compare_and_swap");
          if (state == detail::kSlotEmpty) return {false, unit, slot};  // claimed
          continue;  // lost the race: look again at what is there now
        }
        if (state == detail::kSlotBusy) {  // an insert is writing it: wait
          state = load_state(core, unit, slot);
          continue;
        }
        // FULL or ERASED: the key is written and never changes.
        if (!core->equal(read_key(core, unit, slot), key)) break;  // next slot
        if (state == detail::kSlotFull) return {true, unit, slot};
        // The key's own tombstone: the key lives nowhere else.
        if (!claim) return {false, unit, slot};
        std::uint64_t busy = detail::kSlotBusy, expected = detail::kSlotErased;
        detail::check(dart_compare_and_swap(g, &busy, &expected, &state, kStateType),
                      "dart_compare_and_swap");
        if (state == detail::kSlotErased) return {false, unit, slot};  // revived
      }
    }
    if (!claim) return {false, unit, 0};
    throw std::length_error("dash::UnorderedMap: the table of unit " + std::to_string(unit) + " is full (" +
                            std::to_string(core->capacity) + " slots; pass a larger nelem)");
  }
};

}  // namespace dash

#endif  // DASH_UNORDEREDMAP_H
