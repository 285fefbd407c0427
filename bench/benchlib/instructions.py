"""Instructions per operation: unit 0 of the instructions program under callgrind, DART's own instructions
counted from its profile (functions of libdart, found with nm)."""
import shutil
import subprocess
from pathlib import Path

from .execute import common_args
from .parse import callgrind_parse


def libdart_functions(bdir):
    """Names of the functions defined in the DART library of the build (static or shared)."""
    libs = sorted((Path(bdir) / "dart").glob("libdart.*"))
    if not libs or not shutil.which("nm"):
        return set()
    r = subprocess.run(["nm", "--defined-only", str(libs[0])], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                       text=True)
    return {p[2] for p in (line.split() for line in r.stdout.splitlines()) if len(p) == 3 and p[1] in "TtWi"}


def instr_counts(path, iters, dart_names):
    """Per operation: DART's own instructions (libdart's functions, plus the C library calls they make, such
    as memcpy; not the MPI calls), of them those in the completion calls (dart_wait), and the whole of each
    loop (dart_loop: DART and the MPI it calls; mpi_loop: the same MPI calls made directly)."""
    own, calls = callgrind_parse(path)
    keys = set(own) | {c[0] for c in calls} | {c[1] for c in calls}
    mpi_obs = {k[0] for k in keys if k[1] and k[1].startswith(("MPI_", "PMPI_"))}
    exe = {k[0] for k in keys if k[1] == "dart_loop"}

    def is_dart(k):  # a function of libdart, in its library or linked into the program
        return k[1] is not None and k[1].split("'")[0] in dart_names and (k[0] in exe or "libdart" in (k[0] or ""))

    per_fn = {}
    for k, ir in own.items():
        if is_dart(k):
            per_fn[k[1]] = per_fn.get(k[1], 0) + ir
    for caller, callee, ir in calls:
        if is_dart(caller) and not is_dart(callee) and callee[0] not in mpi_obs:
            per_fn[caller[1]] = per_fn.get(caller[1], 0) + ir
    loop = {n: sum(ir for k, ir in own.items() if k[1] == n) + sum(ir for c, _, ir in calls if c[1] == n)
            for n in ("dart_loop", "mpi_loop")}
    top = sorted(per_fn.items(), key=lambda x: -x[1])
    return {"dart_own": sum(per_fn.values()) / iters,
            "dart_own_wait": sum(v for n, v in per_fn.items() if "wait" in n or "handle_finish" in n) / iters,
            "dart_loop": loop["dart_loop"] / iters, "mpi_loop": loop["mpi_loop"] / iters,
            "functions": " ".join(f"{n}:{v / iters:.0f}" for n, v in top)}


def run_instructions(runner, opts, outdir, mode="inter", prog="instructions", ops=None, extra=(), tag=""):
    """Unit 0 under callgrind, counting only inside dart_loop and mpi_loop, one profile per operation.
    extra: more program arguments; tag: in the profiles' names, to keep runs of one program apart."""
    if not shutil.which("valgrind"):
        runner.notes.setdefault(prog, set()).add("n/a: valgrind is not installed")
        return []
    dart_names = libdart_functions(opts.build_dir)
    if not dart_names:
        runner.failures.append(f"{prog}: no DART library (or no nm) in the build directory")
        return []
    cgdir = outdir / "callgrind"
    cgdir.mkdir(exist_ok=True)
    out = f"{prog}{tag}.out"
    for old in cgdir.glob(f"{out}*"):
        old.unlink()
    vg = ["valgrind", "-q", "--tool=callgrind", f"--callgrind-out-file={cgdir / out}",
          "--collect-atstart=no", "--toggle-collect=dart_loop", "--toggle-collect=mpi_loop",
          "--dump-after=mpi_loop"]
    args = common_args(opts) + (["--ops", ops] if ops else []) + list(extra)
    tables = runner.run(prog, 2, mode, args, label=f"{prog} {' '.join(extra)} np=2 {mode} (rank 0 under callgrind)",
                        rank0_prefix=vg)
    rows = []
    for i, r in enumerate(tables.get(prog, []), 1):  # one dump per operation, in order
        path = cgdir / f"{out}.{i}"
        if not path.exists():
            runner.failures.append(f"{prog}: no callgrind profile for {r['op']}")
            continue
        rows.append(dict(r, **instr_counts(path, int(r["iters"]), dart_names)))
    return rows
