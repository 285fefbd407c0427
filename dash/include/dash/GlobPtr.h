#ifndef DASH_GLOBPTR_H
#define DASH_GLOBPTR_H

// GlobPtr<T, N, P>: a pointer into the global memory of a container over
// a pattern of type P (default Pattern<N>), and its random-access
// iterator. It advances across unit boundaries: p + 1 is the next element
// of its view, wherever it is stored. Dereferencing gives a GlobRef.
//
// Iteration order (as DASH's):
//  - a whole container (begin()/end(), or a view covering all of it): the
//    pattern's global order, begin()[i] is the element with global index i,
//    at coordinates pattern().coords(i). For Pattern<N> that is row-major,
//    for Pattern<N, COL_MAJOR> column-major, for the tile patterns the
//    pattern's own global order.
//  - a sub-view (sub, rows, cols, row, col, block, local.block): its box in
//    the pattern's memory_order(): row-major for ROW_MAJOR patterns,
//    column-major (first dimension fastest) for COL_MAJOR ones.
// Iterators stay valid while the container lives (also across moves).

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <ostream>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <dash/internal/ArrayCore.h>
#include <dash/iterator/internal/ContiguousRange.h>
#include <dash/GlobRef.h>
#include <dash/Init.h>

namespace dash {

template <typename T, class MemorySpace>
class GlobMemPtr;

namespace detail {
// True if B is a base of D reached without a virtual base (static_cast
// from B* to D* compiles), i.e. at a fixed offset in every D.
template <typename B, typename D, typename = void>
struct is_nonvirtual_base : std::false_type {};
template <typename B, typename D>
struct is_nonvirtual_base<B, D, std::void_t<decltype(static_cast<D *>(std::declval<B *>()))>>
    : std::bool_constant<std::is_base_of_v<B, D>> {};
template <typename B, typename D>
inline constexpr bool is_nonvirtual_base_v = is_nonvirtual_base<B, D>::value;

// The offset of the B in a D (a non-virtual base): pointer arithmetic on
// storage for a D, no object is made or read.
template <typename D, typename B>
std::size_t base_offset() {
  alignas(D) static unsigned char storage[sizeof(D)];
  auto *derived = reinterpret_cast<D *>(storage);
  return static_cast<std::size_t>(reinterpret_cast<unsigned char *>(static_cast<B *>(derived)) - storage);
}
}  // namespace detail

template <typename T, std::size_t N = 1, typename P = Pattern<N>>
class GlobPtr {
 public:
  using value_type = std::remove_const_t<T>;
  using difference_type = std::ptrdiff_t;
  using reference = GlobRef<T>;
  using pointer = GlobPtr;
  using iterator_category = std::random_access_iterator_tag;
  using pattern_type = P;
  using core_type = detail::ArrayCore<value_type, N, P>;

  /// The null pointer.
  GlobPtr() = default;
  GlobPtr(const core_type *core, const Block<N> &view, difference_type pos)
      : core_(core), view_(view), pos_(pos) {}
  /// A pointer to the element at a DART global pointer, outside any
  /// container view (DASH's GlobPtr(dart_gptr_t)): arithmetic moves within
  /// the owning unit's memory.
  explicit GlobPtr(dart_gptr_t gptr) : raw_(gptr) {}
  /// GlobPtr<T> converts to GlobPtr<const T>.
  template <typename U, typename = std::enable_if_t<std::is_same_v<const U, T> && !std::is_same_v<U, T>>>
  GlobPtr(const GlobPtr<U, N, P> &other) : GlobPtr(other.core(), other.view(), other.pos()) {}
  /// GlobPtr<Derived> converts to GlobPtr<Base> where Derived* converts to
  /// Base* by a fixed offset (a non-virtual base, as DASH's conversion):
  /// the base subobject's address, outside any container view, so that
  /// arithmetic on it steps by sizeof(Base) as DASH's. A container
  /// pointer outside its view (end()) converts to null.
  template <
      typename U,
      std::enable_if_t<!std::is_same_v<std::remove_cv_t<U>, value_type> && std::is_convertible_v<U *, T *> &&
                           detail::is_nonvirtual_base_v<std::remove_cv_t<T>, std::remove_cv_t<U>>,
                       int> = 0>
  GlobPtr(const GlobPtr<U, N, P> &other) : raw_(base_gptr(other)) {}

  /// The element; with DASH_CHECK_BOUNDS std::out_of_range if the pointer
  /// is outside its view (e.g. end()).
  /// (Inlined: an STL algorithm's predicate gets the pointer by value, and
  /// a call here would keep it in memory for every element.)
  [[gnu::always_inline]] reference operator*() const {
    if (!core_) return raw_reference();
    detail::check_alive_access(core_ ? core_->mem.epoch() : 0, "dash::GlobPtr");
    if constexpr (DASH_CHECK_BOUNDS)
      if (!addressable()) throw_out_of_range();
    return core_->template ref<T>(coords());
  }
  reference operator[](difference_type i) const { return *(*this + i); }

  GlobPtr &operator++() {
    ++pos_;
    return *this;
  }
  GlobPtr &operator--() {
    --pos_;
    return *this;
  }
  GlobPtr operator++(int) {
    GlobPtr old = *this;
    ++pos_;
    return old;
  }
  GlobPtr operator--(int) {
    GlobPtr old = *this;
    --pos_;
    return old;
  }
  GlobPtr &operator+=(difference_type n) {
    pos_ += n;
    return *this;
  }
  GlobPtr &operator-=(difference_type n) {
    pos_ -= n;
    return *this;
  }
  friend GlobPtr operator+(GlobPtr p, difference_type n) { return p += n; }
  friend GlobPtr operator+(difference_type n, GlobPtr p) { return p += n; }
  friend GlobPtr operator-(GlobPtr p, difference_type n) { return p -= n; }
  friend difference_type operator-(const GlobPtr &a, const GlobPtr &b) { return a.pos_ - b.pos_; }

  /// Equal if they point at the same element (DASH's semantics): within
  /// one view by position (also past the end), else by DART address.
  friend bool operator==(const GlobPtr &a, const GlobPtr &b) {
    if (a.core_ == b.core_ && a.view_ == b.view_) return a.pos_ == b.pos_;
    if (!a.addressable() || !b.addressable()) return false;
    return detail::gptr_equal(a.dart_gptr(), b.dart_gptr());
  }
  friend bool operator!=(const GlobPtr &a, const GlobPtr &b) { return !(a == b); }
  /// A container pointer and a memory-space pointer (DASH's
  /// Array::pointer against addressof(ref)) are equal at the same address.
  template <typename U, class M>
  friend bool operator==(const GlobPtr &a, const GlobMemPtr<U, M> &b) {
    return a.addressable() && detail::gptr_equal(a.dart_gptr(), b.dart_gptr());
  }
  template <typename U, class M>
  friend bool operator==(const GlobMemPtr<U, M> &a, const GlobPtr &b) {
    return b == a;
  }
  template <typename U, class M>
  friend bool operator!=(const GlobPtr &a, const GlobMemPtr<U, M> &b) {
    return !(a == b);
  }
  template <typename U, class M>
  friend bool operator!=(const GlobMemPtr<U, M> &a, const GlobPtr &b) {
    return !(b == a);
  }
  friend bool operator<(const GlobPtr &a, const GlobPtr &b) { return a.pos_ < b.pos_; }
  friend bool operator>(const GlobPtr &a, const GlobPtr &b) { return a.pos_ > b.pos_; }
  friend bool operator<=(const GlobPtr &a, const GlobPtr &b) { return a.pos_ <= b.pos_; }
  friend bool operator>=(const GlobPtr &a, const GlobPtr &b) { return a.pos_ >= b.pos_; }

  explicit operator bool() const { return core_ != nullptr || !detail::gptr_equal(raw_, DART_GPTR_NULL); }

  /// Prints the global index of the element ("dash::GlobPtr(gindex: 12)").
  friend std::ostream &operator<<(std::ostream &os, const GlobPtr &p) {
    os << "dash::GlobPtr(";
    auto n = static_cast<difference_type>(p.view_.size());
    if (!p.core_ && detail::gptr_equal(p.raw_, DART_GPTR_NULL))
      os << "null";
    else if (!p.core_)
      detail::print_gptr(os, p.dart_gptr());
    else if (p.pos_ >= n && n > 0)  // past the end: one past the last element
      os << "gindex: " << (p - (p.pos_ - n + 1)).gindex() + 1;
    else
      os << "gindex: " << p.gindex();
    return os << ")";
  }

  /// Global coordinates of the element.
  std::array<std::size_t, N> coords() const {
    return detail::position_coords(core_->pattern, view_, static_cast<std::size_t>(pos_));
  }
  /// Global index of the element in its container's pattern.
  std::size_t gindex() const { return core_->pattern.global_index(coords()); }
  /// DASH's names: the global index, and the owner and local index.
  std::size_t gpos() const { return gindex(); }
  LocalIndex lpos() const { return local_index(); }
  /// The container's pattern.
  const P &pattern() const { return core_->pattern; }
  /// The iterator itself (DASH's view iterators answer their global one).
  const GlobPtr &global() const { return *this; }
  /// Owner (team-relative unit) and local index of the element.
  LocalIndex local_index() const { return core_->pattern.local(coords()); }
  /// The DART global pointer of the element.
  dart_gptr_t dart_gptr() const {
    if (!core_)
      return detail::gptr_equal(raw_, DART_GPTR_NULL)
                 ? raw_
                 : detail::gptr_offset(raw_, static_cast<std::size_t>(pos_) * sizeof(T));
    if (view_.size() == 0) return DART_GPTR_NULL;  // an empty container has no elements
    LocalIndex li = local_index();
    return core_->mem.gptr(li.unit, li.index);
  }
  /// True if the element is stored on the calling unit.
  bool is_local() const { return core_ ? local_index().unit == core_->myid : detail::is_local(dart_gptr()); }
  /// Raw pointer to the element if it is stored on the calling unit, else
  /// nullptr.
  T *local() const {
    if (!core_) return is_local() ? detail::direct_address<T>(dart_gptr()) : nullptr;
    LocalIndex li = local_index();
    return li.unit == core_->myid ? core_->mem.local() + li.index : nullptr;
  }

  /// The team of the container (DASH's GlobIter::team()).
  const Team &team() const { return core_->mem.team(); }

  // Position within the view (for algorithms and views).
  const core_type *core() const { return core_; }
  const Block<N> &view() const { return view_; }
  /// DASH's GlobViewIter::viewspec(): the view's box in global coordinates.
  const ViewSpec<N> &viewspec() const { return view_; }
  difference_type pos() const { return pos_; }

 private:
  const core_type *core_ = nullptr;
  Block<N> view_{};
  difference_type pos_ = 0;
  dart_gptr_t raw_ = DART_GPTR_NULL;  // the address when there is no container

  [[gnu::noinline]] reference raw_reference() const { return reference(dart_gptr()); }
  // The address of the T within the U that `other` points at.
  template <typename U>
  static dart_gptr_t base_gptr(const GlobPtr<U, N, P> &other) {
    bool addressable = !other.core() || (other.pos() >= 0 && std::size_t(other.pos()) < other.view().size());
    dart_gptr_t g = addressable ? other.dart_gptr() : DART_GPTR_NULL;
    if (detail::gptr_equal(g, DART_GPTR_NULL)) return g;
    return detail::gptr_offset(g, detail::base_offset<std::remove_cv_t<U>, std::remove_cv_t<T>>());
  }
  [[noreturn, gnu::noinline, gnu::cold]] void throw_out_of_range() const {
    throw std::out_of_range("dash::GlobPtr: dereferenced at position " + std::to_string(pos_) +
                            ", outside its range of " + std::to_string(view_.size()) + " elements");
  }
  // An element exists at this position (a raw pointer always addresses one).
  bool addressable() const {
    return !core_ ? !detail::gptr_equal(raw_, DART_GPTR_NULL)
                  : pos_ >= 0 && static_cast<std::size_t>(pos_) < view_.size();
  }
};

/// The first element of unit `unit`'s part of the container of `p`, as a
/// raw pointer (DASH's local_begin): the calling unit's own part, or
/// another unit's on the same node (shared memory); nullptr for a unit on
/// another node.
template <typename T, std::size_t N, typename P>
T *local_begin(const GlobPtr<T, N, P> &p, team_unit_t unit) {
  if (!p.core()) return nullptr;
  if (static_cast<std::size_t>(unit.id) == p.core()->myid) return p.core()->mem.local();
  if (unit.id < 0 || static_cast<std::size_t>(unit.id) >= p.team().size()) return nullptr;
  return p.core()->mem.direct(static_cast<std::size_t>(unit.id));
}

}  // namespace dash

#endif  // DASH_GLOBPTR_H
