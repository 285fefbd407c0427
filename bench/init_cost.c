/* Cost of dart_init: ms per dart_init (of the slowest unit) over trials of
 * dart_init + dart_exit inside one MPI_Init, next to its parts measured in
 * the same run: hwloc's topology load (everything hwloc loads by default,
 * and restricted to what a unit's place record needs) and an MPI_Barrier.
 *
 * Output: CSV rows "what,ms" (median over trials), unit 0. */
#include <hwloc.h>

#include "bench.h"

static double hwloc_load_ms(int restricted) {
  double t0 = bench_now();
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
  return ok ? (bench_now() - t0) * 1e3 : NAN;
}

/* The slowest unit's time. */
static double slowest(double ms) {
  double m = 0;
  MPI_Allreduce(&ms, &m, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return m;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int me;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  int trials = 15;
  for (int i = 1; i + 1 < argc; i++)
    if (!strcmp(argv[i], "--trials")) trials = atoi(argv[i + 1]);
  if (trials < 1 || trials > BENCH_MAX_TRIALS) trials = 15;
  double init[BENCH_MAX_TRIALS], load_all[BENCH_MAX_TRIALS], load_few[BENCH_MAX_TRIALS],
      barrier[BENCH_MAX_TRIALS];
  for (int t = 0; t < trials; t++) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = bench_now();
    dart_ret_t r = dart_init(&argc, &argv);
    double ms = (bench_now() - t0) * 1e3;
    if (r != DART_OK) {
      fprintf(stderr, "dart_init failed: %d\n", (int)r);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    dart_exit();
    init[t] = slowest(ms);
    MPI_Barrier(MPI_COMM_WORLD);
    load_all[t] = slowest(hwloc_load_ms(0));
    MPI_Barrier(MPI_COMM_WORLD);
    load_few[t] = slowest(hwloc_load_ms(1));
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = bench_now();
    MPI_Barrier(MPI_COMM_WORLD);
    barrier[t] = slowest((bench_now() - t0) * 1e3);
  }
  if (me == 0) {
    printf("what,ms\n");
    printf("dart_init,%.3f\n", bench_median(init, trials));
    printf("hwloc_load_default,%.3f\n", bench_median(load_all, trials));
    printf("hwloc_load_restricted,%.3f\n", bench_median(load_few, trials));
    printf("mpi_barrier,%.3f\n", bench_median(barrier, trials));
  }
  MPI_Finalize();
  return 0;
}
