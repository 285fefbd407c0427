#!/usr/bin/env bash
# Install Debian's Global Arrays 5.8 and ARMCI-MPI (plus what their MPICH
# variants link against), then make sure MPICH stays the default MPI.
#
# Idempotent: installs only what is missing and runs `apt-get update` at most
# once, and only when a package cannot be found in the current lists.
# Must run as root (as on the project machines). Set ARMCI_DEPS_DRY_RUN=1 to
# only print what would be installed.
set -euo pipefail

PKGS=(
  mpich libmpich-dev                 # the MPI we build against (explicit *.mpich tools)
  gfortran                           # libgfortran for the Fortran parts of libga
  libglobalarrays-dev                # libga-mpich.a, ga.h, macdecls.h, ...
  libarmci-mpi-dev                   # libarmci-mpich.a, armci.h, message.h
  libscalapack-mpich-dev             # GA's MPICH build references ScaLAPACK
  liblapack-dev libblas-dev          # LAPACK / reference BLAS (blas_size 4)
)

missing=()
for p in "${PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$'; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "install-deps: missing: ${missing[*]}"
  if [[ "${ARMCI_DEPS_DRY_RUN:-0}" == 1 ]]; then exit 0; fi
  SUDO=""; [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  need_update=0
  for p in "${missing[@]}"; do
    if ! apt-cache show "$p" >/dev/null 2>&1; then need_update=1; break; fi
  done
  if ((need_update)); then $SUDO apt-get update -q; fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
else
  echo "install-deps: all packages present"
fi

# ScaLAPACK for MPICH pulls in mpi-default-bin -> Open MPI, which may take
# over the mpicc/mpirun alternatives. Pin them back to MPICH.
SUDO=""; [[ $(id -u) -ne 0 ]] && SUDO="sudo"
# Said when it changes anything (system-wide).
pin_alternative() { # name target
  local now
  now=$(update-alternatives --query "$1" 2>/dev/null | sed -n 's/^Value: //p')
  if [[ -e "$2" && -n "$now" && "$now" != "$2" ]]; then
    echo "install-deps: switching the system's '$1' alternative from $now to $2"
    $SUDO update-alternatives --set "$1" "$2" >/dev/null
  fi
}
pin_alternative mpi /usr/bin/mpicc.mpich
pin_alternative mpirun /usr/bin/mpirun.mpich
# The per-arch header alternative (mpi.h location) as well, when it exists.
if update-alternatives --list mpi-x86_64-linux-gnu 2>/dev/null | grep -q mpich; then
  pin_alternative mpi-x86_64-linux-gnu "$(update-alternatives --list mpi-x86_64-linux-gnu | grep mpich | head -n1)"
fi

echo "install-deps: mpicc -> $(readlink -f /usr/bin/mpicc), mpirun -> $(readlink -f /usr/bin/mpirun)"
for f in /usr/lib/x86_64-linux-gnu/libga-mpich.a /usr/lib/x86_64-linux-gnu/libarmci-mpich.a \
         /usr/lib/x86_64-linux-gnu/libscalapack-mpich.so /usr/include/ga.h /usr/include/armci.h; do
  [[ -e "$f" ]] || { echo "install-deps: ERROR: $f not found" >&2; exit 1; }
done
echo "install-deps: OK"
