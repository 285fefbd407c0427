"""The scale section's tables (scale_probe at 1 .. 64 units, one node and virtual nodes): DART's heap per process
after each phase with its fit a + b x units, the times with their growth exponents, and the times over
MPI_Barrier at the same size."""
import os

from ..config import SCALE_MODE_UNITS_PER_NODE, SCALE_MODEL_MODE
from ..fit import exponent, least_squares, linear
from ..report import size_str
from ..rows import one, ratio

PHASES = [("init", "dart_init"), ("teams", "+ 10 teams (splits)"), ("segments", "+ 100 segments"),
          ("locks", "+ a lock on each of 11 teams"), ("locality", "+ locality tree of all")]
OPS = [("dart_init", "dart_init"), ("locality_tree", "locality tree of all, built anew"),
       ("team_create_destroy", "team of all: create + destroy"), ("first_lock", "its first lock (init, one acq+rel, barrier)"),
       ("lock_round", "the lock through every unit (n hand-offs)"),
       ("alloc_free", "alloc + free 1 KiB (DART_TEAM_ALL)"), ("split_locality_node", "split_locality NODE + destroy"),
       ("mpi_barrier", "MPI_Barrier")]
OTHER = ("locality", "not DART's: MPI, libc, ... (all phases)", "other")  # the rest of the heap, at the end


def _runs(data):
    """mode -> units -> tables, and the units measured (sorted)."""
    modes = (data.get("scale") or {}).get("modes", {})
    units = sorted({n for runs in modes.values() for n in runs})
    return modes, units


def fit_units(units, per_node=None):
    """The sizes of the time fits: those above the core count, in one regime (oversubscribed; from 2 units on
    their own cores to 4 sharing them MPI_Barrier takes 10^4 times longer here); else from 2 units (1 unit
    talks to nobody: its collectives return at once). On virtual nodes of per_node units, only the sizes with
    two nodes or more: up to per_node units the job is one node and takes the shared-memory paths, another
    regime (the locality tree of 4 units on one node is 10^4 times faster than across 2 nodes)."""
    over = [n for n in units if n > (os.cpu_count() or 1) and (not per_node or n > per_node)]
    return over if len(over) >= 3 else [n for n in units if n >= 2]


def heap_rows(data):
    """One row per mode and phase (DART's max bytes per units, fit a, b), and per mode the rest of the heap."""
    modes, units = _runs(data)
    rows = []
    for mode, runs in modes.items():
        top = max(runs) if runs else None
        for phase, label, who in [p + ("dart",) for p in PHASES] + [OTHER]:
            r = {"mode": mode, "phase": label, "key": phase if who == "dart" else who}
            for n in units:
                r[f"u{n}"] = one(runs.get(n, {}).get("scale_heap", []), phase=phase).get(f"{who}_max")
            r["mean_top"] = one(runs.get(top, {}).get("scale_heap", []), phase=phase).get(f"{who}_mean")
            r["a"], r["b"] = linear([(n, r[f"u{n}"]) for n in units])
            rows.append(r)
    return rows


def heap_checks(data):
    """(mode, units, check) of every run whose accounting check did not pass."""
    modes, _ = _runs(data)
    return [(mode, n, r.get("check")) for mode, runs in modes.items() for n, t in runs.items()
            for r in t.get("scale_heap", [])[:1] if r.get("check") != "ok"]


# The heap model: bytes = a + b x units of the job + c x nodes + d x units of my node, over every mode's points
MODEL_TERMS = [("a", "B", "fixed"), ("b", "B per unit of the job", "units"), ("c", "B per node", "nodes"),
               ("d", "B per unit of my node", "mine")]
# A job of the model's table: units, units per node
MODEL_JOBS = [(10 ** 3, 64), (10 ** 4, 64), (10 ** 5, 64)]


def _shape(mode, n):
    """(nodes, units of my node) of a run of n units in a scale mode."""
    k = SCALE_MODE_UNITS_PER_NODE.get(mode)
    return (1, n) if not k or n <= k else (-(-n // k), k)


def heap_model(data, phase="locality"):
    """The model's constants from DART's heap after `phase` (max over units): {"a", "b", "c", "d", "points",
    "worst" (largest relative residual over those points), "node_slope" (one node: measured b of a + b x units),
    "node_pred" (the model's: b + d)}, or None (fewer than two modes of virtual nodes). Each mode of virtual nodes
    of k units is fitted as a_k + s_k x units over its sizes of at least 4 k units (there the probe's smallest
    teams, quarters of the job, have k units on my node too, so that what is kept per unit of my node no longer
    changes with the job): s_k = b + c / k and a_k = a + d k, solved by least squares over the modes."""
    modes, units = _runs(data)
    per_mode, pts = [], []
    for mode, runs in modes.items():
        k = SCALE_MODE_UNITS_PER_NODE.get(mode)
        if not k:
            continue
        mine = [(n, one(runs.get(n, {}).get("scale_heap", []), phase=phase).get("dart_max")) for n in units
                if n >= 4 * k]
        mine = [(n, y) for n, y in mine if isinstance(y, (int, float))]
        ak, sk = linear(mine)
        if sk is not None:
            per_mode.append((k, ak, sk))
            pts += [(k, n, y) for n, y in mine]
    slopes = least_squares([((1.0, 1.0 / k), sk) for k, _, sk in per_mode])
    icepts = least_squares([((1.0, float(k)), ak) for k, ak, _ in per_mode])
    if not slopes or not icepts:
        return None
    fit = {"a": icepts[0], "b": slopes[0], "c": slopes[1], "d": icepts[1]}
    worst = max(abs(model_bytes(fit, n, k) - y) / y for k, n, y in pts)
    node = next((runs for mode, runs in modes.items() if not SCALE_MODE_UNITS_PER_NODE.get(mode)), {})
    _, node_slope = linear([(n, one(node.get(n, {}).get("scale_heap", []), phase=phase).get("dart_max"))
                            for n in units])
    return dict(fit, points=len(pts), worst=worst, node_slope=node_slope, node_pred=fit["b"] + fit["d"])


def model_bytes(m, units, per_node):
    """The model's bytes per process for a job of `units` with `per_node` units on each node."""
    return m["a"] + m["b"] * units + m["c"] * units / per_node + m["d"] * min(units, per_node)


def view_scale_model(data):
    m = heap_model(data)
    rows = []
    if m:
        for key, unit, what in MODEL_TERMS:
            rows.append({"term": f"{key}: {what}", "value": m[key], "unit": unit})
        for units, per_node in MODEL_JOBS:
            rows.append({"term": f"{units:,} units, {per_node} per node", "value": model_bytes(m, units, per_node),
                         "unit": "B per process (model)"})
    cols = [("term", "term", None), ("value", "value", None), ("unit", "unit", None)]
    note = ("DART's heap after the last phase (10 teams, 100 segments, 11 locks, a locality tree of all units); each "
            "mode of virtual nodes of k units (vnode4, and vnode8 run for the model only) fitted as a_k + s_k x units at "
            "4 k units and more (the probe's quarter teams then have k units on my node), s_k = b + c / k and "
            "a_k = a + d k")
    if m:
        note += (f"; {m['points']} points, largest residual {100 * m['worst']:.1f}%; cross-check on one node (every "
                 f"unit a unit of my node): b + d = {m['node_pred']:.0f} B per unit, measured {m['node_slope']:.0f}")
    return ("18d. Scale: DART's heap per process as a + b units + c nodes + d units of my node", cols, rows, note)


def time_rows(data):
    """One row per mode and op: the slowest unit's time per units, the exponent, and the exponent over the
    barrier's (of time / MPI_Barrier). Not the model's own mode (two sizes only)."""
    modes, units = _runs(data)
    rows = []
    for mode, runs in modes.items():
        if mode == SCALE_MODEL_MODE:
            continue
        bar = {n: one(runs.get(n, {}).get("scale_time", []), op="mpi_barrier").get("ns") for n in units}
        for op, label in OPS:
            r = {"mode": mode, "op": label, "key": op}
            for n in units:
                r[f"t{n}"] = one(runs.get(n, {}).get("scale_time", []), op=op).get("ns")
                r[f"x{n}"] = ratio(r[f"t{n}"], bar[n])
            fit = fit_units(units, SCALE_MODE_UNITS_PER_NODE.get(mode))
            r["fit"] = f"{fit[0]}-{fit[-1]}" if fit else ""
            r["exponent"] = exponent([(n, r[f"t{n}"]) for n in fit])
            r["exponent_x"] = exponent([(n, r[f"x{n}"]) for n in fit]) if op != "mpi_barrier" else None
            rows.append(r)
    return rows


def _fixed_note(data):
    f = (data.get("scale") or {}).get("fixed")
    if not f:
        return "fixed part: libdart not found"
    big = ", ".join(f"{name} {size_str(b)}" for name, b in f["largest"])
    return (f"fixed part, not heap (static tables of {f['library']}, the same at any size; untouched .bss pages cost "
            f"no memory): {size_str(f['total'])} (.data {size_str(f['data'])}, .bss {size_str(f['bss'])}, "
            f"thread-local {size_str(f['tls'])} per thread; largest: {big})")


def view_scale_heap(data):
    _, units = _runs(data)
    rows = heap_rows(data)
    top = max(units) if units else 0
    cols = ([("mode", "mode", None), ("after", "phase", None)] + [(f"{n}", f"u{n}", "int") for n in units]
            + [(f"mean at {top}", "mean_top", None), ("a (B)", "a", None), ("b (B per unit)", "b", None)])
    bad = heap_checks(data)
    return ("18a. Scale: DART's own heap per process (bytes, max over units) vs units of the job", cols, rows,
            "heap blocks allocated from DART's code, live after each phase (the earlier phases' state kept), apart "
            "from what MPI and other libraries allocate (bench/heapcount.h); b: least squares bytes = a + b x units "
            "over the sizes; not DART's: the rest of the heap (MPI, UCX, libc: MPICH keeps 1.7 MB per window of a "
            f"1-unit team); node = one node, vnode4 = virtual nodes of 4 units (b = the model's b + c / 4: 18d), "
            f"vnode8 = of 8 (the model's, 16-64 units); accounting check: "
            f"{'FAILED ' + str(bad) if bad else 'ok'}; " + _fixed_note(data))


def view_scale_time(data):
    _, units = _runs(data)
    cols = ([("mode", "mode", None), ("operation", "op", None)] + [(f"{n}", f"t{n}", "time") for n in units]
            + [("fit over units", "fit", None), ("exponent", "exponent", None),
               ("exponent over barrier", "exponent_x", None)])
    return ("18b. Scale: times vs units (slowest unit; median over trials)", cols, time_rows(data),
            "exponent: slope of log time vs log units over the sizes above the cores (on virtual nodes: with 2 "
            "nodes or more) (<= 1: grows no faster than the team size); over barrier: the same for time / "
            "MPI_Barrier (<= 0: grows no faster than MPI_Barrier in the same runs); dart_init "
            "once per run, the others the median of 1-3 trials (fewer at larger sizes: config.scale_trials; the "
            "tree built 3 times per trial); above the cores the processes share them (busy-polling MPI: collectives cost "
            "scheduler time slices)")


def view_scale_barrier(data):
    _, units = _runs(data)
    rows = [r for r in time_rows(data) if r["key"] != "mpi_barrier"]
    cols = ([("mode", "mode", None), ("operation", "op", None)] + [(f"{n}", f"x{n}", "x") for n in units])
    return ("18c. Scale: times over MPI_Barrier at the same size (same run)", cols, rows, None)
