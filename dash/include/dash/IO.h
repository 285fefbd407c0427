#ifndef DASH_IO_H
#define DASH_IO_H

// dash's I/O (DASH's header name): the stream modes (io/IOStream.h); the
// HDF5 storage driver and streams are in io/HDF5.h.

#include <dash/io/IOStream.h>

#endif  // DASH_IO_H
