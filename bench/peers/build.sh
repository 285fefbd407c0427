#!/usr/bin/env bash
# Builds the peer libraries the benchmarks compare against, from their sources
# at pinned commits, with MPICH named explicitly:
#   DASH (its DART-MPI and the DASH C++ library)  dash-project/dash   99f2995
#     and dash-mpi: the same without shared-memory windows (its MPI path)
#   OSHMPI (its fast build)                       pmodels/oshmpi      ee5cf11
#   ARMCI-MPI                                     pmodels/armci-mpi   035d5b4
#
#   bench/peers/build.sh [OUT]      (default OUT: build/peers)
#
# Each peer's source is a git repository (a clone or a bare mirror) named by
# an environment variable; default: the mirror path below if it exists. A
# peer whose repository or commit is missing is skipped with one line; no
# network is used. Result: OUT/<peer>/install (prefix, with a file BUILT
# once complete), logs in OUT/<peer>/*.log; `bench/run --peers OUT` uses
# every peer with BUILT. A peer already built is kept (REBUILD=1 redoes it).
#
#   DASH_SRC=...   OSHMPI_SRC=...   ARMCI_MPI_SRC=...   PEERS="dash dash-mpi oshmpi armci-mpi"   JOBS=2
set -u
OUT=${1:-build/peers}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
JOBS=${JOBS:-2}
MIRROR=${MIRROR:-/work/.mirror}
DASH_SRC=${DASH_SRC:-$MIRROR/dash-project+dash/repo}
OSHMPI_SRC=${OSHMPI_SRC:-$MIRROR/pmodels+oshmpi/repo}
ARMCI_MPI_SRC=${ARMCI_MPI_SRC:-$MIRROR/pmodels+armci-mpi/repo}
PEERS=${PEERS:-"dash dash-mpi oshmpi armci-mpi"}
CC_MPI=${CC_MPI:-mpicc.mpich}
CXX_MPI=${CXX_MPI:-mpicxx.mpich}

# export_source REPO COMMIT DEST: the tree of COMMIT into DEST (fresh).
export_source() {
  local repo=$1 commit=$2 dest=$3
  if [ ! -e "$repo" ]; then
    echo "peers: $4 skipped: no source at $repo (set $5)"
    return 1
  fi
  local gd
  gd=$(cd "$repo" && git rev-parse --absolute-git-dir 2>/dev/null || echo "$repo")
  if ! git --git-dir="$gd" cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "peers: $4 skipped: commit $commit not in $repo"
    return 1
  fi
  rm -rf "$(dirname "$dest")" && mkdir -p "$dest"
  git --git-dir="$gd" archive "$commit" | tar -x -C "$dest"
}

built() { date -u >"$2/BUILT"; echo "peers: $1 built: $2"; }
done_before() { [ -f "$OUT/$1/install/BUILT" ] && [ "${REBUILD:-0}" = 0 ] && echo "peers: $1 built already: $OUT/$1/install"; }
failed() { echo "peers: $1 FAILED at $2 (log: $3)"; }

# build_dash [NAME CMAKE_OPTIONS...]: dash, or a variant (dash-mpi: without
# shared-memory windows, DASH's MPI path for every target, the counterpart
# of our DART_UNITS_PER_NODE=1, which DASH does not read).
build_dash() {
  local name=${1:-dash}
  shift || true
  local d=$OUT/$name
  done_before "$name" && return 0
  export_source "$DASH_SRC" 99f2995 "$d/src" "$name" DASH_SRC || return 0
  mkdir -p "$d/build"
  # Only the libraries: no tests (googletest is a submodule), examples, or
  # optional dependencies; MPICH through its compiler wrappers.
  (cd "$d/build" && cmake "$d/src" -DCMAKE_BUILD_TYPE=Release -DINSTALL_PREFIX="$d/install" \
      -DCMAKE_INSTALL_PREFIX="$d/install" -DDART_IMPLEMENTATIONS=mpi \
      -DCMAKE_C_COMPILER="$CC_MPI" -DCMAKE_CXX_COMPILER="$CXX_MPI" \
      -DMPI_C_COMPILER="$CC_MPI" -DMPI_CXX_COMPILER="$CXX_MPI" \
      -DBUILD_TESTS=OFF -DBUILD_EXAMPLES=OFF -DBUILD_DOCS=OFF -DENABLE_ASSERTIONS=OFF \
      -DENABLE_LOGGING=OFF -DENABLE_DART_LOGGING=OFF -DENABLE_THREADSUPPORT=OFF \
      -DENABLE_LIBNUMA=OFF -DENABLE_LIKWID=OFF -DENABLE_HWLOC=OFF -DENABLE_PAPI=OFF -DENABLE_MKL=OFF \
      -DENABLE_BLAS=OFF -DENABLE_LAPACK=OFF -DENABLE_SCALAPACK=OFF -DENABLE_PLASMA=OFF \
      -DENABLE_HDF5=OFF -DENABLE_MEMKIND=OFF -DENABLE_NASTYMPI=OFF "$@") >"$d/configure.log" 2>&1 \
    || { failed "$name" configure "$d/configure.log"; return 0; }
  (cd "$d/build" && make -j"$JOBS" && make install) >"$d/build.log" 2>&1 \
    || { failed "$name" build "$d/build.log"; return 0; }
  built "$name" "$d/install"
}

build_oshmpi() {
  local d=$OUT/oshmpi
  done_before oshmpi && return 0
  export_source "$OSHMPI_SRC" ee5cf11 "$d/src" OSHMPI OSHMPI_SRC || return 0
  # OSHMPI's fast build (its README): single thread, direct MPI atomics;
  # RMA "auto" instead of "direct" (it chooses MPI RMA at run time): with
  # both direct, ee5cf11 leaves its active-message layer uninitialized but
  # still polls it in a collective that does not complete at once (MPI_Test
  # on an invalid request, on a loaded machine). A single-thread build needs
  # no OpenPA, so that submodule is not generated.
  (cd "$d/src" && sed -i 's/^extdirs="src\/openpa"/extdirs=""/' autogen.sh && ./autogen.sh) \
    >"$d/autogen.log" 2>&1 || { failed oshmpi autogen "$d/autogen.log"; return 0; }
  (cd "$d/src" && ./configure --prefix="$d/install" CC="$CC_MPI" CXX="$CXX_MPI" --enable-fast \
      --enable-threads=single --enable-amo=direct --enable-rma=auto) \
    >"$d/configure.log" 2>&1 || { failed oshmpi configure "$d/configure.log"; return 0; }
  (cd "$d/src" && make -j"$JOBS" && make install) >"$d/build.log" 2>&1 \
    || { failed oshmpi build "$d/build.log"; return 0; }
  built oshmpi "$d/install"
}

build_armci_mpi() {
  local d=$OUT/armci-mpi
  done_before armci-mpi && return 0
  export_source "$ARMCI_MPI_SRC" 035d5b4 "$d/src" ARMCI-MPI ARMCI_MPI_SRC || return 0
  (cd "$d/src" && ./autogen.sh) >"$d/autogen.log" 2>&1 || { failed armci-mpi autogen "$d/autogen.log"; return 0; }
  (cd "$d/src" && ./configure --prefix="$d/install" CC="$CC_MPI" --disable-static) >"$d/configure.log" 2>&1 \
    || { failed armci-mpi configure "$d/configure.log"; return 0; }
  (cd "$d/src" && make -j"$JOBS" && make install) >"$d/build.log" 2>&1 \
    || { failed armci-mpi build "$d/build.log"; return 0; }
  built armci-mpi "$d/install"
}

for p in $PEERS; do
  case $p in
    dash) build_dash ;;
    dash-mpi) build_dash dash-mpi -DENABLE_SHARED_WINDOWS=OFF ;;
    oshmpi) build_oshmpi ;;
    armci-mpi) build_armci_mpi ;;
    *) echo "peers: unknown peer $p (dash, dash-mpi, oshmpi, armci-mpi)" ;;
  esac
done
