"""Tables of the application kernels and containers: local access, RandomAccess, stencil, UnorderedMap,
HDF5, dash::sort."""
from ..config import MODES
from ..rows import one, ratio


def view_local(data):
    rows = []
    for mode in MODES:
        for prog, variants in (("local_access", ("dart_coll", "dart_local")), ("local_access_dash", ("dash_array",))):
            r0 = one(data.get(mode, {}).get(prog, []))
            if not r0:
                continue
            base = r0.get("malloc_s")
            for v in ("malloc",) + variants:
                rows.append({"mode": mode, "program": prog, "variant": v, "nelem": r0.get("nelem"),
                             "seconds": r0.get(v + "_s"), "over_malloc": ratio(r0.get(v + "_s"), base),
                             "check": r0.get("check")})
    cols = [("mode", "mode", None), ("program", "program", None), ("memory", "variant", None),
            ("ints", "nelem", "int"), ("seconds", "seconds", None), ("time/malloc", "over_malloc", "x"),
            ("same data", "check", None)]
    return ("6. Local access: the slides' LCG fill loop", cols, rows,
            "max over units, median over trials; each program measures its own malloc baseline; "
            "dart_coll = dart_team_memalloc_aligned, dart_local = dart_memalloc, dash_array = dash::Array local view")


def view_ra(data):
    rows = []
    for mode in MODES:
        for prog in ("randomaccess", "randomaccess_dash"):
            src = data.get(mode, {}).get(prog, [])
            mpi = one(src, variant="mpi")
            for r in src:
                r = dict(r, mode=mode, program=prog)
                r["x_vs_mpi"] = ratio(r.get("gups"), mpi.get("gups"))
                rows.append(r)
    cols = [("mode", "mode", None), ("program", "program", None), ("variant", "variant", None),
            ("log2 words/unit", "log2_local", "int"), ("updates", "updates", "int"), ("GUP/s", "gups", None),
            ("x MPI (same run)", "x_vs_mpi", "x"), ("errors", "errors", "int"), ("verification", "verification", None)]
    return ("7. RandomAccess (HPCC rules: 4x updates, POLY 0x7 stream, <= 1024 in flight, XOR, replay check)",
            cols, rows, "dart: dart_accumulate BXOR; dart_agg: updates bucketed per target unit, one "
            "dart_accumulate_scattered per target every 1,024 updates; mpi: MPI_Accumulate BXOR on an MPI_Win_create "
            "window; "
            "dash: table[i] ^= ran on a dash::Array (atomic, complete on return)")


def view_hdf5(data):
    src = data.get("intra", {}).get("hdf5_dash", [])
    rows = []
    for r in src:
        base = one(src, variant="mpi_io", op=r["op"])
        rows.append(dict(r, of_mpi=ratio(r.get("gbps"), base.get("gbps"))))
    cols = [("op", "op", None), ("variant", "variant", None), ("MiB", "mib", None), ("seconds", "seconds", None),
            ("GB/s", "gbps", None), ("x MPI-IO bandwidth", "of_mpi", "x")]
    for r in rows:
        r["mib"] = r.get("bytes", 0) / 2**20
    return ("10. HDF5 I/O of a dash::Array<double> (BLOCKED), whole call open to close",
            cols, rows, "dash: dash::io::hdf5::StoreHDF write/read (parallel HDF5, collective MPI-IO); mpi_io: "
            "MPI_File_write_at_all/read_at_all of the same blocks to a flat file; files in /tmp (page cache)")


def view_stencil(data):
    rows = []
    for mode in MODES:
        ref = data.get(mode, {}).get("stencil", [])
        for prog in ("stencil", "stencil_dash"):
            src = data.get(mode, {}).get(prog, [])
            for r in src:
                r = dict(r, mode=mode, program=prog)
                p2p = one(src, n=r["n"], variant="mpi_p2p")
                r["over_p2p"] = ratio(r.get("seconds"), p2p.get("seconds"))
                other = one(ref, n=r["n"], variant="mpi_p2p")
                if prog != "stencil" and other and other.get("hash") != r.get("hash"):
                    r["check"] = "DIFFERENT from stencil"
                rows.append(r)
    cols = [("mode", "mode", None), ("program", "program", None), ("N", "n", "int"), ("variant", "variant", None),
            ("seconds", "seconds", None), ("time/MPI p2p (same run)", "over_p2p", "x"),
            ("iterations", "iterations", "int"), ("converged", "converged", None),
            ("last change", "last_change", None), ("result", "check", None)]
    return ("8. Five-point Gauss-Seidel stencil, N x N floats by rows", cols, rows,
            "converged: max change < 1e-4 before the iteration cap; result: all variants (both programs) "
            "bitwise identical")


def view_umap(data):
    """dash::UnorderedMap (unordered_map_dash): inserts/s and the k-mer count, each against std::unordered_map."""
    rows = []
    for mode in MODES:
        for table, rate in (("umap", "minserts_per_s"), ("kmer", None)):
            src = data.get(mode, {}).get(table, [])
            base = next((x for x in src if str(x.get("variant", "")).startswith("std")), {})
            for x in src:
                x = dict(x, mode=mode, bench="inserts" if table == "umap" else f"k-mer count (k={int(x['k'])})")
                if rate:
                    x["vs_std"] = ratio(x.get(rate), base.get(rate))
                else:
                    x["vs_std"] = ratio(base.get("seconds"), x.get("seconds"))
                rows.append(x)
    cols = [("mode", "mode", None), ("benchmark", "bench", None), ("variant", "variant", None),
            ("ranks", "ranks", "int"), ("inserts", "inserts", "int"), ("k-mers", "kmers", "int"),
            ("distinct", "distinct", "int"), ("seconds", "seconds", None), ("M inserts/s", "minserts_per_s", None),
            ("speed vs std (same run)", "vs_std", "x"), ("counts vs serial", "check", None)]
    return ("9. dash::UnorderedMap: concurrent inserts and the k-mer count (DASH #249)", cols, rows,
            "std = std::unordered_map on one unit (reserved), the other units waiting; speed > 1x = faster than std")


def sort_rows(data):
    """dash::sort rows of every run: intra and inter at --ranks, and the 1-unit run (intra)."""
    rows = []
    for mode in MODES:
        for key in ("sort_1", "sort"):
            for r in data.get(mode, {}).get(key, []):
                rows.append(dict(r, mode=mode))
    return rows


def view_sort(data):
    rows = [dict(r, n=int(r["n"]), units=int(r["units"])) for r in sort_rows(data)]
    for r in rows:
        r["dash_over_std"] = ratio(r.get("dash_s"), r.get("std_s"))
        r["speedup"] = ratio(r.get("std_s"), r.get("dash_s"))
        rnd = one(rows, mode=r["mode"], units=r["units"], n=r["n"], input="random")
        r["over_random"] = ratio(r.get("dash_s"), rnd.get("dash_s"))
    cols = [("mode", "mode", None), ("units", "units", "int"), ("ints", "n", "int"), ("input", "input", None),
            ("std::sort (1 unit)", "std_s", None), ("dash::sort", "dash_s", None),
            ("dash/std", "dash_over_std", "x"), ("speed-up vs std::sort", "speedup", "x"),
            ("dash / dash random", "over_random", "x"), ("sorted & permutation", "check", None)]
    return ("12. dash::sort of a dash::Array<int> (BLOCKED) vs std::sort of the same data on one unit", cols, rows,
            "seconds, median over trials; std::sort runs on unit 0 of the same program while the others wait; "
            "dash::sort time of the slowest unit")
