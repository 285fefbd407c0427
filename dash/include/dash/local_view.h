#ifndef DASH_LOCAL_VIEW_H
#define DASH_LOCAL_VIEW_H

// LocalView<T, N>: the calling unit's part of a container (arr.local), a
// contiguous range of plain memory: begin()/end() are raw pointers, so any
// STL algorithm runs on it at the speed of malloc'd memory. For N > 1 it
// knows the local extents and indexes by local coordinates.
//
// Like std::span it does not own the memory and does not propagate const.
// Element access is unchecked except at(); the range itself is obtained
// once, when the container is made (dart_gptr_getaddr), never per access.

#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <dash/pattern/pattern.h>

namespace dash {

template <typename T, std::size_t N>
class LocalView {
 public:
  using value_type = T;
  using size_type = std::size_t;
  using iterator = T *;
  using extents_type = std::array<size_type, N>;

  LocalView() = default;
  /// The part of `unit` in `pattern`, stored at `data`.
  LocalView(T *data, const Pattern<N> *pattern, size_type unit)
      : data_(data), pattern_(pattern), unit_(unit) {
    extents_ = pattern->local_extents(unit);
    size_ = 1;
    for (std::size_t d = N; d-- > 0;) {
      strides_[d] = size_;
      size_ *= extents_[d];
    }
    if (size_ == 0) data_ = nullptr;
  }

  T *begin() const { return data_; }
  T *end() const { return data_ + size_; }
  T *data() const { return data_; }
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

 private:
  T *data_ = nullptr;
  size_type size_ = 0;
  extents_type extents_{};
  extents_type strides_{};
  const Pattern<N> *pattern_ = nullptr;
  size_type unit_ = 0;
};

}  // namespace dash

#endif  // DASH_LOCAL_VIEW_H
