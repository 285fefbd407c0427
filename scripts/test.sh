#!/usr/bin/env bash
# Runs the whole test suite, as CI does:
#   0. format: the sources follow .clang-format (scripts/format.sh --check);
#   1. mpich: MPICH, debug build, warnings as errors: every test at 1-4
#      units (at 1-2 on one node and on one-unit virtual nodes, at 3-4 on
#      two-unit virtual nodes: cmake/MpiTest.cmake) but those of label
#      "scale", and every public header compiled on its own;
#   2. scale: on the mpich stage's build, the tests of label "scale" (DART,
#      DASH and Global Arrays at 32 and 64 units, oversubscribed, on one
#      node and on virtual nodes of 4 units: cmake/MpiTest.cmake), once;
#   3. sanitize: the runtime's tests under AddressSanitizer + UBSan (MPICH),
#      at 1-2 units in both node modes and at 4 on two-unit virtual nodes;
#   4. openmpi: on Open MPI, DART's and ARMCI's tests (not Global Arrays':
#      Debian builds it for MPICH) and the C++ library's that drive DART
#      hardest;
#   5. tsan: the threaded tests (label "threads") under ThreadSanitizer;
#   6. hosts: on the mpich and openmpi stages' builds, the tests of label
#      "hosts": 2 emulated hosts x 2 units (scripts/hosts.sh: Linux
#      namespaces, needs root), jobs started by each MPI's launcher through
#      an rsh agent; skipped, saying why, where namespaces cannot be made.
#      Not in the default list yet (see below).
# Set DART_TEST_STAGES to a subset, e.g. "mpich", to run fewer. Each stage
# prints its time; a 2-core machine shared with two busy loops needs about
# 28 minutes without the scale stage, which takes at most 5 minutes more on
# a quiet machine (DEVELOPERS.md, Tests).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${DART_BUILD_ROOT:-$root/build}
# (hosts is not run by default yet: MPICH 4.0.2's MPI_Finalize still hangs
# now and then between hosts, docs/cluster.md; DART_TEST_STAGES=hosts runs it)
stages=${DART_TEST_STAGES:-"format mpich scale sanitize openmpi tsan"}

start=$SECONDS
bash "$root/scripts/install-deps.sh" --test
[ -x "$root/armci/scripts/install-deps.sh" ] && bash "$root/armci/scripts/install-deps.sh"
echo "=== dependencies ready after $((SECONDS - start)) s"

run_ctest() { # dir, parallel jobs, extra ctest args...
  local dir=$1 jobs=$2; shift 2
  (cd "$dir" && ctest --output-on-failure --timeout 300 -j"$jobs" "$@")
}

# The mpich and openmpi stages' builds (the scale and hosts stages reuse them).
build_mpich() {
  "$root/scripts/build.sh" "$build/mpich" mpich -DCMAKE_BUILD_TYPE=Debug -DDART_WERROR=ON \
    -DCMAKE_CXX_FLAGS_DEBUG=-g1
}
build_openmpi() {
  "$root/scripts/build.sh" "$build/openmpi" openmpi -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDART_WERROR=ON \
    -DDART_BUILD_BENCH=OFF -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
    -DDASH_TESTS="array_test;memory_api_test;team_test;locality_test;atomic_test;sync_test;algorithm_test;read_ahead_test;unordered_map_test"
}

for stage in $stages; do
  echo "=== test stage: $stage"
  t0=$SECONDS
  case $stage in
    format)
      bash "$root/scripts/format.sh" --check ;;
    mpich|scale)
      # C++ with line tables only (-g1): a failure's backtrace has its lines,
      # and the C++ tests compile 10-25% faster than with full debug info.
      # (The scale stage builds the same tree: nothing, after the mpich stage.)
      build_mpich
      if [ "$stage" = mpich ]; then
        run_ctest "$build/mpich" 2 -LE 'scale|hosts'
      else
        # 32 and 64 processes each: one test at a time (PROCESSORS).
        run_ctest "$build/mpich" 1 -L scale
      fi ;;
    sanitize) # the runtime itself under ASan + UBSan (MPI's own leaks are not ours)
      # (only DART is built: the C++ library's tests do not run here)
      "$root/scripts/build.sh" "$build/sanitize" mpich -DCMAKE_BUILD_TYPE=Debug -DDART_WERROR=ON \
        -DDART_SANITIZE=ON -DDART_BUILD_ARMCI=OFF -DDART_BUILD_BENCH=OFF -DDART_BUILD_DASH=OFF
      # At 1 and 2 units in both node modes and at 4 units on two-unit
      # virtual nodes: every path of the runtime (shared memory, MPI, both in
      # one job); the other modes at 3 and 4 units add run time, not paths.
      ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 run_ctest "$build/sanitize" 2 -R '^dart[.]' -LE 'headers|scale|hosts' \
        -E '[.]np3|[.]np4([.]vnode1)?$' ;;
    openmpi)
      # Debian's Global Arrays is built for MPICH: its tests run in the mpich
      # stage only. Open MPI 4.1.4's osc/rdma defects are worked around in
      # DART (dart/src/mpibugs.h): DART's and ARMCI's tests all run here.
      # The C++ library reaches MPI only through DART: of its tests, the
      # ones that drive DART hardest (DASH_TESTS; building all of them was
      # 75% of this stage's compile time). No benchmarks: their smoke test
      # runs in the mpich stage. Optimised, with line tables only: full
      # debug info made the C++ tests' compiles 1.6x longer.
      build_openmpi
      # A test's MPI processes take one of 8 slots each (-j8 on 2 cores):
      # Open MPI yields the CPU while it waits, so tests overlap well, where
      # MPICH's busy polling does not (its stages keep -j2). 350 s -> 153 s.
      OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1 \
        run_ctest "$build/openmpi" 8 -LE 'ga|armci-mpi|bench|headers|docs|scale|hosts' ;;
    tsan)
      # Clang with LLVM's OpenMP runtime and its Archer tool, which tells
      # TSan about OpenMP's own synchronisation (GCC's libgomp is not
      # instrumented: TSan would report every parallel region). MPICH is not
      # instrumented either: its internal accesses are not checked, only
      # DART's and the tests' (ignore_noninstrumented_modules). Any report
      # fails the test (TSan's exit code). No -Werror: GCC-only pragmas (the
      # mpich stage checks warnings).
      CC=clang-14 CXX=clang++-14 DART_BUILD_TARGETS="thread_test dash_thread_test dash_compat_threads" \
        "$root/scripts/build.sh" "$build/tsan" mpich -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDART_TSAN=ON \
        -DDART_BUILD_ARMCI=OFF -DDART_BUILD_BENCH=OFF
      OMP_TOOL_LIBRARIES=/usr/lib/llvm-14/lib/libarcher.so TSAN_OPTIONS=ignore_noninstrumented_modules=1 \
        run_ctest "$build/tsan" 2 -L threads ;;
    hosts)
      # Each test makes its own 2 hosts (about 1 s) and removes them.
      if ! why=$(bash "$root/scripts/hosts.sh" --check); then
        echo "=== stage hosts skipped: cannot emulate hosts here: $why (needs root: network, UTS, mount namespaces)"
      else
        build_mpich
        run_ctest "$build/mpich" 2 -L hosts
        build_openmpi
        OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1 \
          run_ctest "$build/openmpi" 2 -L hosts
      fi ;;
    *) echo "unknown stage $stage" >&2; exit 2 ;;
  esac
  echo "=== stage $stage done in $((SECONDS - t0)) s ($((SECONDS - start)) s in all)"
done
