# dart_add_mpi_test(NAME <name> COMMAND <target> [args...] [RANKS 1 2 3 4] [TIMEOUT s] [NO_VNODES])
#
# Registers one CTest test per rank count, each launched through mpiexec under
# a hard timeout so that a hang fails instead of stalling CI. Unless NO_VNODES
# is given, every test is registered a second time with one unit per virtual
# node (DART_UNITS_PER_NODE=1), so that the inter-node MPI path runs here too.
set(DART_TEST_MPIEXEC_FLAGS "" CACHE STRING "Extra flags for mpiexec in tests (e.g. --oversubscribe)")
set(DART_TEST_TIMEOUT 120 CACHE STRING "Default per-test timeout in seconds")

function(dart_add_mpi_test)
  cmake_parse_arguments(T "NO_VNODES" "NAME;TIMEOUT" "COMMAND;RANKS;LABELS" ${ARGN})
  if(NOT T_RANKS)
    set(T_RANKS 1 2 3 4)
  endif()
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT ${DART_TEST_TIMEOUT})
  endif()
  list(GET T_COMMAND 0 exe)
  list(REMOVE_AT T_COMMAND 0)
  if(TARGET ${exe})
    set(exe $<TARGET_FILE:${exe}>)
  endif()
  separate_arguments(extra UNIX_COMMAND "${DART_TEST_MPIEXEC_FLAGS}")
  set(variants "node")
  if(NOT T_NO_VNODES)
    list(APPEND variants "vnode1")
  endif()
  foreach(np ${T_RANKS})
    foreach(v ${variants})
      set(name ${T_NAME}.np${np})
      set(env "")
      if(v STREQUAL "vnode1")
        set(name ${name}.vnode1)
        set(env DART_UNITS_PER_NODE=1)
      endif()
      math(EXPR kill_after "${T_TIMEOUT} - 5")
      add_test(NAME ${name}
        COMMAND timeout -k 5 ${kill_after} ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${np}
                ${extra} ${MPIEXEC_PREFLAGS} ${exe} ${MPIEXEC_POSTFLAGS} ${T_COMMAND})
      set_tests_properties(${name} PROPERTIES TIMEOUT ${T_TIMEOUT}
        ENVIRONMENT "${env}" PROCESSORS ${np} LABELS "${T_LABELS};np${np};${v}")
    endforeach()
  endforeach()
endfunction()
