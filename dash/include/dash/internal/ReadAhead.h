#ifndef DASH_INTERNAL_READ_AHEAD_H
#define DASH_INTERNAL_READ_AHEAD_H

// Read-ahead for element reads through GlobRef of memory the calling unit
// cannot reach by load/store (another node): an STL algorithm walking a
// remote range (std::accumulate, std::find, std::min_element over
// a.begin()..a.end()) reads one element per dereference; each would be
// one round trip. Here the second read in a row at consecutive addresses
// fetches a block ahead (4 KiB, doubling to 256 KiB, never past the
// owner's part of the segment), and the reads it covers are served from
// it; a non-sequential read (min_element's running minimum) is kept as
// one remembered value. Per thread. Off unless DASH_READ_AHEAD=1: a
// program that signals "data ready" through memory it reads without the
// library (its own, or its node's, by load) would be served a block read
// before the signal.
//
// The rule (docs/dash.md, "Reads ahead"): a served value is never older
// than the last of
// - any write the library makes to memory of another node (GlobRef,
//   GlobAsyncRef, atomics, dash::copy, put, transform), by any thread of
//   the unit;
// - any barrier (dash::barrier, Team::barrier, container barriers) and
//   any flush through the library;
// and a block serves at most two reads per element it holds, the
// remembered value 65,536, before they are read again. Reading the same
// element twice in a row reads it afresh (a polling loop sees other
// units' writes). This keeps DASH's consistency: other units' writes are
// visible after a synchronisation, the unit's own writes at once.

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

class ReadAhead {
 public:
  static constexpr std::size_t kMaxElement = 256;  // larger elements are read one by one

  /// Serves n bytes at g into out: from the block or the remembered value
  /// if they hold them, else by a get (a block for a sequential read).
  /// Returns false if the caller must read itself (a get failed here).
  bool read(dart_gptr_t g, void *out, std::size_t n) {
    const std::uint64_t gen = read_ahead_generation().load(std::memory_order_acquire);
    const bool again = same_place(g, last_) && g.offset == last_.offset;
    last_ = g;
    if (again) return refresh(g, out, n, gen);
    if (block_gen_ == gen && block_hits_ > 0 && covers(block_base_, block_.size(), g, n)) {
      std::memcpy(out, block_.data() + (g.offset - block_base_.offset), n);
      --block_hits_;
      return true;
    }
    if (memo_gen_ == gen && memo_hits_ > 0 && memo_n_ == n && same_place(g, memo_g_) &&
        g.offset == memo_g_.offset) {
      std::memcpy(out, memo_, n);
      --memo_hits_;
      return true;
    }
    // Two streams are followed (min_element reads the next element and
    // its running minimum by turns).
    const bool sequential = continues(next_[0], g) || continues(next_[1], g) ||
                            (same_place(g, block_base_) && g.offset == block_base_.offset + block_.size());
    const int older = continues(next_[0], g) ? 0 : continues(next_[1], g) ? 1 : oldest_;
    next_[older] = g;
    next_[older].offset += n;
    oldest_ = 1 - older;
    if (sequential && fetch_block(g, n, gen)) {
      std::memcpy(out, block_.data(), n);
      --block_hits_;
      return true;
    }
    if (dart_get_blocking(out, g, n, DART_TYPE_BYTE, DART_TYPE_BYTE) != DART_OK) return false;
    memo_g_ = g;
    memo_n_ = n;
    std::memcpy(memo_, out, n);
    memo_gen_ = gen;
    memo_hits_ = kMemoHits;
    return true;
  }

  static ReadAhead &of_this_thread() {
    thread_local ReadAhead state;
    return state;
  }

 private:
  static constexpr std::size_t kFirstBlock = 4096, kMaxBlock = 256 * 1024, kMemoHits = 65536;

  static bool same_place(const dart_gptr_t &a, const dart_gptr_t &b) {
    return a.unitid == b.unitid && a.segid == b.segid && a.flags == b.flags;
  }
  static bool continues(const dart_gptr_t &next, const dart_gptr_t &g) {
    return same_place(g, next) && g.offset == next.offset && next.offset != 0;
  }
  static bool covers(const dart_gptr_t &base, std::size_t bytes, const dart_gptr_t &g, std::size_t n) {
    return same_place(g, base) && g.offset >= base.offset && g.offset + n <= base.offset + bytes;
  }
  // A fresh read of an element read just before; what the block or the
  // memo hold of it is updated too.
  bool refresh(dart_gptr_t g, void *out, std::size_t n, std::uint64_t gen) {
    if (dart_get_blocking(out, g, n, DART_TYPE_BYTE, DART_TYPE_BYTE) != DART_OK) return false;
    if (block_gen_ == gen && covers(block_base_, block_.size(), g, n))
      std::memcpy(block_.data() + (g.offset - block_base_.offset), out, n);
    if (memo_n_ == n && same_place(g, memo_g_) && g.offset == memo_g_.offset) std::memcpy(memo_, out, n);
    return true;
  }
  // Reads a block from g on (at most to the end of the owner's part).
  bool fetch_block(dart_gptr_t g, std::size_t n, std::uint64_t gen) {
    dart_team_t team;
    std::size_t part = 0;
    if (dart_gptr_segment_info(g, &team, &part) != DART_OK || g.offset + n > part) return false;
    const std::size_t bytes = std::min(block_bytes_, static_cast<std::size_t>(part - g.offset));
    if (bytes < 2 * n) return false;  // nothing to gain
    block_.resize(bytes);
    if (dart_get_blocking(block_.data(), g, bytes, DART_TYPE_BYTE, DART_TYPE_BYTE) != DART_OK) {
      block_.clear();
      return false;
    }
    block_base_ = g;
    block_gen_ = gen;
    block_hits_ = 2 * (bytes / n) + 16;
    block_bytes_ = std::min(2 * block_bytes_, kMaxBlock);
    return true;
  }

  dart_gptr_t last_ = DART_GPTR_NULL, next_[2] = {DART_GPTR_NULL, DART_GPTR_NULL};
  int oldest_ = 0;
  dart_gptr_t block_base_ = DART_GPTR_NULL;
  std::vector<unsigned char> block_;
  std::uint64_t block_gen_ = 0;
  std::size_t block_hits_ = 0, block_bytes_ = kFirstBlock;
  dart_gptr_t memo_g_ = DART_GPTR_NULL;
  std::size_t memo_n_ = 0, memo_hits_ = 0;
  std::uint64_t memo_gen_ = 0;
  alignas(std::max_align_t) unsigned char memo_[kMaxElement];
};

/// Reads sizeof(V) bytes at g into out through the read-ahead where it
/// applies; false: the caller reads.
template <typename V>
bool read_ahead_get(dart_gptr_t g, V *out) {
  if constexpr (sizeof(V) <= ReadAhead::kMaxElement && std::is_trivially_copyable_v<V>)
    return settings().read_ahead && ReadAhead::of_this_thread().read(g, out, sizeof(V));
  else
    return false;
}

}  // namespace dash::detail

#endif  // DASH_INTERNAL_READ_AHEAD_H
