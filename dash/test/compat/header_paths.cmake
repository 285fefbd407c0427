# cmake -DINCLUDE_DIR=... -DLIST=... -P header_paths.cmake
# Fails unless every header path that DASH installs (LIST: one path per
# line, as `#include <path>` names it) exists under INCLUDE_DIR, so that the
# include lines of DASH programs resolve. That each of them also compiles
# on its own is the headers.dash_headers test.
file(STRINGS ${LIST} paths)
set(missing "")
foreach(p ${paths})
  if(NOT EXISTS ${INCLUDE_DIR}/${p})
    list(APPEND missing ${p})
  endif()
endforeach()
list(LENGTH paths total)
list(LENGTH missing n)
if(n GREATER 0)
  string(REPLACE ";" "\n  " missing "${missing}")
  message(FATAL_ERROR "${n} of ${total} DASH header paths are missing:\n  ${missing}")
endif()
message(STATUS "all ${total} DASH header paths exist")
