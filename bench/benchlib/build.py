"""CMake configure (a Release build with MPICH named explicitly) and build of the programs of a run."""
import shutil
import subprocess
import sys
from pathlib import Path

from .config import DASH_PROGRAMS, ROOT
from .report import log


def build(opts, progs):
    bdir = Path(opts.build_dir)
    if not (bdir / "CMakeCache.txt").exists():
        gen = ["-G", "Ninja"] if shutil.which("ninja") else []
        cmd = ["cmake", "-S", str(ROOT), "-B", str(bdir), *gen, "-DCMAKE_BUILD_TYPE=Release",
               "-DMPI_C_COMPILER=mpicc.mpich", "-DMPI_CXX_COMPILER=mpicxx.mpich",
               f"-DMPIEXEC_EXECUTABLE={opts.mpiexec}", "-DDART_BUILD_TESTS=OFF",
               f"-DDART_BUILD_ARMCI={'ON' if opts.peers else 'OFF'}", "-DDART_BUILD_BENCH=ON"]
        log("configure: " + " ".join(cmd))
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode:
            log(r.stdout)
            sys.exit("bench/run: cmake configure failed")
    if not progs:  # the apps section alone: its own build (applications.py)
        return None
    # Only the programs of this run: the C++ ones need the whole C++ library. A
    # program the configuration left out (hdf5_dash without parallel HDF5) is
    # not asked for: run() notes it as not built.
    known = subprocess.run(["cmake", "--build", str(bdir), "--target", "help"], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True).stdout
    progs = [p for p in progs if f"bench_{p}" in known or p not in DASH_PROGRAMS]
    # --peers: our side of the peer rows (bench/peers), those this configuration has
    peer_targets = [t for t in ("bench_dart_rows", "bench_dash_rows", "armci_bench_dart")
                    if opts.peers and t in known]
    cmd = ["cmake", "--build", str(bdir), "--target", *[f"bench_{p}" for p in progs], *peer_targets, "-j2"]
    log("build: " + " ".join(cmd))
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode:  # the C++ library may be broken: the C benchmarks still run
        log(r.stdout[-3000:])
        log("build of all benchmarks failed; building the C ones only (no C++ container variants)")
        for p in DASH_PROGRAMS:
            (bdir / "bench" / p).unlink(missing_ok=True)
        cmd = [c for c in cmd if c.removeprefix("bench_") not in DASH_PROGRAMS]
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode:
            log(r.stdout[-6000:])
            sys.exit("bench/run: build failed")
        return "the C++ library (dash) did not build"
    return None
