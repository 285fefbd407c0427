#ifndef DASH_MEMORY_GLOBHEAPPTR_H
#define DASH_MEMORY_GLOBHEAPPTR_H

// GlobHeapPtr<T, HeapMem>: a random-access iterator over the elements of a
// GlobHeapMem: unit 0's local elements, then unit 1's, ... (each unit's in
// its bucket order). A position is (unit, local index); p + n moves into
// the following units' elements, and (u, local_size(u)) is the same
// position as (u + 1, 0). Dereferencing gives a GlobRef<T> (a one-sided
// access to the unit's attached memory). Sizes are those the memory space
// knows: the committed ones for other units, the current one for the
// calling unit.

#include <cstddef>
#include <iterator>
#include <ostream>
#include <type_traits>
#include <utility>

#include <dart/dart.h>
#include <dash/GlobRef.h>
#include <dash/Types.h>
#include <dash/iterator/internal/GlobPtrBase.h>

namespace dash {

template <typename ElementType, class HeapMem>
class GlobHeapPtr {
  template <typename E, class M>
  friend class GlobHeapPtr;

 public:
  using value_type = std::remove_const_t<ElementType>;
  using index_type = typename HeapMem::index_type;
  using difference_type = index_type;
  using size_type = typename HeapMem::size_type;
  using reference = GlobRef<ElementType>;
  using const_reference = GlobRef<const value_type>;
  using pointer = GlobHeapPtr;
  using local_type = ElementType *;
  using iterator_category = std::random_access_iterator_tag;
  using memory_type = HeapMem;

  GlobHeapPtr() = default;
  GlobHeapPtr(std::nullptr_t) {}
  /// Element `global_index` of the space.
  GlobHeapPtr(const HeapMem *mem, index_type global_index) : mem_(mem), lidx_(global_index) {}
  /// Element `local_index` of team-relative unit `unit`.
  GlobHeapPtr(const HeapMem *mem, team_unit_t unit, index_type local_index)
      : mem_(mem), unit_(static_cast<std::size_t>(unit.id)), lidx_(local_index) {}
  template <typename E, typename = std::enable_if_t<std::is_convertible_v<E *, ElementType *>>>
  GlobHeapPtr(const GlobHeapPtr<E, HeapMem> &other)
      : mem_(other.mem_), unit_(other.unit_), lidx_(other.lidx_) {}

  /// The element's DART global pointer (DART_GPTR_NULL outside the
  /// attached memory).
  dart_gptr_t dart_gptr() const {
    auto [unit, lidx] = canonical();
    return mem_->dart_gptr_at(team_unit_t(static_cast<dart_unit_t>(unit)), lidx);
  }
  explicit operator dart_gptr_t() const { return dart_gptr(); }
  /// The element's address if it is the calling unit's, else nullptr.
  ElementType *local() const {
    auto [unit, lidx] = canonical();
    if (team_unit_t(static_cast<dart_unit_t>(unit)) != mem_->team().myid()) return nullptr;
    return const_cast<ElementType *>((mem_->lbegin() + lidx).local());
  }
  bool is_local() const { return local() != nullptr; }
  /// Team-relative unit and local index of the element.
  team_unit_t lpos_unit() const { return team_unit_t(static_cast<dart_unit_t>(canonical().first)); }
  index_type lpos_index() const { return canonical().second; }

  reference operator*() const { return reference(dart_gptr(), local()); }
  reference operator[](index_type n) const { return *(*this + n); }

  GlobHeapPtr &operator+=(index_type n) {
    lidx_ += n;
    return *this;
  }
  GlobHeapPtr &operator-=(index_type n) {
    lidx_ -= n;
    return *this;
  }
  GlobHeapPtr &operator++() { return *this += 1; }
  GlobHeapPtr &operator--() { return *this -= 1; }
  GlobHeapPtr operator++(int) {
    GlobHeapPtr old = *this;
    ++lidx_;
    return old;
  }
  GlobHeapPtr operator--(int) {
    GlobHeapPtr old = *this;
    --lidx_;
    return old;
  }
  friend GlobHeapPtr operator+(GlobHeapPtr p, index_type n) { return p += n; }
  friend GlobHeapPtr operator+(index_type n, GlobHeapPtr p) { return p += n; }
  friend GlobHeapPtr operator-(GlobHeapPtr p, index_type n) { return p -= n; }
  friend index_type operator-(const GlobHeapPtr &a, const GlobHeapPtr &b) { return a.gpos() - b.gpos(); }

  friend bool operator==(const GlobHeapPtr &a, const GlobHeapPtr &b) {
    return a.mem_ == b.mem_ && a.gpos() == b.gpos();
  }
  friend bool operator!=(const GlobHeapPtr &a, const GlobHeapPtr &b) { return !(a == b); }
  friend bool operator<(const GlobHeapPtr &a, const GlobHeapPtr &b) { return a.gpos() < b.gpos(); }
  friend bool operator>(const GlobHeapPtr &a, const GlobHeapPtr &b) { return b < a; }
  friend bool operator<=(const GlobHeapPtr &a, const GlobHeapPtr &b) { return !(b < a); }
  friend bool operator>=(const GlobHeapPtr &a, const GlobHeapPtr &b) { return !(a < b); }
  explicit operator bool() const { return mem_ != nullptr; }

  /// The position in the space's global order.
  index_type gpos() const {
    if (!mem_) return lidx_;
    return detail::unit_order_position(unit_, lidx_, [this](std::size_t u) { return unit_size(u); });
  }

  friend std::ostream &operator<<(std::ostream &os, const GlobHeapPtr &p) {
    return os << "dash::GlobHeapPtr(unit: " << p.unit_ << ", lidx: " << p.lidx_ << ")";
  }

 private:
  index_type unit_size(std::size_t u) const {
    return static_cast<index_type>(mem_->local_size(team_unit_t(static_cast<dart_unit_t>(u))));
  }
  /// The (unit, local index) of the position (unit_order_locate).
  std::pair<std::size_t, index_type> canonical() const {
    return detail::unit_order_locate(gpos(), mem_->team().size(),
                                     [this](std::size_t u) { return unit_size(u); });
  }

  const HeapMem *mem_ = nullptr;
  std::size_t unit_ = 0;
  index_type lidx_ = 0;
};

}  // namespace dash

#endif  // DASH_MEMORY_GLOBHEAPPTR_H
