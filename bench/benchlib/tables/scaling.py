"""The scaling table: a reduced set at 1, 2, 4 ranks (intra-node)."""
from ..rows import one, ratio


def view_scaling(scal, ncpu):
    rows = []
    for ranks in sorted(scal):
        d = scal[ranks]
        r = {"ranks": ranks, "oversubscribed": "yes" if ranks > ncpu else "no"}
        ra = d.get("randomaccess", [])
        r["ra_dart"] = one(ra, variant="dart").get("gups")
        r["ra_mpi"] = one(ra, variant="mpi").get("gups")
        r["ra_x"] = ratio(r["ra_dart"], r["ra_mpi"])
        st = d.get("stencil", [])
        r["st_dart"] = one(st, variant="dart").get("seconds")
        r["st_p2p"] = one(st, variant="mpi_p2p").get("seconds")
        r["st_x"] = ratio(r["st_dart"], r["st_p2p"])
        al = d.get("alloc_sizes", [])
        a = al[0] if al else {}
        r["al_dart"] = a.get("dart_coll_alloc_ns")
        r["al_barrier"] = a.get("barrier_alloc_ns")
        r["al_mpi"] = a.get("mpi_allocate_alloc_ns")
        r["al_x_barrier"] = ratio(r["al_dart"], r["al_barrier"])
        la = one(d.get("latency", []), op="put")
        r["put_dart"] = la.get("dart_ns")
        r["put_mpi"] = la.get("mpi_allocate_ns")
        r["put_x"] = ratio(r["put_mpi"], r["put_dart"])
        rows.append(r)
    cols = [("ranks", "ranks", "int"), ("oversubscribed", "oversubscribed", None), ("RA DART GUP/s", "ra_dart", None),
            ("RA MPI GUP/s", "ra_mpi", None), ("RA x MPI", "ra_x", "x"), ("stencil DART s", "st_dart", None),
            ("stencil p2p s", "st_p2p", None), ("stencil DART/p2p", "st_x", "x"), ("alloc 1MiB", "al_dart", "time"),
            ("barrier", "al_barrier", "time"), ("alloc/barrier", "al_x_barrier", "x"),
            ("MPI_Win_allocate", "al_mpi", "time"), ("put 8B DART", "put_dart", "time"),
            ("put 8B MPI", "put_mpi", "time"), ("put speedup", "put_x", "x")]
    return ("15. Scaling with the number of ranks (intra-node)", cols, rows,
            "reduced parameters; ranks > cores are oversubscribed (busy-polling MPI processes share cores)")
