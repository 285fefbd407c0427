#!/usr/bin/env bash
# Build the GA and ARMCI test programs against Debian's Global Arrays and
# ARMCI-MPI (MPICH variants) and run each with 1..4 processes.
#
# Usage: run-debian.sh [-b BUILD_DIR] [-n "1 2 3 4"] [-t TIMEOUT] [test ...]
#   env: ARMCI_USE_WIN_ALLOCATE is passed through (set it to 0 to dodge the
#        MPI_Win_allocate bug of MPICH 4.0.2; unset = ARMCI-MPI's default).
# Prints one line per (test, np) and a final "N passed, N failed" line.
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=${TMPDIR:-/tmp}/armci-debian-tests
ranks="1 2 3 4"
tmo=120
while getopts "b:n:t:" o; do
  case $o in b) build=$OPTARG ;; n) ranks=$OPTARG ;; t) tmo=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
mkdir -p "$build"

CC=${MPICC:-mpicc.mpich}
MPIEXEC=${MPIEXEC:-mpiexec.mpich}
CFLAGS="-O1 -g -std=gnu11 -Wall -Wextra -Wno-unused-parameter"
GA_LIBS="-lga-mpich -lscalapack-mpich -llapack -lblas -larmci-mpich -lgfortran -lm"
ARMCI_LIBS="-larmci-mpich -lm"

srcs=()
if (($#)); then
  for t in "$@"; do srcs+=("$(ls "$here"/ga/"$t".c "$here"/armci/"$t".c 2>/dev/null | head -n1)"); done
else
  srcs=("$here"/armci/*.c "$here"/ga/*.c)
fi

pass=0 fail=0
for src in "${srcs[@]}"; do
  name=$(basename "$src" .c)
  case $src in
    */ga/*) libs=$GA_LIBS inc="-I$here -I$here/ga" ;;
    *) libs=$ARMCI_LIBS inc="-I$here -I$here/armci" ;;
  esac
  # armci tests compile against Debian's armci.h (system include dir)
  if ! $CC $CFLAGS $inc -o "$build/$name" "$src" $libs 2>"$build/$name.build.log"; then
    echo "BUILD-FAIL $name (see $build/$name.build.log)"
    fail=$((fail + 1)); continue
  fi
  for np in $ranks; do
    log="$build/$name.np$np.log"
    start=$(date +%s.%N)
    timeout -k 5 "$tmo" "$MPIEXEC" -n "$np" "$build/$name" >"$log" 2>&1
    rc=$?
    secs=$(printf '%.1f' "$(echo "$(date +%s.%N) - $start" | bc)")
    if ((rc == 0)) && grep -q '^PASS' "$log"; then
      echo "ok   $name np=$np (${secs}s)"; pass=$((pass + 1))
    else
      why=$(grep -m1 -o 'FAIL [a-z_0-9]* (np=[0-9]*): [0-9]* errors' "$log" || true)
      ((rc == 124)) && why="timeout"
      echo "FAIL $name np=$np rc=$rc ${why:-} (${secs}s, log $log)"; fail=$((fail + 1))
    fi
  done
done
echo "$pass passed, $fail failed"
((fail == 0))
