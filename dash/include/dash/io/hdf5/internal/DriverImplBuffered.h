#ifndef DASH_IO_HDF5_INTERNAL_DRIVER_IMPL_BUFFERED_H
#define DASH_IO_HDF5_INTERNAL_DRIVER_IMPL_BUFFERED_H

// The buffered strategy of dash::io::hdf5: a tiled pattern keeps a unit's
// elements tile by tile, not in the row-major order of its file selection
// (DriverImplNdBlock.h), so they go through a buffer in that order.

#include <cstddef>
#include <cstring>
#include <vector>

namespace dash::io::hdf5::internal {

/// For tiled patterns: the local index of each element of `unit` in the
/// row-major order of its local extents (the order of its file selection).
template <class PatternT>
std::vector<std::size_t> local_order(const PatternT &pattern, std::size_t unit) {
  constexpr std::size_t N = PatternT::ndim();
  auto extents = pattern.local_extents(unit);
  std::size_t n = 1;
  for (auto e : extents) n *= e;
  std::vector<std::size_t> order;
  order.reserve(n);
  typename PatternT::coords_type lcoords{};
  for (std::size_t i = 0; i < n; ++i) {
    order.push_back(pattern.local_index(unit, lcoords));
    for (std::size_t d = N; d-- > 0;) {
      if (++lcoords[d] < extents[d]) break;
      lcoords[d] = 0;
    }
  }
  return order;
}

/// Copies the elements of `local` into `buf` in the order `order`.
template <typename T>
void pack_in_order(const T *local, const std::vector<std::size_t> &order, std::vector<unsigned char> &buf) {
  for (std::size_t i = 0; i < order.size(); ++i)
    std::memcpy(&buf[i * sizeof(T)], local + order[i], sizeof(T));
}

/// The inverse of pack_in_order.
template <typename T>
void unpack_in_order(const std::vector<unsigned char> &buf, const std::vector<std::size_t> &order, T *local) {
  for (std::size_t i = 0; i < order.size(); ++i)
    std::memcpy(local + order[i], &buf[i * sizeof(T)], sizeof(T));
}

}  // namespace dash::io::hdf5::internal

#endif  // DASH_IO_HDF5_INTERNAL_DRIVER_IMPL_BUFFERED_H
