#ifndef DASH_COARRAY_H
#define DASH_COARRAY_H

// Coarray<T>: Fortran 2008 coarrays in DASH's form. Every unit ("image") of
// a team holds one T: a scalar, a struct, or an array U[n][m]... of any rank
// (the first extent may be left open, U[][m], and given at construction):
//
//   Fortran                       dash
//   integer :: x[*]               dash::Coarray<int> x;
//   real    :: a(10,20)[*]        dash::Coarray<double[10][20]> a;
//   real, allocatable :: b(:)[:]  dash::Coarray<double[]> b(n);
//   x = 42                        x = 42;               (own image)
//   y = x[3]                      int y = x(3);         (image 3: a get)
//   x[3] = 7                      x(3) = 7;             (a put)
//   a(i,j)                        a[i][j]               (own image: plain memory)
//   a(i,j)[3]                     a(3)[i][j]
//   sync all                      x.sync_all();
//   sync images(l)                x.sync_images(l);   (l lists the caller too, as DASH's)
//   co_broadcast(a, 1)            dash::coarray::cobroadcast(a, dash::team_unit_t(1));
//   co_sum(x) / co_reduce         dash::coarray::coreduce(x, dash::plus<int>());
//   this_image(), num_images()    dash::coarray::this_image(), num_images()  (0-based)
//   event_type :: ev[*]           dash::Coevent ev;  ev(3).post(); ev.wait();
//   lock_type :: lk[*]            dash::Comutex lk;  std::lock_guard<dash::Mutex> g(lk(3));
//
// So Fortran's co-index [u] is x(u) and its array index (i) is x[i], as in
// DASH. Remote accesses are one-sided and complete on return; local ones are
// plain memory, so as in Fortran another image sees them after a
// synchronization (sync_all, sync_images, barrier). Images are numbered
// from 0 (team-relative unit ids). Construction and destruction are
// collective over the team. A coarray made before dash::init (a global) is
// allocated later by allocate(). Coarray<Atomic<U>> has atomic elements:
// every access, also to the own image, is an atomic global operation.

#include <algorithm>
#include <array>
#include <cstddef>
#include <iterator>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <dash/Array.h>
#include <dash/Atomic.h>
#include <dash/Exception.h>
#include <dash/GlobRef.h>
#include <dash/Init.h>
#include <dash/Team.h>
#include <dash/Types.h>

namespace dash {

class HostSpace;

namespace coarray {

/// One image of an array coarray, or a slice of it, in global memory:
/// ref[i] is the slice one rank lower, at rank 1 the element's GlobRef.
/// begin()/end() walk the slice's elements in row-major order.
template <typename Iterator, int Rank>
class ImageRef {
  static_assert(Rank >= 1, "dash::coarray::ImageRef: rank >= 1");

 public:
  using iterator = Iterator;
  using size_type = std::size_t;

  ImageRef(Iterator first, const std::array<size_type, Rank> &extents) : first_(first), extents_(extents) {}

  decltype(auto) operator[](size_type i) const {
    if constexpr (Rank == 1) {
      return *(first_ + static_cast<std::ptrdiff_t>(i));
    } else {
      std::array<size_type, Rank - 1> inner;
      std::copy(extents_.begin() + 1, extents_.end(), inner.begin());
      const size_type stride = size() / extents_[0];
      return ImageRef<Iterator, Rank - 1>(first_ + static_cast<std::ptrdiff_t>(i * stride), inner);
    }
  }
  iterator begin() const { return first_; }
  iterator end() const { return first_ + static_cast<std::ptrdiff_t>(size()); }
  size_type size() const {
    size_type n = 1;
    for (size_type e : extents_) n *= e;
    return n;
  }
  size_type extent(std::size_t d) const { return extents_[d]; }
  const std::array<size_type, Rank> &extents() const { return extents_; }

 private:
  Iterator first_;
  std::array<size_type, Rank> extents_;
};

/// The own image of an array coarray (or a slice of it) in local memory:
/// ref[i] is the slice one rank lower, at rank 1 the element itself.
template <typename T, int Rank>
class LocalImageRef {
  static_assert(Rank >= 1, "dash::coarray::LocalImageRef: rank >= 1");

 public:
  using size_type = std::size_t;

  LocalImageRef(T *first, const std::array<size_type, Rank> &extents) : first_(first), extents_(extents) {}

  decltype(auto) operator[](size_type i) const {
    if constexpr (Rank == 1) {
      return first_[i];
    } else {
      std::array<size_type, Rank - 1> inner;
      std::copy(extents_.begin() + 1, extents_.end(), inner.begin());
      return LocalImageRef<T, Rank - 1>(first_ + i * (size() / extents_[0]), inner);
    }
  }
  T *begin() const { return first_; }
  T *end() const { return first_ + size(); }
  size_type size() const {
    size_type n = 1;
    for (size_type e : extents_) n *= e;
    return n;
  }

 private:
  T *first_;
  std::array<size_type, Rank> extents_;
};

namespace detail {

/// The compile-time extents of an array type (0 for an open first extent).
template <typename T, std::size_t... Is>
constexpr std::array<std::size_t, sizeof...(Is)> type_extents(std::index_sequence<Is...>) {
  return {{std::extent_v<T, Is>...}};
}
template <typename T>
constexpr std::array<std::size_t, std::rank_v<T>> type_extents() {
  return type_extents<T>(std::make_index_sequence<std::rank_v<T>>());
}

}  // namespace detail

}  // namespace coarray

template <typename T, typename IndexType = dash::default_index_t, MemArrange Arrangement = ROW_MAJOR,
          typename LocalMemSpaceT = dash::HostSpace>
class Coarray {
  using element_type = std::remove_all_extents_t<T>;
  using storage_type = Array<element_type>;
  static constexpr int value_rank = static_cast<int>(std::rank_v<T>);
  static constexpr bool is_atomic_element = is_atomic_v<element_type>;
  static constexpr bool open_extent = value_rank > 0 && std::extent_v<T, 0> == 0;
  using image_extents_type = std::array<std::size_t, std::size_t(value_rank)>;

  template <typename E>
  struct base_of {
    using type = E;
  };
  template <typename E>
  struct base_of<Atomic<E>> {
    using type = E;
  };

 public:
  using value_type = element_type;
  using value_base_type = typename base_of<element_type>::type;
  using difference_type = IndexType;
  using index_type = IndexType;
  using size_type = std::make_unsigned_t<IndexType>;
  using iterator = typename storage_type::iterator;
  using const_iterator = typename storage_type::const_iterator;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;
  using reference = GlobRef<element_type>;
  using const_reference = GlobRef<const element_type>;
  using local_pointer = element_type *;
  using const_local_pointer = const element_type *;
  using pattern_type = typename storage_type::pattern_type;
  /// The global view of one image (subrank >= 1) or its element (0).
  template <int subrank>
  using view_type =
      std::conditional_t<subrank == 0, reference, coarray::ImageRef<iterator, (subrank > 0 ? subrank : 1)>>;
  /// The own image: the element (rank 0 and 1) or a local slice.
  using local_type = std::conditional_t<
      is_atomic_element, reference,
      std::conditional_t<(value_rank <= 1), element_type &,
                         coarray::LocalImageRef<element_type, (value_rank > 1 ? value_rank - 1 : 1)>>>;

  /// Rank of the coarray: the image's rank plus one (the co-dimension).
  static constexpr dim_t ndim() noexcept { return static_cast<dim_t>(value_rank + 1); }

  /// One value-initialized image per unit of `team` (collective); made
  /// before dash::init, or with an open first extent, it stays empty until
  /// allocate().
  /// (`if constexpr`: with an open extent allocate() and its static_assert
  /// are not instantiated, so `Coarray<U[]> c;` compiles.)
  Coarray() {
    if constexpr (!open_extent)
      if (dash::is_initialized()) allocate(Team::All());
  }
  explicit Coarray(const Team &team) {
    if constexpr (!open_extent)
      if (dash::is_initialized()) allocate(team);
  }
  /// T = U[][m]...: images with first extent `first_dim`. Collective.
  template <int R = value_rank, typename = std::enable_if_t<(R != 0)>>
  explicit Coarray(const size_type &first_dim, const Team &team = Team::All()) {
    static_assert(open_extent, "dash::Coarray: the first extent is fixed by the type");
    if (dash::is_initialized()) allocate(first_dim, team);
  }
  /// Scalar coarray whose every image starts as `value`. Collective.
  template <int R = value_rank, typename = std::enable_if_t<(R == 0)>>
  explicit Coarray(const value_type &value, const Team &team = Team::All()) {
    allocate(team);
    if constexpr (is_atomic_element)
      operator()(my_image()).set(value);
    else
      *lbegin() = value;
    storage_.barrier();
  }

  Coarray(Coarray &&) noexcept = default;
  Coarray &operator=(Coarray &&) noexcept = default;
  Coarray(const Coarray &) = delete;
  Coarray &operator=(const Coarray &) = delete;

  /// Collective: allocates if not yet allocated (types with fixed extents).
  void allocate(const Team &team = Team::All()) {
    static_assert(!open_extent, "dash::Coarray: an open first extent needs allocate(n)");
    if (!storage_.is_allocated()) allocate_images(coarray::detail::type_extents<T>(), team);
  }
  /// Collective: allocates with first extent `n` (T = U[][m]...).
  void allocate(const size_type &n, const Team &team = Team::All()) {
    if (storage_.is_allocated() || n == 0) return;
    image_extents_type ext = coarray::detail::type_extents<T>();
    if constexpr (value_rank > 0) ext[0] = n;
    allocate_images(ext, team);
  }
  /// Collective: frees the images; the coarray is empty again.
  void deallocate() { storage_.deallocate(); }
  /// Swaps the images of two coarrays, then a barrier over Team::All().
  void swap(Coarray &&other) {
    std::swap(*this, other);
    dash::barrier();
  }

  // ---- the whole coarray ----

  const pattern_type &pattern() const { return storage_.pattern(); }
  /// Every image's elements, in image order.
  iterator begin() { return storage_.begin(); }
  const_iterator begin() const { return storage_.begin(); }
  const_iterator cbegin() const { return storage_.begin(); }
  iterator end() { return storage_.end(); }
  const_iterator end() const { return storage_.end(); }
  const_iterator cend() const { return storage_.end(); }
  /// The calling image's elements (nullptr while not allocated); throw
  /// dash::NotInitialized after dash::finalize (DASH: noexcept, returning
  /// the released memory).
  local_pointer lbegin() { return storage_.is_allocated() ? storage_.lbegin() : nullptr; }
  const_local_pointer lbegin() const { return storage_.is_allocated() ? storage_.lbegin() : nullptr; }
  local_pointer lend() { return storage_.is_allocated() ? storage_.lend() : nullptr; }
  const_local_pointer lend() const { return storage_.is_allocated() ? storage_.lend() : nullptr; }
  /// Elements of all images (0 while not allocated).
  size_type size() const noexcept { return storage_.is_allocated() ? storage_.size() : 0; }
  bool empty() const noexcept { return size() == 0; }
  /// Elements of one image.
  size_type local_size() const noexcept { return storage_.is_allocated() ? image_size_ : 0; }
  bool is_local(index_type gi) const noexcept {
    return storage_.is_allocated() && size_type(gi) / image_size_ == size_type(my_image());
  }
  const Team &team() const { return storage_.team(); }

  // ---- synchronization ----

  void barrier() { storage_.barrier(); }
  /// Fortran's sync all: completes the own writes, then a barrier.
  void sync_all() {
    flush();
    storage_.barrier();
  }
  /// DASH's sync images with team-relative ids (see coarray::sync_images):
  /// the listed images synchronize with each other.
  template <typename Container>
  void sync_images(const Container &image_ids);
  /// Completes the calling unit's writes to the coarray (remotely).
  void flush() { storage_.flush(); }
  /// Completes the calling unit's writes as far as its own buffers go.
  void flush_local() { storage_.flush(); }

  // ---- images of other units ----

  /// Image `unit` (team-relative): the element's reference for a scalar
  /// coarray, an ImageRef (ref[i][j]...) for an array coarray. Throws
  /// std::out_of_range for a unit outside the team.
  view_type<value_rank> operator()(const index_type &unit) {
    const std::size_t nunits = storage_.is_allocated() ? team().size() : 0;
    if (unit < 0 || std::size_t(unit) >= nunits)
      throw std::out_of_range("dash::Coarray: image " + std::to_string(unit) + " not in [0, " +
                              std::to_string(nunits) + ")");
    iterator first = storage_.begin() + static_cast<std::ptrdiff_t>(std::size_t(unit) * image_size_);
    if constexpr (value_rank == 0)
      return *first;
    else
      return view_type<value_rank>(first, extents_);
  }
  view_type<value_rank> operator()(const team_unit_t &unit) { return operator()(index_type(unit.id)); }

  // ---- the calling unit's image ----

  /// Element or slice `idx` of the own image (plain memory; global
  /// references for atomic elements).
  template <int R = value_rank, typename = std::enable_if_t<(R > 0)>>
  local_type operator[](const index_type &idx) {
    if constexpr (is_atomic_element) {
      return operator()(my_image())[std::size_t(idx)];
    } else if constexpr (value_rank == 1) {
      return lbegin()[idx];
    } else {
      std::array<std::size_t, std::size_t(value_rank - 1)> inner;
      std::copy(extents_.begin() + 1, extents_.end(), inner.begin());
      return local_type(lbegin() + std::size_t(idx) * (image_size_ / extents_[0]), inner);
    }
  }
  template <int R = value_rank, typename = std::enable_if_t<(R > 0) && !is_atomic_v<element_type>>>
  decltype(auto) operator[](const index_type &idx) const {
    return const_cast<Coarray &>(*this)[idx];
  }

  /// Scalar coarrays: the own image as a value.
  template <int R = value_rank, typename = std::enable_if_t<(R == 0)>>
  operator value_base_type() const {
    if constexpr (is_atomic_element)
      return const_cast<Coarray &>(*this)(my_image()).load();
    else
      return *lbegin();
  }
  /// Scalar coarrays: the own image as a global reference.
  template <int R = value_rank, typename = std::enable_if_t<(R == 0)>>
  explicit operator reference() {
    return operator()(my_image());
  }
  /// Scalar struct coarrays: the member at byte offset `offs` of the own image.
  template <typename MEMTYPE, int R = value_rank, typename = std::enable_if_t<(R == 0)>>
  MEMTYPE &member(std::size_t offs) {
    return *reinterpret_cast<MEMTYPE *>(reinterpret_cast<char *>(lbegin()) + offs);
  }
  /// Scalar struct coarrays: member `mem` of the own image.
  template <typename MEMTYPE, typename P = T, int R = value_rank, typename = std::enable_if_t<(R == 0)>>
  MEMTYPE &member(const MEMTYPE P::*mem) {
    return const_cast<MEMTYPE &>(lbegin()->*mem);
  }

  // Scalar coarrays: arithmetic on the own image (plain memory, or an
  // atomic global operation for atomic elements).
  template <int R = value_rank, typename = std::enable_if_t<(R == 0)>>
  decltype(auto) operator=(const value_base_type &value) {
    if constexpr (is_atomic_element)
      return operator()(my_image()) = value;
    else
      return *lbegin() = value;
  }
  template <int R = value_rank, typename = std::enable_if_t<(R == 0)>>
  decltype(auto) operator+=(const value_base_type &value) {
    return own() += value;
  }
  template <int R = value_rank, typename = std::enable_if_t<(R == 0)>>
  decltype(auto) operator-=(const value_base_type &value) {
    return own() -= value;
  }
  template <int R = value_rank, typename = std::enable_if_t<(R == 0) && !is_atomic_v<element_type>>>
  value_type &operator*=(const value_type &value) {
    return *lbegin() *= value;
  }
  template <int R = value_rank, typename = std::enable_if_t<(R == 0) && !is_atomic_v<element_type>>>
  value_type &operator/=(const value_type &value) {
    return *lbegin() /= value;
  }
  template <int R = value_rank, typename = std::enable_if_t<(R == 0) && !is_atomic_v<element_type>>>
  value_type operator+(const value_type &value) const {
    return *lbegin() + value;
  }
  template <int R = value_rank, typename = std::enable_if_t<(R == 0) && !is_atomic_v<element_type>>>
  value_type operator-(const value_type &value) const {
    return *lbegin() - value;
  }
  template <int R = value_rank, typename = std::enable_if_t<(R == 0) && !is_atomic_v<element_type>>>
  value_type operator*(const value_type &value) const {
    return *lbegin() * value;
  }
  template <int R = value_rank, typename = std::enable_if_t<(R == 0) && !is_atomic_v<element_type>>>
  value_type operator/(const value_type &value) const {
    return *lbegin() / value;
  }
  template <int R = value_rank, typename = std::enable_if_t<(R == 0)>>
  decltype(auto) operator++() {
    return ++own();
  }
  template <int R = value_rank, typename = std::enable_if_t<(R == 0)>>
  decltype(auto) operator--() {
    return --own();
  }
  template <int R = value_rank, typename = std::enable_if_t<(R == 0)>>
  value_base_type operator++(int) {
    return own()++;
  }
  template <int R = value_rank, typename = std::enable_if_t<(R == 0)>>
  value_base_type operator--(int) {
    return own()--;
  }

 private:
  index_type my_image() const { return index_type(storage_.team().myid().id); }
  /// The own scalar: plain memory, or its global reference if atomic.
  decltype(auto) own() {
    if constexpr (is_atomic_element)
      return operator()(my_image());
    else
      return (*lbegin());
  }
  void allocate_images(const image_extents_type &ext, const Team &team) {
    std::size_t n = 1;
    for (std::size_t e : ext) n *= e;
    storage_type images(team.size() * n, team);
    std::fill(images.lbegin(), images.lend(), element_type{});
    extents_ = ext;
    image_size_ = n;
    storage_ = std::move(images);
    storage_.barrier();
  }

  storage_type storage_;  // image u: elements [u * image_size_, (u + 1) * image_size_)
  image_extents_type extents_{};
  std::size_t image_size_ = 0;
};

// lhs op coarray: the own image of a scalar coarray as the right operand.
template <typename Lhs, typename T,
          typename = std::enable_if_t<std::is_arithmetic_v<Lhs> && std::rank_v<T> == 0>>
Lhs operator+(const Lhs &lhs, const Coarray<T> &rhs) {
  return lhs + static_cast<Lhs>(rhs);
}
template <typename Lhs, typename T,
          typename = std::enable_if_t<std::is_arithmetic_v<Lhs> && std::rank_v<T> == 0>>
Lhs operator-(const Lhs &lhs, const Coarray<T> &rhs) {
  return lhs - static_cast<Lhs>(rhs);
}
template <typename Lhs, typename T,
          typename = std::enable_if_t<std::is_arithmetic_v<Lhs> && std::rank_v<T> == 0>>
Lhs operator*(const Lhs &lhs, const Coarray<T> &rhs) {
  return lhs * static_cast<Lhs>(rhs);
}
template <typename Lhs, typename T,
          typename = std::enable_if_t<std::is_arithmetic_v<Lhs> && std::rank_v<T> == 0>>
Lhs operator/(const Lhs &lhs, const Coarray<T> &rhs) {
  return lhs / static_cast<Lhs>(rhs);
}

}  // namespace dash

#include <dash/coarray/Utils.h>
#include <dash/Coevent.h>

template <typename T, typename I, dash::MemArrange A, typename L>
template <typename Container>
void dash::Coarray<T, I, A, L>::sync_images(const Container &image_ids) {
  flush();
  coarray::detail::sync_images(team(), image_ids);
}

#endif  // DASH_COARRAY_H
