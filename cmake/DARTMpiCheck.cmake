# Installed with the package: stops a consumer whose MPI is not the one DART
# was built with. Mixing MPICH and Open MPI links without a word (both call it
# libmpi*.so, both define MPI_Init) and crashes at run time, so the check
# compares the MPI libraries the consumer's FindMPI chose with the ones the
# build recorded (their real paths, so symlinks and alternatives agree).

# The MPI libraries of a FindMPI result list (real paths; only files named
# like an MPI library, so that extra libraries such as pthread do not count).
function(dart_mpi_libraries out)
  set(result)
  foreach(lib IN LISTS ARGN)
    get_filename_component(name "${lib}" NAME)
    if(IS_ABSOLUTE "${lib}" AND name MATCHES "mpi")
      get_filename_component(real "${lib}" REALPATH)
      list(APPEND result "${real}")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES result)
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

# A reader's name for an MPI from its library paths.
function(dart_mpi_name out libs)
  if(libs MATCHES "openmpi|libmpi\\.so")
    set(name "Open MPI")
  elseif(libs MATCHES "mpich")
    set(name "MPICH")
  elseif(libs MATCHES "intel|impi")
    set(name "Intel MPI")
  else()
    set(name "an MPI")
  endif()
  set(${out} "${name}" PARENT_SCOPE)
endfunction()

# Fails configuration when the consumer's MPI C libraries differ from
# built_libs (built_*_wrapper: the build's compilers, for the hint).
# DART_SKIP_MPI_CHECK=ON turns it off (e.g. ABI-compatible
# MPIs installed under different paths).
function(dart_check_mpi built_libs built_c_wrapper built_cxx_wrapper)
  if(DART_SKIP_MPI_CHECK OR NOT built_libs)
    return()
  endif()
  dart_mpi_libraries(found ${MPI_C_LIBRARIES})
  if(NOT found OR found STREQUAL built_libs)
    return()
  endif()
  dart_mpi_name(built_name "${built_libs}")
  dart_mpi_name(found_name "${found}")
  string(REPLACE ";" " " built_text "${built_libs}")
  string(REPLACE ";" " " found_text "${found}")
  message(FATAL_ERROR
    "DART was built with ${built_name} (${built_text}), but this project's MPI is "
    "${found_name} (${found_text}, MPI_C_COMPILER=${MPI_C_COMPILER}). A program linking both "
    "crashes at run time. Configure this project with DART's MPI:\n"
    "  cmake -DMPI_C_COMPILER=${built_c_wrapper} -DMPI_CXX_COMPILER=${built_cxx_wrapper} ...\n"
    "(in a fresh build directory), or install DART once more, built with ${found_name}. "
    "-DDART_SKIP_MPI_CHECK=ON skips this check (only for ABI-compatible MPIs).")
endfunction()
