#!/usr/bin/env bash
# Build Global Arrays' own test programs (global/testing of a GA source tree,
# e.g. GlobalArrays/ga at tag v5.8.2) against Debian's GA (libga-mpich.a) and
# run each with Debian's ARMCI-MPI and with our ARMCI (both node modes).
# Not part of ctest: CI has no GA sources. Needs no network.
#
# Usage: run.sh [-b OUR_BUILD_DIR] [-n "1 2 3 4"] [-t TIMEOUT] [-m "mpi ours ours1"] [-g]
#               SRC_DIR OUT_DIR [program ...]
#   SRC_DIR  GA source tree (contains global/testing and global/src)
#   OUT_DIR  objects, executables, logs, table.txt
#   modes    mpi   = Debian's ARMCI-MPI (ARMCI_USE_WIN_ALLOCATE=0: MPICH 4.0.2's
#                    MPI_Win_allocate gives wrong data, armci/NOTES.md)
#            ours  = our libarmci.a, default node mode (shared memory)
#            ours1 = our libarmci.a, DART_UNITS_PER_NODE=1 (MPI path)
#   -g       gate on the reference: where ARMCI-MPI times out, ours is not
#            run at that process count ("n/r" in the table); the criterion
#            is "passes on ours where it passes on ARMCI-MPI", and a program
#            that times out would cost 3 timeouts
# A run passes when it exits 0, prints none of the failure words GA's tests
# use (ERROR, failed, FAIL, "Error:", abort, ...) and, where the program has
# one, its success line ("All tests successful", "Success", "passed", "OK").
# Prints one row per program and process count; ends with the table.
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=${ARMCI_DART_BUILD:-/tmp/armci-dart-build}
ranks="1 2 3 4"
tmo=180
modes="mpi ours ours1"
gate=0
while getopts "b:n:t:m:g" o; do
  case $o in b) build=$OPTARG ;; n) ranks=$OPTARG ;; t) tmo=$OPTARG ;; m) modes=$OPTARG ;; g) gate=1 ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
(($# >= 2)) || { sed -n '2,20p' "$0"; exit 2; }
src=$(cd "$1" && pwd) out=$2
shift 2
t=$src/global/testing
[[ -d $t ]] || { echo "no global/testing in $src" >&2; exit 2; }
mkdir -p "$out"/obj "$out"/bin "$out"/log
out=$(cd "$out" && pwd)

CC=${MPICC:-mpicc.mpich}
FC=${MPIFC:-mpifort.mpich}
MPIEXEC=${MPIEXEC:-mpiexec.mpich}
# GA's configure would write config.h; these are the facts the tests ask it.
defs=(-DHAVE_STDIO_H=1 -DHAVE_STDLIB_H=1 -DHAVE_MATH_H=1 -DHAVE_STRING_H=1
  -DHAVE_UNISTD_H=1 -DHAVE_ASSERT_H=1 -DHAVE_SYS_TYPES_H=1 -DHAVE_ERRNO_H=1
  '-DF77_FUNC_(name,NAME)=name##_' '-DF77_FUNC(name,NAME)=name##_' -DMSG_COMMS_MPI=1 -DMPI=1
  -DSIZEOF_SHORT=2 -DSIZEOF_INT=4 -DSIZEOF_LONG=8 -DSIZEOF_LONG_LONG=8)
# Debian's GA carries its own BLAS/LAPACK (gal_dgemm_ etc., 8-byte integers,
# gfortran's hidden string lengths after the arguments): use those.
linalg=(-DENABLE_F77=1 -DBLAS_SIZE=8 -DF2C_HIDDEN_STRING_LENGTH_AFTER_ARGS=1)
# global/src only after the system headers: Debian's ga.h etc. win, GA's
# internal global.h (util.c) is found there.
incs=(-I"$t" -idirafter "$src/global/src" -idirafter "$src/LinAlg/lapack+blas")
CFLAGS=(-O1 -g -w -fopenmp "${defs[@]}" "${linalg[@]}" "${incs[@]}")
# Debian's GA is built with 8-byte Fortran integers.
FFLAGS=(-O1 -g -w -cpp -fdefault-integer-8 -std=legacy "${defs[@]}" -I"$t" -I/usr/include
  -I"$src/LinAlg/lapack+blas")
GA_LIBS=(-lga-mpich -lscalapack-mpich -llapack -lblas)
SYS_LIBS=(-lgfortran -lm)
LIBS_mpi=(-larmci-mpich -lpthread)
LIBS_ours=("$build/armci/libarmci.a" "$build/dart/libdart.a" -lhwloc -lpthread)

# Programs of GA's Makefile.am (check_PROGRAMS), by source; extra sources.
# (performance programs last: slowest on a loaded machine)
c_progs=$(echo big elempatch gatscat getmem mtest mulmatpatchc normc matrixc ntestc nbtestc \
  ntestfc packc patch_enumc print scan_addc scan_copyc sprsmatvec testabstract_ops \
  testc testmatmultc testmult testmultrect read_only unpackc ga_lu ga-mpi lock \
  simple_groups_commc threadsafec gemmtest cache_test perf2 thread_perf_contig thread_perf_strided)
f_progs=$(echo bin blktest d2test g2test g3test ga_shift ghosts jacobi mmatrix \
  mulmatpatch nbtest nb2test ndim patch patch2 patch_enumf pg2testmatmult pg2test \
  pgtestmatmult pgtest random scan simple_groups simple_groups_comm sparse sprsmatmult \
  stride testeig testmatmult testsolve test overlay types-test field-test testspd ngatest \
  nga-onesided nga-patch nga-periodic nga-scatter nga-util mir_perf1 mir_perf2 perfmod perform perf)
# Not run, with the reason (GA's own Makefile.am leaves them out too).
declare -A skip=(
  [d2test]="needs an input file (GA: not a test)"
  [pg2testmatmult]="needs exactly 8 processes"
  [pgtestmatmult]="needs exactly 8 processes"
  [random]="takes too long (GA: not a test)"
  [gatscat]="marked broken in GA's Makefile.am"
  [big]="allocates more memory than this machine has (GA: not a test)"
  [sprsmatvec]="not a test in GA's Makefile.am (needs tuned input)"
)
extra_c=" util.c"
declare -A extra_f=([mulmatpatch]="testblas.F" [patch]="testblas.F" [pg2testmatmult]="testblas.F")

want=("$@")
selected() { ((${#want[@]} == 0)) && return 0; local w; for w in "${want[@]}"; do [[ $w == "$1" ]] && return 0; done; return 1; }

compile() { # obj src lang
  [[ -s $1 && $1 -nt $2 ]] && return 0
  if [[ $3 == c ]]; then $CC "${CFLAGS[@]}" -c -o "$1" "$2"; else $FC "${FFLAGS[@]}" -c -o "$1" "$2"; fi
}

# m4-generated Fortran programs
for m in ngatest nga-onesided nga-patch nga-periodic nga-scatter nga-util; do
  selected "$m" || continue
  [[ -s $out/obj/$m.F ]] || m4 -I"$t" "$t/$m.m4" >"$out/obj/$m.F" 2>"$out/log/$m.m4.log"
done

compile "$out/obj/util.o" "$t/util.c" c 2>"$out/log/util.build.log" || { echo "util.c does not build"; exit 1; }
compile "$out/obj/ffflush.o" "$t/ffflush.F" f 2>"$out/log/ffflush.build.log" || { echo "ffflush.F does not build"; exit 1; }
compile "$out/obj/testblas.o" "$t/testblas.F" f 2>"$out/log/testblas.build.log" || true

progs=()
build_prog() { # name lang
  local p=$1 lang=$2 s objs=() ok=1
  if [[ $lang == c ]]; then s=$t/$p.c; else s=$t/$p.F; [[ -f $s ]] || s=$out/obj/$p.F; fi
  compile "$out/obj/$p.o" "$s" "$lang" 2>"$out/log/$p.build.log" || return 1
  [[ $out/bin/$p.mpi -nt $out/obj/$p.o && $out/bin/$p.ours -nt $out/obj/$p.o &&
    $out/bin/$p.ours -nt $build/armci/libarmci.a ]] && return 0
  # GA links util.c into the Fortran programs only; C ones that need it
  # (CMake build of GA) get it on a second try
  objs=("$out/obj/$p.o")
  [[ $lang == f ]] && objs+=("$out/obj/util.o" "$out/obj/ffflush.o")
  [[ -n ${extra_f[$p]:-} ]] && objs+=("$out/obj/testblas.o")
  local L=$CC; [[ $lang == f ]] && L=$FC
  : >"$out/log/$p.link.log"
  for lib in mpi ours; do
    local -n libs="LIBS_$lib"
    $L -g -o "$out/bin/$p.$lib" "${objs[@]}" "${GA_LIBS[@]}" "${libs[@]}" "${SYS_LIBS[@]}" -fopenmp \
      >>"$out/log/$p.link.log" 2>&1 ||
      { [[ $lang == c ]] && $L -g -o "$out/bin/$p.$lib" "${objs[@]}" "$out/obj/util.o" "${GA_LIBS[@]}" \
        "${libs[@]}" "${SYS_LIBS[@]}" -fopenmp >>"$out/log/$p.link.log" 2>&1; } || ok=0
  done
  cat "$out/log/$p.link.log" >>"$out/log/$p.build.log"
  ((ok))
}

failword='(ERROR|[Ff]ailed|FAIL|[Ee]rror:|[Ee]rror in|[Aa]bort|[Ss]egmentation|not ok|MISMATCH|[Ww]rong)'
okword='(All tests succe?ss?ful|[Ss]uccess|[Pp]assed|PASSED|^ *OK|: *OK| ok$)'

run_one() { # prog np mode -> echo verdict
  local p=$1 np=$2 mode=$3 bin env=() log rc
  case $mode in
    mpi) bin=$out/bin/$p.mpi env=(ARMCI_USE_WIN_ALLOCATE=0) ;;
    ours) bin=$out/bin/$p.ours env=(DART_LOCAL_POOL=1M) ;;
    ours1) bin=$out/bin/$p.ours env=(DART_LOCAL_POOL=1M DART_UNITS_PER_NODE=1) ;;
  esac
  log=$out/log/$p.np$np.$mode.log
  (cd "$out/obj" && env "${env[@]}" timeout -k 5 "$tmo" "$MPIEXEC" -n "$np" "$bin" </dev/null >"$log" 2>&1)
  rc=$?
  if ((rc == 124 || rc == 137)); then echo timeout
  elif grep -v 'SHOULD FAIL' "$log" | grep -Eq "$failword"; then echo "fail"
  elif ((rc != 0)); then echo "rc$rc"
  elif grep -Eq "$okword" "$log"; then echo pass
  else echo "pass*"  # exit 0, no failure text, no success line either
  fi
}

mkdir -p "$out/res"
all_progs="$c_progs $f_progs"
for p in $all_progs; do
  selected "$p" || continue
  lang=f; [[ " $c_progs " == *" $p "* ]] && lang=c
  rm -f "$out/res/$p.build"
  if [[ -n ${skip[$p]:-} ]]; then echo "skip: ${skip[$p]}" >"$out/res/$p.build"; echo "skip $p: ${skip[$p]}"; continue; fi
  if ! build_prog "$p" "$lang"; then
    why=$(grep -m1 -E 'error|undefined' "$out/log/$p.build.log" | cut -c1-100)
    echo "build failed: $why" >"$out/res/$p.build"; echo "BUILD-FAIL $p: $why"; continue
  fi
  for np in $ranks; do
    for mode in $modes; do
      # already run with this binary (an earlier invocation): keep
      [[ -z ${RERUN:-} && -f $out/res/$p.np$np.$mode && $out/res/$p.np$np.$mode -nt $out/bin/$p.ours ]] &&
        ! grep -q '^n/r' "$out/res/$p.np$np.$mode" && continue
      ref=$out/res/$p.np$np.mpi
      if ((gate)) && [[ $mode != mpi && -f $ref ]] && grep -q '^timeout' "$ref"; then
        echo "n/r" >"$out/res/$p.np$np.$mode"
        echo "$p np=$np $mode: n/r (ARMCI-MPI: $(cat "$ref"))"
        continue
      fi
      t0=$(date +%s)
      v=$(run_one "$p" "$np" "$mode")
      echo "$v" >"$out/res/$p.np$np.$mode"
      echo "$p np=$np $mode: $v ($(($(date +%s) - t0)) s)"
    done
  done
done

# The table of every result in OUT_DIR (earlier invocations included).
{
  echo "GA global/testing: each cell ours (default) / ours (DART_UNITS_PER_NODE=1) / ARMCI-MPI"
  echo "(pass* = exit 0, no failure text, no success line; - = not run;"
  echo " n/r = not run because ARMCI-MPI timed out there)"
  printf '%-20s' program; for np in 1 2 3 4; do printf ' %-24s' "np=$np"; done; echo
  for p in $all_progs; do
    if [[ -f $out/res/$p.build ]]; then printf '%-20s %s\n' "$p" "$(cat "$out/res/$p.build")"; continue; fi
    ls "$out/res/$p".np* >/dev/null 2>&1 || continue
    printf '%-20s' "$p"
    for np in 1 2 3 4; do
      cell=""
      for mode in ours ours1 mpi; do
        f=$out/res/$p.np$np.$mode
        cell+="${cell:+/}$([[ -f $f ]] && cat "$f" || echo -)"
      done
      printf ' %-24s' "$cell"
    done
    echo
  done
} | tee "$out/table.txt"
