#!/usr/bin/env bash
# The profiling names in the built library: for every function declared in
# parmci.h (PARMCI_x, parmci_msg_x), the library defines it (strong) and
# defines ARMCI_x / armci_msg_x as a weak symbol at the same address in the
# same object: one function under two names, nothing added to a call.
#
# Usage: parmci_aliases.sh LIBRARY PARMCI_H   (libarmci.a or libarmci.so)
# Prints "parmci_aliases: PASS (N names)" and exits 0, or the mismatches and 1.
set -euo pipefail
lib=$1
header=$2

names=$(grep -oE '\b(PARMCI|parmci)_[A-Za-z_]+\(' "$header" | tr -d '(' | sort -u)
[[ -n "$names" ]] || { echo "parmci_aliases: no names in $header"; exit 1; }

# "object symbol type address" of every defined text symbol. nm -A prints
# "LIB:MEMBER:ADDRESS TYPE NAME" for an archive, "LIB:ADDRESS TYPE NAME"
# for a shared library (whose exported symbols are its dynamic ones).
nm_flags=(-A --defined-only)
[[ "$lib" == *.so* ]] && nm_flags+=(-D)
symbols=$(nm "${nm_flags[@]}" "$lib" |
  awk '$2 ~ /^[TW]$/ { obj = $1; sub(/:[^:]*$/, "", obj); addr = $1; sub(/.*:/, "", addr); print obj, $3, $2, addr }')

fail=0 count=0
for p in $names; do
  case $p in
    PARMCI_*) a=ARMCI_${p#PARMCI_} ;;
    parmci_*) a=armci_${p#parmci_} ;;
  esac
  impl=$(awk -v s="$p" '$2 == s && $3 == "T" { print $1, $4 }' <<<"$symbols")
  alias=$(awk -v s="$a" '$2 == s && $3 == "W" { print $1, $4 }' <<<"$symbols")
  if [[ -z "$impl" ]]; then
    echo "parmci_aliases: $p is not defined (strong) in $lib"
    fail=1
  elif [[ "$alias" != "$impl" ]]; then
    echo "parmci_aliases: $a is not a weak alias of $p (object address: $p '$impl', $a '${alias:-missing}')"
    fail=1
  fi
  count=$((count + 1))
done
((fail)) && { echo "parmci_aliases: FAIL"; exit 1; }
echo "parmci_aliases: PASS ($count names)"
