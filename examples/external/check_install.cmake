# install.external_project: installs the build tree into a scratch prefix,
# builds a user's project against it by every route the package offers, runs
# each program on 2 units, and checks that a project configured with the
# other MPI stops with DART's message.
#   CMake:        find_package(DART) (DART::dart, DART::dash, DART::armci),
#                 pkg-config's IMPORTED_TARGET, find_package(dash-mpi) and
#                 find_package(DASH-MPI) from a project that asks for CMake 2.8
#   command line: pkg-config dart / dash / armci, dynamic and --static;
#                 dash-mpicxx; the Global Arrays line of README.md
# -D: BUILD_DIR SOURCE_DIR MPI_C_COMPILER MPI_CXX_COMPILER MPIEXEC
#     MPIEXEC_FLAGS WITH_DASH WITH_GA OTHER_MPI_C_COMPILER OTHER_MPI_CXX_COMPILER
set(prefix ${BUILD_DIR}/install-check/prefix)
set(build ${BUILD_DIR}/install-check/build)
set(cli ${BUILD_DIR}/install-check/cli)
file(REMOVE_RECURSE ${BUILD_DIR}/install-check)
file(MAKE_DIRECTORY ${cli})
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed: ${ARGN}\n${out}\n${err}")
  endif()
  message("${out}")
endfunction()
# A build line as a user types it (with $(pkg-config ...)).
function(shell line)
  message("$ ${line}")
  run(bash -e -o pipefail -c "${line}")
endfunction()

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
set(ENV{PKG_CONFIG_PATH} ${prefix}/lib/pkgconfig:${prefix}/lib/x86_64-linux-gnu/pkgconfig)

# The CMake routes.
run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${build} -DCMAKE_PREFIX_PATH=${prefix}
    -DMPI_C_COMPILER=${MPI_C_COMPILER} -DMPI_CXX_COMPILER=${MPI_CXX_COMPILER}
    -DWITH_DASH=${WITH_DASH} -DWITH_GA=${WITH_GA})
run(${CMAKE_COMMAND} --build ${build} --parallel 2)
set(programs ${build}/hello ${build}/hello_pc)
if(WITH_DASH)
  list(APPEND programs ${build}/hello_dash ${build}/hello_dash_mpi)
endif()
if(WITH_GA)
  list(APPEND programs ${build}/ga_hello)
endif()

# The command-line routes (DASH's sources compiled once per route: the
# compile flags are the same with and without --static).
if(WITH_DASH)
  shell("${MPI_CXX_COMPILER} -c ${SOURCE_DIR}/hello_dash.cc -o ${cli}/hello_dash_pc.o $(pkg-config --cflags dash)")
endif()
foreach(mode "" "--static")
  set(name hello_pc${mode})
  string(REPLACE "--" "_" name "${name}")
  shell("${MPI_C_COMPILER} ${SOURCE_DIR}/hello.c -o ${cli}/${name} $(pkg-config ${mode} --cflags --libs dart)")
  list(APPEND programs ${cli}/${name})
  if(WITH_DASH)
    shell("${MPI_CXX_COMPILER} ${cli}/hello_dash_pc.o -o ${cli}/dash_${name} $(pkg-config ${mode} --libs dash)")
    list(APPEND programs ${cli}/dash_${name})
  endif()
  if(WITH_GA) # README.md's line
    shell("${MPI_C_COMPILER} ${SOURCE_DIR}/ga_hello.c -o ${cli}/ga_${name} -lga-mpich -lscalapack-mpich -llapack -lblas $(pkg-config ${mode} --libs armci) -lgfortran -lm")
    list(APPEND programs ${cli}/ga_${name})
  endif()
endforeach()
if(WITH_DASH) # DASH's compiler wrapper compiles, one of its aliases links
  run(${prefix}/bin/dash-mpicxx -c ${SOURCE_DIR}/hello_dash.cc -o ${cli}/hello_dash.o)
  run(${prefix}/bin/dash-mpic++ ${cli}/hello_dash.o -o ${cli}/hello_dash_wrapper)
  list(APPEND programs ${cli}/hello_dash_wrapper)
endif()

# A DASH application's CMake file (old_cmake/: cmake_minimum_required 2.8),
# the package under DASH's spelling DASH-MPI and as dash-mpi, found through
# DASH's HINTS directories (PREFIX/share/cmake, PREFIX/cmake) and through
# CMAKE_PREFIX_PATH: each configures; one build per name.
if(WITH_DASH)
  foreach(package DASH-MPI dash-mpi)
    foreach(route share-cmake cmake prefix)
      set(dir ${build}-old-cmake-${package}-${route})
      if(route STREQUAL "share-cmake")
        set(where -DDASH_HINTS=${prefix}/share/cmake)
      elseif(route STREQUAL "cmake")
        set(where -DDASH_HINTS=${prefix}/cmake)
      else()
        set(where -DCMAKE_PREFIX_PATH=${prefix})
      endif()
      run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/old_cmake -B ${dir} -DPACKAGE=${package} ${where}
          -DCMAKE_CXX_COMPILER=${MPI_CXX_COMPILER} -DMPI_C_COMPILER=${MPI_C_COMPILER}
          -DMPI_CXX_COMPILER=${MPI_CXX_COMPILER})
    endforeach()
  endforeach()
  foreach(package DASH-MPI dash-mpi)
    set(dir ${build}-old-cmake-${package}-share-cmake)
    run(${CMAKE_COMMAND} --build ${dir})
    list(APPEND programs ${dir}/hello_dash_old)
  endforeach()
endif()

separate_arguments(flags UNIX_COMMAND "${MPIEXEC_FLAGS}")
foreach(exe IN LISTS programs)
  message("$ ${MPIEXEC} -n 2 ${exe}")
  run(timeout 60 ${MPIEXEC} -n 2 ${flags} ${exe})
endforeach()

# The other MPI: find_package(DART) must stop with its message.
if(OTHER_MPI_C_COMPILER AND OTHER_MPI_CXX_COMPILER)
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${build}-other-mpi -DCMAKE_PREFIX_PATH=${prefix}
                          -DMPI_C_COMPILER=${OTHER_MPI_C_COMPILER} -DMPI_CXX_COMPILER=${OTHER_MPI_CXX_COMPILER}
                          -DWITH_DASH=OFF
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REGEX REPLACE "[ \n]+" " " err_text "${err}") # CMake wraps the message
  if(rc EQUAL 0 OR NOT err_text MATCHES "DART was built with .*, but this project's MPI is")
    message(FATAL_ERROR "configuring with ${OTHER_MPI_C_COMPILER} did not stop with the MPI message:\n${out}\n${err}")
  endif()
  message("configuring with ${OTHER_MPI_C_COMPILER} stops, as it should:\n${err}")
else()
  message("MPI mismatch check not run: no second MPI installed")
endif()
