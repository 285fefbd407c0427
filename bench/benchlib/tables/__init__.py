"""The tables of a run, one function per table: data (mode -> table name -> rows) -> (title, columns, rows,
note); columns are (header, key, kind). TABLES is the order of the printout; its names are the CSV files'."""
from .alloc import view_alloc, view_alloc_count, view_alloc_live
from .apps import view_hdf5, view_local, view_ra, view_sort, view_stencil, view_umap
from .runtime import view_allreduce_locality, view_init_cost, view_instructions, view_threads, view_threads_fastpath
from .scale import heap_checks, view_scale_barrier, view_scale_heap, view_scale_model, view_scale_time
from .scaling import view_scaling
from .transfers import view_atomics, view_bandwidth, view_latency, view_nonblocking

TABLES = [("latency", view_latency), ("nonblocking", view_nonblocking), ("bandwidth", view_bandwidth),
          ("atomics", view_atomics), ("alloc_sizes", view_alloc), ("alloc_count", view_alloc_count),
          ("alloc_live", view_alloc_live), ("local_access", view_local), ("randomaccess", view_ra),
          ("stencil", view_stencil), ("unordered_map", view_umap), ("hdf5", view_hdf5),
          ("instructions", view_instructions), ("sort", view_sort), ("threads", view_threads),
          ("threads_fastpath", view_threads_fastpath), ("allreduce_locality", view_allreduce_locality),
          ("init_cost", view_init_cost), ("scale_heap", view_scale_heap), ("scale_model", view_scale_model),
          ("scale_time", view_scale_time),
          ("scale_vs_barrier", view_scale_barrier)]


def all_tables(data, scal, ncpu):
    """{name: (title, cols, rows, note)} in the printout's order; the scaling table when there were scaling runs."""
    views = {name: view(data) for name, view in TABLES}
    if scal:
        views["scaling"] = view_scaling(scal, ncpu)
    return views


def result_failures(views, data):
    """Wrong results the tables show (never timings): stencil variants differing, k-mer counts, sums, sorts, the
    scale section's heap accounting."""
    failures = [f"scale {mode} {n} units: heap accounting check {check}" for mode, n, check in heap_checks(data)]
    for r in views["stencil"][2]:
        if "DIFFERENT" in str(r.get("check")):
            failures.append(f"stencil {r['mode']} N={r['n']} {r['program']} {r['variant']}: result differs")
    for r in views["unordered_map"][2]:
        if r.get("check") == "MISMATCH":
            failures.append(f"unordered_map {r['mode']}: k-mer counts differ from the serial count")
    for r in views["allreduce_locality"][2]:
        if r.get("check") != "ok":
            failures.append(f"allreduce_locality {r['bytes']} B: wrong sum")
    return failures


def sort_failures(views):
    return [f"sort {r['mode']} {r['units']} units n={r['n']} {r['input']}: result wrong"
            for r in views["sort"][2] if r.get("check") != "ok"]
