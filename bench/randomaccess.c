/* Benchmark 7: RandomAccess per the HPC Challenge rules (randomaccess.h).
 * Variants (each timed over --trials passes, an odd number, median GUP/s;
 * then one untimed replay per variant, the verification):
 *   dart      dart_accumulate(DART_OP_BXOR, DART_TYPE_UINT64) on a collective
 *             segment, dart_flush_all every 1,024 updates
 *   dart_agg  the same updates bucketed per target unit: when 1,024 are
 *             buffered (the look-ahead HPCC allows), one
 *             dart_accumulate_scattered per target, then dart_flush_all
 *   mpi       MPI_Accumulate(MPI_BXOR, MPI_UINT64_T) on an MPI_Win_create
 *             window in a lock_all epoch, MPI_Win_flush_all every 1,024
 *             updates
 * (randomaccess_dash.cc adds the C++ container variant.)
 * GUP/s = all units' updates / wall time of the slowest unit / 1e9. */
#include "randomaccess.h"

enum { V_DART, V_AGG, V_MPI, NV };
static const char *vname[NV] = {"dart", "dart_agg", "mpi"};

typedef struct {
  dart_gptr_t seg;
  dart_gptr_t *gp;               /* per unit: its part of the table */
  uint64_t *table;               /* my part */
  uint64_t buf[RA_MAX_INFLIGHT]; /* origin buffers of updates in flight */
} ra_dart_t;

static void ra_dart_init(ra_dart_t *d, const ra_geom_t *g) {
  DCHECK(dart_team_memalloc_aligned(DART_TEAM_ALL, g->lsize * sizeof(uint64_t), &d->seg));
  d->gp = (dart_gptr_t *)malloc(sizeof *d->gp * (size_t)g->n);
  if (!d->gp) abort();
  for (int u = 0; u < g->n; u++) {
    d->gp[u] = d->seg;
    DCHECK(dart_gptr_setunit(&d->gp[u], u));
  }
  DCHECK(dart_gptr_getaddr(d->gp[g->me], (void **)&d->table));
  for (uint64_t i = 0; i < g->lsize; i++) d->table[i] = g->gstart + i;
}

static void ra_dart_free(ra_dart_t *d) {
  DCHECK(dart_team_memfree(d->seg));
  free(d->gp);
}

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

/* --variants: a comma-separated list of names (NULL: all). */
static int wanted(const char *only, const char *name) {
  size_t len = strlen(name);
  for (const char *p = only; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
    if (!strncmp(p, name, len) && (p[len] == ',' || p[len] == 0)) return 1;
  return !only;
}

/* Per target unit: the buffered updates (element offsets and values). */
typedef struct {
  uint64_t *off, *val; /* [units][RA_MAX_INFLIGHT] */
  int *count;          /* [units] */
} ra_buckets_t;

/* Sends every bucket and completes the updates: the buffers are reused
 * next. (Double buffering, 512 updates in flight while the next 512 are
 * generated, measured no faster: each half still waits for the target's
 * progress.) */
static void agg_send(ra_dart_t *d, ra_buckets_t *bk, const ra_geom_t *g) {
  for (int u = 0; u < g->n; u++) {
    size_t at = (size_t)u * RA_MAX_INFLIGHT;
    DCHECK(dart_accumulate_scattered(d->gp[u], bk->off + at, bk->val + at, (size_t)bk->count[u],
                                     DART_TYPE_UINT64, DART_OP_BXOR));
    bk->count[u] = 0;
  }
  DCHECK(dart_flush_all(d->gp[0]));
}

static void agg_pass(ra_dart_t *d, ra_buckets_t *bk, const ra_geom_t *g) {
  uint64_t ran = ra_first(g), lmask = g->lsize - 1, tmask = g->tsize - 1;
  int buffered = 0;
  for (uint64_t i = 0; i < g->nupdate; i++) {
    ran = ra_next(ran);
    uint64_t gi = ran & tmask;
    size_t at = (size_t)(gi >> g->logl) * RA_MAX_INFLIGHT + (size_t)bk->count[gi >> g->logl]++;
    bk->off[at] = gi & lmask;
    bk->val[at] = ran;
    if (++buffered == RA_MAX_INFLIGHT) { /* the look-ahead is full */
      agg_send(d, bk, g);
      buffered = 0;
    }
  }
  agg_send(d, bk, g);
}

int main(int argc, char **argv) {
  bench_t b;
  bench_init(&argc, &argv, &b, 3, 1, 1);
  ra_geom_t g = ra_geom(&b);
  ra_odd_trials(&b);
  const char *only = bench_arg(argc, argv, "--variants");

  static ra_dart_t d, da; /* dart, dart_agg: a table each */
  ra_dart_init(&d, &g);
  ra_dart_init(&da, &g);
  ra_buckets_t bk;
  bk.off = (uint64_t *)malloc(sizeof *bk.off * RA_MAX_INFLIGHT * (size_t)g.n);
  bk.val = (uint64_t *)malloc(sizeof *bk.val * RA_MAX_INFLIGHT * (size_t)g.n);
  bk.count = (int *)calloc((size_t)g.n, sizeof *bk.count);
  if (!bk.off || !bk.val || !bk.count) abort();
  ra_mpi_t m;
  ra_mpi_init(&m, &g); /* ends with a barrier */

  static double gups[NV][BENCH_MAX_TRIALS];
  for (int tr = 0; tr < b.trials; tr++)
    for (int vi = 0; vi < NV; vi++) {
      int v = (vi + tr) % NV; /* rotated order, see bench.h */
      if (!wanted(only, vname[v]))
        gups[v][tr] = NAN;
      else if (v == V_DART)
        RA_TIMED_PASS(gups[v][tr], &g, dart_pass(&d, &g));
      else if (v == V_AGG)
        RA_TIMED_PASS(gups[v][tr], &g, agg_pass(&da, &bk, &g));
      else
        RA_TIMED_PASS(gups[v][tr], &g, ra_mpi_pass(&m, &g));
    }
  if (wanted(only, "dart")) RA_REPLAY(dart_pass(&d, &g)); /* verification */
  if (wanted(only, "dart_agg")) RA_REPLAY(agg_pass(&da, &bk, &g));
  if (wanted(only, "mpi")) RA_REPLAY(ra_mpi_pass(&m, &g));
  MCHECK(MPI_Win_sync(m.win));
  long long err[NV] = {ra_errors(&g, d.table), ra_errors(&g, da.table), ra_errors(&g, m.table)}, errsum[NV];
  MPI_Allreduce(err, errsum, NV, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (b.me == 0) printf(RA_HEADER);
  int fail = 0;
  for (int v = 0; v < NV; v++)
    fail |= ra_row_out(&b, &g, vname[v], bench_median(gups[v], b.trials), errsum[v], wanted(only, vname[v]));
  ra_mpi_free(&m);
  ra_dart_free(&d);
  ra_dart_free(&da);
  free(bk.off);
  free(bk.val);
  free(bk.count);
  DCHECK(dart_exit());
  return fail;
}
