#!/usr/bin/env bash
# other_mpi.sh MPICC MPIEXEC FLAGS INCLUDE_DIR LIBDART SOURCE OUT: a DART
# program built as with DART's pkg-config line (-I, the library, -lhwloc
# -lpthread) but with another MPI's compiler wrapper, which adds its own MPI,
# then started with that MPI's mpiexec on 2 processes (dart.other_mpi_link).
set -e
mpicc=$1 mpiexec=$2 flags=$3 inc=$4 lib=$5 src=$6 out=$7
"$mpicc" "$src" -o "$out" -I"$inc" "$lib" -lhwloc -lpthread
# shellcheck disable=SC2086 # FLAGS: several words
exec timeout -k 5 50 "$mpiexec" -n 2 $flags "$out"
