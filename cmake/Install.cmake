# Installs the packages for each audience (listed in README.md, Install):
#   CMake: find_package(DART) -> DART::dart, DART::dash, DART::armci (with
#          a check that the consumer's MPI is DART's); find_package(dash-mpi)
#          -> dash-mpi (DASH's name);
#   pkg-config: dart, dash, armci;
#   bin/dash-mpicxx (and dash-mpiCC, dash-mpic++): DASH's compiler wrapper.
include(CMakePackageConfigHelpers)
include(cmake/PkgConfigFields.cmake)
include(cmake/DARTMpiCheck.cmake)
set(DART_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/DART)
install(EXPORT DARTTargets NAMESPACE DART:: DESTINATION ${DART_CMAKE_DIR})
dart_mpi_libraries(DART_BUILT_MPI_LIBRARIES ${MPI_C_LIBRARIES})
configure_package_config_file(cmake/DARTConfig.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/DARTConfig.cmake
  INSTALL_DESTINATION ${DART_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/DARTConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/DARTConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/DARTConfigVersion.cmake
              cmake/DARTMpiCheck.cmake
  DESTINATION ${DART_CMAKE_DIR})

# pkg-config files locate the prefix relative to themselves, so that an
# installed tree can be moved (and `cmake --install --prefix` works).
file(RELATIVE_PATH DART_PC_TO_PREFIX ${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
# hwloc by its library, not `Requires: hwloc`: hwloc.pc's static
# dependencies (-ludev) are not installed with it, and libhwloc.so needs none.
set(_hwloc_libs "")
foreach(_flag IN LISTS HWLOC_LDFLAGS)
  string(REGEX REPLACE "^-L" "" _dir "${_flag}")
  if(NOT _dir IN_LIST CMAKE_C_IMPLICIT_LINK_DIRECTORIES) # the linker's own -L
    string(APPEND _hwloc_libs "${_flag} ")
  endif()
endforeach()
dart_pc_private(dart DART_PC "" "${_hwloc_libs} -lpthread")
configure_file(cmake/dart.pc.in ${CMAKE_CURRENT_BINARY_DIR}/dart.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/dart.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

if(TARGET armci)
  # armci.h does not include DART's headers: DART is armci's own dependency.
  dart_pc_private(armci ARMCI_PC "dart" "-lm")
  configure_file(cmake/armci.pc.in ${CMAKE_CURRENT_BINARY_DIR}/armci.pc @ONLY)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/armci.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endif()

if(TARGET dash)
  # DASH's names: the CMake package dash-mpi ...
  set(DASH_MPI_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/dash-mpi)
  configure_package_config_file(cmake/dash-mpi-config.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/dash-mpi-config.cmake
    INSTALL_DESTINATION ${DASH_MPI_CMAKE_DIR} PATH_VARS DART_CMAKE_DIR)
  write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/dash-mpi-config-version.cmake
    COMPATIBILITY SameMajorVersion)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/dash-mpi-config.cmake
                ${CMAKE_CURRENT_BINARY_DIR}/dash-mpi-config-version.cmake
    DESTINATION ${DASH_MPI_CMAKE_DIR})
  # Forwarding files where DASH put its package file: PREFIX/share/cmake,
  # and PREFIX/cmake before (projects pass it as HINTS).
  foreach(_fwd "share/cmake;../.." "cmake;..")
    list(GET _fwd 0 _fwd_dir)
    list(GET _fwd 1 DASH_FORWARD_TO_PREFIX)
    string(REPLACE "/" "-" _fwd_build ${_fwd_dir})
    configure_file(cmake/dash-mpi-config-forward.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/${_fwd_build}/dash-mpi-config.cmake @ONLY)
    configure_file(cmake/dash-mpi-config-version-forward.cmake.in
      ${CMAKE_CURRENT_BINARY_DIR}/${_fwd_build}/dash-mpi-config-version.cmake @ONLY)
    install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${_fwd_build}/dash-mpi-config.cmake
                  ${CMAKE_CURRENT_BINARY_DIR}/${_fwd_build}/dash-mpi-config-version.cmake
      DESTINATION ${_fwd_dir})
  endforeach()

  # ... and the compiler wrapper dash-mpicxx, with DASH's aliases.
  set(DASH_WRAP_MACROS "")
  set(DASH_WRAP_INCLUDES "")
  set(DASH_WRAP_LIBS "${DART_PC_LIBS_LINKED}")
  if(DASH_HDF5_FOUND)
    set(DASH_WRAP_MACROS -DDASH_ENABLE_HDF5)
    set(DASH_WRAP_INCLUDES "-I${DASH_HDF5_INCLUDE_DIR}")
    set(DASH_WRAP_LIBS "${DASH_HDF5_LIBRARY} ${DASH_WRAP_LIBS}")
  endif()
  configure_file(cmake/dash-mpicxx.in ${CMAKE_CURRENT_BINARY_DIR}/bin/dash-mpicxx @ONLY)
  foreach(_alias dash-mpiCC dash-mpic++)
    file(CREATE_LINK dash-mpicxx ${CMAKE_CURRENT_BINARY_DIR}/bin/${_alias} SYMBOLIC)
  endforeach()
  install(PROGRAMS ${CMAKE_CURRENT_BINARY_DIR}/bin/dash-mpicxx DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/bin/dash-mpiCC ${CMAKE_CURRENT_BINARY_DIR}/bin/dash-mpic++
    DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
