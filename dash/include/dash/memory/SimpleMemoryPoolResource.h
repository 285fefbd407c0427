#ifndef DASH_MEMORY_SIMPLEMEMORYPOOLRESOURCE_H
#define DASH_MEMORY_SIMPLEMEMORYPOOLRESOURCE_H

// SimpleMemoryPoolResource<LocalMemSpace>: a local memory resource for
// many small objects (a node-based container's nodes). Requests of up to
// 16 bytes are served from blocks of a free list, refilled in chunks from
// the upstream memory space (1, 2, 4, ... up to 32 blocks per chunk);
// larger ones go to the upstream space directly. Chunks are returned when
// the pool is released or destroyed. Not thread-safe.

#include <cstddef>
#include <cstdint>
#include <memory_resource>
#include <new>

#include <dash/Exception.h>
#include <dash/Types.h>
#include <dash/allocator/AllocatorBase.h>
#include <dash/memory/MemorySpace.h>

namespace dash {

namespace detail {
/// A pool block: free, it links to the next free block.
template <std::size_t Blocksize>
union PoolBlock {
  PoolBlock *next;
  std::uint8_t _data[Blocksize];
};
/// Header of a chunk of blocks (kept at maximal alignment).
union Chunk {
  struct {
    Chunk *next;
    std::size_t nbytes;
  } link;
  std::max_align_t align;
};
/// Header of a large allocation: its upstream size.
union Header {
  std::size_t size;
  std::max_align_t align;
};
}  // namespace detail

template <class LocalMemSpace>
class SimpleMemoryPoolResource
    : public MemorySpace<memory_domain_local, typename LocalMemSpace::memory_space_type_category> {
  static constexpr std::size_t MAX_ALIGN = alignof(std::max_align_t);
  static constexpr std::size_t MAX_BLOCKS_PER_CHUNK = 32;
  static constexpr std::size_t MAX_BLOCK_SIZE = 16;

  using memory_traits = memory_space_traits<LocalMemSpace>;
  using Block = detail::PoolBlock<MAX_BLOCK_SIZE>;
  using Chunk = detail::Chunk;

  static_assert(memory_traits::is_local::value,
                "dash::SimpleMemoryPoolResource: the upstream space must be local");

 public:
  using memory_space_type_category = typename memory_traits::memory_space_type_category;
  using memory_space_domain_category = typename memory_traits::memory_space_domain_category;

  /// A pool over `resource` (default: the process's space of its kind).
  explicit SimpleMemoryPoolResource(LocalMemSpace *resource = nullptr) noexcept
      : resource_(resource
                      ? resource
                      : static_cast<LocalMemSpace *>(
                            get_default_memory_space<memory_domain_local, memory_space_type_category>())) {}
  /// A new, empty pool over the same upstream space.
  SimpleMemoryPoolResource(const SimpleMemoryPoolResource &other) noexcept
      : blocks_per_chunk_(other.blocks_per_chunk_), resource_(other.resource_) {}
  /// Takes over other's memory.
  SimpleMemoryPoolResource(SimpleMemoryPoolResource &&other) noexcept
      : chunklist_(other.chunklist_),
        freelist_(other.freelist_),
        blocks_per_chunk_(other.blocks_per_chunk_),
        resource_(other.resource_) {
    other.chunklist_ = nullptr;
    other.freelist_ = nullptr;
    other.blocks_per_chunk_ = 1;
  }
  SimpleMemoryPoolResource &operator=(SimpleMemoryPoolResource &&) = delete;
  SimpleMemoryPoolResource &operator=(const SimpleMemoryPoolResource &) = delete;
  ~SimpleMemoryPoolResource() noexcept override { release(); }

  LocalMemSpace *upstream_resource() { return resource_; }

  /// Returns all chunks to the upstream space (blocks handed out become
  /// invalid).
  void release() {
    while (chunklist_) {
      Chunk *chunk = chunklist_;
      chunklist_ = chunk->link.next;
      resource_->deallocate(chunk, chunk->link.nbytes, MAX_ALIGN);
    }
    freelist_ = nullptr;
  }
  /// Adds `nblocks` free blocks (one chunk).
  void reserve(std::size_t nblocks) {
    if (nblocks == 0) return;
    Block *begin = allocate_chunk(nblocks * sizeof(Block));
    Block *last = begin + nblocks - 1;
    for (Block *p = begin; p < last; ++p) p->next = p + 1;
    last->next = freelist_;
    freelist_ = begin;
  }

 protected:
  void *do_allocate(std::size_t bytes, std::size_t alignment) override {
    if (bytes > MAX_BLOCK_SIZE || alignment > alignof(Block)) {
      constexpr std::size_t header = sizeof(detail::Header);
      if (bytes > std::size_t(-1) - header) throw std::bad_alloc();
      auto *h = static_cast<detail::Header *>(resource_->allocate(bytes + header, MAX_ALIGN));
      h->size = bytes + header;
      return h + 1;
    }
    if (!freelist_) refill();
    Block *block = freelist_;
    freelist_ = block->next;
    return block;
  }
  void do_deallocate(void *p, std::size_t bytes, std::size_t alignment) override {
    if (!p) return;
    if (bytes > MAX_BLOCK_SIZE || alignment > alignof(Block)) {
      auto *h = static_cast<detail::Header *>(p) - 1;
      resource_->deallocate(h, h->size, MAX_ALIGN);
      return;
    }
    auto *block = static_cast<Block *>(p);
    block->next = freelist_;
    freelist_ = block;
  }
  bool do_is_equal(const std::pmr::memory_resource &other) const noexcept override {
    // Blocks go back to the pool they came from.
    return this == &other;
  }

 private:
  void refill() {
    reserve(blocks_per_chunk_);
    blocks_per_chunk_ =
        blocks_per_chunk_ * 2 > MAX_BLOCKS_PER_CHUNK ? MAX_BLOCKS_PER_CHUNK : blocks_per_chunk_ * 2;
  }
  Block *allocate_chunk(std::size_t nbytes) {
    std::size_t total = sizeof(Chunk) + nbytes;
    auto *chunk = static_cast<Chunk *>(resource_->allocate(total, MAX_ALIGN));
    chunk->link.next = chunklist_;
    chunk->link.nbytes = total;
    chunklist_ = chunk;
    return reinterpret_cast<Block *>(chunk + 1);
  }

  Chunk *chunklist_ = nullptr;
  Block *freelist_ = nullptr;
  std::size_t blocks_per_chunk_ = 1;
  LocalMemSpace *resource_;
};

}  // namespace dash

#endif  // DASH_MEMORY_SIMPLEMEMORYPOOLRESOURCE_H
