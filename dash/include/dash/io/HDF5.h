#ifndef DASH_IO_HDF5_H
#define DASH_IO_HDF5_H

// HDF5 I/O for dash containers (DASH's header name): StoreHDF's functions
// and the streams. Needs a build with parallel HDF5 (DASH_ENABLE_HDF5).

#include <dash/io/hdf5/IOStream.h>
#include <dash/io/hdf5/StorageDriver.h>

#endif  // DASH_IO_HDF5_H
