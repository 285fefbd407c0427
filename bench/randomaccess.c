/* Benchmark 7: RandomAccess per the HPC Challenge rules (randomaccess.h).
 * Variants (each timed over --trials passes, an odd number, median GUP/s;
 * then one untimed replay per variant, the verification):
 *   dart  dart_accumulate(DART_OP_BXOR, DART_TYPE_UINT64) on a collective
 *         segment, dart_flush_all every 1,024 updates
 *   mpi   MPI_Accumulate(MPI_BXOR, MPI_UINT64_T) on an MPI_Win_create window
 *         in a lock_all epoch, MPI_Win_flush_all every 1,024 updates
 * (randomaccess_dash.cc adds the C++ container variant.)
 * GUP/s = all units' updates / wall time of the slowest unit / 1e9. */
#include "randomaccess.h"

enum { V_DART, V_MPI, NV };
static const char *vname[NV] = {"dart", "mpi"};

typedef struct {
  dart_gptr_t *gp;               /* per unit: its part of the table */
  uint64_t buf[RA_MAX_INFLIGHT]; /* origin buffers of updates in flight */
} ra_dart_t;

static void dart_pass(ra_dart_t *d, const ra_geom_t *g) {
  uint64_t ran = ra_first(g), lmask = g->lsize - 1, tmask = g->tsize - 1;
  int inflight = 0;
  for (uint64_t i = 0; i < g->nupdate; i++) {
    ran = ra_next(ran);
    uint64_t gi = ran & tmask;
    dart_gptr_t t = d->gp[gi >> g->logl];
    t.offset += (gi & lmask) * sizeof(uint64_t);
    d->buf[inflight] = ran;
    DCHECK(dart_accumulate(t, &d->buf[inflight], 1, DART_TYPE_UINT64, DART_OP_BXOR));
    if (++inflight == RA_MAX_INFLIGHT) {
      DCHECK(dart_flush_all(d->gp[0]));
      inflight = 0;
    }
  }
  DCHECK(dart_flush_all(d->gp[0]));
}

int main(int argc, char **argv) {
  bench_t b;
  bench_init(&argc, &argv, &b, 3, 1, 1);
  ra_geom_t g = ra_geom(&b);
  ra_odd_trials(&b);
  const char *only = bench_arg(argc, argv, "--variants");

  ra_dart_t d;
  dart_gptr_t seg;
  uint64_t *dtable;
  DCHECK(dart_team_memalloc_aligned(DART_TEAM_ALL, g.lsize * sizeof(uint64_t), &seg));
  d.gp = (dart_gptr_t *)malloc(sizeof *d.gp * (size_t)g.n);
  for (int u = 0; u < g.n; u++) {
    d.gp[u] = seg;
    DCHECK(dart_gptr_setunit(&d.gp[u], u));
  }
  DCHECK(dart_gptr_getaddr(d.gp[g.me], (void **)&dtable));
  for (uint64_t i = 0; i < g.lsize; i++) dtable[i] = g.gstart + i;
  ra_mpi_t m;
  ra_mpi_init(&m, &g); /* ends with a barrier */

  static double gups[NV][BENCH_MAX_TRIALS];
  for (int tr = 0; tr < b.trials; tr++)
    for (int vi = 0; vi < NV; vi++) {
      int v = (vi + tr) % NV; /* rotated order, see bench.h */
      if (only && !strstr(only, vname[v]))
        gups[v][tr] = NAN;
      else if (v == V_DART)
        RA_TIMED_PASS(gups[v][tr], &g, dart_pass(&d, &g));
      else
        RA_TIMED_PASS(gups[v][tr], &g, ra_mpi_pass(&m, &g));
    }
  if (!only || strstr(only, "dart")) RA_REPLAY(dart_pass(&d, &g)); /* verification */
  if (!only || strstr(only, "mpi")) RA_REPLAY(ra_mpi_pass(&m, &g));
  MCHECK(MPI_Win_sync(m.win));
  long long err[NV] = {ra_errors(&g, dtable), ra_errors(&g, m.table)}, errsum[NV];
  MPI_Allreduce(err, errsum, NV, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (b.me == 0) printf(RA_HEADER);
  int fail = 0;
  for (int v = 0; v < NV; v++)
    fail |= ra_row_out(&b, &g, vname[v], bench_median(gups[v], b.trials), errsum[v],
                       !only || strstr(only, vname[v]));
  ra_mpi_free(&m);
  DCHECK(dart_team_memfree(seg));
  free(d.gp);
  DCHECK(dart_exit());
  return fail;
}
