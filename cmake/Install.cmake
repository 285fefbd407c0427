# Installs the CMake package (find_package(DART) -> DART::dart, DART::dash)
# and pkg-config files.
include(CMakePackageConfigHelpers)
set(DART_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/DART)
install(EXPORT DARTTargets NAMESPACE DART:: DESTINATION ${DART_CMAKE_DIR})
configure_package_config_file(cmake/DARTConfig.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/DARTConfig.cmake
  INSTALL_DESTINATION ${DART_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/DARTConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/DARTConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/DARTConfigVersion.cmake
  DESTINATION ${DART_CMAKE_DIR})

# pkg-config files locate the prefix relative to themselves, so that an
# installed tree can be moved (and `cmake --install --prefix` works).
file(RELATIVE_PATH DART_PC_TO_PREFIX ${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
configure_file(cmake/dart.pc.in ${CMAKE_CURRENT_BINARY_DIR}/dart.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/dart.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
