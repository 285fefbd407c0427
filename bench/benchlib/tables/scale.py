"""The scale section's tables (scale_probe at 1 .. 64 units, one node and virtual nodes): DART's heap per process
after each phase with its fit a + b x units, the times with their growth exponents, and the times over
MPI_Barrier at the same size."""
import os

from ..fit import exponent, linear
from ..report import size_str
from ..rows import one, ratio

PHASES = [("init", "dart_init"), ("teams", "+ 10 teams (splits)"), ("segments", "+ 100 segments"),
          ("locks", "+ a lock on each of 11 teams"), ("locality", "+ locality tree of all")]
OPS = [("dart_init", "dart_init"), ("locality_tree", "locality tree of all, built anew"),
       ("team_create_destroy", "team of all: create + destroy"), ("first_lock", "its first lock (init+acq+rel)"),
       ("alloc_free", "alloc + free 1 KiB (DART_TEAM_ALL)"), ("split_locality_node", "split_locality NODE + destroy"),
       ("mpi_barrier", "MPI_Barrier")]
OTHER = ("locality", "not DART's: MPI, libc, ... (all phases)", "other")  # the rest of the heap, at the end


def _runs(data):
    """mode -> units -> tables, and the units measured (sorted)."""
    modes = (data.get("scale") or {}).get("modes", {})
    units = sorted({n for runs in modes.values() for n in runs})
    return modes, units


def fit_units(units):
    """The sizes of the time fits: those above the core count, in one regime (oversubscribed; from 2 units on
    their own cores to 4 sharing them MPI_Barrier takes 10^4 times longer here); else from 2 units (1 unit
    talks to nobody: its collectives return at once)."""
    over = [n for n in units if n > (os.cpu_count() or 1)]
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


def time_rows(data):
    """One row per mode and op: the slowest unit's time per units, the exponent, and the exponent over the
    barrier's (of time / MPI_Barrier)."""
    modes, units = _runs(data)
    rows = []
    for mode, runs in modes.items():
        bar = {n: one(runs.get(n, {}).get("scale_time", []), op="mpi_barrier").get("ns") for n in units}
        for op, label in OPS:
            r = {"mode": mode, "op": label, "key": op}
            for n in units:
                r[f"t{n}"] = one(runs.get(n, {}).get("scale_time", []), op=op).get("ns")
                r[f"x{n}"] = ratio(r[f"t{n}"], bar[n])
            fit = fit_units(units)
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
            f"1-unit team); node = one node, vnode4 = virtual nodes of 4 units; accounting check: "
            f"{'FAILED ' + str(bad) if bad else 'ok'}; " + _fixed_note(data))


def view_scale_time(data):
    _, units = _runs(data)
    cols = ([("mode", "mode", None), ("operation", "op", None)] + [(f"{n}", f"t{n}", "time") for n in units]
            + [("exponent", "exponent", None), ("exponent over barrier", "exponent_x", None)])
    fit = fit_units(units)
    return ("18b. Scale: times vs units (slowest unit; median over trials)", cols, time_rows(data),
            f"exponent: slope of log time vs log units over {fit[0] if fit else ''}-{fit[-1] if fit else ''} units "
            "(<= 1: grows no faster than the team size); over barrier: the same for time / MPI_Barrier; dart_init "
            "once per run, the others the median of 1-3 trials (fewer at larger sizes: config.scale_trials; the "
            "tree built 3 times per trial); above the cores the processes share them (busy-polling MPI: collectives cost "
            "scheduler time slices)")


def view_scale_barrier(data):
    _, units = _runs(data)
    rows = [r for r in time_rows(data) if r["key"] != "mpi_barrier"]
    cols = ([("mode", "mode", None), ("operation", "op", None)] + [(f"{n}", f"x{n}", "x") for n in units])
    return ("18c. Scale: times over MPI_Barrier at the same size (same run)", cols, rows, None)
