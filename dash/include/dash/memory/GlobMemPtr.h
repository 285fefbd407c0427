#ifndef DASH_MEMORY_GLOBMEMPTR_H
#define DASH_MEMORY_GLOBMEMPTR_H

// GlobMemPtr<T, MemorySpace>: a global pointer into memory of a global
// memory space (DASH's GlobPtr<T, MemorySpace>; our GlobPtr<T, N, P> is the
// container iterator, so this one has its own name). It is a DART global
// pointer and nothing else: trivially copyable, so it can itself be stored
// in global memory and used by another unit.
//
// Arithmetic follows the space's layout. In a contiguous space
// (GlobStaticMem) the units' parts form one range in unit order: p + n
// moves into the next units' parts (skipping empty ones), and p - q counts
// the elements between; the space is found through MemorySpaceRegistry
// (the allocator registers it). Otherwise, and for pointers of unregistered
// segments, arithmetic stays within the unit's part.
//
// Dereferencing gives a GlobRef<T>; local() the raw address if the element
// can be reached by load/store (the calling unit's memory, or a unit on its
// node in shared-memory segments), else nullptr.

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <ostream>
#include <type_traits>

#include <dart/dart.h>
#include <dash/Exception.h>
#include <dash/GlobRef.h>
#include <dash/Types.h>
#include <dash/iterator/internal/GlobPtrBase.h>
#include <dash/memory/MemorySpaceBase.h>
#include <dash/memory/internal/MemorySpaceRegistry.h>

namespace dash {

/// Difference between global pointers (elements).
using gptrdiff_t = std::int64_t;

namespace detail {

/// The byte offset of `gptr` from the beginning of a contiguous space.
template <class MemSpace>
std::int64_t contiguous_position(const MemSpace &space, dart_gptr_t gptr) {
  dart_unit_t rel = 0;
  check(dart_team_unit_g2l(space.team().dart_id(), gptr.unitid, &rel), "dart_team_unit_g2l");
  return unit_order_position(
      static_cast<std::size_t>(rel), static_cast<std::int64_t>(gptr.offset),
      [&](std::size_t u) { return space.capacity(team_unit_t(static_cast<dart_unit_t>(u))); });
}

/// The pointer at byte position `pos` of a contiguous space
/// (unit_order_locate).
template <class MemSpace>
dart_gptr_t contiguous_at(const MemSpace &space, dart_gptr_t gptr, std::int64_t pos) {
  auto [unit, offset] = unit_order_locate(pos, space.team().size(), [&](std::size_t u) {
    return space.capacity(team_unit_t(static_cast<dart_unit_t>(u)));
  });
  dart_unit_t abs = 0;
  check(dart_team_unit_l2g(space.team().dart_id(), static_cast<dart_unit_t>(unit), &abs),
        "dart_team_unit_l2g");
  gptr.unitid = abs;
  gptr.offset = static_cast<std::uint64_t>(offset);
  return gptr;
}

}  // namespace detail

template <typename T, class MemorySpace>
class GlobMemPtr {
  template <typename U, class M>
  friend class GlobMemPtr;

  static constexpr bool is_void = std::is_void_v<T>;
  using memory_traits = memory_space_traits<MemorySpace>;
  static constexpr bool is_contiguous =
      std::is_same_v<typename memory_traits::memory_space_layout_tag, memory_space_contiguous>;

 public:
  using gptrdiff_t = dash::gptrdiff_t;
  using value_type = T;
  using element_type = T;
  using difference_type = gptrdiff_t;
  using index_type = gptrdiff_t;
  using size_type = std::size_t;
  using memory_type = MemorySpace;
  using const_type = GlobMemPtr<const T, MemorySpace>;
  using local_type = T *;
  using const_local_type = const T *;
  using iterator_category = std::random_access_iterator_tag;
  using pointer = GlobMemPtr;
  using reference = std::conditional_t<is_void, void, GlobRef<T>>;
  using const_reference = std::conditional_t<is_void, void, GlobRef<const T>>;
  template <typename U>
  using rebind = GlobMemPtr<U, MemorySpace>;

  /// The null pointer.
  constexpr GlobMemPtr() noexcept = default;
  constexpr GlobMemPtr(std::nullptr_t) noexcept {}
  /// The pointer DART's `gptr` is.
  constexpr explicit GlobMemPtr(dart_gptr_t gptr) noexcept : gptr_(gptr) {}
  /// The same address: to void, to const, or (explicitly, as static_cast
  /// does for raw pointers) from void to an element type.
  template <typename U, typename = std::enable_if_t<std::is_convertible_v<U *, T *>>>
  constexpr GlobMemPtr(const GlobMemPtr<U, MemorySpace> &other) noexcept : gptr_(other.gptr_) {}
  template <typename U, typename = std::enable_if_t<!std::is_convertible_v<U *, T *>>, typename = void>
  constexpr explicit GlobMemPtr(const GlobMemPtr<U, MemorySpace> &other) noexcept : gptr_(other.gptr_) {}

  GlobMemPtr &operator=(std::nullptr_t) noexcept {
    gptr_ = DART_GPTR_NULL;
    return *this;
  }

  /// The DART global pointer.
  constexpr explicit operator dart_gptr_t() const noexcept { return gptr_; }
  constexpr dart_gptr_t dart_gptr() const noexcept { return gptr_; }
  /// False for the null pointer.
  constexpr explicit operator bool() const noexcept { return !is_null(gptr_); }

  /// Points to the same offset in the part of team-relative unit `unit`.
  GlobMemPtr &set_unit(team_unit_t unit) {
    dart_team_t team = DART_TEAM_NULL;
    std::size_t nbytes = 0;
    detail::check(dart_gptr_segment_info(gptr_, &team, &nbytes), "dart_gptr_segment_info");
    dart_unit_t abs = 0;
    detail::check(dart_team_unit_l2g(team, unit.id, &abs), "dart_team_unit_l2g");
    gptr_.unitid = abs;
    return *this;
  }
  /// The same, with the unit as DASH's DART names it.
  GlobMemPtr &unitid(team_unit_t unit) { return set_unit(unit); }

  /// The raw address if the calling unit reaches it by load/store, else
  /// nullptr.
  T *local() const {
    void *addr = nullptr;
    if (is_null(gptr_) || dart_gptr_getaddr(gptr_, &addr) != DART_OK) return nullptr;
    return static_cast<T *>(addr);
  }
  /// local(), as a conversion.
  explicit operator T *() const { return local(); }
  /// True if the element is in the calling unit's memory.
  bool is_local() const {
    dart_unit_t me = DART_UNDEFINED_UNIT_ID;
    dart_myid(&me);
    return !is_null(gptr_) && gptr_.unitid == me;
  }

  template <typename U = T, typename = std::enable_if_t<!std::is_void_v<U>>>
  GlobRef<U> operator*() const {
    return GlobRef<U>(gptr_, local());
  }
  template <typename U = T, typename = std::enable_if_t<!std::is_void_v<U>>>
  GlobRef<U> operator[](gptrdiff_t n) const {
    return *(*this + n);
  }

  GlobMemPtr &operator+=(gptrdiff_t n) {
    advance(n);
    return *this;
  }
  GlobMemPtr &operator-=(gptrdiff_t n) {
    advance(-n);
    return *this;
  }
  GlobMemPtr &operator++() { return *this += 1; }
  GlobMemPtr &operator--() { return *this -= 1; }
  GlobMemPtr operator++(int) {
    GlobMemPtr old = *this;
    advance(1);
    return old;
  }
  GlobMemPtr operator--(int) {
    GlobMemPtr old = *this;
    advance(-1);
    return old;
  }
  friend GlobMemPtr operator+(GlobMemPtr p, gptrdiff_t n) { return p += n; }
  friend GlobMemPtr operator+(gptrdiff_t n, GlobMemPtr p) { return p += n; }
  friend GlobMemPtr operator-(GlobMemPtr p, gptrdiff_t n) { return p -= n; }
  /// Elements from b to a (same segment).
  friend gptrdiff_t operator-(const GlobMemPtr &a, const GlobMemPtr &b) {
    return (a.position() - b.position()) / static_cast<gptrdiff_t>(element_size());
  }

  friend bool operator==(const GlobMemPtr &a, const GlobMemPtr &b) noexcept {
    return a.gptr_.unitid == b.gptr_.unitid && a.gptr_.segid == b.gptr_.segid &&
           a.gptr_.flags == b.gptr_.flags && a.gptr_.offset == b.gptr_.offset;
  }
  friend bool operator!=(const GlobMemPtr &a, const GlobMemPtr &b) noexcept { return !(a == b); }
  friend bool operator==(const GlobMemPtr &a, std::nullptr_t) noexcept { return is_null(a.gptr_); }
  friend bool operator==(std::nullptr_t, const GlobMemPtr &a) noexcept { return is_null(a.gptr_); }
  friend bool operator!=(const GlobMemPtr &a, std::nullptr_t) noexcept { return !is_null(a.gptr_); }
  friend bool operator!=(std::nullptr_t, const GlobMemPtr &a) noexcept { return !is_null(a.gptr_); }
  friend bool operator<(const GlobMemPtr &a, const GlobMemPtr &b) { return a.position() < b.position(); }
  friend bool operator>(const GlobMemPtr &a, const GlobMemPtr &b) { return b < a; }
  friend bool operator<=(const GlobMemPtr &a, const GlobMemPtr &b) { return !(b < a); }
  friend bool operator>=(const GlobMemPtr &a, const GlobMemPtr &b) { return !(a < b); }

  friend std::ostream &operator<<(std::ostream &os, const GlobMemPtr &p) {
    return os << "dash::GlobPtr(unit: " << p.gptr_.unitid << ", segid: " << p.gptr_.segid
              << ", offset: " << p.gptr_.offset << ")";
  }

 private:
  static constexpr bool is_null(const dart_gptr_t &g) noexcept {
    return g.unitid == 0 && g.segid == 0 && g.flags == 0 && g.offset == 0;
  }
  static constexpr std::size_t element_size() {
    if constexpr (is_void)
      return 1;
    else
      return sizeof(T);
  }
  /// The registered contiguous space of the segment, or nullptr.
  const MemorySpace *space() const {
    if constexpr (is_contiguous) {
      return static_cast<const MemorySpace *>(internal::MemorySpaceRegistry::GetInstance().lookup(gptr_));
    } else {
      return nullptr;
    }
  }
  std::int64_t position() const {
    if constexpr (is_contiguous) {
      if (const MemorySpace *s = space()) return detail::contiguous_position(*s, gptr_);
    }
    return static_cast<std::int64_t>(gptr_.offset);
  }
  void advance(gptrdiff_t n) {
    static_assert(!is_void, "dash::GlobMemPtr: no arithmetic on pointers to void");
    if (is_null(gptr_)) throw std::logic_error("dash::GlobMemPtr: arithmetic on the null pointer");
    const std::int64_t delta = n * static_cast<std::int64_t>(element_size());
    if constexpr (is_contiguous) {
      if (const MemorySpace *s = space()) {
        gptr_ = detail::contiguous_at(*s, gptr_, detail::contiguous_position(*s, gptr_) + delta);
        return;
      }
    }
    gptr_.offset = static_cast<std::uint64_t>(static_cast<std::int64_t>(gptr_.offset) + delta);
  }

  dart_gptr_t gptr_ = DART_GPTR_NULL;
};

/// Elements from gbegin to gend (negative if gend is before gbegin).
template <typename T, class MemSpace>
gptrdiff_t distance(const GlobMemPtr<T, MemSpace> &gbegin, const GlobMemPtr<T, MemSpace> &gend) {
  return gend - gbegin;
}

/// The first element of team-relative unit `unit`'s part of the segment
/// `global_begin` points into, as a raw pointer (nullptr if the calling
/// unit cannot reach it by load/store).
template <typename T, class MemSpace>
T *local_begin(GlobMemPtr<T, MemSpace> global_begin, team_unit_t unit) {
  global_begin.set_unit(unit);
  dart_gptr_t g = static_cast<dart_gptr_t>(global_begin);
  g.offset = 0;
  return GlobMemPtr<T, MemSpace>(g).local();
}

/// The global pointer to the element `ref` refers to, as a pointer of the
/// memory space MemSpaceT (DASH's dash::addressof<MemSpace>(ref)).
template <class MemSpaceT, class T>
GlobMemPtr<T, MemSpaceT> addressof(const GlobRef<T> &ref) {
  return GlobMemPtr<T, MemSpaceT>(ref.dart_gptr());
}

}  // namespace dash

#endif  // DASH_MEMORY_GLOBMEMPTR_H
