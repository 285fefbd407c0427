#ifndef DASH_INTERNAL_READ_AHEAD_H
#define DASH_INTERNAL_READ_AHEAD_H

// Read-ahead for element reads through GlobRef of memory the calling unit
// cannot reach by load/store (another node): an STL algorithm walking a
// remote range (std::accumulate, std::find, std::min_element over
// a.begin()..a.end()) reads one element per dereference; each would be
// one round trip. Here the second read in a row at consecutive addresses
// fetches a block ahead (4 KiB, doubling to 256 KiB, never past the
// owner's part of the segment), and the reads that continue the walk are
// served from it; one other element read from the block or alone
// (min_element's running minimum) is kept as a remembered value.
//
// Only inside a dash::ReadAheadScope of the thread (or everywhere with
// DASH_READ_AHEAD=1): a block read serves later element reads from one
// earlier transfer, and no rule the library can check makes that safe
// for every program (docs/dash.md, "Reads ahead"): the library does not
// see a signal the program reads by load, and one bulk get does not
// order its bytes as separate gets do.
//
// What is kept is dropped (the next read is a fresh get):
// - at any write, atomic operation, flush or barrier through the library
//   by any thread of the unit (read_ahead_invalidate: a global count);
// - at any other element access of this thread through the library: a
//   read not served here (a single get, a read of a local element, an
//   atomic load, a dash::copy from global memory), a local write
//   (read_ahead_other_access), and a read of the element just read (a
//   polling loop reads afresh);
// - at the end of the outermost scope;
// - after two reads per element of a block, 65,536 of the kept value
//   (so that a loop polling two elements by turns moves on).
// So a flag-then-data hand-off whose flag is read through the library
// sees the data even inside a scope.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include <dart/communication.h>
#include <dart/globmem.h>
#include <dart/types.h>
#include <dash/internal/Settings.h>

namespace dash::detail {

/// Counts the events that end every read-ahead (see above).
inline std::atomic<std::uint64_t> &read_ahead_generation() {
  static std::atomic<std::uint64_t> generation{0};
  return generation;
}

/// Ends every read-ahead of every thread of this unit: call after a
/// write to another node's memory and at every synchronisation.
inline void read_ahead_invalidate() { read_ahead_generation().fetch_add(1, std::memory_order_acq_rel); }

/// Open dash::ReadAheadScope objects of this thread.
inline thread_local int read_ahead_scopes = 0;
/// Whether this thread's read-ahead holds a block or a kept value.
inline thread_local bool read_ahead_holds = false;

/// Transfers of this thread's read-ahead (tests check that blocks moved).
struct ReadAheadCounts {
  std::uint64_t element_gets = 0;  ///< single-element gets
  std::uint64_t block_gets = 0;    ///< block transfers
  std::uint64_t served = 0;        ///< reads served from a block or the kept value
};

class ReadAhead;
/// This thread's read-ahead once made: a plain pointer, so that the element
/// path reads it without a thread_local object's initialisation check.
inline thread_local ReadAhead *read_ahead_state = nullptr;

class ReadAhead {
 public:
  ReadAhead() = default;
  ReadAhead(const ReadAhead &) = delete;
  ReadAhead &operator=(const ReadAhead &) = delete;
  ~ReadAhead() {
    if (read_ahead_state == this) read_ahead_state = nullptr;
  }

  static constexpr std::size_t kMaxElement = 256;  // larger elements are read one by one

  /// Serves n bytes at g into out: from the block or the kept value if
  /// they hold them, else by a get (a block for a read that continues a
  /// walk). Returns false if the caller must read itself (a get failed).
  [[gnu::always_inline]] bool read(dart_gptr_t g, void *out, std::size_t n) {
    // The walk's next element, in the block, nothing ended it since: most
    // reads of a walk, here in a few compares (a block is the walk's, at
    // or before its position).
    if (block_hits_ > 0 && g.offset == walk_.offset && g.offset + n <= block_base_.offset + block_.size() &&
        same_place(g, walk_) && read_ahead_generation().load(std::memory_order_acquire) == gen_) {
      std::memcpy(out, block_.data() + (g.offset - block_base_.offset), n);
      --block_hits_;
      walk_.offset += n;
      last_ = g;
      ++counts_.served;
      return true;
    }
    return read_other(g, out, n);
  }

 private:
  // Every other read: a block to start or follow, the kept value, a fresh get.
  [[gnu::noinline]] bool read_other(dart_gptr_t g, void *out, std::size_t n) {
    const std::uint64_t gen = read_ahead_generation().load(std::memory_order_acquire);
    if (gen != gen_) drop();
    gen_ = gen;
    const bool again = same_place(g, last_) && g.offset == last_.offset;
    last_ = g;
    if (again) {
      drop();
      return fresh_get(g, out, n);
    }
    const bool in_walk = continues(walk_, g);
    if (block_hits_ > 0 && covers(block_base_, block_.size(), g, n)) {
      std::memcpy(out, block_.data() + (g.offset - block_base_.offset), n);
      --block_hits_;
      if (in_walk)
        walk_.offset += n;
      else
        keep(g, out, n);
      ++counts_.served;
      return true;
    }
    if (memo_hits_ > 0 && memo_n_ == n && same_place(g, memo_g_) && g.offset == memo_g_.offset) {
      std::memcpy(out, memo_, n);
      --memo_hits_;
      ++counts_.served;
      return true;
    }
    // Two streams are followed (min_element reads the next element and
    // its running minimum by turns); the block belongs to the walk.
    const bool sequential = in_walk || continues(other_, g);
    if (sequential && fetch_block(g, n)) {
      std::memcpy(out, block_.data(), n);
      --block_hits_;
      walk_ = g;
      walk_.offset += n;
      other_ = DART_GPTR_NULL;
      return true;
    }
    drop();
    if (!fresh_get(g, out, n)) return false;
    keep(g, out, n);
    other_ = walk_;  // either may go on
    walk_ = g;
    walk_.offset += n;
    return true;
  }

 public:
  [[gnu::noinline]] void drop_out_of_line() { drop(); }
  /// Forgets the block and the kept value.
  void drop() {
    block_hits_ = memo_hits_ = 0;
    block_base_ = memo_g_ = DART_GPTR_NULL;
    block_.clear();
    read_ahead_holds = false;
  }

  /// Forgets everything, as at the end of a scope.
  void reset() {
    drop();
    last_ = walk_ = other_ = DART_GPTR_NULL;
    block_bytes_ = kFirstBlock;
    std::vector<unsigned char>().swap(block_);
  }

  const ReadAheadCounts &counts() const { return counts_; }

  static ReadAhead &of_this_thread() {
    ReadAhead *state = read_ahead_state;
    return state ? *state : make_for_this_thread();
  }

 private:
  static constexpr std::size_t kFirstBlock = 4096, kMaxBlock = 256 * 1024, kMemoHits = 65536;

  [[gnu::noinline]] static ReadAhead &make_for_this_thread() {
    thread_local ReadAhead state;
    read_ahead_state = &state;
    return state;
  }

  static bool same_place(const dart_gptr_t &a, const dart_gptr_t &b) {
    return a.unitid == b.unitid && a.segid == b.segid && a.flags == b.flags;
  }
  static bool continues(const dart_gptr_t &next, const dart_gptr_t &g) {
    return same_place(g, next) && g.offset == next.offset && next.offset != 0;
  }
  static bool covers(const dart_gptr_t &base, std::size_t bytes, const dart_gptr_t &g, std::size_t n) {
    return same_place(g, base) && g.offset >= base.offset && g.offset + n <= base.offset + bytes;
  }
  bool fresh_get(dart_gptr_t g, void *out, std::size_t n) {
    ++counts_.element_gets;
    return dart_get_blocking(out, g, n, DART_TYPE_BYTE, DART_TYPE_BYTE) == DART_OK;
  }
  // The value of an element read outside the walk (a running minimum).
  void keep(dart_gptr_t g, const void *value, std::size_t n) {
    memo_g_ = g;
    memo_n_ = n;
    std::memcpy(memo_, value, n);
    memo_hits_ = kMemoHits;
    read_ahead_holds = true;
  }
  // Reads a block from g on (at most to the end of the owner's part); the
  // kept value stays (it is no older than the last fresh get).
  bool fetch_block(dart_gptr_t g, std::size_t n) {
    dart_team_t team;
    std::size_t part = 0;
    if (dart_gptr_segment_info(g, &team, &part) != DART_OK || g.offset + n > part) return false;
    const std::size_t bytes = std::min(block_bytes_, static_cast<std::size_t>(part - g.offset));
    if (bytes < 2 * n) return false;  // nothing to gain
    block_.resize(bytes);
    ++counts_.block_gets;
    if (dart_get_blocking(block_.data(), g, bytes, DART_TYPE_BYTE, DART_TYPE_BYTE) != DART_OK) {
      block_.clear();
      return false;
    }
    block_base_ = g;
    block_hits_ = 2 * (bytes / n) + 16;
    block_bytes_ = std::min(2 * block_bytes_, kMaxBlock);
    read_ahead_holds = true;
    return true;
  }

  std::uint64_t gen_ = 0;
  dart_gptr_t last_ = DART_GPTR_NULL, walk_ = DART_GPTR_NULL, other_ = DART_GPTR_NULL;
  dart_gptr_t block_base_ = DART_GPTR_NULL;
  std::vector<unsigned char> block_;
  std::size_t block_hits_ = 0, block_bytes_ = kFirstBlock;
  dart_gptr_t memo_g_ = DART_GPTR_NULL;
  std::size_t memo_n_ = 0, memo_hits_ = 0;
  alignas(std::max_align_t) unsigned char memo_[kMaxElement];
  ReadAheadCounts counts_;
};

/// Whether this thread reads ahead (a scope is open, or DASH_READ_AHEAD=1).
inline bool read_ahead_on() { return read_ahead_scopes > 0 || settings().read_ahead; }

/// An element access of this thread through the library that the
/// read-ahead does not serve: what it holds is dropped.
inline void read_ahead_other_access() {
  if (__builtin_expect(read_ahead_holds, 0)) ReadAhead::of_this_thread().drop_out_of_line();
}

/// Reads sizeof(V) bytes at g into out through the read-ahead where it
/// applies; false: the caller reads.
template <typename V>
[[gnu::always_inline]] inline bool read_ahead_get(dart_gptr_t g, V *out) {
  if constexpr (sizeof(V) <= ReadAhead::kMaxElement && std::is_trivially_copyable_v<V>)
    return read_ahead_on() && ReadAhead::of_this_thread().read(g, out, sizeof(V));
  else
    return false;
}

}  // namespace dash::detail

#endif  // DASH_INTERNAL_READ_AHEAD_H
