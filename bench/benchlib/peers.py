"""The peer section of bench/run (--peers DIR): our rows against the peers
built by bench/peers/build.sh into DIR, measured in the same run, runs of
ours and of the peer alternating (order rotating per round), each figure the
best over the rounds of each program's best trial (other processes on a
shared machine only add time).

Sections (2 ranks; modes intra = one node, inter = DART_UNITS_PER_NODE=1,
which only our DART reads: the peers run as they are in both):
  dart   dart_rows.c: ours vs DASH's DART-MPI (same source), OSHMPI (oshmpi_rows.c)
  armci  bench/armci/armci_bench.c --small: ours vs ARMCI-MPI
  dash   dash_rows.cc: ours vs DASH (same source)
A peer that is not built is skipped with one line.

Every program runs pinned, one process per core (config.PIN): unpinned, a run
now and then kept both processes on one CPU for its whole length, which
tripled the MPI-path rows of whichever library drew it (GlobRef remote
read 1379 ns in one run, 392-410 ns in the runs around it)."""
import os
import subprocess
from pathlib import Path

from .config import MODE_ENV, ROOT, pin_flags

PEER_SRC = ROOT / "bench" / "peers"  # the peer rows' sources and build.sh
CC, CXX = "mpicc.mpich", "mpicxx.mpich"


def _built(peers, name):
    p = Path(peers) / name / "install"
    return p if (p / "BUILT").exists() else None


def _compile(cmd, out, srcs, log):
    """Compiles unless out is newer than every source; returns out or None."""
    if out.exists() and all(out.stat().st_mtime > Path(s).stat().st_mtime for s in srcs):
        return out
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode:
        log(f"   peers: compile failed: {' '.join(cmd)}\n{r.stdout[-2000:]}")
        return None
    return out


def peer_programs(peers, log):
    """{section: (ours-relative-path, [(peer label, binary, env)])}"""
    bindir = Path(peers) / "bin"
    bindir.mkdir(parents=True, exist_ok=True)
    timing = PEER_SRC / "peer_timing.h"
    progs = {"dart": [], "armci": [], "dash": []}
    # DASH does not read DART_UNITS_PER_NODE: against our inter-node mode runs
    # its build without shared-memory windows (dash-mpi) when there is one.
    has_mpi = _built(peers, "dash-mpi") is not None
    for name, label, modes in (("dash", "", {"intra"} if has_mpi else {"intra", "inter"}),
                               ("dash-mpi", " (MPI path)", {"inter"})):
        d = _built(peers, name)
        if not d:
            log(f"   peers: {name} skipped: not built in {peers} (bench/peers/build.sh)")
            continue
        src, tag = PEER_SRC / "dart_rows.c", name.replace("-", "_")
        b = _compile([CC, "-O2", "-DPEER_DASH", f"-I{PEER_SRC}", f"-I{d}/include", str(src), "-o",
                      str(bindir / f"dart_rows_{tag}"), f"-L{d}/lib", "-ldart-mpi", "-ldart-base", "-lpthread",
                      "-lstdc++"], bindir / f"dart_rows_{tag}", [src, timing], log)
        if b:
            progs["dart"].append((f"DASH's DART{label}", b, {}, modes))
        src = PEER_SRC / "dash_rows.cc"
        b = _compile([str(d / "bin" / "dash-mpicxx"), "-O2", "-std=c++14", f"-I{PEER_SRC}", str(src), "-o",
                      str(bindir / f"dash_rows_{tag}")], bindir / f"dash_rows_{tag}", [src, timing], log)
        if b:
            progs["dash"].append((f"DASH{label}", b, {}, modes))
    o = _built(peers, "oshmpi")
    if o:
        src = PEER_SRC / "oshmpi_rows.c"
        b = _compile([CC, "-O2", f"-I{PEER_SRC}", f"-I{o}/include", str(src), "-o", str(bindir / "oshmpi_rows"),
                      f"-L{o}/lib", f"-Wl,-rpath,{o}/lib", "-loshmpi"], bindir / "oshmpi_rows", [src, timing], log)
        if b:
            progs["dart"].append(("OSHMPI", b, {}, {"intra", "inter"}))
    else:
        log(f"   peers: OSHMPI skipped: not built in {peers} (bench/peers/build.sh)")
    a = _built(peers, "armci-mpi")
    if a:
        src = ROOT / "bench" / "armci" / "armci_bench.c"
        b = _compile([CC, "-O2", f"-I{a}/include", str(src), "-o", str(bindir / "armci_bench_armcimpi"),
                      f"{a}/lib/libarmci.a", "-lm"], bindir / "armci_bench_armcimpi", [src], log)
        if b:  # its default window allocation gives wrong results on MPICH 4.0.2 (armci/NOTES.md)
            progs["armci"].append(("ARMCI-MPI", b, {"ARMCI_USE_WIN_ALLOCATE": "0"}, {"intra", "inter"}))
    else:
        log(f"   peers: ARMCI-MPI skipped: not built in {peers} (bench/peers/build.sh)")
    return progs


OURS = {"dart": "bench/dart_rows", "armci": "bench/armci/armci_bench_dart", "dash": "bench/dash_rows"}
ARGS = {"dart": [], "armci": ["--small"], "dash": []}


# armci_bench.c's GA rows: the GA call each ARMCI operation stands for
GA_OPS = {"gets": "NGA_Get (NbGetS+Wait)", "accs": "NGA_Acc (AccS)", "puts": "NGA_Put (PutS)"}


def _parse(section, text):
    rows = {}
    for line in text.splitlines():
        if not line or line.startswith("#") or line.startswith("kind,"):
            continue
        f = line.strip().split(",")
        try:
            if section == "armci" and len(f) == 5:  # kind,op,bytes,segments,usec
                if f[0] == "contig":
                    name = f"ARMCI_{f[1].capitalize()} {f[2]} B"
                elif f[0] == "ga":  # a GA patch as SCF moves it: columns x bytes (armci_bench.c)
                    name = f"GA patch {GA_OPS.get(f[1], f[1])} {f[3]} x {f[2]} B"
                else:
                    name = f"ARMCI {f[1]}"
                rows[name] = float(f[4]) * 1e3
            elif len(f) == 2:
                rows[f[0]] = float(f[1])
        except ValueError:
            continue
    return rows


def _run(exe, args, mode, env_extra, ranks, mpiexec, timeout, log):
    env = dict(os.environ)
    env.pop("DART_UNITS_PER_NODE", None)
    env.update(MODE_ENV[mode])
    env.update(env_extra)
    cmd = ["timeout", "-k", "5", str(timeout), mpiexec, *pin_flags(mpiexec), "-n", str(ranks), str(exe), *args]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    if r.returncode:
        log(f"   peers: {Path(exe).name} {mode}: exit {r.returncode}: {(r.stderr or '').strip()[-300:]}")
    return r.returncode, r.stdout


def run_peers(peers, build_dir, modes, rounds, quick, mpiexec, timeout, log, sections=("dart", "armci", "dash")):
    """Returns (rows, failures); rows: dicts section, row, mode, ours_ns, peer, peer_ns, ratio, status."""
    progs = peer_programs(peers, log)
    q = ["--quick"] if quick else []
    rows, failures = [], []
    for section in sections:
        ours = Path(build_dir) / OURS[section]
        if not progs[section]:
            continue
        if not ours.exists():
            log(f"   peers: {section} rows skipped: {ours} not built")
            continue
        for mode in modes:
            runs = [("ours", ours, {})] + [p[:3] for p in progs[section] if mode in p[3]]
            got = {label: {} for label, _, _ in runs}
            for r in range(rounds):
                k = r % len(runs)
                for label, exe, env in runs[k:] + runs[:k]:
                    rc, out = _run(exe, ARGS[section] + q, mode, env, 2, mpiexec, timeout, log)
                    if rc and label == "ours":  # a peer's own failure is logged, not ours
                        failures.append(f"peers {section} {label} {mode}: exit {rc}")
                    for name, ns in _parse(section, out).items():
                        got[label].setdefault(name, []).append(ns)
            log(f"   peers: {section} {mode}: {rounds} rounds of {', '.join(l for l, _, _ in runs)}")
            for name, vals in got["ours"].items():
                o = min(vals)
                for label, _, _ in runs[1:]:
                    pv = got[label].get(name)
                    if not pv:  # the peer's run failed before this row: say so, not a silent gap
                        rows.append({"section": section, "row": name, "mode": mode, "ours_ns": round(min(vals), 2),
                                     "peer": label, "peer_ns": "n/a", "peer/ours": "", "status": "peer failed"})
                        continue
                    p = min(pv)
                    rows.append({"section": section, "row": name, "mode": mode, "ours_ns": round(o, 2),
                                 "peer": label, "peer_ns": round(p, 2), "peer/ours": round(p / o, 2) if o else "",
                                 "status": "ahead" if o <= p else "BEHIND"})
    return rows, failures
