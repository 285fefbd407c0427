#ifndef DASH_IO_HDF5_INTERNAL_DRIVER_IMPL_ZERO_COPY_H
#define DASH_IO_HDF5_INTERNAL_DRIVER_IMPL_ZERO_COPY_H

// The transfer of a unit's part of a dataset: one collective H5Dwrite or
// H5Dread of its hyperslab selection (DriverImplNdBlock.h) straight from or
// into its local memory, without a copy; tiled patterns take the buffered
// detour (DriverImplBuffered.h).

#include <hdf5.h>
#include <mpi.h>

#include <cstddef>
#include <exception>
#include <string>
#include <vector>

#include <dash/Exception.h>
#include <dash/io/hdf5/internal/DriverImplBuffered.h>
#include <dash/io/hdf5/internal/DriverImplNdBlock.h>
#include <dash/io/hdf5/internal/handle.h>

namespace dash::io::hdf5::internal {

/// Stores (or loads) the calling unit's elements `local` of a container
/// with `pattern` into (from) dataset `dset`, in one collective call over
/// `comm`. The preparation (selection, buffer) is agreed on first, so that
/// a unit that fails there does not leave the others in H5Dwrite/H5Dread.
template <class PatternT, class T>
void transfer(hid_t dset, hid_t type, const PatternT &pattern, std::size_t unit, T *local, bool store,
              MPI_Comm comm) {
  Handle filespace, memspace, xfer;
  std::vector<std::size_t> order;  // tiled: local index of each element in row-major order
  std::vector<unsigned char> buf;
  std::string failure;
  try {
    filespace = checked(H5Dget_space(dset), H5Sclose, "H5Dget_space");
    select_unit(filespace.get(), pattern, unit);
    memspace = local_space(pattern, unit);
    xfer = checked(H5Pcreate(H5P_DATASET_XFER), H5Pclose, "H5Pcreate");
    check(H5Pset_dxpl_mpio(xfer.get(), H5FD_MPIO_COLLECTIVE), "H5Pset_dxpl_mpio");
    if (pattern.is_tiled()) {  // tile-by-tile storage: through a buffer in row-major order
      order = local_order(pattern, unit);
      buf.resize(order.size() * sizeof(T));
    }
  } catch (const std::exception &e) {
    failure = e.what();
  }
  int failed = !failure.empty(), any = 0;
  MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_MAX, comm);
  if (any)
    throw dash::RuntimeError(failed ? failure
                                    : "dash::io::hdf5: another unit failed to prepare its transfer");

  void *data = local;
  if (pattern.is_tiled()) {
    data = buf.data();
    if (store) pack_in_order(local, order, buf);
  }
  alignas(T) static unsigned char none[sizeof(T)];  // HDF5 wants a buffer even for an empty selection
  if (data == nullptr) data = none;
  if (store)
    check(H5Dwrite(dset, type, memspace.get(), filespace.get(), xfer.get(), data), "H5Dwrite");
  else
    check(H5Dread(dset, type, memspace.get(), filespace.get(), xfer.get(), data), "H5Dread");
  if (!store) unpack_in_order(buf, order, local);
}

}  // namespace dash::io::hdf5::internal

#endif  // DASH_IO_HDF5_INTERNAL_DRIVER_IMPL_ZERO_COPY_H
