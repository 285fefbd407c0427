#ifndef DASH_MATRIX_INTERNAL_MATRIX_INL_H
#define DASH_MATRIX_INTERNAL_MATRIX_INL_H

// Out-of-line members of dash::Matrix's base detail::NArray (Matrix.h).

#include <dash/Matrix.h>

namespace dash {

template <typename T, std::size_t N, typename P>
template <typename... Args>
bool detail::NArray<T, N, P>::allocate(Args &&...args) {
  *this = NArray(std::forward<Args>(args)...);
  return true;
}

template <typename T, std::size_t N, typename P>
auto detail::NArray<T, N, P>::sub(const extents_type &offsets, const extents_type &extents) -> view_type<> {
  return whole<T>().sub(offsets, extents);
}

template <typename T, std::size_t N, typename P>
auto detail::NArray<T, N, P>::sub(const extents_type &offsets, const extents_type &extents) const
    -> const_view_type<> {
  return whole<const T>().sub(offsets, extents);
}

template <typename T, std::size_t N, typename P>
template <dim_t SD>
auto detail::NArray<T, N, P>::sub(size_type first, size_type n) -> view_type<> {
  return whole<T>().template sub<SD>(first, n);
}

template <typename T, std::size_t N, typename P>
template <dim_t SD>
auto detail::NArray<T, N, P>::sub(size_type first, size_type n) const -> const_view_type<> {
  return whole<const T>().template sub<SD>(first, n);
}

template <typename T, std::size_t N, typename P>
template <dim_t SD>
auto detail::NArray<T, N, P>::sub(size_type n) -> view_type<D - 1> {
  return whole<T>().template sub<SD>(n);
}

template <typename T, std::size_t N, typename P>
template <dim_t SD>
auto detail::NArray<T, N, P>::sub(size_type n) const -> const_view_type<D - 1> {
  return whole<const T>().template sub<SD>(n);
}

template <typename T, std::size_t N, typename P>
auto detail::NArray<T, N, P>::block(size_type gblock) const -> const_view_type<> {
  return const_view_type<>(&live_core(), core_->pattern.block(gblock));
}

template <typename T, std::size_t N, typename P>
auto detail::NArray<T, N, P>::block(const std::array<index_type, N> &bcoords) const -> const_view_type<> {
  return block(block_index(bcoords));
}

template <typename T, std::size_t N, typename P>
bool detail::NArray<T, N, P>::is_local(index_type gindex) const {
  return core().pattern.local(static_cast<size_type>(gindex)).unit == core().myid;
}

template <typename T, std::size_t N, typename P>
template <dim_t SD>
bool detail::NArray<T, N, P>::is_local(index_type n) const {
  return whole<const T>().template is_local<SD>(n);
}

template <typename T, std::size_t N, typename P>
auto detail::NArray<T, N, P>::core() const -> const core_type & {
  if (!core_) throw std::logic_error("dash::NArray: the array is empty (default-constructed or moved from)");
  return *core_;
}

template <typename T, std::size_t N, typename P>
auto detail::NArray<T, N, P>::live_core() const -> const core_type & {
  const core_type &c = core();
  detail::check_alive(c.mem.epoch(), "dash::NArray");
  return c;
}

template <typename T, std::size_t N, typename P>
template <typename U>
auto detail::NArray<T, N, P>::whole() const -> MatrixRef<U, D, D, P, HostSpace> {
  return MatrixRef<U, D, D, P, HostSpace>(&live_core(), core_->whole());
}

template <typename T, std::size_t N, typename P>
template <typename U>
auto detail::NArray<T, N, P>::element(const LocalIndex &li) const -> GlobRef<U> {
  return core_->template ref<U>(li.unit, li.index);
}

template <typename T, std::size_t N, typename P>
auto detail::NArray<T, N, P>::block_index(const std::array<index_type, N> &bcoords) const -> size_type {
  const P &p = core().pattern;
  // Block grid extents: the blocks along each dimension.
  std::array<size_type, N> grid{}, bc{};
  for (std::size_t d = 0; d < N; ++d) {
    size_type bs = p.block(0).extents()[d];
    grid[d] = bs == 0 ? 0 : (p.extent(d) + bs - 1) / bs;
    bc[d] = static_cast<size_type>(bcoords[d]);
  }
  return detail::linear_index<P::memory_order()>(bc, grid);
}

template <typename T, std::size_t N, typename P>
auto detail::NArray<T, N, P>::checked(size_type gindex, const char *what) const -> LocalIndex {
  if (gindex >= size())
    throw std::out_of_range(std::string("dash::NArray::") + what + ": index " + std::to_string(gindex) +
                            " not in [0, " + std::to_string(size()) + ")");
  return live_core().pattern.local(gindex);
}

template <typename T, std::size_t N, typename P>
auto detail::NArray<T, N, P>::checked(const extents_type &c, const char *what) const -> LocalIndex {
  for (std::size_t d = 0; d < N; ++d)
    if (c[d] >= core().pattern.extent(d))
      throw std::out_of_range(std::string("dash::NArray::") + what + ": coordinate " + std::to_string(c[d]) +
                              " of dimension " + std::to_string(d) + " not in [0, " +
                              std::to_string(core().pattern.extent(d)) + ")");
  return live_core().pattern.local(c);
}

}  // namespace dash

#endif  // DASH_MATRIX_INTERNAL_MATRIX_INL_H
