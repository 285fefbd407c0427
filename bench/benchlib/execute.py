"""One program run: mpiexec under `timeout` in a node mode (its environment), output parsed, failures and notes
kept; the program arguments a run's options give."""
import os
import signal
import subprocess
import time
from pathlib import Path

from .config import DASH_PROGRAMS, MODE_ENV, pin_flags
from .parse import parse_output
from .report import log


class Runner:
    def __init__(self, opts):
        self.opts = opts
        self.failures = []
        self.notes = {}
        self.mpi_version = None
        self.timings = []

    def run(self, prog, ranks, mode, args, label=None, rank0_prefix=None, pin=False, timeout=None):
        """rank0_prefix: a command (e.g. valgrind) that rank 0 runs under (MPMD launch); pin: config.PIN;
        timeout: seconds (default --timeout)."""
        exe = Path(self.opts.build_dir) / "bench" / prog
        if not exe.exists():
            if prog in DASH_PROGRAMS:  # optional: the C++ library may be absent
                self.notes.setdefault(prog, set()).add(f"n/a: {exe.name} not built (no C++ library"
                                                       f"{' or no parallel HDF5' if prog == 'hdf5_dash' else ''})")
                return {}
            self.failures.append(f"{prog}: {exe} not built")
            log(f"!! {prog}: {exe} not built")
            return {}
        env = dict(os.environ)
        env.pop("DART_UNITS_PER_NODE", None)
        env.update(MODE_ENV[mode])
        tmo = timeout or self.opts.timeout
        cmd = ["timeout", "-k", "5", str(tmo), self.opts.mpiexec, *self.opts.mpiexec_flags.split(),
               *(pin_flags(self.opts.mpiexec) if pin else [])]
        if rank0_prefix:
            cmd += ["-n", "1", *rank0_prefix, str(exe), *args, ":", "-n", str(ranks - 1), str(exe), *args]
        else:
            cmd += ["-n", str(ranks), str(exe), *args]
        label = label or f"{prog} np={ranks} {mode}"
        t0 = time.time()
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                             start_new_session=True)
        try:
            out, err = p.communicate(timeout=tmo + 20)
        except subprocess.TimeoutExpired:  # `timeout` did not end it: TERM first (mpiexec ends its ranks)
            os.killpg(p.pid, signal.SIGTERM)
            try:
                out, err = p.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                out, err = p.communicate()
            p.returncode = 124
        dt = time.time() - t0
        self.timings.append((label, dt))
        tables, notes = parse_output(out, prog)
        for n in notes:
            if n.startswith("mpi: "):
                self.mpi_version = " ".join(n[5:].split())
            elif not n.startswith("ranks="):
                self.notes.setdefault(prog, set()).add(n)
        status = "ok" if p.returncode == 0 else ("timeout" if p.returncode in (124, 137) else f"exit {p.returncode}")
        log(f"   {label}: {status} ({dt:.1f} s)")
        if p.returncode != 0:
            self.failures.append(f"{label}: {status}")
            tail = (err or "").strip().splitlines()[-8:]
            for line in tail:
                log(f"      {line}")
        return tables


def common_args(opts):
    a = []
    if opts.quick:
        a.append("--quick")
    if opts.trials:
        a += ["--trials", str(opts.trials)]
    if opts.reps:
        a += ["--reps", str(opts.reps)]
    return a


def prog_args(prog, opts):
    a = common_args(opts)
    if prog in ("latency", "nonblocking", "bandwidth") and opts.sizes:
        a += ["--sizes", opts.sizes]
    if prog.startswith("randomaccess") and opts.ra_log2:
        a += ["--log2", str(opts.ra_log2)]
    if prog.startswith("stencil"):
        if opts.stencil_n:
            a += ["--n", opts.stencil_n]
        if opts.stencil_max_iter:
            a += ["--max-iter", opts.stencil_max_iter]
    if prog == "alloc" and opts.alloc_count:
        a += ["--alloc-count", str(opts.alloc_count)]
    if prog == "sort_dash" and opts.sort_sizes:
        a += ["--sizes", opts.sort_sizes]
    return a
