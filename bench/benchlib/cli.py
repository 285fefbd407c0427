"""Builds and runs DART's benchmark suite; prints tables, writes CSV, PNG plots
and a markdown summary.

    bench/run                 # full run (< 10 minutes), results in bench/results
    bench/run --quick         # smoke run (< 1 minute)
    bench/run --help          # all options

Every figure is a ratio against a baseline measured in the same run (by the
same program, trials interleaved): absolute times on a shared machine are noise.
Each benchmark runs intra-node (DART's shared-memory path) and inter-node
(DART_UNITS_PER_NODE=1: one unit per virtual node, DART's MPI path); a scaling
section runs a reduced set at 1, 2 and 4 ranks (4 is oversubscribed on a 2-core
machine, and reported as such). The closing "targets" table lists each
performance target with its measured ratio, met or MISSED.

    bench/run --section scale # DART's heap and collective times at 1 .. 64 units only (12-21 minutes today)
    bench/run --section all   # the suite and the scale section
    bench/run --section apps --apps-src DIR --peers DIR  # DASH's applications on ours, real DASH and MPI
"""
import argparse
import datetime
import time
from pathlib import Path

from .applications import COLS as APP_COLS, NOTE as APP_NOTE, plot_applications, run_applications
from .build import build
from .config import MODES, NOISE, PROGRAMS, ROOT, SCALE_UNITS, SCALE_UNITS_QUICK
from .execute import Runner
from .plots import ensure_matplotlib, plots
from .report import log, machine_info, print_table, write_csv, write_summary
from .sections import run_own_sections, run_programs, run_scale, run_scaling
from .tables import all_tables, result_failures, sort_failures
from .target_table import TARGETS
from .targets import evaluate

PEER_COLS = [("section", "section", None), ("row", "row", None), ("mode", "mode", None),
             ("ours (ns)", "ours_ns", None), ("peer", "peer", None), ("peer (ns)", "peer_ns", None),
             ("peer/ours", "peer/ours", None), ("status", "status", None)]
TARGET_COLS = [("target (2 ranks, one node unless noted)", "target", None), ("measured", "measured", None),
               ("status", "status", None), ("why (when missed / n/a)", "reason", None)]


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ranks", type=int, default=2, help="ranks of the main runs (default 2)")
    ap.add_argument("--sizes", help="transfer sizes for latency/nonblocking/bandwidth, e.g. 8,4K,1M")
    ap.add_argument("--reps", type=int, help="maximum calls per trial")
    ap.add_argument("--trials", type=int, help="trials per measurement (median reported)")
    ap.add_argument("--quick", action="store_true", help="smoke run: tiny sizes, few trials (< 1 minute)")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"), help="results folder")
    ap.add_argument("--build-dir", default=str(ROOT / "build" / "bench-release"))
    ap.add_argument("--no-build", action="store_true", help="use the binaries already in --build-dir")
    ap.add_argument("--mpiexec", default="/usr/bin/mpiexec.mpich")
    ap.add_argument("--mpiexec-flags", default="", help="extra mpiexec flags (e.g. --oversubscribe)")
    ap.add_argument("--only", help="comma-separated subset of: " + ",".join(PROGRAMS))
    ap.add_argument("--modes", default="intra,inter", help="intra,inter (default both)")
    ap.add_argument("--scaling-ranks", help="rank counts of the scaling section (default 1,2,4; quick 1,4; '' = none)")
    ap.add_argument("--section", choices=("suite", "scale", "apps", "all"), default="suite",
                    help="suite: the benchmarks (default); scale: only the scale section (DART's heap and "
                         "collective times at 1 .. 64 units, oversubscribed); apps: only DASH's applications "
                         "(--apps-src) on ours, on real DASH (--peers) and LULESH's MPI variant; all: all three")
    ap.add_argument("--apps-src", help="apps section: folder of dash-project/dash-apps checkouts named by branch "
                                       "(lulesh-fixes, hpccg-coarray); the section is skipped without it")
    ap.add_argument("--app-rounds", type=int, help="apps section: runs of each variant per mode (default 3, quick 1)")
    ap.add_argument("--scale-units", help="units of the scale section's runs (default 1,2,4,8,16,32,64; quick 1,2,4)")
    ap.add_argument("--ra-log2", type=int, help="RandomAccess: log2 of the table words per unit")
    ap.add_argument("--stencil-n", help="stencil sizes, e.g. 64,1024,4096")
    ap.add_argument("--stencil-max-iter", help="stencil iteration caps, one per size")
    ap.add_argument("--alloc-count", type=int, help="allocations of the 1st-vs-Nth test (default 100000)")
    ap.add_argument("--sort-sizes", help="dash::sort element counts (default 1M,2M,4M,8M,16M; quick 64K,256K)")
    ap.add_argument("--timeout", type=int, help="seconds per program run (default 420, quick 60)")
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("--no-install", action="store_true", help="do not pip install matplotlib")
    ap.add_argument("--peers", help="peers built by bench/peers/build.sh in this folder: their rows next to ours")
    ap.add_argument("--peer-rounds", type=int, help="runs of each peer program per mode (default 5, quick 2)")
    ap.add_argument("--peer-sections", default="dart,armci,dash", help="peer sections to run (default all)")
    opts = ap.parse_args()
    if opts.timeout is None:
        opts.timeout = 60 if opts.quick else 420
    if opts.scaling_ranks is None:
        opts.scaling_ranks = "1,4" if opts.quick else "1,2,4"
    opts.suite = opts.section in ("suite", "all")
    opts.scale = opts.section in ("scale", "all")  # targets with needs="scale"
    opts.apps = opts.section in ("apps", "all")
    if opts.scale_units is None:
        opts.scale_units = ",".join(map(str, SCALE_UNITS_QUICK if opts.quick else SCALE_UNITS))
    return opts


def run_peers(opts, runner):
    """peers.py: ours against the peers built by bench/peers/build.sh, runs interleaved; returns the rows."""
    from . import peers as peer_section
    log(f"\n-- peers ({opts.peers}: bench/peers/build.sh)")
    rounds = opts.peer_rounds or (2 if opts.quick else 5)
    rows, failures = peer_section.run_peers(opts.peers, opts.build_dir, MODES, rounds, opts.quick, opts.mpiexec,
                                            opts.timeout, log, opts.peer_sections.split(","))
    runner.failures += failures
    return rows


def main():
    opts = parse_args()
    MODES[:] = [m for m in opts.modes.split(",") if m in ("intra", "inter")]  # in place: the tables read it
    progs = [p for p in PROGRAMS if opts.suite and (not opts.only or p in opts.only.split(","))]
    outdir = Path(opts.out)
    outdir.mkdir(parents=True, exist_ok=True)
    info = machine_info()
    start = time.time()
    started = datetime.datetime.now().astimezone()
    log(f"DART benchmarks, {started:%Y-%m-%d %H:%M %Z}: {info['nproc']} cores ({info['cpu']}), load {info['load']}")
    srs = [int(x) for x in opts.scaling_ranks.split(",") if x.strip()] if opts.suite else []
    scale_units = [int(x) for x in opts.scale_units.split(",") if x.strip()] if opts.scale else []
    scaling_progs = ["randomaccess", "stencil", "alloc", "latency"] if srs else []
    # instructions_inline is the instructions program built with the header's inline paths on.
    extra = ["instructions_inline"] if "instructions" in progs else []
    scale_progs = ["scale_probe"] if scale_units else []
    to_build = list(dict.fromkeys(progs + extra + scaling_progs + scale_progs))
    build_note = None if opts.no_build or not (to_build or opts.apps) else build(opts, to_build)
    plots_ok = not opts.no_plots and ensure_matplotlib(opts)

    runner = Runner(opts)
    data = run_programs(runner, opts, progs) if opts.suite else {m: {} for m in MODES}
    run_own_sections(runner, opts, progs, data, outdir)
    scal = run_scaling(runner, opts, srs)
    if scale_units:
        data["scale"] = run_scale(runner, opts, scale_units)
    peer_rows = run_peers(opts, runner) if opts.peers and opts.suite else []
    app_rows = []
    if opts.apps:
        log(f"\n-- apps: DASH's applications at 8 units ({opts.apps_src or 'no --apps-src'})")
        app_rows, app_failures = run_applications(opts, log)
        runner.failures += app_failures

    views = all_tables(data, scal, info["nproc"])
    runner.failures += result_failures(views, data)
    for name, (title, cols, rows, note) in views.items():
        if not rows:
            continue
        print_table(title, cols, rows, note)
        write_csv(outdir / f"{name}.csv", cols, rows)
    runner.failures += sort_failures(views)
    if peer_rows:
        print_table("Peers: ours against the peers built from their sources (bench/peers), same run", PEER_COLS,
                    peer_rows, "best trial of the best round; inter = DART_UNITS_PER_NODE=1 (only our DART reads it)")
        write_csv(outdir / "peers.csv", PEER_COLS, peer_rows)
    if app_rows:
        print_table("Applications: DASH's application codes on ours against real DASH and LULESH's MPI variant",
                    APP_COLS, app_rows, APP_NOTE)
        write_csv(outdir / "applications.csv", APP_COLS, app_rows)
    for prog, notes in sorted(runner.notes.items()):
        for n in sorted(notes):
            log(f"   note ({prog}): {n}")

    data["peers"] = peer_rows
    tg = evaluate([t for t in TARGETS if opts.suite or t.needs == "scale"], data, opts)
    print_table("Targets" + (" (QUICK run: indicative only)" if opts.quick else ""), TARGET_COLS, tg,
                f"'no slower / no more than' allow {int((NOISE - 1) * 100)}% noise; machine load at start: "
                f"{info['load']}")
    write_csv(outdir / "targets.csv", TARGET_COLS, tg)

    files = []
    if plots_ok:
        try:
            files = plots(data, scal, outdir, info["nproc"], opts.suite)
            if app_rows:
                files += [f for f in [plot_applications(app_rows, outdir)] if f]
        except Exception as e:  # plots must not lose the tables
            log(f"plotting failed: {e!r}")
            runner.failures.append(f"plots: {e!r}")

    elapsed = time.time() - start
    write_summary(outdir / "summary.md", opts, info, started, elapsed, runner, tg, files,
                  [name for name, v in views.items() if v[2]] + (["applications"] if app_rows else []),
                  peer_rows, build_note)
    log(f"\nresults: {outdir} (summary.md, *.csv{', *.png' if files else ''}); {elapsed:.0f} s")
    if runner.failures:
        log("FAILED: " + "; ".join(runner.failures))
        return 1
    return 0
