# dart_add_mpi_test(NAME <name> COMMAND <target> [args...]
#                   [RANKS 1 2 3 4] [VNODES node 1 ...] [ENV VAR=value ...]
#                   [TIMEOUT s] [LABELS ...] [EXPECT_FAILURE regex])
#
# Registers one CTest test per rank count and node mode, each launched
# through mpiexec under a hard timeout so that a hang fails instead of
# stalling CI. Node modes (VNODES):
#   node  every unit on the real node: the shared-memory path;
#   k     DART_UNITS_PER_NODE=k, virtual nodes of k units, so that the
#         inter-node MPI path runs on this one machine. Registered only
#         where it differs from "node": for more than k ranks.
# Default: "node 1" (each path alone) up to 2 ranks, "2" (virtual nodes of
# two: both paths in one run, nodes of unequal size at 3) at 3 and 4 ranks.
# 3 and 4 ranks oversubscribe a 2-core machine and took 70% of the suite's
# time in all three modes; tests of the runtime's paths themselves name
# "node 1 2" and keep every mode.
# Test names are <name>.np<N> and <name>.np<N>.vnode<k>; labels np<N> and
# node / vnode<k> are added. ENV applies to every variant.
# EXPECT_FAILURE: the job must fail (non-zero exit status) and print a line
# matching the extended regex (cmake/expect_failure.sh): for errors that
# end the job, such as an ARMCI error or a unit that never calls dart_exit.
set(DART_TEST_MPIEXEC_FLAGS "" CACHE STRING "Extra flags for mpiexec in tests (e.g. --oversubscribe)")
# 3x the slowest test (~40 s at 4 ranks on a freshly booted 2-core machine).
set(DART_TEST_TIMEOUT 120 CACHE STRING "Default per-test timeout in seconds")

set(_DART_MPITEST_DIR ${CMAKE_CURRENT_LIST_DIR})

function(dart_add_mpi_test)
  cmake_parse_arguments(T "" "NAME;TIMEOUT;EXPECT_FAILURE" "COMMAND;RANKS;VNODES;ENV;LABELS" ${ARGN})
  if(NOT T_RANKS)
    set(T_RANKS 1 2 3 4)
  endif()
  set(default_vnodes FALSE)
  if(NOT T_VNODES)
    set(default_vnodes TRUE)
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
  set(expect "")
  if(DEFINED T_EXPECT_FAILURE)
    set(expect bash ${_DART_MPITEST_DIR}/expect_failure.sh "${T_EXPECT_FAILURE}")
  endif()
  # mpiexec gets 5 s less than CTest, so that timeout(1) reaps the whole job.
  math(EXPR kill_after "${T_TIMEOUT} - 5")
  foreach(np ${T_RANKS})
    if(default_vnodes AND np GREATER 2)
      set(T_VNODES 2)
    elseif(default_vnodes)
      set(T_VNODES node 1)
    endif()
    foreach(v ${T_VNODES})
      set(name ${T_NAME}.np${np})
      set(env ${T_ENV})
      set(mode node)
      if(NOT v STREQUAL "node")
        if(np LESS_EQUAL v)
          continue()
        endif()
        set(name ${name}.vnode${v})
        set(mode vnode${v})
        list(APPEND env DART_UNITS_PER_NODE=${v})
      endif()
      add_test(NAME ${name}
        COMMAND ${expect} timeout -k 5 ${kill_after} ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${np}
                ${extra} ${MPIEXEC_PREFLAGS} ${exe} ${MPIEXEC_POSTFLAGS} ${T_COMMAND})
      set_tests_properties(${name} PROPERTIES TIMEOUT ${T_TIMEOUT}
        ENVIRONMENT "${env}" PROCESSORS ${np} LABELS "${T_LABELS};np${np};${mode}")
    endforeach()
  endforeach()
endfunction()
