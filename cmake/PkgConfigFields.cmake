# pkg-config fields for a library's own link dependencies (those its users'
# code does not see). A shared library carries them itself: they go into
# Requires.private / Libs.private, which only `pkg-config --static` adds. A
# static archive carries nothing: every link needs them, so they go into
# Requires / Libs. Either way `pkg-config --libs` and `--static --libs` both
# link.
#   dart_pc_private(TARGET VAR "REQUIRES" "LIBS")
# sets VAR_REQUIRES_PRIVATE, VAR_LIBS_PRIVATE (the .private fields) and
# VAR_REQUIRES_LINKED, VAR_LIBS_LINKED (to append to Requires / Libs).
function(dart_pc_private target var requires libs)
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "STATIC_LIBRARY")
    set(${var}_REQUIRES_LINKED "${requires}" PARENT_SCOPE)
    set(${var}_LIBS_LINKED "${libs}" PARENT_SCOPE)
    set(${var}_REQUIRES_PRIVATE "" PARENT_SCOPE)
    set(${var}_LIBS_PRIVATE "" PARENT_SCOPE)
  else()
    set(${var}_REQUIRES_LINKED "" PARENT_SCOPE)
    set(${var}_LIBS_LINKED "" PARENT_SCOPE)
    set(${var}_REQUIRES_PRIVATE "${requires}" PARENT_SCOPE)
    set(${var}_LIBS_PRIVATE "${libs}" PARENT_SCOPE)
  endif()
endfunction()
