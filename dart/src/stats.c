/* DART_STATS: the counters and the table printed at dart_exit (stats.h). */
#include "stats.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int dart__stats_on;
dart_stats_t dart__stats;

void dart__stats_xfer(int is_put, int shm, uint64_t bytes) {
  int p = shm ? DART_STATS_SHM : DART_STATS_MPI;
  if (is_put) {
    __atomic_fetch_add(&dart__stats.puts[p], 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&dart__stats.put_bytes[p], bytes, __ATOMIC_RELAXED);
  } else {
    __atomic_fetch_add(&dart__stats.gets[p], 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&dart__stats.get_bytes[p], bytes, __ATOMIC_RELAXED);
  }
}

void dart__stats_init(int on) {
  memset(&dart__stats, 0, sizeof dart__stats);
  dart__stats_on = on;
}

void dart__stats_get(dart_stats_t *out) {
  uint64_t *o = (uint64_t *)out, *s = (uint64_t *)&dart__stats;
  for (size_t i = 0; i < sizeof *out / sizeof *o; i++) o[i] = __atomic_load_n(&s[i], __ATOMIC_RELAXED);
}

void dart__stats_report(MPI_Comm world) {
  if (!dart__stats_on) return;
  enum { N = sizeof(dart_stats_t) / sizeof(uint64_t) };
  dart_stats_t mine;
  dart__stats_get(&mine);
  int me = dart__state.myid, n = dart__state.size;
  dart_stats_t *all = me == 0 ? malloc(sizeof *all * (size_t)n) : NULL;
  if (MPI_Gather(&mine, N, MPI_UINT64_T, all, N, MPI_UINT64_T, 0, world) != MPI_SUCCESS || me != 0) {
    free(all);
    return;
  }
  if (!all) return;
  FILE *f = stderr;
  fprintf(f,
          "[dart stats] %4s %10s %10s %12s %12s %10s %10s %12s %12s %10s %10s %10s %10s %8s %8s %8s\n"
          "[dart stats] %4s %10s %10s %12s %12s %10s %10s %12s %12s %10s %10s %10s %10s %8s %8s %8s\n",
          "unit", "puts", "puts", "put bytes", "put bytes", "gets", "gets", "get bytes", "get bytes",
          "atomics", "atomics", "flushes", "flushes", "allocs", "frees", "barriers", "", "shm", "mpi", "shm",
          "mpi", "shm", "mpi", "shm", "mpi", "shm", "mpi", "shm", "mpi", "", "", "");
  for (int u = 0; u < n; u++) {
    const dart_stats_t *s = &all[u];
    fprintf(f,
            "[dart stats] %4d %10llu %10llu %12llu %12llu %10llu %10llu %12llu %12llu %10llu %10llu %10llu "
            "%10llu %8llu %8llu %8llu\n",
            u, (unsigned long long)s->puts[0], (unsigned long long)s->puts[1],
            (unsigned long long)s->put_bytes[0], (unsigned long long)s->put_bytes[1],
            (unsigned long long)s->gets[0], (unsigned long long)s->gets[1],
            (unsigned long long)s->get_bytes[0], (unsigned long long)s->get_bytes[1],
            (unsigned long long)s->atomics[0], (unsigned long long)s->atomics[1],
            (unsigned long long)s->flushes[0], (unsigned long long)s->flushes[1],
            (unsigned long long)s->allocs, (unsigned long long)s->frees, (unsigned long long)s->barriers);
  }
  fflush(f);
  free(all);
}
