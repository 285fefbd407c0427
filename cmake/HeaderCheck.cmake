# dart_add_header_check(<target> DIR <include dir> GLOB <pattern> LANGS C CXX LIBS <targets>
#                       [EXCLUDE <regex>])
#
# Compiles every public header matching GLOB under DIR on its own, once per
# language, so that a header that forgets an include of its own (and only
# works after another header) fails. The target is built by the test
# headers.<target>, not by default: dash's headers take minutes on 2 cores.
function(dart_add_header_check target)
  cmake_parse_arguments(H "" "DIR;GLOB;EXCLUDE" "LANGS;LIBS" ${ARGN})
  file(GLOB_RECURSE headers RELATIVE ${H_DIR} CONFIGURE_DEPENDS ${H_DIR}/${H_GLOB})
  if(H_EXCLUDE)
    list(FILTER headers EXCLUDE REGEX "${H_EXCLUDE}")
  endif()
  set(sources "")
  foreach(h ${headers})
    string(MAKE_C_IDENTIFIER ${h} id)
    foreach(lang ${H_LANGS})
      set(ext c)
      if(lang STREQUAL "CXX")
        set(ext cc)
      endif()
      set(src ${CMAKE_CURRENT_BINARY_DIR}/${target}/${id}.${ext})
      file(CONFIGURE OUTPUT ${src} CONTENT "#include <${h}>\n#include <${h}> /* include guard */\n")
      list(APPEND sources ${src})
    endforeach()
  endforeach()
  add_library(${target} OBJECT EXCLUDE_FROM_ALL ${sources})
  target_link_libraries(${target} PRIVATE ${H_LIBS})
  # Parse and check only: no object file to generate (15% of each compile;
  # the target is never linked, and Ninja does not ask for the outputs).
  target_compile_options(${target} PRIVATE -fsyntax-only)
  add_test(NAME headers.${target}
    COMMAND ${CMAKE_COMMAND} --build ${CMAKE_BINARY_DIR} --target ${target} -j2)
  # A compile does not hang: the timeout only bounds a machine shared with
  # other work (every header is compiled alone, hundreds of compiles).
  set_tests_properties(headers.${target} PROPERTIES LABELS headers TIMEOUT 1800 PROCESSORS 2)
endfunction()
