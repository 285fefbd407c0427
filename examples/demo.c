/* The DART demo: a small distributed computation, then a latency table of
 * DART's blocking put/get against raw MPI RMA (MPI_Put/MPI_Get + flush on an
 * MPI_Win_allocate window) measured in the same run. Run it on 2 units;
 * with DART_UNITS_PER_NODE=1 the two units sit on different (virtual)
 * nodes and DART takes its MPI path. */
#define _DEFAULT_SOURCE /* getloadavg */
#include <dart/dart.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHECK(call)                                                                         \
  do {                                                                                      \
    dart_ret_t r_ = (call);                                                                 \
    if (r_ != DART_OK) {                                                                    \
      fprintf(stderr, "%s failed: %s (%s)\n", #call, dart_strerror(r_), dart_last_error()); \
      dart_abort(1);                                                                        \
    }                                                                                       \
  } while (0)

enum { N = 1 << 16 }; /* doubles per unit */

/* Average seconds per call of put (1) or get (0) of nbytes, DART or raw MPI. */
static double time_dart(dart_gptr_t g, char *buf, size_t nbytes, int put, int reps) {
  double t = MPI_Wtime();
  for (int i = 0; i < reps; i++) {
    if (put)
      CHECK(dart_put_blocking(g, buf, nbytes, DART_TYPE_BYTE, DART_TYPE_BYTE));
    else
      CHECK(dart_get_blocking(buf, g, nbytes, DART_TYPE_BYTE, DART_TYPE_BYTE));
  }
  return (MPI_Wtime() - t) / reps;
}

static double time_mpi(MPI_Win win, int target, char *buf, size_t nbytes, int put, int reps) {
  double t = MPI_Wtime();
  for (int i = 0; i < reps; i++) {
    if (put)
      MPI_Put(buf, (int)nbytes, MPI_BYTE, target, 0, (int)nbytes, MPI_BYTE, win);
    else
      MPI_Get(buf, (int)nbytes, MPI_BYTE, target, 0, (int)nbytes, MPI_BYTE, win);
    MPI_Win_flush(target, win);
  }
  return (MPI_Wtime() - t) / reps;
}

int main(int argc, char **argv) {
  CHECK(dart_init(&argc, &argv));
  dart_unit_t me;
  size_t n;
  CHECK(dart_myid(&me));
  CHECK(dart_size(&n));
  dart_config_t cfg;
  CHECK(dart_config_get(&cfg));
  if (me == 0)
    printf("DART demo: %zu units on %zu node(s)%s\n\n", n, cfg.num_nodes,
           cfg.units_per_node ? " (virtual nodes: DART_UNITS_PER_NODE)" : "");

  /* 1. A distributed array of N doubles per unit: each unit fills its part
   *    locally, then unit 0 sums the whole array with one get per unit. */
  dart_gptr_t arr;
  CHECK(dart_team_memalloc_aligned(DART_TEAM_ALL, N * sizeof(double), &arr));
  dart_gptr_t mine = arr;
  CHECK(dart_gptr_setunit(&mine, me));
  double *local;
  CHECK(dart_gptr_getaddr(mine, (void **)&local));
  for (int i = 0; i < N; i++) local[i] = (double)me * N + i; /* global index */
  CHECK(dart_barrier(DART_TEAM_ALL));
  if (me == 0) {
    double *buf = malloc(N * sizeof *buf), sum = 0;
    for (size_t u = 0; u < n; u++) {
      dart_gptr_t part = arr;
      CHECK(dart_gptr_setunit(&part, (dart_unit_t)u));
      CHECK(dart_get_blocking(buf, part, N, DART_TYPE_DOUBLE, DART_TYPE_DOUBLE));
      for (int i = 0; i < N; i++) sum += buf[i];
    }
    double total = (double)n * N, expect = total * (total - 1) / 2;
    printf("1. sum over a distributed array of %.0f doubles = %.0f (expected %.0f): %s\n\n", total, sum,
           expect, sum == expect ? "correct" : "WRONG");
    free(buf);
  }
  CHECK(dart_barrier(DART_TEAM_ALL));

  /* 2. Latency table, unit 0 -> unit 1. */
  if (n >= 2) {
    size_t maxb = 1 << 20;
    MPI_Win win;
    void *wbase;
    MPI_Win_allocate((MPI_Aint)maxb, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &wbase, &win);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    dart_gptr_t tgt;
    CHECK(dart_team_memalloc_aligned(DART_TEAM_ALL, maxb, &tgt));
    CHECK(dart_gptr_setunit(&tgt, 1));
    char *buf = calloc(1, maxb);
    if (me == 0) {
      printf("2. blocking transfer latency, unit 0 -> unit 1 (%s path), same run:\n",
             cfg.num_nodes > 1 ? "inter-node: MPI RMA" : "intra-node: shared memory");
      printf("   %-10s %-4s %14s %22s %10s\n", "bytes", "op", "DART [us]", "MPI RMA + flush [us]",
             "MPI/DART");
      /* Timings on a machine busier than its cores measure the scheduler. */
      long cores = sysconf(_SC_NPROCESSORS_ONLN);
      double load = 0;
      if (getloadavg(&load, 1) == 1 && cores > 0 && (load > (double)cores || cfg.node_size > (size_t)cores))
        printf(
            "   (this machine is busier than its cores: load %.1f, %zu units of this job on its node, %ld "
            "cores; the times below measure waiting for a CPU, not DART or MPI)\n",
            load, cfg.node_size, cores);
      size_t sizes[] = {8, 1024, 65536, 1 << 20};
      for (int s = 0; s < 4; s++)
        for (int put = 1; put >= 0; put--) {
          int reps = sizes[s] >= 65536 ? 200 : 5000;
          time_dart(tgt, buf, sizes[s], put, reps / 10); /* warm-up */
          double d = time_dart(tgt, buf, sizes[s], put, reps);
          time_mpi(win, 1, buf, sizes[s], put, reps / 10);
          double m = time_mpi(win, 1, buf, sizes[s], put, reps);
          printf("   %-10zu %-4s %14.3f %22.3f %9.1fx\n", sizes[s], put ? "put" : "get", d * 1e6, m * 1e6,
                 m / d);
        }
    }
    CHECK(dart_barrier(DART_TEAM_ALL));
    free(buf);
    CHECK(dart_team_memfree(arr));
    dart_gptr_t t0 = tgt;
    CHECK(dart_gptr_setunit(&t0, 0));
    CHECK(dart_team_memfree(t0));
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
  } else {
    CHECK(dart_team_memfree(arr));
  }
  CHECK(dart_exit());
  return 0;
}
