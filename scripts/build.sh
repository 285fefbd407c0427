#!/usr/bin/env bash
# Configures and builds with one MPI implementation, chosen explicitly.
#   scripts/build.sh BUILD_DIR [mpich|openmpi] [extra cmake args...]
set -euo pipefail
dir=$1; mpi=${2:-mpich}; shift $(( $# >= 2 ? 2 : 1 ))
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$dir"
case $mpi in
  mpich)   cc=mpicc.mpich;   cxx=mpicxx.mpich;   run=/usr/bin/mpiexec.mpich; flags="" ;;
  openmpi) cc=mpicc.openmpi; cxx=mpicxx.openmpi; run=/usr/bin/mpiexec.openmpi
           flags="--oversubscribe --allow-run-as-root" ;;
  *) echo "unknown MPI '$mpi' (mpich or openmpi)" >&2; exit 2 ;;
esac
cmake -S "$root" -B "$dir" -G Ninja \
  -DMPI_C_COMPILER=$cc -DMPI_CXX_COMPILER=$cxx -DMPIEXEC_EXECUTABLE=$run \
  -DDART_TEST_MPIEXEC_FLAGS="$flags" "$@" >"$dir.configure.log" 2>&1 \
  || { cat "$dir.configure.log"; exit 1; }
# DART_BUILD_TARGETS: build only these targets (e.g. the tsan stage's tests).
cmake --build "$dir" -j2 ${DART_BUILD_TARGETS:+--target $DART_BUILD_TARGETS}
