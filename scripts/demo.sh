#!/usr/bin/env bash
# Installs what building and running need, if missing (a compiler, CMake,
# MPICH, hwloc; --hdf5: parallel HDF5 too), builds the demo (release,
# MPICH), and runs it on 2 local units: once on one node (shared-memory
# path), once with one unit per virtual node (MPI RMA path).
#   scripts/demo.sh [--hdf5]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${DART_BUILD_ROOT:-$root/build}/release
bash "$root/scripts/install-deps.sh" --run "$@"
DART_BUILD_TARGETS=dart_demo "$root/scripts/build.sh" "$build" mpich -DCMAKE_BUILD_TYPE=Release \
  -DDART_BUILD_TESTS=OFF -DDART_BUILD_BENCH=OFF
timeout 120 mpiexec.mpich -n 2 "$build/examples/dart_demo"
echo
DART_UNITS_PER_NODE=1 timeout 120 mpiexec.mpich -n 2 "$build/examples/dart_demo"
