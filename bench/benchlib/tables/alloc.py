"""Tables of the allocation benchmark: latency per size, 1st vs Nth, cost vs live allocations."""
from ..config import MODES
from ..rows import ratio


def view_alloc(data):
    rows = []
    for mode in MODES:
        for r in data.get(mode, {}).get("alloc_sizes", []):
            r = dict(r, mode=mode)
            r["coll_over_barrier"] = ratio(r.get("dart_coll_alloc_ns"), r.get("barrier_alloc_ns"))
            r["x_vs_mpi_allocate"] = ratio(r.get("mpi_allocate_alloc_ns"), r.get("dart_coll_alloc_ns"))
            r["x_vs_mpi_shared"] = ratio(r.get("mpi_shared_alloc_ns"), r.get("dart_coll_alloc_ns"))
            rows.append(r)
    cols = [("mode", "mode", None), ("size", "bytes", "size"), ("barrier", "barrier_alloc_ns", "time"),
            ("DART coll", "dart_coll_alloc_ns", "time"), ("DART coll free", "dart_coll_free_ns", "time"),
            ("DART local", "dart_local_alloc_ns", "time"), ("MPI_Win_allocate", "mpi_allocate_alloc_ns", "time"),
            ("MPI_Win_free", "mpi_allocate_free_ns", "time"), ("MPI_Win_alloc_shared", "mpi_shared_alloc_ns", "time"),
            ("coll/barrier", "coll_over_barrier", "x"), ("speedup vs allocate", "x_vs_mpi_allocate", "x"),
            ("speedup vs shared", "x_vs_mpi_shared", "x")]
    return ("5a. Allocation latency per call (max over units)", cols, rows,
            "DART coll = dart_team_memalloc_aligned, DART local = dart_memalloc")


def view_alloc_count(data):
    rows = []
    for mode in MODES:
        for r in data.get(mode, {}).get("alloc_count", []):
            r = dict(r, mode=mode)
            r["last_over_first"] = ratio(r.get("last_ns"), r.get("first_ns"))
            r["last_over_early"] = ratio(r.get("last_ns"), r.get("early_ns"))
            rows.append(r)
    cols = [("mode", "mode", None), ("N", "count", "int"), ("1st", "first_ns", "time"),
            ("2nd-101st", "early_ns", "time"), ("last 100 (Nth)", "last_ns", "time"),
            ("Nth/1st", "last_over_first", "x"), ("Nth/2nd-101st", "last_over_early", "x")]
    return ("5b. Collective allocation: 1st vs Nth (allocate/free pairs of 1 KiB on a fresh team)", cols, rows,
            "the 1st allocation of a team reserves its memory pool")


def view_alloc_live(data):
    rows = []
    for mode in MODES:
        src = data.get(mode, {}).get("alloc_live", [])
        base = src[1].get("alloc_ns") if len(src) > 1 else None
        for r in src:
            r = dict(r, mode=mode)
            r["alloc_over_10"] = ratio(r.get("alloc_ns"), base)
            rows.append(r)
    cols = [("mode", "mode", None), ("live from", "live_from", "int"), ("live to", "live_to", "int"),
            ("alloc", "alloc_ns", "time"), ("free", "free_ns", "time"), ("alloc / (10-99 live)", "alloc_over_10", "x")]
    return ("5c. Collective allocation vs number of live allocations (median per decade)", cols, rows, None)
