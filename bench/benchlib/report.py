"""What a run shows: values as text, the printed tables, CSV files, summary.md, the machine's description."""
import csv
import math
import os
import platform
import sys


def log(msg=""):
    print(msg, flush=True)


def fmt(v, kind=None):
    if v is None:
        return "n/a"
    if isinstance(v, str):
        return v
    if isinstance(v, float) and math.isnan(v):
        return "n/a"
    if kind == "x":  # ratio
        return f"{v:.3g}x" if abs(v) < 1000 else f"{v:.0f}x"
    if kind == "int":
        return f"{int(v)}"
    a = abs(v)
    if a == 0:
        return "0"
    if a >= 1e5 or a < 1e-3:
        return f"{v:.3g}"
    if a >= 100:
        return f"{v:.0f}"
    return f"{v:.3g}"


def time_str(ns):
    """ns -> human string."""
    if ns is None:
        return "n/a"
    if abs(ns) >= 1e9:
        return f"{ns / 1e9:.3g} s"
    if abs(ns) >= 1e6:
        return f"{ns / 1e6:.3g} ms"
    if abs(ns) >= 1e3:
        return f"{ns / 1e3:.3g} us"
    return f"{ns:.3g} ns"


def size_str(b):
    b = int(b)
    for unit, f in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if b >= f and b % f == 0:
            return f"{b // f} {unit}"
    return f"{b} B"


def print_table(title, cols, rows, note=None):
    """cols: list of (header, key, kind); rows: list of dicts."""
    log(f"\n== {title}")
    if note:
        log(f"   {note}")
    cells = [[h for h, _, _ in cols]]
    for r in rows:
        line = []
        for _, k, kind in cols:
            v = r.get(k)
            if kind == "size" and v is not None:
                line.append(size_str(v))
            elif kind == "time" and isinstance(v, float):
                line.append(time_str(v))
            else:
                line.append(fmt(v, kind))
        cells.append(line)
    w = [max(len(c[i]) for c in cells) for i in range(len(cols))]
    for i, c in enumerate(cells):
        log("  " + "  ".join(x.rjust(w[j]) if j else x.ljust(w[j]) for j, x in enumerate(c)))
        if i == 0:
            log("  " + "  ".join("-" * x for x in w))


def write_csv(path, cols, rows):
    with open(path, "w", newline="") as f:
        wr = csv.writer(f)
        wr.writerow([k for _, k, _ in cols])
        for r in rows:
            out = []
            for _, k, _ in cols:
                v = r.get(k)
                out.append("n/a" if v is None else (f"{v:.6g}" if isinstance(v, float) else v))
            wr.writerow(out)


def machine_info():
    cpu = "unknown"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal"):
                mem = f"{int(line.split()[1]) / (1 << 20):.0f} GiB"
                break
    except OSError:
        pass
    return {"nproc": os.cpu_count() or 1, "cpu": cpu, "mem": mem, "kernel": platform.release(),
            "load": " ".join(f"{x:.1f}" for x in os.getloadavg())}


def write_summary(path, opts, info, started, elapsed, runner, targets, plot_files, csv_names, peer_rows, build_note):
    """summary.md: date, machine, MPI, command, the targets table, links to the plots and CSV files, failures."""
    end_load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    with open(path, "w") as f:
        f.write(f"# DART benchmark results{' (quick run)' if opts.quick else ''}\n\n")
        f.write(f"- date: {started:%Y-%m-%d %H:%M %Z}\n")
        f.write(f"- machine: {info['nproc']} cores, {info['cpu']}, {info['mem']} RAM, Linux {info['kernel']}; "
                f"load average {info['load']} at start, {end_load} at end (shared machine: figures are noisy)\n")
        f.write(f"- MPI: {runner.mpi_version or 'unknown'}\n")
        f.write(f"- command: `bench/run {' '.join(sys.argv[1:])}` ({elapsed:.0f} s); {opts.ranks} ranks; "
                f"intra-node = DART shared-memory path, inter-node = `DART_UNITS_PER_NODE=1` (DART's MPI path)\n\n")
        f.write("| target | measured | status | note |\n|---|---|---|---|\n")
        for t in targets:
            f.write(f"| {t['target']} | {t['measured']} | {t['status']} | {t['reason']} |\n")
        if plot_files:
            f.write("\nPlots: " + ", ".join(f"[{x}]({x})" for x in plot_files) + "\n")
        f.write("\nCSV: " + ", ".join(f"[{n}.csv]({n}.csv)" for n in csv_names) + "\n")
        if peer_rows:
            f.write("\n## Peers (bench/peers, same run)\n\n| section | row | mode | ours (ns) | peer | peer (ns) "
                    "| peer/ours | status |\n|---|---|---|---|---|---|---|---|\n")
            for r in peer_rows:
                f.write(f"| {r['section']} | {r['row']} | {r['mode']} | {r['ours_ns']} | {r['peer']} | "
                        f"{r['peer_ns']} | {r['peer/ours']} | {r['status']} |\n")
        if build_note:
            f.write(f"\nNote: {build_note}: no C++ container variants.\n")
        if runner.failures:
            f.write("\nFailures: " + "; ".join(runner.failures) + "\n")
