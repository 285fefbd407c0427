/* Benchmark 3: bandwidth of put and get, blocking and non-blocking (K
 * transfers in flight to distinct offsets, then one completion), in GB/s
 * (1e9 bytes per second). Unit 0 works on unit 1 (itself with one unit).
 * Variants:
 *   memcpy          memcpy to/from the target's shared memory + fence, per transfer
 *   dart_blocking   dart_put_blocking / dart_get_blocking
 *   dart_nb         K x dart_put / dart_get, then one dart_flush / dart_flush_local
 *   dart_handle     K x dart_put_handle / dart_get_handle, then dart_waitall
 *   mpi_blocking    MPI_Put / MPI_Get + MPI_Win_flush, MPI_Win_allocate window
 *   mpi_nb          K x MPI_Put / MPI_Get, then one flush, MPI_Win_allocate window
 *   mpi_nb_create   as mpi_nb on an MPI_Win_create window (DART's MPI path) */
#include "bench.h"

enum { V_MEMCPY, V_DART_BLOCKING, V_DART_NB, V_DART_HANDLE, V_MPI_BLOCKING, V_MPI_NB, V_MPI_NB_C, NV };
static const char *vname[NV] = {"memcpy",       "dart_blocking", "dart_nb",      "dart_handle",
                                "mpi_blocking", "mpi_nb",        "mpi_nb_create"};

#define KMAX 64
#define SPAN ((size_t)16 << 20)

typedef struct {
  dart_gptr_t g;
  bench_win_t wa, wc, ws;
  char *buf;
  dart_handle_t h[KMAX];
} ctx_t;

/* Seconds for `batches` rounds of k transfers of sz bytes. */
static double run(ctx_t *c, int v, int put, size_t sz, int k, long batches) {
  int n = (int)sz;
  double t0 = bench_now();
  for (long r = 0; r < batches; r++) {
    for (int i = 0; i < k; i++) {
      size_t off = (size_t)i * sz;
      char *buf = c->buf + off;
      dart_gptr_t g = c->g;
      g.offset += off;
      switch (v) {
        case V_MEMCPY:
          if (put)
            memcpy(c->ws.peer + off, buf, sz);
          else
            memcpy(buf, c->ws.peer + off, sz);
          __atomic_thread_fence(__ATOMIC_SEQ_CST);
          break;
        case V_DART_BLOCKING:
          if (put)
            DCHECK(dart_put_blocking(g, buf, sz, DART_TYPE_BYTE, DART_TYPE_BYTE));
          else
            DCHECK(dart_get_blocking(buf, g, sz, DART_TYPE_BYTE, DART_TYPE_BYTE));
          break;
        case V_DART_NB:
          if (put)
            DCHECK(dart_put(g, buf, sz, DART_TYPE_BYTE, DART_TYPE_BYTE));
          else
            DCHECK(dart_get(buf, g, sz, DART_TYPE_BYTE, DART_TYPE_BYTE));
          break;
        case V_DART_HANDLE:
          if (put)
            DCHECK(dart_put_handle(g, buf, sz, DART_TYPE_BYTE, DART_TYPE_BYTE, &c->h[i]));
          else
            DCHECK(dart_get_handle(buf, g, sz, DART_TYPE_BYTE, DART_TYPE_BYTE, &c->h[i]));
          break;
        case V_MPI_BLOCKING:
          if (put) {
            MCHECK(MPI_Put(buf, n, MPI_BYTE, c->wa.target, (MPI_Aint)off, n, MPI_BYTE, c->wa.win));
            MCHECK(MPI_Win_flush(c->wa.target, c->wa.win));
          } else {
            MCHECK(MPI_Get(buf, n, MPI_BYTE, c->wa.target, (MPI_Aint)off, n, MPI_BYTE, c->wa.win));
            MCHECK(MPI_Win_flush(c->wa.target, c->wa.win));
          }
          break;
        default: {
          bench_win_t *w = v == V_MPI_NB ? &c->wa : &c->wc;
          if (put)
            MCHECK(MPI_Put(buf, n, MPI_BYTE, w->target, (MPI_Aint)off, n, MPI_BYTE, w->win));
          else
            MCHECK(MPI_Get(buf, n, MPI_BYTE, w->target, (MPI_Aint)off, n, MPI_BYTE, w->win));
        }
      }
    }
    switch (v) {
      case V_DART_NB:
        if (put)
          DCHECK(dart_flush(c->g));
        else
          DCHECK(dart_flush_local(c->g));
        break;
      case V_DART_HANDLE: DCHECK(dart_waitall(c->h, (size_t)k)); break;
      case V_MPI_NB:
      case V_MPI_NB_C: {
        bench_win_t *w = v == V_MPI_NB ? &c->wa : &c->wc;
        if (put)
          MCHECK(MPI_Win_flush(w->target, w->win));
        else
          MCHECK(MPI_Win_flush_local(w->target, w->win));
        break;
      }
      default: break;
    }
  }
  return bench_now() - t0;
}

int main(int argc, char **argv) {
  bench_t b;
  bench_init(&argc, &argv, &b, 5, 3, 20000);
  static const size_t dflt[] = {64, 4096, 65536, 1 << 20, 4 << 20, 0};
  static const size_t dflt_quick[] = {1 << 20, 0};
  size_t sizes[BENCH_MAX_SIZES];
  int ns = bench_arg_sizes(argc, argv, "--sizes", b.quick ? dflt_quick : dflt, sizes);
  int kflight = (int)bench_arg_long(argc, argv, "--inflight", b.quick ? 4 : 16);
  if (kflight < 1) kflight = 1;
  if (kflight > KMAX) kflight = KMAX;
  size_t span = 64;
  for (int i = 0; i < ns; i++) {
    size_t k = sizes[i] ? SPAN / sizes[i] : KMAX;
    if (k > (size_t)kflight) k = (size_t)kflight;
    if (k < 1) k = 1;
    if (k * sizes[i] > span) span = k * sizes[i];
  }
  int target = b.nranks > 1 ? 1 : 0;
  const char *only = bench_arg(argc, argv, "--variants"); /* a subset, e.g. dart_nb,mpi_nb */
  ctx_t c;
  memset(&c, 0, sizeof c);
  DCHECK(dart_team_memalloc_aligned(DART_TEAM_ALL, span, &c.g));
  DCHECK(dart_gptr_setunit(&c.g, target));
  bench_win_init(&c.wa, BENCH_WIN_ALLOCATE, span, target);
  bench_win_init(&c.wc, BENCH_WIN_CREATE, span, target);
  bench_win_init(&c.ws, BENCH_WIN_SHARED, span, target);
  c.buf = bench_alloc(span);
  for (size_t i = 0; i < span; i++) c.buf[i] = (char)i;

  if (b.me == 0) {
    printf("op,bytes,inflight");
    for (int v = 0; v < NV; v++) printf(",%s_GBps", vname[v]);
    printf("\n");
  }
  static double ts[NV][BENCH_MAX_TRIALS];
  long nb[NV];
  int ntr[NV];
  for (int put = 1; put >= 0; put--) {
    for (int i = 0; i < ns; i++) {
      size_t sz = sizes[i];
      int k = sz && SPAN / sz < (size_t)kflight ? (int)(SPAN / sz) : kflight;
      if (k < 1) k = 1;
      if (b.me == 0)
        for (int v = 0; v < NV; v++) {
          nb[v] = 0;
          ntr[v] = b.trials;
          if (v == V_MEMCPY && !c.ws.peer) continue;
          if (only && !strstr(only, vname[v])) continue;
          run(&c, v, put, sz, k, 1);
          double per = run(&c, v, put, sz, k, 1);
          nb[v] = bench_calibrate(&b, per, 1);
          if (nb[v] * k > b.reps) nb[v] = b.reps / k > 0 ? b.reps / k : 1;
          ntr[v] = bench_trials_for(&b, per * (double)nb[v]);
        }
      for (int tr = 0; tr < b.trials; tr++)
        for (int vi = 0; vi < NV; vi++) {
          int v = (vi + tr) % NV; /* rotated order, see bench.h */
          MPI_Barrier(MPI_COMM_WORLD);
          if (b.me == 0 && tr < ntr[v])
            ts[v][tr] = nb[v] ? (double)(nb[v] * k) * (double)sz / run(&c, v, put, sz, k, nb[v]) * 1e-9 : NAN;
        }
      if (b.me == 0) {
        printf("%s,%zu,%d", put ? "put" : "get", sz, k);
        for (int v = 0; v < NV; v++) bench_print_num(bench_median(ts[v], ntr[v]));
        printf("\n");
        fflush(stdout);
      }
    }
  }
  bench_win_free(&c.wa);
  bench_win_free(&c.wc);
  bench_win_free(&c.ws);
  free(c.buf);
  DCHECK(dart_team_memfree(c.g));
  DCHECK(dart_exit());
  return 0;
}
