# FindGlobalArrays.cmake -- Debian's Global Arrays (MPICH build) and
# Debian's ARMCI-MPI (MPICH build), as installed by armci/scripts/install-deps.sh.
#
# Result variables:
#   GlobalArrays_FOUND       GA archive, ga.h and GA's link dependencies found
#   GlobalArrays_LIBRARY     .../libga-mpich.a
#   GlobalArrays_INCLUDE_DIR directory of ga.h / macdecls.h
#   ARMCIMPI_FOUND           Debian's ARMCI-MPI found
#   ARMCIMPI_LIBRARY         .../libarmci-mpich.a
#   ARMCIMPI_INCLUDE_DIR     directory of Debian's armci.h / message.h
#
# Imported targets:
#   GlobalArrays::GA   libga-mpich.a + ScaLAPACK(MPICH) + LAPACK + BLAS +
#                      gfortran + libm + MPI::MPI_C. It does NOT carry an
#                      ARMCI library: link exactly one ARMCI after it, e.g.
#                        target_link_libraries(t PRIVATE GlobalArrays::GA ARMCIMPI::ARMCI)
#                      or  target_link_libraries(t PRIVATE GlobalArrays::GA <our armci target>)
#   ARMCIMPI::ARMCI    Debian's libarmci-mpich.a (+ MPI::MPI_C, Threads).
#                      Its include dir is /usr/include: never put it on the
#                      include path of code that must see OUR armci.h.
#
# Options: GlobalArrays_MPI_FLAVOR (default "mpich"; "openmpi" also exists
# in Debian but must match the MPI used for the build).

include(FindPackageHandleStandardArgs)

if(NOT GlobalArrays_MPI_FLAVOR)
  set(GlobalArrays_MPI_FLAVOR mpich)
endif()
set(_ga_flavor ${GlobalArrays_MPI_FLAVOR})

find_path(GlobalArrays_INCLUDE_DIR NAMES ga.h macdecls.h)
# Static archives only: Debian ships no shared GA / ARMCI-MPI.
find_library(GlobalArrays_LIBRARY NAMES libga-${_ga_flavor}.a)
find_library(GlobalArrays_SCALAPACK_LIBRARY NAMES scalapack-${_ga_flavor})
find_library(GlobalArrays_LAPACK_LIBRARY NAMES lapack)
find_library(GlobalArrays_BLAS_LIBRARY NAMES blas)

# libgfortran: GA's archive contains Fortran objects (_gfortran_* symbols).
if(NOT GlobalArrays_GFORTRAN_LIBRARY)
  find_library(GlobalArrays_GFORTRAN_LIBRARY NAMES gfortran libgfortran.so.5
    PATHS /usr/lib/x86_64-linux-gnu /usr/lib/gcc/x86_64-linux-gnu/12
          /usr/lib/gcc/x86_64-linux-gnu/13 /usr/lib/gcc/x86_64-linux-gnu/14)
endif()

find_path(ARMCIMPI_INCLUDE_DIR NAMES armci.h message.h armcix.h)
find_library(ARMCIMPI_LIBRARY NAMES libarmci-${_ga_flavor}.a)

find_package_handle_standard_args(GlobalArrays
  REQUIRED_VARS GlobalArrays_LIBRARY GlobalArrays_INCLUDE_DIR
                GlobalArrays_SCALAPACK_LIBRARY GlobalArrays_LAPACK_LIBRARY
                GlobalArrays_BLAS_LIBRARY GlobalArrays_GFORTRAN_LIBRARY)
find_package_handle_standard_args(ARMCIMPI
  REQUIRED_VARS ARMCIMPI_LIBRARY ARMCIMPI_INCLUDE_DIR
  NAME_MISMATCHED)

if(NOT TARGET MPI::MPI_C)
  find_package(MPI QUIET COMPONENTS C)
endif()
if(NOT TARGET Threads::Threads)
  find_package(Threads QUIET)
endif()

if(GlobalArrays_FOUND AND NOT TARGET GlobalArrays::GA)
  add_library(GlobalArrays::GA STATIC IMPORTED)
  set_target_properties(GlobalArrays::GA PROPERTIES
    IMPORTED_LOCATION "${GlobalArrays_LIBRARY}"
    IMPORTED_LINK_INTERFACE_LANGUAGES "C"
    INTERFACE_INCLUDE_DIRECTORIES "${GlobalArrays_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES
      "${GlobalArrays_SCALAPACK_LIBRARY};${GlobalArrays_LAPACK_LIBRARY};${GlobalArrays_BLAS_LIBRARY};${GlobalArrays_GFORTRAN_LIBRARY};m;MPI::MPI_C")
endif()

if(ARMCIMPI_FOUND AND NOT TARGET ARMCIMPI::ARMCI)
  add_library(ARMCIMPI::ARMCI STATIC IMPORTED)
  set_target_properties(ARMCIMPI::ARMCI PROPERTIES
    IMPORTED_LOCATION "${ARMCIMPI_LIBRARY}"
    IMPORTED_LINK_INTERFACE_LANGUAGES "C"
    INTERFACE_INCLUDE_DIRECTORIES "${ARMCIMPI_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES "MPI::MPI_C;Threads::Threads;m")
endif()

mark_as_advanced(GlobalArrays_INCLUDE_DIR GlobalArrays_LIBRARY
  GlobalArrays_SCALAPACK_LIBRARY GlobalArrays_LAPACK_LIBRARY GlobalArrays_BLAS_LIBRARY
  GlobalArrays_GFORTRAN_LIBRARY ARMCIMPI_INCLUDE_DIR ARMCIMPI_LIBRARY)
unset(_ga_flavor)
