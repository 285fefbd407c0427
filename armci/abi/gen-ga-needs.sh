#!/usr/bin/env bash
# Regenerate ga-needs.txt / ga-needs-by-object.txt: the ARMCI symbols that
# Debian's libga-mpich.a leaves undefined (i.e. needs from an ARMCI library).
set -euo pipefail
lib=${1:-/usr/lib/x86_64-linux-gnu/libga-mpich.a}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
nm -u "$lib" 2>/dev/null | awk '$1=="U"{print $2}' | sort -u >"$tmp/undef"
nm --defined-only "$lib" 2>/dev/null | awk 'NF==3{print $3}' | sort -u >"$tmp/def"
comm -23 "$tmp/undef" "$tmp/def" | grep -i 'armci' >"$here/ga-needs.txt"
nm -A -u "$lib" 2>/dev/null | awk '$NF ~ /[Aa][Rr][Mm][Cc][Ii]/ {split($1,a,":"); print $NF, a[2]}' |
  sort -u | grep -wFf "$here/ga-needs.txt" |
  awk '{m[$1]=m[$1]" "$2} END{for(k in m) print k":"m[k]}' | sort >"$here/ga-needs-by-object.txt"
wc -l "$here/ga-needs.txt"
