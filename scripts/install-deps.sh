#!/usr/bin/env bash
# Installs on Debian, if missing, what this project needs:
#   scripts/install-deps.sh --run [--hdf5]   building and running: a compiler,
#       CMake, Ninja, pkg-config, MPICH, hwloc (--hdf5: parallel HDF5 for
#       MPICH, for dash::io::hdf5) -- what scripts/demo.sh uses;
#   scripts/install-deps.sh [--test]         the test stack as well (the
#       default; scripts/test.sh): GoogleTest, Python, clang-format, Open MPI,
#       parallel HDF5 for both MPIs and h5dump, clang-14 with ThreadSanitizer
#       and LLVM's OpenMP (the tsan stage), Doxygen (the API reference check),
#       iproute2 and util-linux (the emulated hosts of scripts/hosts.sh).
# Further arguments are extra Debian packages. Idempotent; runs apt-get
# update only when something is missing. Our scripts never use the generic
# mpicc/mpiexec (they name mpicc.mpich, mpiexec.mpich); installing Open MPI
# may switch those system-wide alternatives to it, so --test puts them back on
# MPICH, and says so when it does.
set -euo pipefail

run_pkgs=(build-essential cmake ninja-build pkg-config mpich libmpich-dev libhwloc-dev)
test_pkgs=(python3 googletest libgtest-dev clang-format openmpi-bin libopenmpi-dev
           libhdf5-mpich-dev libhdf5-openmpi-dev hdf5-tools
           clang-14 libclang-rt-14-dev libomp-14-dev # the tsan stage: clang, its TSan runtime, OpenMP + Archer
           doxygen
           iproute2 util-linux) # the hosts stage: scripts/hosts.sh (ip netns, veth, bridge; unshare, nsenter)

mode=test hdf5=0 extra=()
for arg in "$@"; do
  case $arg in
    --run) mode=run ;;
    --test) mode=test ;;
    --hdf5) hdf5=1 ;;
    -*) echo "install-deps.sh: unknown option $arg (--run, --test, --hdf5)" >&2; exit 2 ;;
    *) extra+=("$arg") ;;
  esac
done
pkgs=("${run_pkgs[@]}")
[ "$mode" = test ] && pkgs+=("${test_pkgs[@]}")
[ "$hdf5" = 1 ] && pkgs+=(libhdf5-mpich-dev)
pkgs+=("${extra[@]}")

SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Only the test stack installs a second MPI: put the generic names back on
# MPICH for people who type mpicc/mpiexec, and say so.
if [ "$mode" = test ]; then
  for alt in mpi:/usr/bin/mpicc.mpich mpirun:/usr/bin/mpirun.mpich; do
    name=${alt%%:*} want=${alt#*:}
    now=$(update-alternatives --query "$name" 2>/dev/null | sed -n 's/^Value: //p')
    if [ -e "$want" ] && [ -n "$now" ] && [ "$now" != "$want" ]; then
      echo "install-deps: switching the system's '$name' alternative from $now to $want"
      $SUDO update-alternatives --set "$name" "$want" >/dev/null
    fi
  done
fi
