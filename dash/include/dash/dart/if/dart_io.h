#ifndef DASH_DART_IF_DART_IO_H
#define DASH_DART_IF_DART_IO_H

// DART's I/O support (DASH's header name). Parallel HDF5 files are opened
// on a team's communicator by dash::io::hdf5 (<dash/io/HDF5.h>), which
// takes it from dart_team_get_comm (<dart/mpi.h>): DASH's
// dart__io__hdf5__prep_mpio has no counterpart.

#include <dash/dart/if/dart_types.h>
#include <dash/dart/if/dart_util.h>

#endif  // DASH_DART_IF_DART_IO_H
