"""The suite's fixed parameters: programs, node modes and their environment, rank counts of the own sections."""
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
PROGRAMS = ["latency", "nonblocking", "bandwidth", "atomics", "alloc", "local_access", "randomaccess", "stencil",
            "local_access_dash", "randomaccess_dash", "stencil_dash", "unordered_map_dash", "hdf5_dash",
            "sort_dash", "traversal_dash", "instructions", "threads", "allreduce_locality", "init_cost", "progress"]
# need the C++ library (hdf5_dash also parallel HDF5: skipped with a note when not built)
DASH_PROGRAMS = {"local_access_dash", "randomaccess_dash", "stencil_dash", "unordered_map_dash", "hdf5_dash",
                 "sort_dash", "traversal_dash"}
# The scale section: units of its runs (above the cores: oversubscribed), its node modes (by this run's
# modes: intra -> one node, inter -> virtual nodes), the trials of its repeated times by units (collectives
# at 32-64 units on 2 cores cost seconds each), and the seconds one run may take (today's 64-unit run: 3.5-4
# minutes at load 35-70, 6.5 at load 120; most of it the first locks of 11 teams and 100 allocations).
SCALE_UNITS = [1, 2, 4, 8, 16, 32, 64]
SCALE_UNITS_QUICK = [1, 2, 4]
SCALE_UNITS_PER_NODE = 4
SCALE_MODES = {"intra": "node", "inter": "vnode4"}
# A third mode, for the heap model only (tables/scale.py: bytes = a + b units + c nodes + d units of my node
# needs three ratios of nodes to units): virtual nodes of 16 units, run where it differs from one node.
SCALE_MODEL_MODE, SCALE_MODEL_UNITS_PER_NODE = "vnode16", 16
# units of a node of each scale mode (None: all units on one node)
SCALE_MODE_UNITS_PER_NODE = {"node": None, "vnode4": SCALE_UNITS_PER_NODE, "vnode16": SCALE_MODEL_UNITS_PER_NODE}
SCALE_TIMEOUT = 1200


def scale_trials(units, quick):
    return 1 if quick or units >= 32 else 2 if units >= 8 else 3


# The node modes of this run (--modes narrows it in place: the tables read it).
MODES = ["intra", "inter"]
MODE_ENV = {"intra": {}, "inter": {"DART_UNITS_PER_NODE": "1"},
            "vnode2": {"DART_UNITS_PER_NODE": "2"},  # vnode2: allreduce_locality's own run only
            # progress's own runs: across virtual nodes, without and with the progress thread
            "inter_progress_none": {"DART_UNITS_PER_NODE": "1", "DART_PROGRESS": "none"},
            "inter_progress_thread": {"DART_UNITS_PER_NODE": "1", "DART_PROGRESS": "thread"},
            # the scale section's (scale_probe): one node, and virtual nodes of SCALE_UNITS_PER_NODE units;
            # a small local pool: 64 units' default pools would be 4 GiB (fixed per unit, not the figure sought)
            "node": {"DART_LOCAL_POOL": "1M"},
            "vnode4": {"DART_UNITS_PER_NODE": str(SCALE_UNITS_PER_NODE), "DART_LOCAL_POOL": "1M"},
            "vnode16": {"DART_UNITS_PER_NODE": str(SCALE_MODEL_UNITS_PER_NODE), "DART_LOCAL_POOL": "1M"}}
PROGRESS_RANKS = 4  # progress: unit 0 spreads fetch-adds over 3 computing units
NODE_AWARE_RANKS = 4  # allreduce_locality: 4 units, two virtual nodes of two
NOISE = 1.10  # "no slower / no more than" allows 10% noise on this shared machine
INTRA_INSTR_OPS = "put,put_flush,put_handle,get,get_flush,get_handle,fetch_add,cas"  # same node, inline paths
SORT_N = 2 << 20  # the dash::sort targets' size: 2M ints, and the sorted/reverse/equal inputs
# Pinning, one process per core in turn (rank i on core i mod cores), for
# Hydra (MPICH's mpiexec) and Open MPI's mpirun: where an unpinned run puts
# its processes changes some rows several-fold (bench/benchlib/peers.py,
# sections.py).
PIN = {"hydra": ["-bind-to", "core"], "openmpi": ["--bind-to", "core:overload-allowed"]}


def pin_flags(mpiexec):
    return PIN["openmpi" if "openmpi" in Path(mpiexec).name else "hydra"]

