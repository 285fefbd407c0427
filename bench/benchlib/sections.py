"""The run plan: every program in each node mode, then the sections with runs of their own (instructions under
callgrind, threads, node-aware allreduce, barrier at 4 units, progress, dart_init cost), the scaling runs and the
scale section. Returns data: mode -> table name -> rows (the programs' tables, plus the rows the own sections
add; the scale section's under data["scale"])."""
import os

from .config import (INTRA_INSTR_OPS, MODES, NODE_AWARE_RANKS, PROGRESS_RANKS, SCALE_MODEL_MODE,
                     SCALE_MODEL_UNITS_PER_NODE, SCALE_MODES, SCALE_TIMEOUT, SCALE_UNITS_PER_NODE, scale_trials)
from .execute import common_args, prog_args
from .instructions import run_instructions
from .report import log
from .static_size import static_bytes

OWN_SECTIONS = ("instructions", "threads", "allreduce_locality", "init_cost", "progress")


def run_programs(runner, opts, progs):
    """Each program at --ranks in each mode; sort_dash also on 1 unit, unordered_map_dash's move home at 4."""
    data = {m: {} for m in MODES}
    for mode in MODES:
        log(f"\n-- {mode}-node runs ({opts.ranks} ranks{', DART_UNITS_PER_NODE=1' if mode == 'inter' else ''})")
        for prog in progs:
            if prog in OWN_SECTIONS:
                continue
            if prog == "hdf5_dash" and mode != "intra":  # file I/O: DART's node mode plays no part
                continue
            if prog.startswith("randomaccess") and opts.ranks & (opts.ranks - 1):
                runner.notes.setdefault(prog, set()).add("n/a: RandomAccess needs a power-of-two number of ranks")
                continue
            data[mode].update(runner.run(prog, opts.ranks, mode, prog_args(prog, opts)))
            if prog == "sort_dash" and mode == "intra":  # the 1-unit target: dash::sort alone vs std::sort
                data[mode]["sort_1"] = runner.run(prog, 1, mode, prog_args(prog, opts)).get("sort", [])
            if prog == "unordered_map_dash" and mode == "inter":  # 4 units x 5,000 entries moved home
                # Pinned: 4 units on 2 cores, and which two share a core decides the time (units 0 and 2
                # on one, 1 and 3 on the other: barrier 2.5-4x the inserts; 0 and 1: 14-40x).
                data[mode]["umap_move4"] = runner.run(prog, 4, mode, ["--move-only", "500" if opts.quick else "5000",
                                                                      "--trials", "3"],
                                                      label=f"{prog} np=4 inter (moved home)",
                                                      pin=True).get("umap_move", [])
    return data


def run_threads(runner, opts, mode):
    """T OpenMP threads per unit at 2 units, and the process baseline, 2T single-threaded units at MPI's and
    DART's single-thread level, for each T (the same number of issuing streams). Rows of the baseline runs:
    threads_rate_procs."""
    # Idle OpenMP threads sleep: spinning ones would take the cores from the working ones (2 cores).
    os.environ.setdefault("OMP_WAIT_POLICY", "passive")
    counts = [1, 2] if opts.quick else [1, 2, 4]
    args = common_args(opts)
    d = runner.run("threads", 2, mode, args + ["--threads", ",".join(map(str, counts))])
    procs = []
    for t in counts:
        tb = runner.run("threads", 2 * t, mode, args + ["--threads", "1", "--level", "single"])
        procs += tb.get("threads_rate", [])
    d["threads_rate_procs"] = procs
    return d


def run_own_sections(runner, opts, progs, data, outdir):
    """The sections with runs of their own; their rows go into data."""
    if "instructions" in progs and "inter" in MODES:
        log("\n-- instructions (inter-node, 2 ranks, rank 0 under valgrind's callgrind)")
        data["inter"]["instructions"] = run_instructions(runner, opts, outdir)
        log("\n-- instructions (inter-node, unit 0 on its own part: a same-node target of a segment with a window)")
        data["inter"]["instructions_self"] = run_instructions(runner, opts, outdir, "inter", "instructions_inline",
                                                              "put,get", ["--target", "self"], "_self")
    if "instructions" in progs and "intra" in MODES:
        log("\n-- instructions (intra-node, 2 ranks, rank 0 under callgrind, the header's inline path on)")
        data["intra"]["instructions"] = run_instructions(runner, opts, outdir, "intra", "instructions_inline",
                                                         INTRA_INSTR_OPS)

    if "threads" in progs:
        for mode in MODES:
            log(f"\n-- threads ({mode}-node: 2 units x 1-4 threads, and 4, 8 single-threaded units)")
            data[mode].update(run_threads(runner, opts, mode))

    if "allreduce_locality" in progs:
        log(f"\n-- node-aware allreduce ({NODE_AWARE_RANKS} ranks, DART_UNITS_PER_NODE=2)")
        data["vnode2"] = runner.run("allreduce_locality", NODE_AWARE_RANKS, "vnode2", common_args(opts))

    if "alloc" in progs:
        log("\n-- barrier and collective alloc + free at 4 units")
        for mode in MODES:
            data[mode]["barrier4"] = runner.run("alloc", 4, mode, ["--only", "barrier"] + common_args(opts),
                                                label=f"alloc (barrier) np=4 {mode}").get("barrier", [])

    if "progress" in progs and "inter" in MODES:
        log(f"\n-- asynchronous progress ({PROGRESS_RANKS} ranks, DART_UNITS_PER_NODE=1, DART_PROGRESS=none, thread)")
        for pm in ("none", "thread"):
            rows = runner.run("progress", PROGRESS_RANKS, f"inter_progress_{pm}", common_args(opts)).get("progress", [])
            data["inter"].setdefault("progress", []).extend(rows)

    if "init_cost" in progs:
        log("\n-- dart_init cost (1, 2, 4 ranks)")
        for mode in MODES:
            for ranks in (1, 2, 4):
                rows = runner.run("init_cost", ranks, mode, common_args(opts)).get("init_cost", [])
                data[mode].setdefault("init_cost", []).extend(rows)


def run_scaling(runner, opts, srs):
    """A reduced set at each of the scaling section's rank counts (intra-node): ranks -> table name -> rows."""
    scal = {}
    if srs:
        log("\n-- scaling runs (intra-node)")
    for ranks in srs:  # quick: the two applications only, tiny
        d = {}
        q = ["--quick"] if opts.quick else []
        big = not opts.quick
        if ranks & (ranks - 1) == 0:
            d.update(runner.run("randomaccess", ranks, "intra", q + ["--log2", "10" if big else "8"]))
        d.update(runner.run("stencil", ranks, "intra",
                            q + ["--n", "1024" if big else "64", "--max-iter", "50" if big else "20"]))
        if big:
            d.update(runner.run("alloc", ranks, "intra", ["--only", "sizes", "--alloc-sizes", "1M", "--trials", "3"]))
            d.update(runner.run("latency", ranks, "intra", ["--sizes", "8", "--trials", "3"]))
        scal[ranks] = d
    return scal


def run_scale(runner, opts, units):
    """scale_probe at each number of units in each scale mode (one node; virtual nodes of SCALE_UNITS_PER_NODE):
    {"modes": {mode: {units: {table: rows}}}, "fixed": DART's static tables (static_size.py)}."""
    modes = [SCALE_MODES[m] for m in MODES]
    log(f"\n-- scale: DART's heap and collective times at {','.join(map(str, units))} units "
        f"({' and '.join(modes)}: DART_UNITS_PER_NODE={SCALE_UNITS_PER_NODE}; above {os.cpu_count()} oversubscribed)")
    # the model's third mode where it differs from one node, after the others at each size
    model = [n for n in units if n > SCALE_MODEL_UNITS_PER_NODE] if len(modes) == 2 else []
    out = {"modes": {m: {} for m in modes + ([SCALE_MODEL_MODE] if model else [])},
           "fixed": static_bytes(opts.build_dir)}
    for n in units:  # sizes in turn, every mode at each: a load change hits them alike
        for mode in modes + ([SCALE_MODEL_MODE] if n in model else []):
            args = ["--trials", str(scale_trials(n, opts.quick))]
            out["modes"][mode][n] = runner.run("scale_probe", n, mode, args,
                                               timeout=None if opts.quick else max(opts.timeout, SCALE_TIMEOUT))
    return out
