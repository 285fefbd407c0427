#ifndef DASH_LOCAL_VIEW_H
#define DASH_LOCAL_VIEW_H

// LocalView<T, N, P>: the calling unit's part of a container (arr.local), a
// contiguous range of plain memory in local-index order (tile patterns:
// tile by tile): begin()/end() are raw pointers, so any STL algorithm runs
// on it at the speed of malloc'd memory. For N > 1 it knows the local
// extents and indexes by local coordinates as the pattern lays them out
// (local_index(unit, lcoords)).
//
// Like std::span it does not own the memory and does not propagate const.
// Element access is unchecked except at(); the range itself is obtained
// once, when the container is made (dart_gptr_getaddr), never per access.
//
// As in DASH, local.row(i) is local row i (plain memory: lbegin()/lend())
// and local.block(b) the calling unit's block b as a View (global
// coordinates; its elements are local, so access is direct).

#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <dash/detail/array_core.h>
#include <dash/detail/pieces.h>
#include <dash/pattern/BlockPattern.h>
#include <dash/view/CartView.h>

namespace dash {

/// A contiguous part of the calling unit's memory of a container (a local
/// row, dash::local of a 1-D view, dash::sub of a local range): raw
/// pointers, as LocalView, and the local index of its first element.
template <typename T>
class LocalSpan {
 public:
  using value_type = T;
  using size_type = std::size_t;
  using iterator = T *;

  LocalSpan() = default;
  LocalSpan(T *first, T *last, size_type first_index = 0)
      : first_(first), last_(last), first_index_(first_index) {}
  T *begin() const { return first_; }
  T *end() const { return last_; }
  T *lbegin() const { return first_; }
  T *lend() const { return last_; }
  size_type size() const { return static_cast<size_type>(last_ - first_); }
  bool empty() const { return first_ == last_; }
  T &operator[](size_type i) const { return first_[i]; }
  /// Local index (in the container's local memory) of begin().
  size_type first_index() const { return first_index_; }

 private:
  T *first_ = nullptr;
  T *last_ = nullptr;
  size_type first_index_ = 0;
};

template <typename T, std::size_t N, typename P = Pattern<N>>
class LocalView {
 public:
  using value_type = T;
  using size_type = std::size_t;
  using iterator = T *;
  using extents_type = std::array<size_type, N>;

  using core_type = detail::ArrayCore<std::remove_const_t<T>, N, P>;

  LocalView() = default;
  /// The calling unit's part of the container `core`.
  explicit LocalView(const core_type *core)
      : data_(core->mem.local()), pattern_(&core->pattern), unit_(core->myid), core_(core) {
    extents_ = pattern_->local_extents(unit_);
    size_ = 1;
    for (std::size_t k = N; k-- > 0;) {  // untiled Pattern<N, A>: linear in A
      std::size_t d = detail::dim_by_order<P::memory_order(), N>(k);
      strides_[d] = size_;
      size_ *= extents_[d];
    }
    if (size_ == 0) data_ = nullptr;
  }

  T *begin() const { return data_; }
  T *end() const { return data_ + size_; }
  T *data() const { return data_; }
  T *lbegin() const { return data_; }
  T *lend() const { return data_ + size_; }
  size_type size() const { return size_; }
  bool empty() const { return size_ == 0; }

  /// Element `i` in local storage order (unchecked).
  T &operator[](size_type i) const { return data_[i]; }
  /// Element `i`; throws std::out_of_range unless i < size().
  T &at(size_type i) const {
    if (i >= size_)
      throw std::out_of_range("dash::LocalView::at: local index " + std::to_string(i) + " not in [0, " +
                              std::to_string(size_) + ")");
    return data_[i];
  }

  /// Local extents (elements of this unit along each dimension).
  const extents_type &extents() const { return extents_; }
  size_type extent(std::size_t d) const { return extents_[d]; }

  /// Element at local coordinates (unchecked), e.g. local(i, j).
  template <typename... Is, typename = std::enable_if_t<sizeof...(Is) == N>>
  T &operator()(Is... lcoords) const {
    return data_[index_of({static_cast<size_type>(lcoords)...})];
  }
  /// Local index of local coordinates.
  size_type index_of(const extents_type &lcoords) const {
    if constexpr (!detail::is_linear_pattern<P>::value) return pattern_->local_index(unit_, lcoords);
    if (pattern_->is_tiled()) return pattern_->local_index(unit_, lcoords);
    size_type index = 0;
    for (std::size_t d = 0; d < N; ++d) index += lcoords[d] * strides_[d];
    return index;
  }
  /// Global coordinates of local coordinates.
  std::array<size_type, N> global_coords(const extents_type &lcoords) const {
    return pattern_->global(unit_, lcoords);
  }
  /// Linear global index of local index `i`.
  size_type global_index(size_type i) const { return pattern_->global_index(unit_, i); }

  /// Local row `i` (first dimension; N > 1): contiguous memory. Throws
  /// std::out_of_range unless i < extent(0), std::logic_error if the
  /// pattern is tiled (a row then spans tiles: use block()) or COL_MAJOR.
  template <std::size_t M = N, typename = std::enable_if_t<(M > 1)>>
  LocalSpan<T> row(size_type i) const {
    if (i >= extents_[0])
      throw std::out_of_range("dash::LocalView::row: row " + std::to_string(i) + " not in [0, " +
                              std::to_string(extents_[0]) + ")");
    if (pattern_->is_tiled())
      throw std::logic_error("dash::LocalView::row: local rows of a tiled pattern are not contiguous");
    if constexpr (P::memory_order() != ROW_MAJOR)
      throw std::logic_error("dash::LocalView::row: local rows of a COL_MAJOR pattern are not contiguous");
    return LocalSpan<T>(data_ + i * strides_[0], data_ + (i + 1) * strides_[0], i * strides_[0]);
  }

  /// The calling unit's block `lblock` (its local block grid, in the
  /// pattern's storage order); throws std::out_of_range unless lblock < the
  /// unit's number of blocks.
  View<T, N, P> block(size_type lblock) const {
    return View<T, N, P>(core_, pattern_->local_block(unit_, lblock));
  }

 private:
  T *data_ = nullptr;
  size_type size_ = 0;
  extents_type extents_{};
  extents_type strides_{};
  const P *pattern_ = nullptr;
  size_type unit_ = 0;
  const core_type *core_ = nullptr;
};

}  // namespace dash

#endif  // DASH_LOCAL_VIEW_H
