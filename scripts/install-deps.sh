#!/usr/bin/env bash
# Installs what building and testing need on Debian, if missing: compilers,
# CMake, Ninja, GoogleTest, clang-format, MPICH and Open MPI, hwloc, parallel HDF5 for each
# (dash::io::hdf5) and h5dump, clang with ThreadSanitizer and LLVM's OpenMP (scripts/test.sh's
# tsan stage). Idempotent; runs apt-get
# update only when something is missing. Leaves the mpi/mpirun alternatives
# on MPICH (some packages switch them to Open MPI), though our scripts never
# rely on them: they name mpicc.mpich / mpiexec.mpich explicitly.
set -euo pipefail

pkgs=(build-essential cmake ninja-build pkg-config python3 googletest libgtest-dev clang-format
      mpich libmpich-dev openmpi-bin libopenmpi-dev libhwloc-dev
      libhdf5-mpich-dev libhdf5-openmpi-dev hdf5-tools
      clang-14 libclang-rt-14-dev libomp-14-dev) # the tsan stage: clang, its TSan runtime, OpenMP + Archer
pkgs+=("$@")

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Put the generic names back on MPICH for users who type mpicc/mpiexec.
if [ "$(id -u)" = 0 ]; then
  update-alternatives --set mpi /usr/bin/mpicc.mpich >/dev/null 2>&1 || true
  update-alternatives --set mpirun /usr/bin/mpirun.mpich >/dev/null 2>&1 || true
fi
