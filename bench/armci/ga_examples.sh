#!/usr/bin/env bash
# Global Arrays' own example applications (GA v5.8.2 global/examples: scf,
# lennard-jones, boltzmann), unchanged, on
# Debian's GA (libga-mpich.a) twice: with our ARMCI on DART and with
# Debian's ARMCI-MPI. Runs both in this one run and prints the median wall
# time of each configuration, the ratio ARMCI-MPI / ours (> 1: we are
# faster) and whether every configuration printed the same result.
#
#   bench/armci/ga_examples.sh GA_SRC [-b BUILD] [-n "2 4"] [-r 3] [-a "scf lj boltz"]
#
# md_cluster is left out: its shipped md_lj.in asks for 10^9 steps (more
# than 10 minutes on 2 cores). conjugate_gradient is left out: its "random" input writes an empty file,
# and with a real input file (CSR, as read_input.c reads it) v5.8.2 passes a
# NULL buffer to NGA_Get at 2 processes, on ARMCI-MPI as on ours.
# GA_SRC: a GA git repository (clone or bare mirror, tag v5.8.2 is used) or
# an unpacked GA source tree; its code stays outside this repository.
# Configurations, each run REPEATS times interleaved (the machine is shared:
# the median of the runs is reported):
#   mpi    ARMCI-MPI (ARMCI_USE_WIN_ALLOCATE=0, see armci/NOTES.md)
#   intra  ours, all processes on one node (DART's shared-memory path)
#   vnode  ours with DART_UNITS_PER_NODE=1 (DART's MPI path between all)
# Applications and their checked result (the line compared between runs):
#   scf    Be4 (the shipped be.inpt, 60 basis functions): "final energy"
#   lj     lennard-jones (256 atoms, 20 time units): its energy lines
#   boltz  boltzmann (lattice Boltzmann, shortened to 400 steps): checksum of bltz.dat
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
[ $# -ge 1 ] || { sed -n '2,25p' "$0"; exit 2; }
src=$1; shift
build=${TMPDIR:-/tmp}/ga-examples-build
procs="2 4"
repeats=3
apps="scf lj boltz"
while (($#)); do
  case $1 in
    -b) build=$2; shift 2 ;;
    -n) procs=$2; shift 2 ;;
    -r) repeats=$2; shift 2 ;;
    -a) apps=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
MPIEXEC=${MPIEXEC:-mpiexec.mpich}
mkdir -p "$build"
build=$(cd "$build" && pwd)

echo "== our ARMCI (Release, MPICH) in $build/armci"
cmake -S "$here" -B "$build/armci" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DMPI_C_COMPILER=mpicc.mpich -DMPI_CXX_COMPILER=mpicxx.mpich \
  -DMPIEXEC_EXECUTABLE=/usr/bin/mpiexec.mpich >"$build/armci.cmake.log" 2>&1 ||
  { cat "$build/armci.cmake.log"; exit 1; }
ninja -C "$build/armci" -j2 armci dart >"$build/armci.ninja.log" 2>&1 || { tail -30 "$build/armci.ninja.log"; exit 1; }
ours="$build/armci/dart/armci/libarmci.a $build/armci/dart/dart/libdart.a -lhwloc"
theirs=/usr/lib/x86_64-linux-gnu/libarmci-mpich.a
ga="/usr/lib/x86_64-linux-gnu/libga-mpich.a -lscalapack-mpich -llapack -lblas"

echo "== GA examples from $src"
ex=$build/ga
rm -rf "$ex" && mkdir -p "$ex"
if git --git-dir="$src" rev-parse -q --verify v5.8.2 >/dev/null 2>&1 ||
  git -C "$src" rev-parse -q --verify v5.8.2 >/dev/null 2>&1; then
  gd=$(git -C "$src" rev-parse --absolute-git-dir 2>/dev/null || echo "$src")
  git --git-dir="$gd" archive v5.8.2 global/examples global/testing/mp3.h global/testing/mp3.fh \
    global/testing/mp3def.fh | tar -x -C "$ex"
else
  cp -r "$src/global/examples" "$src/global/testing" "$ex/" 2>/dev/null
  mkdir -p "$ex/global" && mv "$ex/examples" "$ex/testing" "$ex/global/"
fi
E=$ex/global/examples
# Debian's GA has 8-byte Fortran integers (typesf2c.h: Integer is long).
FFLAGS="-O2 -fdefault-integer-8 -std=legacy -cpp -w -I/usr/include -I$ex/global/testing"
# GA's configure would provide F77_FUNC_ (config.h) and stdlib.h (lennard.c).
CFLAGS=(-O2 -w -I/usr/include -I"$ex/global/testing" -include stdlib.h "-DF77_FUNC_(n,N)=n##_")
compile() { # dir sources...
  local d=$1; shift
  for f in "$@"; do
    case $f in
      *.F) mpif77.mpich $FFLAGS -I"$E/$d" -c "$E/$d/$f" -o "$E/$d/${f%.F}.o" ;;
      *.c) mpicc.mpich "${CFLAGS[@]}" -I"$E/$d" -c "$E/$d/$f" -o "$E/$d/${f%.c}.o" ;;
    esac
  done
}
link() { # dir name linker
  local d=$1 name=$2 ld=$3
  $ld -o "$E/$d/${name}_dart" "$E/$d"/*.o $ga $ours -lgfortran -lm
  $ld -o "$E/$d/${name}_armcimpi" "$E/$d"/*.o $ga $theirs -lgfortran -lm
}
(
  set -e
  compile scf input.F integ.F output.F scf.F timer.F
  link scf scf mpif77.mpich
  compile lennard-jones lennard.c
  link lennard-jones lennard mpicc.mpich
  # boltzmann: 400 steps instead of 5,000 (the rest unchanged), to stay short
  sed -i 's/nsteps = 5000/nsteps = 400/' "$E/boltzmann/setup.F"
  (cd "$E/boltzmann" && compile boltzmann *.F)
  link boltzmann boltz mpif77.mpich
) >"$build/ga.build.log" 2>&1 || { tail -30 "$build/ga.build.log"; exit 1; }

# app -> directory, program, arguments, result filter
declare -A dir=([scf]=scf [lj]=lennard-jones [boltz]=boltzmann)
declare -A prog=([scf]=scf [lj]=lennard [boltz]=boltz)
declare -A args=([scf]="" [lj]="" [boltz]="")
result() { # app rundir: the lines that must agree between configurations
  case $1 in
    scf) grep "final energy" "$2/out" ;;
    lj) grep "Energy = " "$2/out" ;;
    boltz) md5sum <"$2/bltz.dat" | cut -c1-16 ;;
  esac
}
out=$build/results
rm -rf "$out" && mkdir -p "$out"
echo "== running: processes $procs, $repeats repeats, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
for app in $apps; do
  for n in $procs; do
    for ((r = 0; r < repeats; r++)); do
      for cfg in mpi intra vnode; do
        w=$out/$app-$n-$cfg-$r
        mkdir -p "$w"
        cp "$E/${dir[$app]}"/*.inp* "$E/${dir[$app]}"/*.in "$w/" 2>/dev/null || true
        [ "$app" = scf ] && cp "$E/scf/be.inpt" "$w/"
        case $cfg in
          mpi) envs=(ARMCI_USE_WIN_ALLOCATE=0) exe=$E/${dir[$app]}/${prog[$app]}_armcimpi ;;
          intra) envs=() exe=$E/${dir[$app]}/${prog[$app]}_dart ;;
          vnode) envs=(DART_UNITS_PER_NODE=1) exe=$E/${dir[$app]}/${prog[$app]}_dart ;;
        esac
        t0=$(date +%s.%N)
        (cd "$w" && env ${envs[@]+"${envs[@]}"} timeout 600 "$MPIEXEC" -n "$n" "$exe" ${args[$app]} >out 2>err) ||
          echo "   $app $n $cfg run $r FAILED (exit $?, $w)"
        t1=$(date +%s.%N)
        echo "$app,$n,$cfg,$r,$(echo "$t1 - $t0" | bc)" >>"$out/times.csv"
        result "$app" "$w" | md5sum | cut -c1-12 >"$w/result"
      done
    done
  done
done

python3 - "$out" <<'PY'
import csv, os, statistics, sys
out = sys.argv[1]
t = {}
for app, n, cfg, r, s in csv.reader(open(os.path.join(out, "times.csv"))):
    t.setdefault((app, n, cfg), []).append(float(s))
print()
print("wall time in seconds, median of the runs; ratio = ARMCI-MPI / ours (> 1: ours faster)")
print(f"{'app':6} {'procs':>5} {'ARMCI-MPI':>10} {'ours intra':>10} {'ratio':>6} {'ours vnode':>10} {'ratio':>6}  results")
for (app, n, cfg) in sorted({(a, n, "mpi") for (a, n, c) in t}, key=lambda k: (k[0], int(k[1]))):
    m = {c: statistics.median(t[(app, n, c)]) for c in ("mpi", "intra", "vnode") if (app, n, c) in t}
    res = set()
    for d in os.listdir(out):
        if d.startswith(f"{app}-{n}-"):
            res.add(open(os.path.join(out, d, "result")).read().strip())
    same = "same" if len(res) == 1 else f"DIFFER ({len(res)} kinds)"
    print(f"{app:6} {n:>5} {m['mpi']:10.2f} {m['intra']:10.2f} {m['mpi']/m['intra']:6.2f} {m['vnode']:10.2f} {m['mpi']/m['vnode']:6.2f}  {same}")
PY
echo
echo "raw: $out (times.csv, one folder per run with out, err, result)"
