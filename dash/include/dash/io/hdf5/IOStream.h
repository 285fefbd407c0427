#ifndef DASH_IO_HDF5_IOSTREAM_H
#define DASH_IO_HDF5_IOSTREAM_H

// The stream interface of dash::io::hdf5 (DASH's header): DeviceMode,
// the manipulators (IOManip.h), InputStream and OutputStream.

#include <dash/io/hdf5/InputStream.h>
#include <dash/io/hdf5/IOManip.h>
#include <dash/io/hdf5/OutputStream.h>
#include <dash/io/IOStream.h>

#endif  // DASH_IO_HDF5_IOSTREAM_H
