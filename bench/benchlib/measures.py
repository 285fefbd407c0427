"""The measured rows of the targets (target_table.py): each function reads one table of a run (data: mode ->
table name -> rows) and returns a Measured. Intra = one node (DART's shared-memory path), inter = virtual nodes
(DART_UNITS_PER_NODE=1, DART's MPI path); 8 B and 1 MiB are rows of --sizes."""
import math
import os

from .config import MODES, NODE_AWARE_RANKS, SORT_N
from .parse import num
from .report import fmt, size_str, time_str
from .rows import by, diff, one, ratio
from .tables.scale import heap_model, heap_rows, model_bytes, time_rows
from .targets import Measured


def _intra(data):
    return data.get("intra", {})


def _inter(data):
    return data.get("inter", {})


# ---------------------------------------------------------------- transfers

def latency_speedup(data, opts, op):
    """latency, intra, op, 8 B: mpi_allocate_ns / dart_ns."""
    r = one(_intra(data).get("latency", []), op=op, bytes=8.0)
    x = ratio(r.get("mpi_allocate_ns"), r.get("dart_ns"))
    return Measured(x, fmt(x, "x"), f"DART {time_str(r.get('dart_ns'))} vs MPI {time_str(r.get('mpi_allocate_ns'))}")


def latency_over_memcpy(data, opts, op):
    """latency, intra, op, 8 B: dart_ns / memcpy_ns."""
    r = one(_intra(data).get("latency", []), op=op, bytes=8.0)
    x = ratio(r.get("dart_ns"), r.get("memcpy_ns"))
    return Measured(x, f"{fmt(x, 'x')} of memcpy",
                    f"DART {time_str(r.get('dart_ns'))} vs memcpy {time_str(r.get('memcpy_ns'))}")


def bandwidth_of_memcpy(data, opts, op):
    """latency, intra, op, 1 MiB: memcpy_ns / dart_ns (one buffer, blocking calls back to back); the bandwidth
    run's dart_blocking_GBps / memcpy_GBps shown next to it."""
    r = one(_intra(data).get("latency", []), op=op, bytes=float(1 << 20))
    x = ratio(r.get("memcpy_ns"), r.get("dart_ns"))
    rb = one(_intra(data).get("bandwidth", []), op=op, bytes=float(1 << 20))
    xb = ratio(rb.get("dart_blocking_GBps"), rb.get("memcpy_GBps"))
    shown = f"{x * 100:.0f}%" if x else ""
    if xb:
        shown += f" (bandwidth run, {int(rb['inflight'])} buffers: {xb * 100:.0f}%)"
    return Measured(x, shown, f"{time_str(r.get('dart_ns'))} vs memcpy {time_str(r.get('memcpy_ns'))} per MiB")


def nonblocking_over_blocking(data, opts, op):
    """nonblocking, intra, op, 8 B: single_ns of dart_handle and dart_flush over dart_blocking's, the worse."""
    nb = _intra(data).get("nonblocking", [])
    blk = one(nb, op=op, bytes=8.0, variant="dart_blocking").get("single_ns")
    worst, which, wt, parts = None, None, None, []
    for v in ("dart_handle", "dart_flush"):
        t = one(nb, op=op, bytes=8.0, variant=v).get("single_ns")
        x = ratio(t, blk)
        if x is not None:
            parts.append(f"{v.split('_')[1]} {fmt(x, 'x')}")
        if x is not None and (worst is None or x > worst):
            worst, which, wt = x, v, t
    allsz = [ratio(r.get("single_ns"), one(nb, op=op, bytes=r["bytes"], variant="dart_blocking").get("single_ns"))
             for r in nb if r["op"] == op and r["variant"] in ("dart_handle", "dart_flush")]
    allsz = [a for a in allsz if a is not None]
    completion = "dart_waitall" if which == "dart_handle" else "dart_flush" + ("_local" if op == "get" else "")
    worst_size = fmt(max(allsz) if allsz else None, "x")
    return Measured(worst, ", ".join(parts) + f" of blocking; worst over sizes {worst_size}",
                    f"{which}: {time_str(wt) if which else ''} vs blocking {time_str(blk)}",
                    fields={"completion": completion})


def instr_nonblocking_over_blocking(data, opts, op):
    """instructions, intra (inline path): dart_loop of op_flush and op_handle over op's, the worse."""
    ins = _intra(data).get("instructions", [])
    blk = one(ins, op=op).get("dart_loop")
    xs = {v: ratio(one(ins, op=f"{op}_{v}").get("dart_loop"), blk) for v in ("flush", "handle")}
    worst = max((x for x in xs.values() if x is not None), default=None)
    return Measured(worst, ", ".join(f"{v} {fmt(x, 'x')}" for v, x in xs.items() if x is not None)
                    + (f" of blocking's {blk:.0f} instr/op" if blk else ""))


def instr_spanning_over_local(data, opts, op):
    """instructions_self, inter (a same-node target of a segment with a window) over instructions, intra: dart_loop."""
    own = one(_inter(data).get("instructions_self", []), op=op).get("dart_loop")
    blk = one(_intra(data).get("instructions", []), op=op).get("dart_loop")
    x = ratio(own, blk)
    return Measured(x, f"{own:.0f} vs {blk:.0f} instr/op ({fmt(x, 'x')})" if x is not None else "")


def inter_latency_above_mpi(data, opts, op):
    """latency, inter, op, 8 B: dart_ns - mpi_create_ns (the same MPI calls DART makes), with the trials' spread."""
    r = one(_inter(data).get("latency", []), op=op, bytes=8.0)
    d = diff(r.get("dart_ns"), r.get("mpi_create_ns"))
    noise = None
    if r.get("dart_mad_ns") is not None and r.get("mpi_create_mad_ns") is not None:
        noise = math.hypot(r["dart_mad_ns"], r["mpi_create_mad_ns"])
    within = d is not None and noise is not None and abs(d) <= 2 * noise
    shown = f"{d:+.0f} ns (trial spread +-{noise:.0f} ns)" if d is not None and noise is not None else fmt(d)
    return Measured(d, shown, f"DART {time_str(r.get('dart_ns'))} vs MPI {time_str(r.get('mpi_create_ns'))}",
                    why="within the trial spread of this loaded machine" if within else None)


def inter_init_above_mpi(data, opts, op):
    """nonblocking, inter, op, 8 B: init_ns of dart_handle - init_ns of mpi_req_create (the other op's shown)."""
    enb = _inter(data).get("nonblocking", [])

    def above(o):
        return diff(one(enb, op=o, bytes=8.0, variant="dart_handle").get("init_ns"),
                    one(enb, op=o, bytes=8.0, variant="mpi_req_create").get("init_ns"))
    r = one(enb, op=op, bytes=8.0, variant="dart_handle")
    m = one(enb, op=op, bytes=8.0, variant="mpi_req_create")
    d, other, oname = above(op), above("get" if op == "put" else "put"), "get" if op == "put" else "put"
    return Measured(d, f"{d:+.0f} ns" if d is not None else "",
                    f"DART {time_str(r.get('init_ns'))} vs MPI {time_str(m.get('init_ns'))}"
                    + (f" (the {oname} differs by {other:+.0f} ns: noise of the loaded machine dominates)"
                       if other is not None and d is not None and abs(other) >= abs(d) / 2 else ""))


def instr_own(data, opts, op, call):
    """instructions, inter: dart_own - dart_own_wait of op (a handle's initiating call; its dart_wait apart)."""
    r = one(_inter(data).get("instructions", []), op=op)
    n = diff(r.get("dart_own"), r.get("dart_own_wait") or 0.0)
    shown = (f"{n:.0f} instr" + (f" (+{r['dart_own_wait']:.0f} in dart_wait)" if r.get("dart_own_wait") else "")
             + f"; loop totals DART {r['dart_loop']:.0f} vs MPI {r['mpi_loop']:.0f}" if n is not None else "")
    return Measured(n, shown, f"where: {r.get('functions')}")


def instr_inline_atomic(data, opts, op, call):
    """instructions, intra (inline path): dart_loop of op."""
    n = one(_intra(data).get("instructions", []), op=op).get("dart_loop")
    return Measured(n, f"{n:.0f} instr/op" if n is not None else "")


def atomic_over_cpu(data, opts, op):
    """atomics, intra: ns of variant dart over variant cpu."""
    at = _intra(data).get("atomics", [])
    d, c = one(at, op=op, variant="dart").get("ns"), one(at, op=op, variant="cpu").get("ns")
    x = ratio(d, c)
    return Measured(x, fmt(x, "x"), f"DART {time_str(d)} vs CPU {time_str(c)}")


def fetch_add_speedup(data, opts):
    """atomics, intra, fetch_add: ns of mpi_allocate over dart."""
    at = _intra(data).get("atomics", [])
    d, m = one(at, op="fetch_add", variant="dart").get("ns"), one(at, op="fetch_add", variant="mpi_allocate").get("ns")
    x = ratio(m, d)
    return Measured(x, fmt(x, "x"), f"DART {time_str(d)} vs MPI {time_str(m)}")


# --------------------------------------------------------------- allocation

def _small_allocs(data):
    return [r for r in _intra(data).get("alloc_sizes", []) if r.get("bytes") is not None and r["bytes"] <= (1 << 20)]


def alloc_over_barrier(data, opts):
    """alloc_sizes, intra, sizes <= 1 MiB: dart_coll_alloc_ns / barrier_alloc_ns, the worst."""
    xs = [ratio(r.get("dart_coll_alloc_ns"), r.get("barrier_alloc_ns")) for r in _small_allocs(data)]
    xs = [x for x in xs if x is not None]
    worst = max(xs) if xs else None
    return Measured(worst, f"<= {fmt(worst, 'x')} barrier")


def alloc_speedup(data, opts):
    """alloc_sizes, intra, sizes <= 1 MiB: mpi_allocate_alloc_ns / dart_coll_alloc_ns, the worst."""
    xs = [(ratio(r.get("mpi_allocate_alloc_ns"), r.get("dart_coll_alloc_ns")), r) for r in _small_allocs(data)]
    xs = [x for x in xs if x[0] is not None]
    worst, wr = min(xs, key=lambda x: x[0]) if xs else (None, {})
    return Measured(worst, f">= {fmt(worst, 'x')}" + (f" (at {size_str(wr['bytes'])})" if wr else ""),
                    f"at {size_str(wr.get('bytes', 0))}: MPI_Win_allocate takes only "
                    f"{time_str(wr.get('mpi_allocate_alloc_ns'))} (MPICH, small window), DART "
                    f"{time_str(wr.get('dart_coll_alloc_ns'))} (one allreduce)")


def nth_alloc(data, opts):
    """alloc_count, intra: last_ns / early_ns (2nd-101st); last_ns / first_ns shown."""
    ac = one(_intra(data).get("alloc_count", []))
    x = ratio(ac.get("last_ns"), ac.get("early_ns"))
    x1 = ratio(ac.get("last_ns"), ac.get("first_ns"))
    n = int(ac["count"]) if ac.get("count") else 0
    return Measured(x, f"{fmt(x, 'x')} of 2nd-101st ({fmt(x1, 'x')} of the 1st, which reserves the pool)",
                    fields={"count": n})


def barrier_over_mpi(data, opts, mode, table):
    """barrier (2 units) or barrier4 (4 units) of the alloc program: dart_barrier_ns / mpi_barrier_ns."""
    r = one(data.get(mode, {}).get(table, []))
    x = ratio(r.get("dart_barrier_ns"), r.get("mpi_barrier_ns"))
    return Measured(x, f"{fmt(x, 'x')} ({time_str(r.get('dart_barrier_ns'))} vs {time_str(r.get('mpi_barrier_ns'))})")


def alloc_free_over_barrier(data, opts, mode):
    """barrier of the alloc program (2 units): dart_alloc_free_ns / mpi_barrier_ns."""
    r = one(data.get(mode, {}).get("barrier", []))
    x = ratio(r.get("dart_alloc_free_ns"), r.get("mpi_barrier_ns"))
    return Measured(x, f"{fmt(x, 'x')} of one barrier ({time_str(r.get('dart_alloc_free_ns'))})")


# ------------------------------------------------------ kernels, containers

def local_access_over_malloc(data, opts):
    """local_access and local_access_dash, intra: seconds of each DART / DASH memory over malloc's, the worst."""
    xs, parts = [], []
    for prog, keys in (("local_access", ("dart_coll", "dart_local")), ("local_access_dash", ("dash_array",))):
        la = one(_intra(data).get(prog, []))
        for k in keys:
            x = ratio(la.get(k + "_s"), la.get("malloc_s"))
            if x is not None:
                xs.append(x)
                parts.append(f"{k} {fmt(x, 'x')}")
    worst = max(xs) if xs else None
    return Measured(worst, "; ".join(parts) + " of malloc")


def randomaccess_speedup(data, opts):
    """randomaccess, intra: gups of dart over mpi (randomaccess_dash's dash over mpi shown)."""
    ra, rd = _intra(data).get("randomaccess", []), _intra(data).get("randomaccess_dash", [])
    x = ratio(one(ra, variant="dart").get("gups"), one(ra, variant="mpi").get("gups"))
    xd = ratio(one(rd, variant="dash").get("gups"), one(rd, variant="mpi").get("gups"))
    return Measured(x, fmt(x, "x") + (f" (C++ container: {fmt(xd, 'x')})" if xd is not None else ""))


def randomaccess_aggregated(data, opts, mode, over):
    """randomaccess, mode: gups of dart_agg over variant `over` (mpi or dart); valid when verification passed."""
    ra = data.get(mode, {}).get("randomaccess", [])
    agg, base = one(ra, variant="dart_agg"), one(ra, variant=over)
    x = ratio(agg.get("gups"), base.get("gups"))
    valid = agg.get("verification") == "PASS"
    if over == "mpi":
        errs = (f"errors {int(agg['errors'])} of {int(agg['table_words'])} words" if agg.get("errors") is not None
                else "")
        return Measured(x, f"{fmt(x, 'x')} ({errs}, rule <= 1%)",
                        f"dart_agg {fmt(agg.get('gups'))} vs MPI {fmt(base.get('gups'))} GUP/s; {errs}", valid)
    errs = f"errors {int(agg['errors'])}" if agg.get("errors") is not None else ""
    return Measured(x, f"{fmt(x, 'x')} of dart_accumulate ({errs})",
                    f"dart_agg {fmt(agg.get('gups'))} vs dart {fmt(base.get('gups'))} GUP/s; {errs}", valid)


def stencil_container(data, opts):
    """stencil_dash, intra: seconds of dash over mpi_p2p per N, the worst (stencil's dart over mpi_p2p shown)."""
    sd, st = _intra(data).get("stencil_dash", []), _intra(data).get("stencil", [])
    xs, parts = [], []
    for r in by(sd, variant="dash"):
        x = ratio(r.get("seconds"), one(sd, n=r["n"], variant="mpi_p2p").get("seconds"))
        if x is not None:
            xs.append(x)
            parts.append(f"N={int(r['n'])}: {fmt(x, 'x')}")
    worst = max(xs) if xs else None
    direct = [f"N={int(r['n'])}: "
              f"{fmt(ratio(r.get('seconds'), one(st, n=r['n'], variant='mpi_p2p').get('seconds')), 'x')}"
              for r in by(st, variant="dart")]
    wn = max(((x, r["n"]) for x, r in zip(xs, by(sd, variant="dash"))), default=(None, 0))[1]
    why = ("the container's exchange (put, flush, a notification flag per neighbour, no barrier) costs a few "
           "DART calls more than one MPI_Sendrecv, which shows on small grids" if wn and wn < 1024 else
           f"at N={int(wn)} the exchange is negligible against the sweep (the same code in both): run-to-run "
           "variation of the memory-bound sweep on this shared VM")
    return Measured(worst, ", ".join(parts) + " of MPI p2p time", why + "; DART direct / MPI p2p: " + ", ".join(direct),
                    na_detail="DART direct / MPI p2p: " + ", ".join(direct))


def hdf5_of_mpi_io(data, opts, op):
    """hdf5_dash, intra, op: gbps of dash over mpi_io."""
    h5 = _intra(data).get("hdf5_dash", [])
    x = ratio(one(h5, variant="dash", op=op).get("gbps"), one(h5, variant="mpi_io", op=op).get("gbps"))
    return Measured(x, fmt(x, "x") + " of MPI-IO")


def umap_inserts(data, opts, variant, over):
    """umap, intra: minserts_per_s of variant over variant `over`."""
    um = {r["variant"]: r for r in _intra(data).get("umap", [])}
    x = ratio(um.get(variant, {}).get("minserts_per_s"), um.get(over, {}).get("minserts_per_s"))
    return Measured(x, fmt(x, "x"))


def kmer_count(data, opts):
    """kmer, intra: the distributed count's check against the serial count; speed = serial seconds / ours."""
    km = {r["variant"]: r for r in _intra(data).get("kmer", [])}
    d, sr = km.get("dash_unordered_map", {}), km.get("std_unordered_map_serial", {})
    x = ratio(sr.get("seconds"), d.get("seconds"))
    return Measured(x, f"{d.get('check')}, {fmt(x, 'x')}", valid=d.get("check") == "ok")


def umap_move_home(data, opts):
    """umap_move4, inter (4 units): barrier_vs_insert of dash_model; valid when every key was found at home."""
    mv = {r["variant"]: r for r in _inter(data).get("umap_move4", [])}.get("dash_model", {})
    x = num(mv.get("barrier_vs_insert"))
    return Measured(x, f"{fmt(x, 'x')} ({time_str(num(mv.get('barrier_seconds')) * 1e9 if x is not None else None)} vs "
                       f"{time_str(num(mv.get('insert_seconds')) * 1e9 if x is not None else None)})",
                    valid=mv.get("check") == "ok")


def traversal_speedup(data, opts, algo):
    """traversal, inter: speedup of algorithm over the element-wise walk; valid when the results agree."""
    tr = one(_inter(data).get("traversal", []), algorithm=algo)
    x = num(tr.get("speedup"))
    return Measured(x, fmt(x, "x"), valid=tr.get("check") == "ok")


def _sort_runs(data):
    return {m: data.get(m, {}).get("sort", []) for m in MODES}


def _sort_why(opts):
    return (f"{opts.ranks} units on {os.cpu_count()} cores, load {' '.join(f'{v:.1f}' for v in os.getloadavg())} "
            "now: the units' local sorts (n/p log n each) compete with the machine's other work; the rest of "
            "dash::sort (one allgather, a copy of each bucket, a linear merge, two barriers) is a few percent")


def sort_one_unit(data, opts):
    """sort_1 (1 unit), intra, SORT_N random ints: dash_s / std_s."""
    r = one(_intra(data).get("sort_1", []), n=float(SORT_N), input="random")
    x = ratio(r.get("dash_s"), r.get("std_s"))
    return Measured(x, f"{fmt(x, 'x')} ({fmt(r.get('dash_s'))} s vs {fmt(r.get('std_s'))} s)" if x else "")


def _sort_scaling(data, n):
    """intra, n random ints: dash::sort's time on 1 unit over its time on the run's units."""
    one_unit = one(_intra(data).get("sort_1", []), n=float(n), input="random").get("dash_s")
    return ratio(one_unit, one(_sort_runs(data).get("intra", []), n=float(n), input="random").get("dash_s"))


def sort_scaling(data, opts):
    """sort_1 and sort, intra, SORT_N random ints: dash_s at 1 unit / dash_s at the run's units (the same
    algorithm); std::sort over dash::sort shown beside it, the algorithms' difference."""
    x = _sort_scaling(data, SORT_N)
    r = one(_sort_runs(data).get("intra", []), n=float(SORT_N), input="random")
    alg = ratio(r.get("std_s"), r.get("dash_s"))
    return Measured(x, f"{fmt(x, 'x')} (one std::sort over it: {fmt(alg, 'x')}, mostly the algorithm)" if x else "",
                    _sort_why(opts))


def sort_scaling_sizes(data, opts):
    """The same at every size, the worst."""
    sizes = sorted({int(float(r["n"])) for r in _sort_runs(data).get("intra", []) if r.get("input") == "random"})
    xs = [(_sort_scaling(data, n), n) for n in sizes]
    xs = [v for v in xs if v[0] is not None]
    worst = min(xs)[0] if xs else None
    return Measured(worst, ", ".join(f"{n >> 20}M: {fmt(v, 'x')}" for v, n in xs),
                    f"slowest at {min(xs)[1] >> 20}M; " + _sort_why(opts) if xs else "")


def sort_input_over_random(data, opts, kind):
    """sort, intra, SORT_N ints of input kind: dash_s over the random input's."""
    rows = _sort_runs(data).get("intra", [])
    k, r = one(rows, n=float(SORT_N), input=kind), one(rows, n=float(SORT_N), input="random")
    x = ratio(k.get("dash_s"), r.get("dash_s"))
    return Measured(x, f"{fmt(x, 'x')} of random ({fmt(k.get('dash_s'))} s)" if x else "",
                    fields={"input": "all-equal" if kind == "equal" else kind})


# ------------------------------------------------------------------ runtime

def hwloc_load_ms(data, opts):
    """init_cost, intra, 1 unit: hwloc_default_ns in ms."""
    solo = [r for r in _intra(data).get("init_cost", []) if int(r["units"]) == 1]
    hw = num(solo[0].get("hwloc_default_ns")) / 1e6 if solo else None
    return Measured(hw, f"{hw:.2f} ms" if hw is not None else "n/a")


def allreduce_two_level(data, opts):
    """allreduce_locality (vnode2): two_level_ns / flat_ns per size."""
    ar = data.get("vnode2", {}).get("allreduce_locality", [])
    xs = [(int(r["bytes"]), ratio(r.get("two_level_ns"), r.get("flat_ns"))) for r in ar]
    shown = ", ".join(f"{n if n < 1024 else n >> 10}{' B' if n < 1024 else ' KiB'}: {fmt(x, 'x')}" for n, x in xs)
    worst = max((x for _, x in xs if x is not None), default=None)
    return Measured(worst, f"{shown} of the flat time", fields={"units": NODE_AWARE_RANKS})


def progress_thread_speedup(data, opts, column):
    """progress, inter (4 units): column (busy_ops_per_s / idle_ops_per_s) of DART_PROGRESS=thread over none,
    with both absolute rates."""
    pr = {r["progress"]: r for r in _inter(data).get("progress", [])}
    none, thr = pr.get("none", {}), pr.get("thread", {})
    x = ratio(thr.get(column), none.get(column))
    return Measured(x, f"{fmt(x, 'x')} (thread {fmt(thr.get(column))}, none {fmt(none.get(column))} per s)")


def progress_busy_over_idle(data, opts):
    """progress, inter (4 units): fetch-adds per s to computing targets with DART_PROGRESS=thread over the rate
    to targets waiting inside MPI (dart_barrier) without the thread."""
    pr = {r["progress"]: r for r in _inter(data).get("progress", [])}
    busy, idle = pr.get("thread", {}).get("busy_ops_per_s"), pr.get("none", {}).get("idle_ops_per_s")
    x = ratio(busy, idle)
    return Measured(x, f"{fmt(x, 'x')} ({fmt(busy)} vs {fmt(idle)} per s)")


def progress_spread_speedup(data, opts):
    """progress, inter (4 units), DART_PROGRESS=none: every unit's fetch-adds spread over the others, DART's
    rate over raw MPI_Fetch_and_op + MPI_Win_flush (DART's MPI path before its waits polled)."""
    none = {r["progress"]: r for r in _inter(data).get("progress", [])}.get("none", {})
    x = ratio(none.get("spread_ops_per_s"), none.get("spread_mpi_ops_per_s"))
    return Measured(x, f"{fmt(x, 'x')} ({fmt(none.get('spread_ops_per_s'))} vs "
                       f"{fmt(none.get('spread_mpi_ops_per_s'))} fetch-adds per s, all units)")


def thread_level_cost(data, opts, op):
    """threads_fastpath, intra, op: ns at level multiple over level single."""
    fp = _intra(data).get("threads_fastpath", [])
    s1, m1 = one(fp, op=op, level="single").get("ns"), one(fp, op=op, level="multiple").get("ns")
    x = ratio(m1, s1)
    return Measured(x, f"{fmt(x, 'x')} ({time_str(m1)} vs {time_str(s1)})")


# -------------------------------------------------------------------- scale

def scale_model_per_unit(data, opts):
    """scale (tables/scale.py): b of the heap model a + b units + c nodes + d units of my node, c and d shown."""
    mo = heap_model(data)
    if not mo:
        return Measured(None)
    return Measured(mo["b"], f"b = {mo['b']:.1f} B per unit of the job (c = {mo['c']:.0f} B per node, d = "
                    f"{mo['d']:.0f} B per unit of my node, a = {size_str(max(0, round(mo['a'])))}; {mo['points']} "
                    f"points, largest residual {100 * mo['worst']:.1f}%)")


def scale_model_at(data, opts, units, per_node):
    """scale: the heap model's bytes per process at `units` with `per_node` units per node, in MB."""
    mo = heap_model(data)
    if not mo:
        return Measured(None)
    mb = model_bytes(mo, units, per_node) / 1e6
    return Measured(mb, f"{mb:.2f} MB")


def scale_bytes_per_unit(data, opts, mode, per=None):
    """scale (tables/scale.py), mode: b of DART's heap after the last phase; each phase's share of b shown."""
    rows = [r for r in heap_rows(data) if r["mode"] == mode and r["key"] != "other"]
    if not rows or rows[-1].get("b") is None:
        return Measured(None)
    last = rows[-1]
    steps, prev = [], 0.0
    for r in rows:
        if r.get("b") is not None:
            steps.append(f"{r['key']} {r['b'] - prev:+.0f}")
            prev = r["b"]
    return Measured(last["b"], f"{last['b']:.1f} B per unit (a = {size_str(max(0, round(last['a'])))})",
                    "b by phase: " + ", ".join(steps))


def scale_time_exponent(data, opts, op):
    """scale (tables/scale.py), op: the growth exponent k of its time, less what the machine adds: MPI_Barrier's
    own exponent beyond 1 in the same runs (on 2 cores the oversubscribed processes' scheduler slices make a
    barrier grow faster than the team size; on a machine with a core per unit it grows as log units). The larger
    of the modes."""
    rows = [r for r in time_rows(data) if r["key"] == op and r.get("exponent") is not None]
    if not rows:
        return Measured(None)
    bar = {r["mode"]: r["exponent"] for r in time_rows(data) if r["key"] == "mpi_barrier"}

    def net(r):
        return r["exponent"] - max(0.0, (bar.get(r["mode"]) or 1.0) - 1.0)

    worst = max(rows, key=net)
    shown = "; ".join(f"{r['mode']} {r['exponent']:.2f} - {max(0.0, (bar.get(r['mode']) or 1.0) - 1.0):.2f} = "
                      f"{net(r):.2f} ({r['fit']} units)" for r in rows)
    return Measured(net(worst), shown, why="MPI_Barrier's own exponent in the same runs: "
                    + ", ".join(f"{k} {fmt(v)}" for k, v in bar.items())
                    + " (busy-polling processes oversubscribed on 2 cores)")


# -------------------------------------------------------------------- peers

def peer_worst_ratio(data, opts, mode, section, peer, rows=None):
    """peers (bench/peers, --peers): peer/ours of the section's rows (all, or those named) against the peer
    (a name prefix: DASH covers DASH's MPI-path build), the worst."""
    sel = [r for r in data.get("peers", []) if r["section"] == section and r["peer"].startswith(peer)
           and r["mode"] == mode and (rows is None or r["row"] in rows) and r["peer/ours"] != ""]
    failed = [r["row"] for r in data.get("peers", []) if r["section"] == section and r["peer"].startswith(peer)
              and r["mode"] == mode and (rows is None or r["row"] in rows) and r["status"] == "peer failed"]
    if not sel:
        return Measured(None)
    w = min(sel, key=lambda r: r["peer/ours"])
    gaps = f"; {peer} failed: {', '.join(failed)}" if failed else ""
    return Measured(w["peer/ours"], f"worst {w['peer/ours']:.2f}x ({w['row']}){gaps}",
                    f"{w['row']}: ours {w['ours_ns']} ns vs {peer} {w['peer_ns']} ns")
