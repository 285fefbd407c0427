"""The apps section of bench/run (--section apps --apps-src DIR): DASH's application codes timed on ours
against real DASH 99f2995 and against LULESH's own MPI communication variant, in the same run.

DIR holds checkouts of dash-project/dash-apps named by branch (DIR/lulesh-fixes, DIR/hpccg-coarray); they
stay outside the repository. bench/apps/run.sh --build-only builds them with their own build files: against
our package (installed from --build-dir into BUILD/apps-prefix) and against DASH 99f2995 from --peers
(bench/peers/build.sh; without it the DASH rows are left out with one line), in BUILD/apps-build.

Runs: 8 units, on one node and on virtual nodes of 4 units (DART_UNITS_PER_NODE=4; DASH and MPI do not read
it and run as they are in both), OMP_NUM_THREADS=1 (DASH's package compiles with -fopenmp), the variants of
each round in a rotating order; each figure is the median over the rounds. Every run's result is checked
(LULESH: the final origin energy equal across variants, symmetry MaxRelDiff <= 1e-8; HPCCG: residual
<= 1e-10); a failed check fails the run."""
import os
import re
import statistics
import subprocess
from pathlib import Path

from .config import ROOT

UNITS = 8
MODES = {"node": {}, "vnode4": {"DART_UNITS_PER_NODE": "4"}}
# problem sizes: each run well under a minute at 8 units on 2 cores (oversubscribed)
LULESH = {"full": ["-i", "20", "-s", "8"], "quick": ["-i", "10", "-s", "4"]}  # per-domain edge s, 2x2x2 domains
HPCCG = {"full": ["16", "16", "4"], "quick": ["8", "8", "2"]}  # per unit: nx ny nz (the global nz = 8 nz)
SOURCES = {"lulesh": "lulesh-fixes/lulesh", "hpccg": "hpccg-coarray/hpccg/src_dash_coarray"}


def _install_ours(build_dir, log):
    """Our package, installed from the bench build (its libraries only): the prefix, or None."""
    bdir = Path(build_dir)
    prefix = bdir / "apps-prefix"
    known = subprocess.run(["cmake", "--build", str(bdir), "--target", "help"], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True).stdout
    targets = [t for t in ("dart", "dash", "armci") if re.search(rf"^\.\.\. {t}$|^{t}:", known, re.M)]
    for cmd in (["cmake", "--build", str(bdir), "--target", *targets, "-j2"],
                ["cmake", "--install", str(bdir), "--prefix", str(prefix)]):
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode:
            log(f"   apps: {' '.join(cmd)} failed:\n{r.stdout[-2000:]}")
            return None
    return prefix


def _build(prefix, work, src, extra, log):
    """bench/apps/run.sh --build-only: {(kind, variant): binary}."""
    cmd = [str(ROOT / "bench" / "apps" / "run.sh"), "--build-only", "--prefix", str(prefix), "--work", str(work),
           *extra, *(f"{k}={Path(src) / d}" for k, d in SOURCES.items())]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out = {}
    for line in r.stdout.splitlines():
        f = line.split()
        if len(f) == 4 and f[0] == "built":
            out[(f[1], f[2])] = f[3]
    if r.returncode:
        log(f"   apps: build against {prefix} incomplete ({' '.join(cmd)}):\n{r.stdout[-1500:]}")
    return out


def _parse(kind, text):
    """The figure (LULESH: FOM in zones/s; HPCCG: total MFLOP/s) and the result to check."""
    def num(pattern):
        m = re.search(pattern, text, re.M)
        return float(m.group(1)) if m else None
    if kind == "lulesh":
        m = re.search(r"Final Origin Energy\s*=\s*(\S+)", text)
        return {"value": num(r"^FOM\s*=\s*(\S+)"), "energy": m.group(1) if m else None,
                "sym": num(r"MaxRelDiff\s*=\s*(\S+)")}
    m = re.search(r"MFLOPS Summary:?\s*\n\s*Total\s*:\s*(\S+)", text)
    return {"value": float(m.group(1)) if m else None, "residual": num(r"^Final residual:\s*(\S+)")}


def _run(binary, kind, args, mode, mpiexec, timeout):
    env = dict(os.environ, OMP_NUM_THREADS="1")
    env.pop("DART_UNITS_PER_NODE", None)
    env.update(MODES[mode])
    cmd = ["timeout", "-k", "5", str(timeout), mpiexec, "-n", str(UNITS), binary, *args]
    # HPCCG writes a YAML file into its working directory: its own folder
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                       cwd=str(Path(binary).parent))
    got = _parse(kind, r.stdout)
    got["rc"] = r.returncode
    return got


def run_applications(opts, log):
    """Returns (rows, failures); rows: app, mode, variant, measure, median, runs, ratio vs baselines, check."""
    src = Path(opts.apps_src) if opts.apps_src else None
    if not src or not all((src / d).is_dir() for d in SOURCES.values()):
        log(f"   apps: skipped: no dash-apps checkouts in {src} (--apps-src DIR with "
            f"{' and '.join(SOURCES.values())})")
        return [], []
    out = Path(opts.build_dir) / "apps-build"  # beside the build, not in the results folder
    prefix = _install_ours(opts.build_dir, log)
    if not prefix:
        return [], ["apps: our package did not install"]
    variants = []  # (label, kind, binary)
    ours = _build(prefix, out / "ours", src, [], log)
    variants += [("ours", k, ours.get((k, v))) for k, v in (("lulesh", "dash"), ("hpccg", "coarray"))]
    variants.append(("MPI variant (ours' containers)", "lulesh", ours.get(("lulesh", "mpi"))))
    dash = Path(opts.peers) / "dash" / "install" if opts.peers else None
    if dash and (dash / "BUILT").exists():
        d = _build(dash, out / "dash", src, ["--dash-99f2995"], log)
        variants += [("DASH 99f2995", k, d.get((k, v))) for k, v in (("lulesh", "dash"), ("hpccg", "coarray"))]
    else:
        log(f"   apps: DASH rows left out: no DASH built in {opts.peers} (bench/peers/build.sh)")
    failures = [f"apps: {label} {kind} did not build" for label, kind, b in variants if not b]
    variants = [v for v in variants if v[2]]
    size = "quick" if opts.quick else "full"
    args = {"lulesh": LULESH[size][:2] + ["-px", "2", "-py", "2", "-pz", "2"] + LULESH[size][2:],
            "hpccg": HPCCG[size]}
    rounds = opts.app_rounds or (1 if opts.quick else 3)
    got = {}  # (kind, mode, label) -> list of results
    for mode in MODES:
        for r in range(rounds):
            k = r % len(variants)
            for label, kind, binary in variants[k:] + variants[:k]:
                res = _run(binary, kind, args[kind], mode, opts.mpiexec, opts.timeout)
                got.setdefault((kind, mode, label), []).append(res)
        log(f"   apps: {mode}: {rounds} rounds of {len(variants)} runs at {UNITS} units")
    rows = []
    for (kind, mode, label), results in got.items():
        vals = [x["value"] for x in results if x["value"] is not None]
        bad = [x for x in results if x["rc"] or x["value"] is None]
        if kind == "lulesh":
            energies = {x["energy"] for (k2, m2, _), xs in got.items() if k2 == kind for x in xs if x["energy"]}
            ok = not bad and len(energies) == 1 and all(x["sym"] is not None and x["sym"] <= 1e-8 for x in results)
            check = (f"origin energy {results[0]['energy']} (all variants equal), MaxRelDiff "
                     f"{max((x['sym'] or 0) for x in results):.1e}") if ok else "FAILED"
        else:
            ok = not bad and all(x["residual"] is not None and x["residual"] <= 1e-10 for x in results)
            check = (f"residual <= {max(x['residual'] for x in results):.1e}") if ok else "FAILED"
        if not ok:
            failures.append(f"apps: {kind} {label} {mode}: check failed ({len(bad)} run(s) failed)")
        rows.append({"app": "LULESH (lulesh-fixes)" if kind == "lulesh" else "HPCCG (hpccg-coarray)",
                     "kind": kind, "mode": mode, "units": UNITS, "variant": label,
                     "measure": "FOM (zones/s)" if kind == "lulesh" else "MFLOP/s (total)",
                     "median": round(statistics.median(vals), 3) if vals else None,
                     "runs": " ".join(f"{v:.4g}" for v in vals), "check": check})
    for r in rows:  # ours over each baseline of the same app and mode (higher is better for both figures)
        o = next((x for x in rows if x["kind"] == r["kind"] and x["mode"] == r["mode"] and x["variant"] == "ours"), None)
        r["ours_over"] = round(o["median"] / r["median"], 2) if o and o["median"] and r["median"] else None
        r["status"] = "" if r["variant"] == "ours" else ("ours ahead" if (r["ours_over"] or 0) >= 1 else "ours BEHIND")
    rows.sort(key=lambda x: (x["kind"] != "lulesh", list(MODES).index(x["mode"]), x["variant"] != "ours"))
    return rows, failures


COLS = [("application", "app", None), ("mode", "mode", None), ("units", "units", "int"), ("variant", "variant", None),
        ("measure", "measure", None), ("median", "median", None), ("runs", "runs", None),
        ("ours / this (same run)", "ours_over", "x"), ("status", "status", None), ("check", "check", None)]
NOTE = ("8 units on 2 cores (oversubscribed); node = one node, vnode4 = DART_UNITS_PER_NODE=4 (ours only: DASH "
        "and MPI run as they are); median over rounds, variants rotating; higher is better for both measures; "
        "LULESH 2x2x2 domains, HPCCG the same global problem for all")


def plot_applications(rows, outdir):
    """applications.png: ours against each baseline, ratio per app and mode (1 = the baseline)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    bars = [r for r in rows if r["variant"] != "ours" and r["ours_over"]]
    if not bars:
        return None
    fig, ax = plt.subplots(figsize=(8, 4))
    labels = [f"{r['kind']} {r['mode']}\nvs {r['variant'].split(' (')[0]}" for r in bars]
    vals = [r["ours_over"] for r in bars]
    ax.bar(range(len(bars)), vals, color=["tab:green" if v >= 1 else "tab:red" for v in vals])
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(bars)))
    ax.set_xticklabels(labels, fontsize=7)
    ax.set_ylabel("ours / baseline (FOM, MFLOP/s)")
    ax.set_title(f"DASH applications at {UNITS} units: ours against real DASH and MPI (same run)")
    for i, v in enumerate(vals):
        ax.text(i, v, f"{v:.2f}x", ha="center", va="bottom", fontsize=7)
    fig.tight_layout()
    fig.savefig(Path(outdir) / "applications.png", dpi=90)
    plt.close(fig)
    return "applications.png"
