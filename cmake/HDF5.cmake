# Parallel HDF5 for dash::io::hdf5, built for the same MPI as DART.
#
# Debian installs parallel HDF5 per MPI side by side (libhdf5-mpich-dev,
# libhdf5-openmpi-dev); pkg-config names them hdf5-mpich and hdf5-openmpi.
# The flavour is chosen from the MPI library found, never from the generic
# hdf5 alternatives. Sets DASH_HDF5_FOUND, DASH_HDF5_INCLUDE_DIR,
# DASH_HDF5_LIBRARY and DASH_HDF5_PC (the pkg-config module).
option(DASH_ENABLE_HDF5 "HDF5 I/O for dash containers (needs parallel HDF5 for the MPI in use)" ON)
set(DASH_HDF5_FOUND FALSE)
if(DASH_ENABLE_HDF5)
  # The MPI in use, from what FindMPI found (its version string is not
  # always set): Debian's Open MPI lives under .../openmpi/.
  if("${MPI_C_COMPILER};${MPI_C_HEADER_DIR};${MPI_C_INCLUDE_DIRS};${MPI_C_LIBRARY_VERSION_STRING}"
     MATCHES "openmpi|Open MPI")
    set(DASH_HDF5_PC hdf5-openmpi)
  else()
    set(DASH_HDF5_PC hdf5-mpich)
  endif()
  find_package(PkgConfig QUIET)
  if(PKG_CONFIG_FOUND)
    pkg_check_modules(DASH_HDF5_PKG QUIET ${DASH_HDF5_PC})
  endif()
  if(DASH_HDF5_PKG_FOUND)
    # Cached per flavour, so that a build directory never mixes them.
    find_path(DASH_HDF5_INCLUDE_DIR_${DASH_HDF5_PC} hdf5.h PATHS ${DASH_HDF5_PKG_INCLUDE_DIRS} NO_DEFAULT_PATH)
    find_library(DASH_HDF5_LIBRARY_${DASH_HDF5_PC} hdf5 PATHS ${DASH_HDF5_PKG_LIBRARY_DIRS} NO_DEFAULT_PATH)
    set(DASH_HDF5_INCLUDE_DIR ${DASH_HDF5_INCLUDE_DIR_${DASH_HDF5_PC}})
    set(DASH_HDF5_LIBRARY ${DASH_HDF5_LIBRARY_${DASH_HDF5_PC}})
  endif()
  if(DASH_HDF5_INCLUDE_DIR AND DASH_HDF5_LIBRARY)
    set(DASH_HDF5_FOUND TRUE)
    message(STATUS "dash::io::hdf5: ${DASH_HDF5_LIBRARY}")
  else()
    message(STATUS "dash::io::hdf5 disabled: no parallel HDF5 for this MPI (${DASH_HDF5_PC}; "
                   "Debian: libhdf5-mpich-dev or libhdf5-openmpi-dev)")
  endif()
endif()
