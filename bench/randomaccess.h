/* RandomAccess (HPC Challenge) pieces shared by randomaccess.c (DART and
 * MPI variants) and randomaccess_dash.cc (the C++ container variant): the
 * standard random stream, the table geometry, the plain MPI RMA variant
 * (the baseline) and the verification count.
 *
 * Rules: a table of 2^k 64-bit words per unit (TableSize = 2^k x units,
 * units a power of two), Table[i] = i initially; each unit applies
 * 4 x 2^k updates Table[ran & (TableSize-1)] ^= ran with the stream (POLY
 * 0x7) starting at HPCC_starts(4 * 2^k * unit); at most 1,024 updates in
 * flight per unit. Verification: replaying the same stream undoes it; at
 * most 1% of the entries may then differ from their index. */
#ifndef BENCH_RANDOMACCESS_H
#define BENCH_RANDOMACCESS_H

#include "bench.h"

#define RA_POLY 0x0000000000000007ULL
#define RA_PERIOD 1317624576693539401LL
#define RA_MAX_INFLIGHT 1024

/* The n-th element of the stream (HPCC's reference HPCC_starts). */
static inline uint64_t hpcc_starts(int64_t n) {
  uint64_t m2[64], temp, ran;
  int i, j;
  while (n < 0) n += RA_PERIOD;
  while (n > RA_PERIOD) n -= RA_PERIOD;
  if (n == 0) return 0x1;
  temp = 0x1;
  for (i = 0; i < 64; i++) {
    m2[i] = temp;
    temp = (temp << 1) ^ ((int64_t)temp < 0 ? RA_POLY : 0);
    temp = (temp << 1) ^ ((int64_t)temp < 0 ? RA_POLY : 0);
  }
  for (i = 62; i >= 0; i--)
    if ((n >> i) & 1) break;
  ran = 0x2;
  while (i > 0) {
    temp = 0;
    for (j = 0; j < 64; j++)
      if ((ran >> j) & 1) temp ^= m2[j];
    ran = temp;
    i -= 1;
    if ((n >> i) & 1) ran = (ran << 1) ^ ((int64_t)ran < 0 ? RA_POLY : 0);
  }
  return ran;
}

static inline uint64_t ra_next(uint64_t ran) { return (ran << 1) ^ ((int64_t)ran < 0 ? RA_POLY : 0); }

typedef struct {
  int me, n, logl;
  uint64_t lsize, tsize, nupdate; /* local table, global table, my updates */
  uint64_t gstart;                /* global index of my first entry */
} ra_geom_t;

/* --log2 k (default 14: the MPI baseline costs tens of microseconds per
 * update on a loaded 2-core machine; quick 8); aborts unless units are a
 * power of two. */
static inline ra_geom_t ra_geom(const bench_t *b) {
  ra_geom_t g;
  g.me = b->me;
  g.n = b->nranks;
  if (g.n & (g.n - 1)) {
    if (b->me == 0) fprintf(stderr, "randomaccess: the number of units must be a power of two\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  g.logl = (int)bench_arg_long(b->argc, b->argv, "--log2", b->quick ? 8 : 14);
  g.lsize = (uint64_t)1 << g.logl;
  g.tsize = g.lsize * (uint64_t)g.n;
  g.nupdate = 4 * g.lsize;
  g.gstart = g.lsize * (uint64_t)g.me;
  return g;
}

static inline uint64_t ra_first(const ra_geom_t *g) {
  return hpcc_starts((int64_t)(4 * g->lsize * (uint64_t)g->me));
}

/* Entries of my part that differ from their index. */
static inline long long ra_errors(const ra_geom_t *g, const uint64_t *table) {
  long long e = 0;
  for (uint64_t i = 0; i < g->lsize; i++) e += table[i] != g->gstart + i;
  return e;
}

/* ---- plain MPI RMA: MPI_Accumulate(MPI_BXOR) on an MPI_Win_create window
 * (not MPI_Win_allocate: MPICH 4.0.2 has a correctness bug with
 * accumulates on such windows), MPI_Win_flush_all every 1,024 updates. */

typedef struct {
  uint64_t *table;
  MPI_Win win;
  uint64_t buf[RA_MAX_INFLIGHT]; /* origin buffers of the updates in flight */
} ra_mpi_t;

static inline void ra_mpi_init(ra_mpi_t *m, const ra_geom_t *g) {
  size_t bytes = g->lsize * sizeof(uint64_t);
  MCHECK(MPI_Alloc_mem((MPI_Aint)bytes, MPI_INFO_NULL, (void *)&m->table));
  MCHECK(MPI_Win_create(m->table, (MPI_Aint)bytes, sizeof(uint64_t), MPI_INFO_NULL, MPI_COMM_WORLD, &m->win));
  MCHECK(MPI_Win_lock_all(MPI_MODE_NOCHECK, m->win));
  for (uint64_t i = 0; i < g->lsize; i++) m->table[i] = g->gstart + i;
  MCHECK(MPI_Win_sync(m->win));
  MPI_Barrier(MPI_COMM_WORLD);
}

static inline void ra_mpi_pass(ra_mpi_t *m, const ra_geom_t *g) {
  uint64_t ran = ra_first(g), lmask = g->lsize - 1, tmask = g->tsize - 1;
  int inflight = 0;
  for (uint64_t i = 0; i < g->nupdate; i++) {
    ran = ra_next(ran);
    uint64_t gi = ran & tmask;
    m->buf[inflight] = ran;
    MCHECK(MPI_Accumulate(&m->buf[inflight], 1, MPI_UINT64_T, (int)(gi >> g->logl), (MPI_Aint)(gi & lmask), 1,
                          MPI_UINT64_T, MPI_BXOR, m->win));
    if (++inflight == RA_MAX_INFLIGHT) {
      MCHECK(MPI_Win_flush_all(m->win));
      inflight = 0;
    }
  }
  MCHECK(MPI_Win_flush_all(m->win));
}

static inline void ra_mpi_free(ra_mpi_t *m) {
  MCHECK(MPI_Win_unlock_all(m->win));
  MCHECK(MPI_Win_free(&m->win));
  MPI_Free_mem(m->table);
}

/* Times one pass (barrier-terminated, slowest unit). Returns GUP/s. An
 * odd number of timed passes plus one untimed replay (RA_REPLAY) applies
 * every update an even number of times: the table must be back to
 * Table[i] = i, which is the verification. */
#define RA_TIMED_PASS(gups_out, g, pass_stmt)                           \
  do {                                                                  \
    MPI_Barrier(MPI_COMM_WORLD);                                        \
    double t0_ = bench_now();                                           \
    pass_stmt;                                                          \
    MPI_Barrier(MPI_COMM_WORLD);                                        \
    double t_ = bench_now() - t0_, tmax_;                               \
    MPI_Allreduce(&t_, &tmax_, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD); \
    (gups_out) = (double)(g)->nupdate * (g)->n / tmax_ * 1e-9;          \
  } while (0)

#define RA_REPLAY(pass_stmt)     \
  do {                           \
    MPI_Barrier(MPI_COMM_WORLD); \
    pass_stmt;                   \
    MPI_Barrier(MPI_COMM_WORLD); \
  } while (0)

/* Trials must be odd (see RA_TIMED_PASS). */
static inline void ra_odd_trials(bench_t *b) {
  if (b->trials % 2 == 0) b->trials++;
}

#define RA_HEADER "variant,log2_local,table_words,updates,gups,errors,verification\n"

/* Prints a result row on unit 0; returns 1 if verification failed. */
static inline int ra_row_out(const bench_t *b, const ra_geom_t *g, const char *variant, double gups,
                             long long errors, int ran) {
  int ok = (double)errors <= 0.01 * (double)g->tsize;
  if (b->me == 0) {
    printf("%s,%d,%llu,%llu", variant, g->logl, (unsigned long long)g->tsize,
           (unsigned long long)(g->nupdate * (uint64_t)g->n));
    bench_print_num(gups);
    printf(",%lld,%s\n", errors, !ran ? "n/a" : ok ? "PASS" : "FAIL");
    fflush(stdout);
  }
  return ran && !ok;
}

#endif
