#ifndef DASH_IO_HDF5_INTERNAL_DRIVER_IMPL_ND_BLOCK_H
#define DASH_IO_HDF5_INTERNAL_DRIVER_IMPL_ND_BLOCK_H

// The part of a dataset one unit stores or loads, as an HDF5 selection.
//
// A pattern gives each unit, along each dimension, a set of global
// intervals (its blocks along that dimension); the unit's elements are the
// Cartesian product of those sets. HDF5 pairs the elements of a memory and a
// file selection in the row-major order of each dataspace, and the product's
// row-major order is the order of the unit's local storage (row-major over
// its local extents) whenever the pattern is not tiled. So one hyperslab
// union in the file and the whole local buffer in memory describe a unit's
// part in a single collective H5Dwrite/H5Dread. Equal intervals at a constant
// stride (block-cyclic) collapse into one regular hyperslab, so a dimension
// costs at most two hyperslabs (the regular blocks and a partial last one).
// Tiled patterns store tile by tile; their elements are packed into
// row-major order first (DriverImplBuffered.h).

#include <hdf5.h>

#include <array>
#include <cstddef>
#include <vector>

#include <dash/io/hdf5/internal/handle.h>

namespace dash::io::hdf5::internal {

/// Regular hyperslab along one dimension: `count` blocks of `block`
/// elements, the first at `start`, `stride` apart.
struct Slab {
  hsize_t start, stride, count, block;
};

/// The slabs of `unit` along dimension `d`; the unit must have elements.
template <class PatternT>
std::vector<Slab> slabs_along(const PatternT &pattern, std::size_t unit, std::size_t d) {
  constexpr std::size_t N = PatternT::ndim();
  auto nblocks = pattern.local_blockspec(unit).extents();
  std::size_t step = 1;  // row-major index step of the local block grid along d
  for (std::size_t e = d + 1; e < N; ++e) step *= nblocks[e];
  std::vector<Slab> slabs;
  for (std::size_t k = 0; k < nblocks[d]; ++k) {
    auto block = pattern.local_block(unit, k * step);
    hsize_t offset = block.offsets()[d], extent = block.extents()[d];
    if (!slabs.empty()) {
      Slab &s = slabs.back();
      if (s.block == extent && (s.count == 1 || offset == s.start + s.count * s.stride)) {
        if (s.count == 1) s.stride = offset - s.start;
        ++s.count;
        continue;
      }
    }
    slabs.push_back(Slab{offset, extent, 1, extent});
  }
  return slabs;
}

/// Selects in `filespace` the elements of `unit` (none if it has none).
template <class PatternT>
void select_unit(hid_t filespace, const PatternT &pattern, std::size_t unit) {
  constexpr std::size_t N = PatternT::ndim();
  if (pattern.local_nblocks(unit) == 0) {
    check(H5Sselect_none(filespace), "H5Sselect_none");
    return;
  }
  std::array<std::vector<Slab>, N> slabs;
  for (std::size_t d = 0; d < N; ++d) slabs[d] = slabs_along(pattern, unit, d);
  // One hyperslab per combination of slabs, one from each dimension.
  std::array<std::size_t, N> pick{};
  H5S_seloper_t op = H5S_SELECT_SET;
  for (;;) {
    hsize_t start[N], stride[N], count[N], block[N];
    for (std::size_t d = 0; d < N; ++d) {
      const Slab &s = slabs[d][pick[d]];
      start[d] = s.start, stride[d] = s.stride, count[d] = s.count, block[d] = s.block;
    }
    check(H5Sselect_hyperslab(filespace, op, start, stride, count, block), "H5Sselect_hyperslab");
    op = H5S_SELECT_OR;
    std::size_t d = N;
    while (d-- > 0 && ++pick[d] == slabs[d].size()) pick[d] = 0;
    if (d == static_cast<std::size_t>(-1)) break;
  }
}

/// The memory dataspace of a unit's part: its local extents, all selected
/// (nothing selected if it has no elements).
template <class PatternT>
Handle local_space(const PatternT &pattern, std::size_t unit) {
  constexpr std::size_t N = PatternT::ndim();
  auto extents = pattern.local_extents(unit);
  hsize_t dims[N];
  bool empty = false;
  for (std::size_t d = 0; d < N; ++d) {
    dims[d] = extents[d];
    empty = empty || extents[d] == 0;
  }
  if (empty) {  // a one-element space with nothing selected
    hsize_t one = 1;
    Handle space = checked(H5Screate_simple(1, &one, nullptr), H5Sclose, "H5Screate_simple");
    check(H5Sselect_none(space.get()), "H5Sselect_none");
    return space;
  }
  return checked(H5Screate_simple(static_cast<int>(N), dims, nullptr), H5Sclose, "H5Screate_simple");
}

}  // namespace dash::io::hdf5::internal

#endif  // DASH_IO_HDF5_INTERNAL_DRIVER_IMPL_ND_BLOCK_H
