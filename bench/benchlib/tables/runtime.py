"""Tables of the runtime itself: instructions per operation, threads, node-aware allreduce, dart_init cost."""
from ..config import MODES, NODE_AWARE_RANKS
from ..rows import diff, one, ratio


def view_instructions(data):
    rows = []
    for mode, key in (("intra", "instructions"), ("inter", "instructions"), ("inter", "instructions_self")):
        for r in data.get(mode, {}).get(key, []):
            r = dict(r, mode=mode)
            if key == "instructions_self":
                r["op"] += " (own part: same node)"
            r["loop_diff"] = diff(r.get("dart_loop"), r.get("mpi_loop"))
            rows.append(r)
    cols = [("mode", "mode", None), ("op", "op", None), ("size", "bytes", "size"),
            ("DART own instr/op", "dart_own", None), ("of which dart_wait", "dart_own_wait", None),
            ("DART loop instr/op", "dart_loop", None), ("MPI loop instr/op", "mpi_loop", None),
            ("loop difference", "loop_diff", None), ("DART functions (instr/op)", "functions", None)]
    return ("11. Instructions per operation (callgrind, unit 0)", cols, rows,
            "DART own = instructions in libdart's code (and C library calls it makes), exact; the loop totals "
            "include MPI's polling while it waits for unit 1, which varies from run to run; intra: the program "
            "as users compile it, the header's inline same-node path on, so the DART loop is the whole cost")


def view_threads(data):
    rows = []
    for mode in MODES:
        d = data.get(mode, {})
        thr, procs = d.get("threads_rate", []), d.get("threads_rate_procs", [])
        for r in thr:
            t = int(r["threads"])
            p = one(procs, op=r["op"], ranks=float(2 * t))
            rows.append({"mode": mode, "op": r["op"], "threads": t, "thr_mops": r.get("mops"),
                         "proc_ranks": 2 * t, "proc_mops": p.get("mops"), "x": ratio(r.get("mops"), p.get("mops"))})
    cols = [("mode", "mode", None), ("op (8 B)", "op", None), ("threads/unit", "threads", "int"),
            ("2 units x T threads Mop/s", "thr_mops", None), ("2T processes", "proc_ranks", "int"),
            ("2T x 1 thread (SINGLE) Mop/s", "proc_mops", None), ("threads/processes", "x", "x")]
    return ("13. Threads: aggregate rate, T threads per unit vs 2T single-threaded processes", cols, rows,
            "put = dart_put_blocking, fetch_add = dart_fetch_and_op(SUM) on int64, each stream on its own page of "
            "the partner unit; rate = all operations / wall time from the first unit's start to the last one's end; "
            "2 cores: above 2 streams every variant is oversubscribed")


def view_threads_fastpath(data):
    rows = []
    for mode in MODES:
        fp = data.get(mode, {}).get("threads_fastpath", [])
        for op in ("put", "get"):
            s1, m1 = one(fp, op=op, level="single").get("ns"), one(fp, op=op, level="multiple").get("ns")
            if s1 is not None or m1 is not None:
                rows.append({"mode": mode, "op": op, "single": s1, "multiple": m1, "x": ratio(m1, s1)})
    cols = [("mode", "mode", None), ("op (8 B blocking)", "op", None), ("DART_THREAD_SINGLE", "single", "time"),
            ("DART_THREAD_MULTIPLE", "multiple", "time"), ("MULTIPLE/SINGLE", "x", "x")]
    return ("14. Threads: single-thread cost by thread level (same run, levels alternating)", cols, rows,
            "one thread calls; the runtime is restarted at each level per trial")


def view_allreduce_locality(data):
    rows = []
    for r in data.get("vnode2", {}).get("allreduce_locality", []):
        rows.append(dict(r, bytes=int(r["bytes"]), x=ratio(r.get("two_level_ns"), r.get("flat_ns")),
                         x_coll=ratio(r.get("two_level_coll_ns"), r.get("flat_ns"))))
    cols = [("bytes", "bytes", "int"), ("flat dart_allreduce", "flat_ns", "time"),
            ("two-level (node shm)", "two_level_ns", "time"), ("two-level/flat", "x", "x"),
            ("two-level (collectives)", "two_level_coll_ns", "time"), ("collectives/flat", "x_coll", "x"),
            ("sum", "check", None)]
    return (f"16. Node-aware allreduce, {NODE_AWARE_RANKS} units in two virtual nodes of two "
            "(DART_UNITS_PER_NODE=2)", cols, rows,
            "int64 sum, median time per call of the slowest unit; two-level = copy into the node leader's "
            "shared-memory segment, leader sums, dart_allreduce among leaders, copy out (node teams from "
            "dart_team_split_locality); collectives = dart_reduce / dart_allreduce / dart_bcast on the same teams; "
            "4 ranks on 2 cores are oversubscribed")


def view_init_cost(data):
    rows = []
    for mode in MODES:
        for r in data.get(mode, {}).get("init_cost", []):
            rows.append(dict(r, mode=mode, units=int(r["units"]),
                             x=ratio(r.get("hwloc_default_ns"), r.get("init_cpu_ns"))))
    cols = [("mode", "mode", None), ("units", "units", "int"), ("dart_init", "init_ns", "time"),
            ("dart_init CPU", "init_cpu_ns", "time"), ("hwloc load CPU", "hwloc_default_ns", "time"),
            ("hwloc load CPU, filtered", "hwloc_restricted_ns", "time"),
            ("MPI_Barrier", "barrier_ns", "time"), ("hwloc/dart_init CPU", "x", "x")]
    return ("17. dart_init cost", cols, rows,
            "median over trials of dart_init + dart_exit in one MPI_Init, slowest unit; dart_init in wall and "
            "in CPU time (most of it first-touches the DART_LOCAL_POOL); hwloc load = the topology load dart_init "
            "makes per unit (hwloc's defaults), filtered = without I/O, instruction caches, groups, misc, both in "
            "CPU time; 2-4 ranks on 2 cores are oversubscribed (busy-polling MPI: wall times are scheduler ticks)")
