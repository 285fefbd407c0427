/* The five-point Gauss-Seidel stencil shared by stencil.c (DART and MPI
 * variants) and stencil_dash.cc (the C++ container variant): the problem,
 * the row distribution, the sweep, the MPI two-sided halo exchange and the
 * result hash. Every variant calls the same sweep, so all of them must
 * produce bitwise the same grid.
 *
 * Problem: Laplace equation on an N x N grid of floats; boundary 1.0 on the
 * top edge (global row 0), 0 on the others; start 0. Rows are distributed
 * in blocks of ceil(N / units) rows (as dash's BLOCKED distribution), one
 * halo row above and below each block. */
#ifndef BENCH_STENCIL_H
#define BENCH_STENCIL_H

#include "bench.h"

static inline long stencil_block(long N, int n) { return (N + n - 1) / n; }
static inline long stencil_row0(long N, int n, int u) {
  long r = (long)u * stencil_block(N, n);
  return r < N ? r : N;
}
static inline long stencil_rows(long N, int n, int u) {
  long end = stencil_row0(N, n, u) + stencil_block(N, n);
  return (end < N ? end : N) - stencil_row0(N, n, u);
}

/* The initial values of `nrows` rows starting at global row `row0`. */
static inline void stencil_init(float *rows, long nrows, long N, long row0) {
  memset(rows, 0, sizeof(float) * (size_t)(nrows * N));
  if (row0 == 0 && nrows > 0)
    for (long j = 0; j < N; j++) rows[j] = 1.0f;
}

/* One in-place Gauss-Seidel sweep over `nrows` rows (global rows row0 ..),
 * row by row, left to right; `above` and `below` are the halo rows. Global
 * rows 0 and N-1 and columns 0 and N-1 are the fixed boundary. Returns the
 * largest change.
 * Not inlined: every variant of a program must run the very same machine
 * code, or the comparison measures the compiler (inlined copies were
 * compiled 1.8x apart). The left neighbour is carried in a register, so the
 * loop's dependency chain does not go through a store and reload. */
static __attribute__((noinline)) float stencil_sweep(float *rows, long nrows, long N, long row0,
                                                     const float *above, const float *below) {
  float diff = 0;
  for (long i = 0; i < nrows; i++) {
    long gi = row0 + i;
    if (gi == 0 || gi == N - 1) continue;
    const float *up = i == 0 ? above : rows + (i - 1) * N;
    const float *dn = i == nrows - 1 ? below : rows + (i + 1) * N;
    float *row = rows + i * N;
    float left = row[0];
    for (long j = 1; j < N - 1; j++) {
      float v = 0.25f * (up[j] + dn[j] + left + row[j + 1]);
      float d = fabsf(v - row[j]);
      if (d > diff) diff = d;
      row[j] = v;
      left = v;
    }
  }
  return diff;
}

/* MPI two-sided halo exchange: my first row to the unit above (into its
 * `below`), my last row to the unit below (into its `above`). */
static inline void stencil_exchange_p2p(const float *rows, long nrows, long N, int me, int n, float *above,
                                        float *below) {
  MPI_Status st;
  int pu = me > 0 ? me - 1 : MPI_PROC_NULL, pd = me + 1 < n ? me + 1 : MPI_PROC_NULL;
  MCHECK(MPI_Sendrecv(rows, (int)N, MPI_FLOAT, pu, 1, below, (int)N, MPI_FLOAT, pd, 1, MPI_COMM_WORLD, &st));
  MCHECK(MPI_Sendrecv(rows + (nrows - 1) * N, (int)N, MPI_FLOAT, pd, 2, above, (int)N, MPI_FLOAT, pu, 2,
                      MPI_COMM_WORLD, &st));
}

/* FNV-1a over every unit's rows, combined in unit order: the same on all. */
static inline uint64_t stencil_hash(const float *rows, long nrows, long N, int n) {
  uint64_t h = 1469598103934665603ULL, r = 1469598103934665603ULL;
  const unsigned char *p = (const unsigned char *)rows;
  for (size_t i = 0; i < sizeof(float) * (size_t)(nrows * N); i++) h = (h ^ p[i]) * 1099511628211ULL;
  uint64_t *all = (uint64_t *)malloc(sizeof *all * (size_t)n);
  if (!all) abort();
  MPI_Allgather(&h, 1, MPI_UINT64_T, all, 1, MPI_UINT64_T, MPI_COMM_WORLD);
  for (int u = 0; u < n; u++) r = (r ^ all[u]) * 1099511628211ULL;
  free(all);
  return r;
}

/* The iteration cap: --max-iter "a,b,c" (the s-th value, or the last one
 * given), else a default by size. */
static inline long stencil_max_iter(const bench_t *b, int s, size_t N) {
  const char *mi = bench_arg(b->argc, b->argv, "--max-iter");
  if (mi) {
    char buf[256];
    long v = 0;
    int k = 0;
    snprintf(buf, sizeof buf, "%s", mi);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ","), k++)
      if (k <= s) v = atol(tok);
    return v;
  }
  return N <= 64 ? (b->quick ? 100 : 20000) : N <= 1024 ? (b->quick ? 20 : 100) : (b->quick ? 5 : 10);
}

static inline float stencil_tol(const bench_t *b) {
  const char *t = bench_arg(b->argc, b->argv, "--tol");
  return (float)atof(t ? t : "1e-4");
}

#define STENCIL_HEADER "n,max_iter,variant,seconds,iterations,converged,last_change,hash,check\n"

static inline void stencil_row_out(long N, long max_iter, const char *variant, double seconds, long iters,
                                   float resid, float tol, uint64_t hash, int same) {
  printf("%ld,%ld,%s", N, max_iter, variant);
  bench_print_num(seconds);
  printf(",%ld,%s,%.3g,%016llx,%s\n", iters, resid < tol ? "yes" : "no", (double)resid,
         (unsigned long long)hash, same ? "same" : "DIFFERENT");
  fflush(stdout);
}

#endif
