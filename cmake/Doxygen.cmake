# The API reference (Doxygen, from the header comments): target `docs`
# writes BUILD/docs/api/{c,dash}/html; the test docs.api_reference fails on
# any Doxygen warning (skipped when Doxygen is not installed).
#   c:    dart/include/dart and armci/include, every public member
#         documented (WARN_IF_UNDOCUMENTED; dart__* are internals of inline
#         functions);
#   dash: dash/include, documentation errors only (EXTRACT_ALL: members
#         without a comment are listed, not warned about).
find_package(Doxygen QUIET)
set(DART_DOXYFILES)
function(dart_doxyfile name title input extract_all warn_undocumented exclude c)
  set(DOXY_TITLE "${title}")
  string(REPLACE ";" " " DOXY_INPUT "${input}")
  set(DOXY_STRIP "${PROJECT_SOURCE_DIR}")
  set(DOXY_OUTPUT ${PROJECT_BINARY_DIR}/docs/api/${name})
  set(DOXY_EXTRACT_ALL ${extract_all})
  set(DOXY_WARN_UNDOCUMENTED ${warn_undocumented})
  set(DOXY_EXCLUDE_SYMBOLS "${exclude}")
  set(DOXY_C ${c})
  if(NOT c) # the C++ side of the headers' #ifdef __cplusplus
    set(DOXY_PREDEFINED __cplusplus=201703L)
  endif()
  configure_file(${PROJECT_SOURCE_DIR}/docs/Doxyfile.in ${PROJECT_BINARY_DIR}/docs/Doxyfile.${name} @ONLY)
  set(DART_DOXYFILES ${DART_DOXYFILES} ${PROJECT_BINARY_DIR}/docs/Doxyfile.${name} PARENT_SCOPE)
endfunction()
dart_doxyfile(c "DART and ARMCI (C)"
  "${PROJECT_SOURCE_DIR}/dart/include/dart;${PROJECT_SOURCE_DIR}/armci/include" NO YES "dart__* DART__* DART_TYPE_ID_" YES)
dart_doxyfile(dash "DASH (C++)" "${PROJECT_SOURCE_DIR}/dash/include" YES NO "detail dash::functional::closure_traits" NO)

if(DOXYGEN_FOUND)
  add_custom_target(docs
    COMMAND ${CMAKE_COMMAND} -DDOXYGEN=${DOXYGEN_EXECUTABLE} "-DDOXYFILES=${DART_DOXYFILES}"
            -P ${PROJECT_SOURCE_DIR}/cmake/run_doxygen.cmake
    COMMENT "API reference: ${PROJECT_BINARY_DIR}/docs/api/{c,dash}/html/index.html" VERBATIM)
endif()
if(DART_BUILD_TESTS)
  if(DOXYGEN_FOUND)
    add_test(NAME docs.api_reference
      COMMAND ${CMAKE_COMMAND} -DDOXYGEN=${DOXYGEN_EXECUTABLE} "-DDOXYFILES=${DART_DOXYFILES}" -DSTRICT=ON
              -P ${PROJECT_SOURCE_DIR}/cmake/run_doxygen.cmake)
    set_tests_properties(docs.api_reference PROPERTIES LABELS docs TIMEOUT 300)
  else()
    add_test(NAME docs.api_reference
      COMMAND sh -c "echo 'skipped: doxygen not installed (Debian: doxygen; scripts/install-deps.sh --test)'; exit 77")
    set_tests_properties(docs.api_reference PROPERTIES LABELS docs SKIP_RETURN_CODE 77)
  endif()
endif()
