"""The targets: one row each (what is measured, the measure reading the run's tables, the rule and threshold,
the baseline measured in the same run, and why a miss or an n/a happens). targets.evaluate judges them; the
printout keeps this order. To add a target: a measure in measures.py (one table's columns) and a row here."""
from . import measures as m
from .config import PROGRESS_RANKS
from .targets import Target

INSTR_LIMIT = 150  # DART's own instructions per operation on its MPI path (plotted as the line of the target)
INSTR_LIMIT_BLOCKING = 100  # ... for blocking put, get and the atomics
NOT_COUNTED = "not measured (valgrind missing, or the instructions section not run)"
PUT_GET = ({"op": "put"}, {"op": "get"})

TARGETS = [
    # ------------------------------------------------ transfers, one node
    Target("8 B blocking {op} >= {threshold}x faster than MPI RMA + flush", m.latency_speedup, ">=", 30,
           "MPI_Put/MPI_Get + MPI_Win_flush on an MPI_Win_allocate window",
           "the MPI call is cheap here (same-node RMA in MPICH)", "8 B not in --sizes", PUT_GET),
    Target("8 B blocking {op} within {threshold:g}x of memcpy + fence", m.latency_over_memcpy, "<=", 2,
           "memcpy + __atomic_thread_fence(SEQ_CST)",
           "per-call checks and segment lookup cost more than an 8-byte copy", "8 B not in --sizes", PUT_GET),
    Target("1 MiB blocking {op} >= 90% of memcpy bandwidth", m.bandwidth_of_memcpy, ">=", 0.9,
           "memcpy + fence of the same buffer",
           "the same memmove plus a fence; the difference is within the trial-to-trial variation of this VM's "
           "memory bandwidth", "1 MiB not in --sizes", PUT_GET),
    Target("intra-node non-blocking {op}: init + completion no slower than blocking (8 B)",
           m.nonblocking_over_blocking, "<=", 1, "dart_{op}_blocking",
           "both calls take the header's inline same-node path, and the completion ({completion}) compiles away "
           "after it (instruction rows below), so the difference is noise", "8 B not in --sizes", PUT_GET,
           noise=True),
    Target("intra-node non-blocking {op} + completion: instructions within 5% of blocking (callgrind, 8 B)",
           m.instr_nonblocking_over_blocking, "<=", 1.05, "the blocking call's loop, same program",
           "the whole loop of a program compiled against the header (its inline same-node path on): the "
           "non-blocking call stores the recorded target again, which lets the compiler drop its completion's "
           "checks", NOT_COUNTED, PUT_GET),
    Target("same-node blocking {op} on a segment spanning (virtual) nodes: instructions within 5% of a "
           "node-local team's (callgrind, 8 B)", m.instr_spanning_over_local, "<=", 1.05,
           "the same call to a node-local team's segment",
           "the header inlines blocking transfers to any same-node target the library checked; the non-blocking "
           "ones stay in the library there, whose flush also completes MPI atomics to that unit", NOT_COUNTED,
           PUT_GET),
    # ------------------------------------------------ transfers, virtual nodes (DART's MPI path)
    Target("inter-node blocking {op} 8 B <= {threshold} ns above the same raw MPI RMA calls",
           m.inter_latency_above_mpi, "<=", 50, "the MPI calls DART's MPI path makes, on MPI_Win_create",
           "DART adds argument checks, type and segment lookup to each MPI call", "inter-node run missing",
           PUT_GET),
    Target("inter-node non-blocking {op} 8 B initiation <= {threshold} ns above MPI_R{op}", m.inter_init_above_mpi,
           "<=", 50, "MPI_Rput/MPI_Rget on MPI_Win_create",
           "DART's extra work per call: checks, pointer resolution, a handle from the free list",
           "inter-node run missing", PUT_GET),
    Target("inter-node {call} 8 B: <= {threshold} instructions of DART's own on top of its MPI calls", m.instr_own,
           "<=", INSTR_LIMIT, "the same MPI calls made directly (loop totals)", "", NOT_COUNTED,
           ({"op": "put", "call": "dart_put_blocking", "threshold": INSTR_LIMIT_BLOCKING},
            {"op": "get", "call": "dart_get_blocking", "threshold": INSTR_LIMIT_BLOCKING},
            {"op": "put_handle", "call": "dart_put_handle"}, {"op": "get_handle", "call": "dart_get_handle"},
            {"op": "flush", "call": "dart_flush"},
            {"op": "fetch_add", "call": "dart_fetch_and_op", "threshold": INSTR_LIMIT_BLOCKING},
            {"op": "cas", "call": "dart_compare_and_swap", "threshold": INSTR_LIMIT_BLOCKING})),
    # ------------------------------------------------ atomics
    Target("same-node {call} 8 B: <= {threshold} instructions (header's inline path, callgrind)",
           m.instr_inline_atomic, "<=", 40, "none (an absolute count)",
           "the whole loop per call of a program compiled against the header: the checks and one CPU atomic, "
           "no library call", NOT_COUNTED,
           ({"op": "fetch_add", "call": "dart_fetch_and_op(SUM)"}, {"op": "cas", "call": "dart_compare_and_swap"})),
    Target("intra-node {op} <= {threshold}x the bare CPU atomic on the same memory (same run)", m.atomic_over_cpu,
           "<=", 1.5, "__atomic fetch-add / compare-exchange on the same memory", "",
           "atomics not measured intra-node", ({"op": "fetch_add"}, {"op": "cas"})),
    Target("intra-node fetch-and-add >= {threshold}x faster than MPI_Fetch_and_op + flush", m.fetch_add_speedup,
           ">=", 20, "MPI_Fetch_and_op + MPI_Win_flush on MPI_Win_allocate", "",
           "dart_fetch_and_op not implemented (n/a)"),
    # ------------------------------------------------ allocation
    Target("collective allocation <= 1 MiB costs <= {threshold} barriers", m.alloc_over_barrier, "<=", 10,
           "MPI_Barrier", "an allocation is an allreduce plus bookkeeping", "no size <= 1 MiB measured"),
    Target("collective allocation <= 1 MiB >= {threshold}x faster than MPI_Win_allocate", m.alloc_speedup, ">=", 100,
           "MPI_Win_allocate of the same size", "", "no size <= 1 MiB measured"),
    Target("the {count:,}th allocation costs no more than the 1st", m.nth_alloc, "<=", 1,
           "the 2nd-101st allocations of the same team",
           "later allocations are slower: bookkeeping grows with the allocation count", noise=True),
    # ------------------------------------------------ kernels and containers
    Target("local access within 5% of malloc'd memory", m.local_access_over_malloc, "<=", 1.05,
           "the same loop on malloc'd memory", "run-to-run variation of a memory-bound loop on a shared VM"),
    Target("RandomAccess (DART atomics) >= {threshold}x GUP/s of plain MPI RMA", m.randomaccess_speedup, ">=", 10,
           "MPI_Accumulate(BXOR) per update on MPI_Win_create"),
    Target("RandomAccess aggregated between virtual nodes >= {threshold}x GUP/s of plain MPI atomics",
           m.randomaccess_aggregated, ">=", 20, "MPI_Accumulate(BXOR) per update on MPI_Win_create",
           "each flush waits for the other unit's MPI progress, which on this loaded 2-core machine can take a "
           "scheduler time slice", each=({"mode": "inter", "over": "mpi"},)),
    Target("RandomAccess intra-node: aggregated at least as fast as DART atomics", m.randomaccess_aggregated, ">=", 1,
           "dart_accumulate per update", each=({"mode": "intra", "over": "dart"},), noise=True),
    Target("stencil: container version within 10% of MPI two-sided", m.stencil_container, "<=", 1.10,
           "MPI_Sendrecv halo exchange, same sweep", "",
           "no C++ container variant (stencil_dash not built)"),
    Target("HDF5 {op} of a dash::Array >= 50% of plain MPI-IO bandwidth", m.hdf5_of_mpi_io, ">=", 0.5,
           "MPI_File_write_at_all / read_at_all of the same blocks",
           "HDF5's metadata (file, dataset, attribute) costs collectives of its own",
           "hdf5_dash not built (no parallel HDF5)", ({"op": "write"}, {"op": "read"})),
    Target("UnorderedMap inserts/s at 2 units vs std::unordered_map on one unit (reported)", m.umap_inserts,
           "reported", None, "std::unordered_map (reserved) on one unit",
           "each insert is 6 DART calls (claim by CAS, 2 counters, put, flush, publish)",
           each=({"variant": "dash_unordered_map", "over": "std_unordered_map"},)),
    Target("UnorderedMap inserts/s growing from 16 slots per unit vs sized for the keys (reported)",
           m.umap_inserts, "reported", None, "the map sized for the keys",
           "keys behind full probe windows pass them (1 read per slot) and the chain's tables",
           each=({"variant": "dash_unordered_map_grown", "over": "dash_unordered_map"},)),
    Target("distributed k-mer count (2 units) = serial std::unordered_map count; speed vs serial", m.kmer_count,
           "correct", None, "serial std::unordered_map count of all units' sequences",
           "counts differ from the serial count"),
    Target("UnorderedMap barrier() moving 4 units x 5,000 entries home (virtual nodes) <= {threshold}x the inserts' "
           "time", m.umap_move_home, "<=", 10, "the inserts' time, same run",
           "three collectives at 4 units on 2 shared cores: scheduler ticks", "unordered_map_dash not built"),
    Target("std::{algo} over 1M remote elements in a dash::ReadAheadScope (virtual nodes) >= {threshold}x faster "
           "than element-wise",
           m.traversal_speedup, ">=", 20, "one blocking get per element",
           "block reads are bandwidth-bound by the target's progress", "traversal_dash not built",
           ({"algo": "accumulate"}, {"algo": "min_element"}, {"algo": "find"})),
    Target("dash::sort's algorithm against std::sort, {sort_n} random ints on 1 unit (an integer radix sort, with "
           "threads where the unit has cores of its own): <= {threshold}x the time of std::sort", m.sort_one_unit,
           "<=", 1.15, "std::sort of the same data",
           "the local sort runs on the container's memory: the same work as the baseline; the difference "
           "is the variation between trials", "sort_dash not run (or not built)"),
    Target("dash::sort's scaling, {sort_n} random ints: its time on 1 unit over its time on {ranks} units, the same "
           "algorithm (reported: on 2 cores the 1-unit sort's threads already use both)",
           m.sort_scaling, "reported", None, "dash::sort of the same data on 1 unit", "",
           "sort_dash not run (or not built)"),
    Target("the same scaling at 1M-16M random ints (reported)",
           m.sort_scaling_sizes, "reported", None, "dash::sort of the same data on 1 unit", "",
           "sort_dash not run (or not built)"),
    Target("dash::sort of {sort_n} {input} ints on {ranks} units <= {threshold}x the time of random input",
           m.sort_input_over_random, "<=", 1.5, "dash::sort of random input, same size",
           "a bucket is unbalanced or a merge degenerates", "sort_dash not run (or not built)",
           ({"kind": "sorted"}, {"kind": "reverse"}, {"kind": "equal"})),
    # ------------------------------------------------ runtime
    Target("hwloc topology load at dart_init <= {threshold:g} ms CPU (1 unit; else filter what it loads)",
           m.hwloc_load_ms, "<=", 5, "none (an absolute CPU time)",
           "the topology load is the bulk of dart_init's locality cost"),
    Target("node-aware two-level allreduce vs flat dart_allreduce, {units} units, 2 per virtual node (reported)",
           m.allreduce_two_level, "reported", None, "flat dart_allreduce on DART_TEAM_ALL",
           "reduce over the node's shared memory, dart_allreduce among node leaders, copy out; 4 ranks "
           "oversubscribe 2 cores"),
]

# barrier and collective alloc + free, one node and then virtual nodes
for _mode, _where in (("intra", "node"), ("inter", "virtual nodes")):
    TARGETS += [
        Target(f"dart_barrier <= MPI_Barrier ({{units}} units, {_where}{{how}})", m.barrier_over_mpi, "<=", 1,
               "MPI_Barrier",
               "MPI_Barrier itself where no node has more units than CPUs; else MPI_Ibarrier polled, sleeping "
               "between polls",
               "alloc benchmark not run",
               ({"mode": _mode, "table": "barrier", "units": 2, "how": ", a core per unit"},
                {"mode": _mode, "table": "barrier4", "units": 4,
                 "how": "; OVERSUBSCRIBED, 4 units on 2 cores: DART's barrier gives its core away while it waits, "
                        "MPICH's spins on it, so this compares waiting policies, not barrier algorithms"}),
               noise=True),
        Target("collective alloc + free of 1 KiB <= 2 MPI_Barriers (OSHMPI's shmem_malloc + shmem_free: 2 barriers "
               f"and window flushes; 2 units, {_where})", m.alloc_free_over_barrier, "<=", 2, "MPI_Barrier",
               "each is one 8-byte allreduce (the handle and argument check in one word), about a barrier each",
               "alloc benchmark not run", ({"mode": _mode},), noise=True),
    ]

TARGETS += [
    Target("fetch-adds spread by every unit over the others, all waiting in fetch-adds ({units} units, virtual "
           "nodes, oversubscribed, default DART_PROGRESS=none): DART >= {threshold}x the rate of MPI_Fetch_and_op + "
           "MPI_Win_flush (what DART did before)", m.progress_spread_speedup, ">=", 10,
           "MPI_Fetch_and_op + MPI_Win_flush on an MPI_Win_create window, the same run",
           "the sleeping waits did not hand the targets their CPU (a DART wait on a crowded node polls a request "
           "and sleeps between polls; MPI_Win_flush spins)",
           "progress benchmark not run", ({"units": PROGRESS_RANKS},)),
    Target("fetch-adds to units that compute without MPI calls ({units} units, virtual nodes), DART_PROGRESS=thread: "
           "their rate against the rate to units waiting inside MPI (dart_barrier) without the thread (reported)",
           m.progress_busy_over_idle, "reported", None,
           "the same fetch-adds to units waiting in dart_barrier, DART_PROGRESS=none, the same run",
           "the progress thread polls MPI every 20 us; on a crowded node it waits for a CPU",
           "progress benchmark not run", ({"units": PROGRESS_RANKS},)),
    Target("fetch-adds to units waiting in dart_barrier (inside MPI): DART_PROGRESS=thread over none (reported; the "
           "default starts no thread, its code paths are unchanged)", m.progress_thread_speedup, "reported", None,
           "the same run with DART_PROGRESS=none", "", each=({"column": "idle_ops_per_s"},)),
    Target("8 B blocking {op}, one thread: DART_THREAD_MULTIPLE as fast as DART_THREAD_SINGLE", m.thread_level_cost,
           "<=", 1, "the same call at DART_THREAD_SINGLE, levels alternating",
           "both inline the same-node copy from the calling thread's own record (thread-local); a free at "
           "DART_THREAD_MULTIPLE resets every thread's record, which the owner reads with relaxed atomic loads",
           "threads benchmark not run", PUT_GET, noise=True),
]

# the scale section (bench/run --section scale): DART's cost per process as the job grows, 1 .. 64 units
SCALE_NA = "scale section not run (bench/run --section scale or all)"
TARGETS += [
    Target("DART's heap per process grows <= {threshold} B per unit of the job (10 teams, 100 segments, 11 locks, "
           "locality tree; model a + b units + c nodes + d units of my node, from virtual nodes of 4 and 8 units)",
           m.scale_model_per_unit, "<=", 16, "none: least squares over the runs (table 18d)",
           "structures sized by the job on every process", SCALE_NA, needs="scale"),
    Target("the same model at 100,000 units, 64 per node: DART's heap per process <= {threshold:g} MB",
           m.scale_model_at, "<=", 4, "none: the model's constants (table 18d)", "", SCALE_NA,
           ({"units": 100000, "per_node": 64},), needs="scale"),
    Target("{mode}: DART's heap per process, b of a + b x units over 1-64 units (reported: with {per} units per "
           "node the cost per node is part of b)", m.scale_bytes_per_unit, "reported", None,
           "none: bytes = a + b x units fitted over the sizes", "", SCALE_NA,
           ({"mode": "node", "per": "all"}, {"mode": "vnode4", "per": 4}), needs="scale"),
    Target("{what} grows no faster than the team size (time ~ units^k, k <= {threshold:g} once the machine's "
           "excess is taken out: MPI_Barrier's own k beyond 1 in the same runs; oversubscribed sizes, on virtual "
           "nodes those with 2 nodes or more)",
           m.scale_time_exponent, "<=", 1, "MPI_Barrier at the same sizes (its exponent)", "", SCALE_NA,
           ({"op": "dart_init", "what": "dart_init"}, {"op": "team_create_destroy", "what": "team create + destroy"},
            {"op": "alloc_free", "what": "collective alloc + free"}, {"op": "first_lock", "what": "a team's first lock"},
            {"op": "split_locality_node", "what": "dart_team_split_locality (NODE)"},
            {"op": "locality_tree", "what": "the locality tree of all units"}), noise=True, needs="scale"),
]

# ours against the peers built from their sources (--peers: bench/peers/build.sh), runs alternating
PEER_NA = "{peer} not built (bench/peers/build.sh) or not run"
TARGETS += [
    Target("{mode}-node ARMCI_Put/ARMCI_Acc 8 B (local completion) <= ARMCI-MPI (bench/peers, same run)",
           m.peer_worst_ratio, ">=", 1, "ARMCI-MPI, the same benchmark source", "", PEER_NA,
           tuple({"mode": mode, "section": "armci", "peer": "ARMCI-MPI", "rows": ("ARMCI_Put 8 B", "ARMCI_Acc 8 B")}
                 for mode in ("intra", "inter")), noise=True, needs="peers"),
    Target("{mode}-node DASH rows (GlobRef local/remote read/write, fill, min_element, transform, sort) <= DASH "
           "(bench/peers, same run)", m.peer_worst_ratio, ">=", 1, "DASH, the same benchmark source", "", PEER_NA,
           tuple({"mode": mode, "section": "dash", "peer": "DASH"} for mode in ("intra", "inter")), noise=True,
           needs="peers"),
]
