/* Cost of dart_init: time per dart_init (of the slowest unit) over trials of
 * dart_init + dart_exit inside one MPI_Init, next to its parts measured in
 * the same run: hwloc's topology load (everything hwloc loads by default,
 * and restricted to what a unit's place record needs) and an MPI_Barrier.
 * hwloc's load is timed in the thread's CPU time, which preemption on an
 * oversubscribed machine does not inflate; dart_init both in wall time (it
 * waits for the other units) and CPU time.
 *
 * Output (unit 0): one CSV row of medians over trials in ns, the slowest
 * unit per trial. */
#include <hwloc.h>

#include "bench.h"

static double cpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double hwloc_load_ns(int restricted) {
  double t0 = cpu_now();
  hwloc_topology_t topo;
  if (hwloc_topology_init(&topo) != 0) return NAN;
  if (restricted) {
    hwloc_topology_set_io_types_filter(topo, HWLOC_TYPE_FILTER_KEEP_NONE);
    hwloc_topology_set_icache_types_filter(topo, HWLOC_TYPE_FILTER_KEEP_NONE);
    hwloc_topology_set_type_filter(topo, HWLOC_OBJ_MISC, HWLOC_TYPE_FILTER_KEEP_NONE);
    hwloc_topology_set_type_filter(topo, HWLOC_OBJ_GROUP, HWLOC_TYPE_FILTER_KEEP_NONE);
  }
  int ok = hwloc_topology_load(topo) == 0;
  hwloc_topology_destroy(topo);
  return ok ? (cpu_now() - t0) * 1e9 : NAN;
}

/* The slowest unit's time. */
static double slowest(double ns) {
  double m = 0;
  MPI_Allreduce(&ns, &m, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return m;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int me, ranks;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  int trials = 15;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--quick")) trials = 5;
    if (!strcmp(argv[i], "--trials") && i + 1 < argc) trials = atoi(argv[i + 1]);
  }
  if (trials < 1 || trials > BENCH_MAX_TRIALS) trials = 15;
  double init[BENCH_MAX_TRIALS], init_cpu[BENCH_MAX_TRIALS], load_all[BENCH_MAX_TRIALS],
      load_few[BENCH_MAX_TRIALS], barrier[BENCH_MAX_TRIALS];
  for (int t = 0; t < trials; t++) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = bench_now(), c0 = cpu_now();
    dart_ret_t r = dart_init(&argc, &argv);
    double ns = (bench_now() - t0) * 1e9, cpu_ns = (cpu_now() - c0) * 1e9;
    if (r != DART_OK) {
      fprintf(stderr, "dart_init failed: %d\n", (int)r);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    dart_exit();
    init[t] = slowest(ns);
    init_cpu[t] = slowest(cpu_ns);
    MPI_Barrier(MPI_COMM_WORLD);
    load_all[t] = slowest(hwloc_load_ns(0));
    MPI_Barrier(MPI_COMM_WORLD);
    load_few[t] = slowest(hwloc_load_ns(1));
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = bench_now();
    MPI_Barrier(MPI_COMM_WORLD);
    barrier[t] = slowest((bench_now() - t0) * 1e9);
  }
  if (me == 0) {
    printf("units,init_ns,init_cpu_ns,hwloc_default_ns,hwloc_restricted_ns,barrier_ns\n");
    printf("%d,%.0f,%.0f,%.0f,%.0f,%.0f\n", ranks, bench_median(init, trials), bench_median(init_cpu, trials),
           bench_median(load_all, trials), bench_median(load_few, trials), bench_median(barrier, trials));
  }
  MPI_Finalize();
  return 0;
}
