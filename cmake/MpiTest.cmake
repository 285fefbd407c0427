# dart_add_mpi_test(NAME <name> COMMAND <target> [args...]
#                   [RANKS 1 2 3 4] [VNODES node 1 ...] [ENV VAR=value ...]
#                   [TIMEOUT s] [LABELS ...] [EXPECT_FAILURE regex]
#                   [PROPERTIES prop value ...])
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
# PROPERTIES: further test properties of every variant.
set(DART_TEST_MPIEXEC_FLAGS "" CACHE STRING "Extra flags for mpiexec in tests (e.g. --oversubscribe)")
# 3x the slowest test (~40 s at 4 ranks on a freshly booted 2-core machine).
set(DART_TEST_TIMEOUT 120 CACHE STRING "Default per-test timeout in seconds")

set(_DART_MPITEST_DIR ${CMAKE_CURRENT_LIST_DIR})

function(dart_add_mpi_test)
  cmake_parse_arguments(T "" "NAME;TIMEOUT;EXPECT_FAILURE" "COMMAND;RANKS;VNODES;ENV;LABELS;PROPERTIES" ${ARGN})
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
      if(T_PROPERTIES)
        set_tests_properties(${name} PROPERTIES ${T_PROPERTIES})
      endif()
    endforeach()
  endforeach()
endfunction()

# dart_add_scale_test(NAME <name> COMMAND <target> [args...] [ENV ...]
#                     [LABELS ...] [TIMEOUT s])
#
# A test of many units (label "scale"): dart_add_mpi_test at 32 and 64
# ranks, on the real node and on virtual nodes of 4 units, so that teams,
# windows and locks span 8 and 16 nodes. Oversubscribed on a small machine:
# MPICH busy-polls inside its own collectives and window creations, so that
# one MPI_Barrier of 64 processes on 2 cores takes ~0.6 s and dart_init +
# dart_exit ~15 s (MPI_Comm_split_type and the pool's
# MPI_Win_allocate_shared, ~5 s each): a scale test does few collectives
# and few teams with memory.
# Small pools: DART_LOCAL_POOL's default (64 MiB per process) adds ~40 s to
# dart_init at 64 units, DART_TEAM_POOL's (16 MiB) seconds to each team's
# first allocation. Outside the normal stages (ctest -LE scale);
# scripts/test.sh, stage "scale", runs them (ctest -L scale).
# /dev/shm: 64 MPICH processes take ~270 MiB of it (UCX's shared-memory
# transport), DART's pools 1 MiB each; with less, MPI_Init fails inside UCX
# (a container's default of 64 MiB). The test scale.shm_check, which all
# scale tests require, checks for DART_SCALE_SHM_MIB free and names the fix.
set(DART_SCALE_RANKS 32 64)
set(DART_SCALE_VNODES node 4)
# 3x a 64-unit test's time on a quiet 2-core machine (~55 s).
set(DART_SCALE_TIMEOUT 180 CACHE STRING "Default timeout of a scale test in seconds")
# Measured: the scale tests pass with /dev/shm of 384 MiB, not of 320 MiB.
set(DART_SCALE_SHM_MIB 400)

function(dart_add_scale_test)
  cmake_parse_arguments(S "" "NAME;TIMEOUT" "COMMAND;ENV;LABELS" ${ARGN})
  if(NOT S_TIMEOUT)
    set(S_TIMEOUT ${DART_SCALE_TIMEOUT})
  endif()
  get_property(have_check GLOBAL PROPERTY DART_SCALE_SHM_CHECK)
  if(NOT have_check)
    set_property(GLOBAL PROPERTY DART_SCALE_SHM_CHECK ON)
    add_test(NAME scale.shm_check COMMAND bash ${_DART_MPITEST_DIR}/shm_check.sh ${DART_SCALE_SHM_MIB})
    set_tests_properties(scale.shm_check PROPERTIES LABELS scale TIMEOUT 10 FIXTURES_SETUP dart_scale_shm)
  endif()
  dart_add_mpi_test(NAME ${S_NAME} COMMAND ${S_COMMAND} RANKS ${DART_SCALE_RANKS} VNODES ${DART_SCALE_VNODES}
                    ENV DART_LOCAL_POOL=1M DART_TEAM_POOL=64K ${S_ENV} TIMEOUT ${S_TIMEOUT} LABELS scale ${S_LABELS}
                    PROPERTIES FIXTURES_REQUIRED dart_scale_shm)
endfunction()

# dart_add_hosts_test(NAME <name> COMMAND <target> [args...] [VNODES node k ...]
#                     [ENV ...] [TIMEOUT s] [EXPECT_FAILURE regex]
#                     [OPENMPI_ENV VAR=value ...] [WRAPPER script args...])
#
# The test across emulated hosts (label "hosts"; docs/cluster.md): 2 hosts
# made by scripts/hosts.sh (network, host name, /dev/shm of their own), 2
# units on each, started through this build's MPI launcher from the first
# host with an rsh agent (scripts/hosts-mpiexec.sh): test hosts.<name>, and
# hosts.<name>.vnode<k> with DART_UNITS_PER_NODE=k for each k in VNODES
# (virtual nodes on top of the hosts). DART_TEST_HOSTS=2 tells the test how
# many hosts to expect. On Open MPI only tests that name OPENMPI_ENV (their
# extra environment there, possibly NONE): Open MPI 4.1.4's one-sided
# components do not work between hosts over TCP (docs/cluster.md).
# WRAPPER: a script that runs the job (its arguments, then the launcher's
# command line), inside the hosts: e.g. one that cuts a host's network.
# Skipped (status 77) where namespaces cannot be made
# (not root). Outside the other stages (they run -LE hosts); scripts/test.sh,
# stage "hosts", runs them (ctest -L hosts).
set(DART_HOSTS_N 2)
set(DART_HOSTS_PER_HOST 2)
function(dart_add_hosts_test)
  cmake_parse_arguments(H "" "NAME;TIMEOUT;EXPECT_FAILURE" "COMMAND;VNODES;ENV;OPENMPI_ENV;WRAPPER" ${ARGN})
  if(NOT H_TIMEOUT)
    set(H_TIMEOUT 90)
  endif()
  if(NOT H_VNODES)
    set(H_VNODES node)
  endif()
  list(GET H_COMMAND 0 exe)
  list(REMOVE_AT H_COMMAND 0)
  if(TARGET ${exe})
    set(exe $<TARGET_FILE:${exe}>)
  endif()
  set(mpi mpich)
  if(MPIEXEC_EXECUTABLE MATCHES "openmpi")
    if(NOT H_OPENMPI_ENV)
      return()
    endif()
    set(mpi openmpi)
    list(REMOVE_ITEM H_OPENMPI_ENV NONE)
    list(APPEND H_ENV ${H_OPENMPI_ENV})
  endif()
  set(expect "")
  if(DEFINED H_EXPECT_FAILURE)
    set(expect bash ${_DART_MPITEST_DIR}/expect_failure.sh "${H_EXPECT_FAILURE}")
  endif()
  # The job gets 10 s less than CTest: the hosts' set-up and clean-up.
  math(EXPR job_limit "${H_TIMEOUT} - 10")
  math(EXPR np "${DART_HOSTS_N} * ${DART_HOSTS_PER_HOST}")
  foreach(v ${H_VNODES})
    set(name hosts.${H_NAME})
    # DART_TIMEOUT: a unit left waiting (MPICH's MPI_Finalize between hosts,
    # docs/cluster.md) ends after 20 s (60 s if it sleeps) rather than at
    # the job's limit; high enough for a loaded machine's slowest barrier
    # (10 s was not, at a load of 72 on 2 cores). A test's ENV overrides it.
    set(env DART_TEST_HOSTS=${DART_HOSTS_N} DART_TIMEOUT=20 ${H_ENV})
    if(NOT v STREQUAL "node")
      set(name ${name}.vnode${v})
      list(APPEND env DART_UNITS_PER_NODE=${v})
    endif()
    add_test(NAME ${name}
      COMMAND bash ${PROJECT_SOURCE_DIR}/scripts/hosts.sh -n ${DART_HOSTS_N} --
              ${expect} ${H_WRAPPER} bash ${PROJECT_SOURCE_DIR}/scripts/hosts-mpiexec.sh --mpi ${mpi}
              --per-host ${DART_HOSTS_PER_HOST} --timeout ${job_limit} -n ${np} -- ${exe} ${H_COMMAND})
    set_tests_properties(${name} PROPERTIES TIMEOUT ${H_TIMEOUT} ENVIRONMENT "${env}"
      PROCESSORS ${DART_HOSTS_PER_HOST} LABELS hosts SKIP_RETURN_CODE 77)
  endforeach()
endfunction()
