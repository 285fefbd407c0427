#!/usr/bin/env bash
# ABI check of our armci.h/message.h against Debian's ARMCI-MPI headers.
#
#  1. abi_check.c is built against each header set; the printed layouts and
#     constant values must be identical.
#  2. Every function prototype of our headers is re-declared in a translation
#     unit that includes Debian's armci.h: the compiler rejects any prototype
#     that is not compatible with Debian's declaration.
#  3. Every ARMCI symbol Global Arrays needs (armci/abi/ga-needs.txt) must be
#     declared in our headers.
#  4. armci/abi/armci-mpi-api.txt says which of Debian's functions our
#     headers declare (ours=yes/no): it must say so truly.
#
# Usage: abi_check.sh [BUILD_DIR]   (env: MPICC, DEBIAN_ARMCI_INC)
# Prints "abi_check: PASS" and exits 0, or "abi_check: FAIL ..." and exits 1.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)                       # armci/
ours="$root/include"
theirs=${DEBIAN_ARMCI_INC:-/usr/include}
cc=${MPICC:-mpicc.mpich}
out=${1:-${TMPDIR:-/tmp}/armci-abi-check.$$}
mkdir -p "$out"
fail=0

if [[ ! -f "$theirs/armci.h" ]]; then
  echo "abi_check: SKIP (Debian's armci.h not found in $theirs)"
  exit 0
fi

# 1. layouts and constants
"$cc" -std=c11 -Wall -o "$out/abi_ours" -I"$ours" "$here/abi_check.c" || fail=1
"$cc" -std=c11 -Wall -o "$out/abi_theirs" -I"$theirs" "$here/abi_check.c" || fail=1
if ((fail == 0)); then
  "$out/abi_ours" >"$out/abi_ours.txt" && "$out/abi_theirs" >"$out/abi_theirs.txt" || fail=1
  if ! diff -u "$out/abi_theirs.txt" "$out/abi_ours.txt"; then
    echo "abi_check: layout/constant mismatch (- Debian, + ours)"
    fail=1
  fi
fi

# 2. prototypes: ours re-declared after Debian's header
python3 - "$ours/armci.h" "$ours/message.h" "$ours/parmci.h" >"$out/protos.h" <<'EOF' || fail=1
import re, sys
for path in sys.argv[1:]:
    text = open(path).read()
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)      # comments
    text = re.sub(r'^\s*#.*$', ' ', text, flags=re.M)       # preprocessor
    text = re.sub(r'extern "C" \{|\}\s*/?/?', ' ', text)
    for stmt in text.split(';'):
        s = ' '.join(stmt.split())
        # a function declaration: "<type> name(params)" and no braces
        if re.match(r'^[A-Za-z_][\w\s\*]*\b[A-Za-z_]\w*\s*\(.*\)$', s) and '{' not in s \
                and not s.startswith(('typedef', 'enum', 'struct')):
            print(s + ';')
EOF
n=$(grep -c '(' "$out/protos.h")
{ echo '#include <armci.h>'; echo '#include <message.h>'; cat "$out/protos.h"; } >"$out/protos.c"
if ! "$cc" -std=c11 -fsyntax-only -Werror -I"$theirs" "$out/protos.c"; then
  echo "abi_check: a prototype of ours conflicts with Debian's"
  fail=1
fi

# 3. coverage of what GA needs
needs="$root/abi/ga-needs.txt"
missing=0
if [[ -f "$needs" ]]; then
  while read -r sym; do
    [[ -z "$sym" || "$sym" == \#* ]] && continue
    if ! grep -qw "$sym" "$out/protos.h"; then
      echo "abi_check: GA needs $sym, not declared in our headers"
      missing=1
    fi
  done <"$needs"
fi
((missing)) && fail=1

# 4. the API list's "ours" column
api="$root/abi/armci-mpi-api.txt"
if [[ -f "$api" ]]; then
  while read -r _ sym _ _ ours; do
    declared=no
    grep -qE "\b$sym\(" "$out/protos.h" && declared=yes
    if [[ "ours=$declared" != "$ours" ]]; then
      echo "abi_check: armci-mpi-api.txt says $ours for $sym, our headers: $declared"
      fail=1
    fi
  done < <(grep -v '^#' "$api")
fi

if ((fail)); then
  echo "abi_check: FAIL"
  exit 1
fi
echo "abi_check: $n prototypes compatible, layouts/constants identical"
echo "abi_check: PASS"
