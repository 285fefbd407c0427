#ifndef DASH_ALLOCATOR_INTERNAL_TYPES_H
#define DASH_ALLOCATOR_INTERNAL_TYPES_H

// allocation_rec: what an allocator knows of one of its allocations: the
// local pointer, the length (elements) and the global pointer it is
// attached as (DART_GPTR_NULL while only local). Moving one leaves the
// source empty.

#include <cstddef>
#include <ostream>
#include <tuple>
#include <utility>

#include <dart/types.h>

namespace dash::allocator {

template <typename LPtr, typename GPtr = dart_gptr_t>
struct allocation_rec {
  constexpr allocation_rec() noexcept : data_(LPtr{}, 0, null_gptr()) {}
  constexpr allocation_rec(LPtr ptr, std::size_t length) noexcept : data_(ptr, length, null_gptr()) {}
  constexpr allocation_rec(LPtr ptr, std::size_t length, GPtr gptr) noexcept : data_(ptr, length, gptr) {}
  allocation_rec(allocation_rec &&x) noexcept : data_(std::move(x.data_)) { x.reset(); }
  allocation_rec(const allocation_rec &x) = default;
  allocation_rec &operator=(allocation_rec &&x) noexcept {
    std::swap(data_, x.data_);
    x.reset();
    return *this;
  }
  allocation_rec &operator=(const allocation_rec &x) = default;
  ~allocation_rec() = default;

  void reset() noexcept { data_ = std::tuple<LPtr, std::size_t, GPtr>(LPtr{}, 0, null_gptr()); }

  LPtr &lptr() noexcept { return std::get<0>(data_); }
  const LPtr &lptr() const noexcept { return std::get<0>(data_); }
  std::size_t &length() noexcept { return std::get<1>(data_); }
  const std::size_t &length() const noexcept { return std::get<1>(data_); }
  GPtr &gptr() noexcept { return std::get<2>(data_); }
  const GPtr &gptr() const noexcept { return std::get<2>(data_); }

  /// True if it holds local memory or is attached.
  explicit operator bool() const noexcept {
    return (length() > 0 && lptr() != LPtr{nullptr}) || !is_null(gptr());
  }

  friend bool operator==(const allocation_rec &a, const allocation_rec &b) {
    return a.lptr() == b.lptr() && a.length() == b.length() && same(a.gptr(), b.gptr());
  }
  friend bool operator!=(const allocation_rec &a, const allocation_rec &b) { return !(a == b); }
  friend std::ostream &operator<<(std::ostream &os, const allocation_rec &rec) {
    const dart_gptr_t &g = rec.gptr();
    return os << "{lptr: " << static_cast<const void *>(rec.lptr()) << ", length: " << rec.length()
              << ", gptr: (unit " << g.unitid << ", segid " << g.segid << ", offset " << g.offset << ")}";
  }

 private:
  static constexpr GPtr null_gptr() { return GPtr{0, 0, 0, 0}; }
  static bool is_null(const dart_gptr_t &g) {
    return g.unitid == 0 && g.segid == 0 && g.flags == 0 && g.offset == 0;
  }
  static bool same(const dart_gptr_t &a, const dart_gptr_t &b) {
    return a.unitid == b.unitid && a.segid == b.segid && a.flags == b.flags && a.offset == b.offset;
  }

  std::tuple<LPtr, std::size_t, GPtr> data_;
};

}  // namespace dash::allocator

#endif  // DASH_ALLOCATOR_INTERNAL_TYPES_H
