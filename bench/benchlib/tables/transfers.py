"""Tables of the transfers: blocking latency, non-blocking initiation and completion, bandwidth, atomics."""
from ..config import MODES
from ..rows import by, diff, one, ratio


def view_latency(data):
    rows = []
    for mode in MODES:
        for r in data.get(mode, {}).get("latency", []):
            r = dict(r, mode=mode)
            r["x_vs_mpi_allocate"] = ratio(r.get("mpi_allocate_ns"), r.get("dart_ns"))
            r["x_vs_mpi_shared"] = ratio(r.get("mpi_shared_ns"), r.get("dart_ns"))
            r["dart_over_memcpy"] = ratio(r.get("dart_ns"), r.get("memcpy_ns"))
            r["dart_minus_mpi_create_ns"] = diff(r.get("dart_ns"), r.get("mpi_create_ns"))
            rows.append(r)
    cols = [("mode", "mode", None), ("op", "op", None), ("size", "bytes", "size"), ("DART", "dart_ns", "time"),
            ("MPI_Win_allocate", "mpi_allocate_ns", "time"), ("MPI shared win", "mpi_shared_ns", "time"),
            ("MPI_Win_create", "mpi_create_ns", "time"), ("memcpy+fence", "memcpy_ns", "time"),
            ("speedup vs allocate", "x_vs_mpi_allocate", "x"), ("speedup vs shared", "x_vs_mpi_shared", "x"),
            ("DART/memcpy", "dart_over_memcpy", "x"), ("DART-create ns", "dart_minus_mpi_create_ns", None),
            ("MAD dart ns", "dart_mad_ns", None), ("MAD create ns", "mpi_create_mad_ns", None)]
    return ("1. Blocking put/get latency (DTCT), time per call", cols, rows,
            "MPI baselines: put + MPI_Win_flush, get + MPI_Win_flush (MPI_Win_create: the calls DART's MPI path "
            "makes, get + flush_local); speedup = baseline/DART")


def view_nonblocking(data):
    rows = []
    for mode in MODES:
        src = data.get(mode, {}).get("nonblocking", [])
        for r in src:
            r = dict(r, mode=mode)
            blk = one(src, op=r["op"], bytes=r["bytes"], variant="dart_blocking")
            r["single_over_blocking"] = ratio(r.get("single_ns"), blk.get("single_ns"))
            eq = {"dart_handle": "mpi_req_create", "dart_flush": "mpi_flush_create"}.get(r["variant"])
            if eq:
                e = one(src, op=r["op"], bytes=r["bytes"], variant=eq)
                r["init_minus_mpi_ns"] = diff(r.get("init_ns"), e.get("init_ns"))
                m = one(src, op=r["op"], bytes=r["bytes"], variant="mpi_req")
                r["init_x_vs_mpi_req"] = ratio(m.get("init_ns"), r.get("init_ns"))
            rows.append(r)
    cols = [("mode", "mode", None), ("op", "op", None), ("size", "bytes", "size"), ("K", "inflight", "int"),
            ("variant", "variant", None), ("init/op", "init_ns", "time"), ("completion/op", "complete_ns", "time"),
            ("init+completion", "single_ns", "time"), ("(init+compl)/blocking", "single_over_blocking", "x"),
            ("init speedup vs MPI_Rput/Rget", "init_x_vs_mpi_req", "x"),
            ("init - same MPI calls (ns)", "init_minus_mpi_ns", None)]
    return ("2. Non-blocking put/get: initiation (DTIT) and completion", cols, rows,
            "K transfers in flight; init+completion = one transfer started and completed, repeated")


def view_bandwidth(data):
    rows = []
    for mode in MODES:
        for r in data.get(mode, {}).get("bandwidth", []):
            r = dict(r, mode=mode)
            r["blocking_over_memcpy"] = ratio(r.get("dart_blocking_GBps"), r.get("memcpy_GBps"))
            r["nb_over_mpi_nb"] = ratio(r.get("dart_nb_GBps"), r.get("mpi_nb_GBps"))
            rows.append(r)
    cols = [("mode", "mode", None), ("op", "op", None), ("size", "bytes", "size"), ("K", "inflight", "int"),
            ("memcpy", "memcpy_GBps", None), ("DART blk", "dart_blocking_GBps", None),
            ("DART nb", "dart_nb_GBps", None), ("DART handle", "dart_handle_GBps", None),
            ("MPI blk", "mpi_blocking_GBps", None), ("MPI nb", "mpi_nb_GBps", None),
            ("MPI nb create", "mpi_nb_create_GBps", None), ("DART blk/memcpy", "blocking_over_memcpy", "x"),
            ("DART nb/MPI nb", "nb_over_mpi_nb", "x")]
    return ("3. Bandwidth (GB/s = 1e9 B/s)", cols, rows, "nb: K transfers in flight, then one completion")


def view_atomics(data):
    rows = []
    for mode in MODES:
        src = data.get(mode, {}).get("atomics", [])
        for op in dict.fromkeys(r["op"] for r in src):
            r = {"mode": mode, "op": op}
            for x in by(src, op=op):
                r[x["variant"]] = x.get("ns")
            r["x_vs_mpi_allocate"] = ratio(r.get("mpi_allocate"), r.get("dart"))
            r["dart_over_cpu"] = ratio(r.get("dart"), r.get("cpu"))
            r["dart_minus_mpi_create_ns"] = diff(r.get("dart"), r.get("mpi_create"))
            rows.append(r)
    cols = [("mode", "mode", None), ("op", "op", None), ("DART", "dart", "time"),
            ("MPI_Win_allocate", "mpi_allocate", "time"), ("MPI shared win", "mpi_shared", "time"),
            ("MPI_Win_create", "mpi_create", "time"), ("CPU atomic", "cpu", "time"),
            ("speedup vs allocate", "x_vs_mpi_allocate", "x"), ("DART/CPU", "dart_over_cpu", "x"),
            ("DART-create ns", "dart_minus_mpi_create_ns", None)]
    return ("4. Atomics and locks, time per operation", cols, rows,
            "MPI: MPI_Fetch_and_op / MPI_Compare_and_swap + MPI_Win_flush; locks: MPI_Win_lock exclusive, "
            "empty epoch; contended = all units, time per acquisition")
