"""PNG plots of a run (matplotlib, installed with pip when missing unless --no-install)."""
import subprocess
import sys

from .config import MODES
from .report import log
from .rows import by, one, ratio
from .tables.apps import sort_rows, view_local, view_stencil
from .tables.scale import heap_rows, time_rows
from .target_table import INSTR_LIMIT


def plots(data, scal, outdir, ncpu, suite=True):
    """The suite's plots (suite) and the scale section's (when it ran)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    files = []

    def save(fig, name):
        p = outdir / name
        fig.tight_layout()
        fig.savefig(p, dpi=90)
        plt.close(fig)
        files.append(name)

    def lines(ax, series, xlabel, ylabel, title, logy=True):
        """One line per (label, points) over a log2 x axis; series without points are left out."""
        for label, pts in series:
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=label)
        ax.set_xscale("log", base=2)
        if logy:
            ax.set_yscale("log")
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=7)

    def series_plot(table, name, keys, ylabel, title, logy=True):
        fig, axes = plt.subplots(len(MODES), 2, figsize=(11, 4 * len(MODES)), squeeze=False)
        for i, mode in enumerate(MODES):
            rows = data.get(mode, {}).get(table, [])
            for j, op in enumerate(("put", "get")):
                ax = axes[i][j]
                rs = sorted(by(rows, op=op), key=lambda r: r["bytes"])
                lines(ax, [(label, [(r["bytes"], r.get(k)) for r in rs if isinstance(r.get(k), float)])
                           for k, label in keys], "bytes", ylabel, f"{title}: {op}, {mode}-node", logy)
        save(fig, name)

    if data.get("scale"):  # bytes and times against units, log-log, one row per mode
        hrows, trows = heap_rows(data), time_rows(data)
        smodes = list(dict.fromkeys(r["mode"] for r in hrows))
        fig, axes = plt.subplots(len(smodes), 2, figsize=(12, 4.5 * len(smodes)), squeeze=False)

        def pts(r, prefix):
            return sorted((int(k[1:]), v) for k, v in r.items()
                          if k[:1] == prefix and k[1:].isdigit() and isinstance(v, float) and v > 0)
        for i, mode in enumerate(smodes):
            lines(axes[i][0], [(r["phase"], pts(r, "u")) for r in hrows if r["mode"] == mode], "units",
                  "bytes per process (max over units)", f"DART's own heap, {mode}")
            lines(axes[i][1], [(r["op"], [(n, v / 1e9) for n, v in pts(r, "t")]) for r in trows if r["mode"] == mode],
                  "units", "seconds (slowest unit)", f"times, {mode} (above {ncpu} units oversubscribed)")
        save(fig, "scale.png")
    if not suite:
        return files

    series_plot("latency", "latency.png",
                [("dart_ns", "DART"), ("mpi_allocate_ns", "MPI_Win_allocate+flush"),
                 ("mpi_shared_ns", "MPI shared win+flush"), ("mpi_create_ns", "MPI_Win_create+flush"),
                 ("memcpy_ns", "memcpy+fence")], "ns per call", "blocking latency")
    series_plot("bandwidth", "bandwidth.png",
                [("memcpy_GBps", "memcpy"), ("dart_blocking_GBps", "DART blocking"), ("dart_nb_GBps", "DART nb"),
                 ("dart_handle_GBps", "DART handles"), ("mpi_blocking_GBps", "MPI blocking"),
                 ("mpi_nb_GBps", "MPI nb"), ("mpi_nb_create_GBps", "MPI nb (Win_create)")], "GB/s", "bandwidth")
    # non-blocking: initiation per op
    fig, axes = plt.subplots(len(MODES), 2, figsize=(11, 4 * len(MODES)), squeeze=False)
    for i, mode in enumerate(MODES):
        rows = data.get(mode, {}).get("nonblocking", [])
        for j, op in enumerate(("put", "get")):
            series = []
            for v in dict.fromkeys(r["variant"] for r in rows):
                rs = sorted(by(rows, op=op, variant=v), key=lambda r: r["bytes"])
                series.append((v, [(r["bytes"], r["init_ns"]) for r in rs if isinstance(r.get("init_ns"), float)]))
            lines(axes[i][j], series, "bytes", "initiation ns per transfer",
                  f"non-blocking initiation (DTIT): {op}, {mode}-node")
    save(fig, "nonblocking.png")

    def bars(ax, groups, series, ylabel, title, logy=True):
        import numpy as np
        x = np.arange(len(groups))
        w = 0.8 / max(1, len(series))
        for k, (label, vals) in enumerate(series):
            ax.bar(x + k * w, [v if isinstance(v, float) else 0 for v in vals], w, label=label)
        ax.set_xticks(x + 0.4 - w / 2)
        ax.set_xticklabels(groups, fontsize=8)
        if logy:
            ax.set_yscale("log")
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        ax.legend(fontsize=7)
        ax.grid(True, axis="y", alpha=0.3)

    fig, axes = plt.subplots(1, len(MODES), figsize=(12, 4), squeeze=False)
    for i, mode in enumerate(MODES):
        rows = data.get(mode, {}).get("atomics", [])
        ops = list(dict.fromkeys(r["op"] for r in rows))
        vs = list(dict.fromkeys(r["variant"] for r in rows))
        bars(axes[0][i], ops, [(v, [one(rows, op=o, variant=v).get("ns") for o in ops]) for v in vs],
             "ns per operation", f"atomics and locks, {mode}-node")
    save(fig, "atomics.png")

    fig, axes = plt.subplots(1, len(MODES), figsize=(12, 4), squeeze=False)
    for i, mode in enumerate(MODES):
        rows = sorted(data.get(mode, {}).get("alloc_sizes", []), key=lambda r: r["bytes"])
        keys = (("barrier_alloc_ns", "MPI_Barrier"), ("dart_coll_alloc_ns", "dart_team_memalloc_aligned"),
                ("dart_local_alloc_ns", "dart_memalloc"), ("mpi_allocate_alloc_ns", "MPI_Win_allocate"),
                ("mpi_shared_alloc_ns", "MPI_Win_allocate_shared"))
        lines(axes[0][i], [(label, [(r["bytes"], r.get(k)) for r in rows if isinstance(r.get(k), float)])
                           for k, label in keys], "bytes per unit", "ns per call", f"allocation latency, {mode}-node")
    save(fig, "alloc.png")

    fig, axes = plt.subplots(1, 4, figsize=(18, 4), squeeze=False)
    ra = {m: data.get(m, {}).get("randomaccess", []) for m in MODES}
    rd = {m: data.get(m, {}).get("randomaccess_dash", []) for m in MODES}
    bars(axes[0][0], [f"{m}-node" for m in MODES],
         [(v, [one(ra[m], variant=v).get("gups") for m in MODES]) for v in ("dart", "mpi")]
         + [("dash (C++)", [one(rd[m], variant="dash").get("gups") for m in MODES])], "GUP/s", "RandomAccess")
    _, _, lrows, _ = view_local(data)
    lv = [v for v in dict.fromkeys(r["variant"] for r in lrows) if v != "malloc"]
    bars(axes[0][1], [f"{m}-node" for m in MODES],
         [(v, [one(lrows, mode=m, variant=v).get("over_malloc") for m in MODES]) for v in lv],
         "time / malloc'd memory", "local access (LCG fill)", logy=False)
    _, _, srows, _ = view_stencil(data)
    srows = [r for r in srows if r["mode"] == "intra"]
    ns = list(dict.fromkeys(r["n"] for r in srows))
    vs = list(dict.fromkeys(r["variant"] for r in srows if r["variant"] != "mpi_p2p"))
    bars(axes[0][2], [f"N={int(n)}" for n in ns],
         [(v, [one(srows, n=n, variant=v).get("over_p2p") for n in ns]) for v in vs],
         "time / MPI two-sided (same run)", "stencil, intra-node", logy=False)
    srt = [r for r in sort_rows(data) if r["input"] == "random"]
    sizes = sorted(dict.fromkeys(r["n"] for r in srt))
    runs = list(dict.fromkeys((r["mode"], r["units"]) for r in srt))
    bars(axes[0][3], [f"{int(n) >> 20}M" for n in sizes],
         [(f"{int(u)} unit{'s' if u > 1 else ''}{'' if u == 1 else ', ' + m}",
           [ratio(one(srt, mode=m, units=u, n=n).get("std_s"), one(srt, mode=m, units=u, n=n).get("dash_s"))
            for n in sizes]) for m, u in runs], "std::sort time / dash::sort time", "dash::sort, random ints",
         logy=False)
    axes[0][3].axhline(1.7, color="red", linewidth=1, linestyle="--")  # the 2-unit target
    for ax in (axes[0][1], axes[0][2], axes[0][3]):
        ax.axhline(1.0, color="black", linewidth=0.8)
    save(fig, "apps.png")

    irows = data.get("inter", {}).get("instructions", [])
    if irows:
        ops = [r["op"] for r in irows]
        fig, axes = plt.subplots(1, 2, figsize=(12, 4), squeeze=False)
        ax = axes[0][0]
        wait = [r.get("dart_own_wait") or 0.0 for r in irows]
        ax.bar(ops, [r["dart_own"] - w for r, w in zip(irows, wait)], label="DART call")
        ax.bar(ops, wait, bottom=[r["dart_own"] - w for r, w in zip(irows, wait)], label="dart_wait")
        ax.axhline(INSTR_LIMIT, color="red", linewidth=1, label=f"target {INSTR_LIMIT}")
        ax.set_ylabel("instructions per operation")
        ax.set_title("DART's own instructions, inter-node (MPI path), 8 B")
        ax.tick_params(axis="x", labelsize=8)
        ax.legend(fontsize=7)
        ax.grid(True, axis="y", alpha=0.3)
        bars(axes[0][1], ops, [("DART loop", [r.get("dart_loop") for r in irows]),
                               ("same MPI calls", [r.get("mpi_loop") for r in irows])],
             "instructions per operation", "whole loop, MPI included (varies with MPI's polling)")
        save(fig, "instructions.png")

    if scal:
        fig, axes = plt.subplots(1, 2, figsize=(11, 4), squeeze=False)
        rk = sorted(scal)
        lbl = [f"{r}{' (oversub.)' if r > ncpu else ''}" for r in rk]
        bars(axes[0][0], lbl, [(v, [one(scal[r].get("randomaccess", []), variant=v).get("gups") for r in rk])
                               for v in ("dart", "mpi")], "GUP/s", "RandomAccess vs ranks")
        bars(axes[0][1], lbl, [(v, [one(scal[r].get("stencil", []), variant=v).get("seconds") for r in rk])
                               for v in ("dart", "mpi_p2p", "mpi_rma")], "seconds", "stencil vs ranks")
        save(fig, "scaling.png")
    return files


def ensure_matplotlib(opts):
    try:
        import matplotlib  # noqa: F401
        return True
    except ImportError:
        pass
    if opts.no_install:
        log("matplotlib is missing (--no-install): no plots")
        return False
    log("installing matplotlib: python3 -m pip install matplotlib")
    r = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "matplotlib"])
    if r.returncode:
        log("pip install matplotlib failed: no plots")
        return False
    import importlib
    importlib.invalidate_caches()
    try:
        import matplotlib  # noqa: F401,F811
        return True
    except ImportError:
        return False
