/* Benchmark 1: blocking put/get latency (the papers' DTCT), 1 B .. 4 MiB.
 *
 * Unit 0 transfers to/from unit 1 (itself with one unit) while the other
 * units wait in a barrier. Variants, all timed in batches of calls:
 *   dart          dart_put_blocking / dart_get_blocking on a collective
 *                 allocation (shared-memory path, or MPI path with
 *                 DART_UNITS_PER_NODE=1)
 *   mpi_allocate  MPI_Put / MPI_Get + MPI_Win_flush, MPI_Win_allocate window
 *   mpi_shared    the same on an MPI_Win_allocate_shared window
 *   mpi_create    MPI_Put + MPI_Win_flush / MPI_Get + MPI_Win_flush_local
 *                 on an MPI_Win_create window: exactly the calls DART's MPI
 *                 path makes (the "equivalent raw MPI RMA call")
 *   memcpy        memcpy to/from the target's shared memory, then a
 *                 sequentially consistent fence
 * All windows are in one lock_all epoch. Output: ns per call (median over
 * trials) and, for dart and mpi_create, the median absolute deviation of
 * the trials (the noise of the inter-node overhead dart - mpi_create). */
#include "bench.h"

enum { V_DART, V_MPI_ALLOCATE, V_MPI_SHARED, V_MPI_CREATE, V_MEMCPY, NV };
static const char *vname[NV] = {"dart", "mpi_allocate", "mpi_shared", "mpi_create", "memcpy"};

typedef struct {
  dart_gptr_t g;     /* target's part of the DART segment */
  bench_win_t w[NV]; /* MPI windows, index by variant */
  char *buf;         /* local buffer */
} ctx_t;

static int available(const ctx_t *c, int v) {
  if (v == V_DART) return 1;
  if (v == V_MEMCPY) return c->w[V_MPI_SHARED].peer != NULL;
  return c->w[v].target != MPI_UNDEFINED;
}

/* Seconds for `reps` blocking transfers of sz bytes with variant v. */
static double run(ctx_t *c, int v, int put, size_t sz, long reps) {
  int n = (int)sz;
  char *buf = c->buf;
  double t0 = bench_now();
  if (v == V_DART) {
    if (put)
      for (long r = 0; r < reps; r++)
        DCHECK(dart_put_blocking(c->g, buf, sz, DART_TYPE_BYTE, DART_TYPE_BYTE));
    else
      for (long r = 0; r < reps; r++)
        DCHECK(dart_get_blocking(buf, c->g, sz, DART_TYPE_BYTE, DART_TYPE_BYTE));
  } else if (v == V_MEMCPY) {
    char *peer = c->w[V_MPI_SHARED].peer;
    if (put)
      for (long r = 0; r < reps; r++) {
        memcpy(peer, buf, sz);
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
      }
    else
      for (long r = 0; r < reps; r++) {
        memcpy(buf, peer, sz);
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
      }
  } else {
    MPI_Win win = c->w[v].win;
    int t = c->w[v].target;
    if (put)
      for (long r = 0; r < reps; r++) {
        MCHECK(MPI_Put(buf, n, MPI_BYTE, t, 0, n, MPI_BYTE, win));
        MCHECK(MPI_Win_flush(t, win));
      }
    else if (v == V_MPI_CREATE)
      for (long r = 0; r < reps; r++) {
        MCHECK(MPI_Get(buf, n, MPI_BYTE, t, 0, n, MPI_BYTE, win));
        MCHECK(MPI_Win_flush_local(t, win));
      }
    else
      for (long r = 0; r < reps; r++) {
        MCHECK(MPI_Get(buf, n, MPI_BYTE, t, 0, n, MPI_BYTE, win));
        MCHECK(MPI_Win_flush(t, win));
      }
  }
  return bench_now() - t0;
}

int main(int argc, char **argv) {
  bench_t b;
  bench_init(&argc, &argv, &b, 5, 3, 20000);
  static const size_t dflt[] = {1, 8, 64, 512, 4096, 32768, 262144, 1 << 20, 4 << 20, 0};
  static const size_t dflt_quick[] = {8, 1 << 20, 0};
  size_t sizes[BENCH_MAX_SIZES];
  int ns = bench_arg_sizes(argc, argv, "--sizes", b.quick ? dflt_quick : dflt, sizes);
  size_t maxsz = 64;
  for (int i = 0; i < ns; i++)
    if (sizes[i] > maxsz) maxsz = sizes[i];
  int target = b.nranks > 1 ? 1 : 0;

  ctx_t c;
  memset(&c, 0, sizeof c);
  DCHECK(dart_team_memalloc_aligned(DART_TEAM_ALL, maxsz, &c.g));
  DCHECK(dart_gptr_setunit(&c.g, target));
  for (int v = V_MPI_ALLOCATE; v <= V_MPI_CREATE; v++)
    bench_win_init(&c.w[v],
                   v == V_MPI_ALLOCATE ? BENCH_WIN_ALLOCATE
                   : v == V_MPI_SHARED ? BENCH_WIN_SHARED
                                       : BENCH_WIN_CREATE,
                   maxsz, target);
  c.buf = bench_alloc(maxsz);
  for (size_t i = 0; i < maxsz; i++) c.buf[i] = (char)i;

  if (b.me == 0) {
    printf("op,bytes");
    for (int v = 0; v < NV; v++) printf(",%s_ns", vname[v]);
    printf(",dart_mad_ns,mpi_create_mad_ns\n");
  }
  static double ts[NV][BENCH_MAX_TRIALS];
  long reps[NV];
  int ntr[NV];
  for (int put = 1; put >= 0; put--) {
    for (int i = 0; i < ns; i++) {
      size_t sz = sizes[i];
      if (b.me == 0) /* warm-up, then calls per trial from the warm-up's speed */
        for (int v = 0; v < NV; v++) {
          reps[v] = 0;
          ntr[v] = b.trials;
          if (!available(&c, v)) continue;
          run(&c, v, put, sz, 1);
          double per = run(&c, v, put, sz, 2) / 2;
          reps[v] = bench_calibrate(&b, per, 1);
          ntr[v] = bench_trials_for(&b, per * (double)reps[v]);
        }
      for (int tr = 0; tr < b.trials; tr++)
        for (int vi = 0; vi < NV; vi++) {
          int v = (vi + tr) % NV; /* rotated order, see bench.h */
          MPI_Barrier(MPI_COMM_WORLD);
          if (b.me == 0 && tr < ntr[v])
            ts[v][tr] = reps[v] ? run(&c, v, put, sz, reps[v]) / (double)reps[v] : NAN;
        }
      if (b.me == 0) {
        printf("%s,%zu", put ? "put" : "get", sz);
        for (int v = 0; v < NV; v++) bench_print_num(bench_median(ts[v], ntr[v]) * 1e9);
        bench_print_num(bench_mad(ts[V_DART], ntr[V_DART]) * 1e9);
        bench_print_num(bench_mad(ts[V_MPI_CREATE], ntr[V_MPI_CREATE]) * 1e9);
        printf("\n");
        fflush(stdout);
      }
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
  for (int v = V_MPI_ALLOCATE; v <= V_MPI_CREATE; v++) bench_win_free(&c.w[v]);
  free(c.buf);
  DCHECK(dart_team_memfree(c.g));
  DCHECK(dart_exit());
  return 0;
}
