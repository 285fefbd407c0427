#!/usr/bin/env bash
# Installs what is missing, builds (release, MPICH), and runs the demo on 2
# local units: once on one node (shared-memory path), once with one unit per
# virtual node (MPI RMA path).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${DART_BUILD_ROOT:-$root/build}/release
bash "$root/scripts/install-deps.sh"
"$root/scripts/build.sh" "$build" mpich -DCMAKE_BUILD_TYPE=Release -DDART_BUILD_TESTS=OFF
timeout 120 mpiexec.mpich -n 2 "$build/examples/dart_demo"
echo
DART_UNITS_PER_NODE=1 timeout 120 mpiexec.mpich -n 2 "$build/examples/dart_demo"
