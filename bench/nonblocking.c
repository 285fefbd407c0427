/* Benchmark 2: non-blocking put/get, initiation time (the papers' DTIT)
 * and completion time, handle and flush variants, against MPI_Rput/MPI_Rget.
 *
 * Unit 0 works on unit 1 (itself with one unit). Per variant, three figures,
 * in ns per transfer:
 *   init_ns      K transfers initiated back to back (K in flight, distinct
 *                target and local offsets), divided by K
 *   complete_ns  the single completion call(s) of those K, divided by K
 *   single_ns    one transfer initiated and completed, repeated: compare
 *                with the blocking call (variant dart_blocking)
 * Variants:
 *   dart_blocking     dart_put_blocking / dart_get_blocking (reference)
 *   dart_handle       dart_put_handle / dart_get_handle, then dart_waitall
 *   dart_flush        dart_put / dart_get, then dart_flush (put) or
 *                     dart_flush_local (get)
 *   mpi_req           MPI_Rput / MPI_Rget, MPI_Waitall (+ MPI_Win_flush for
 *                     a put: remote completion), MPI_Win_allocate window
 *   mpi_flush         MPI_Put / MPI_Get, MPI_Win_flush / MPI_Win_flush_local
 *   mpi_req_create    as mpi_req on an MPI_Win_create window (the kind DART's
 *   mpi_flush_create  MPI path uses), as mpi_flush on it */
#include "bench.h"

enum { V_BLOCKING, V_HANDLE, V_FLUSH, V_MPI_REQ, V_MPI_FLUSH, V_MPI_REQ_C, V_MPI_FLUSH_C, NV };
static const char *vname[NV] = {"dart_blocking", "dart_handle",    "dart_flush",      "mpi_req",
                                "mpi_flush",     "mpi_req_create", "mpi_flush_create"};

#define KMAX 64
#define SPAN ((size_t)4 << 20) /* bytes in flight at most */

typedef struct {
  dart_gptr_t g;
  bench_win_t wa, wc; /* MPI_Win_allocate, MPI_Win_create */
  char *buf;
  dart_handle_t h[KMAX];
  MPI_Request req[KMAX];
  MPI_Status st[KMAX]; /* not MPI_STATUSES_IGNORE: GCC 12 warns about it */
} ctx_t;

static bench_win_t *win_of(ctx_t *c, int v) { return v == V_MPI_REQ || v == V_MPI_FLUSH ? &c->wa : &c->wc; }

static inline __attribute__((always_inline)) void initiate(ctx_t *c, dart_gptr_t g, int v, int put, size_t sz,
                                                           int k) {
  g.offset += (uint64_t)k * sz;
  char *buf = c->buf + (size_t)k * sz;
  int n = (int)sz;
  bench_win_t *w = win_of(c, v);
  MPI_Aint disp = (MPI_Aint)((size_t)k * sz);
  switch (v) {
    case V_BLOCKING:
      if (put)
        DCHECK(dart_put_blocking(g, buf, sz, DART_TYPE_BYTE, DART_TYPE_BYTE));
      else
        DCHECK(dart_get_blocking(buf, g, sz, DART_TYPE_BYTE, DART_TYPE_BYTE));
      break;
    case V_HANDLE:
      if (put)
        DCHECK(dart_put_handle(g, buf, sz, DART_TYPE_BYTE, DART_TYPE_BYTE, &c->h[k]));
      else
        DCHECK(dart_get_handle(buf, g, sz, DART_TYPE_BYTE, DART_TYPE_BYTE, &c->h[k]));
      break;
    case V_FLUSH:
      if (put)
        DCHECK(dart_put(g, buf, sz, DART_TYPE_BYTE, DART_TYPE_BYTE));
      else
        DCHECK(dart_get(buf, g, sz, DART_TYPE_BYTE, DART_TYPE_BYTE));
      break;
    case V_MPI_REQ:
    case V_MPI_REQ_C:
      if (put)
        MCHECK(MPI_Rput(buf, n, MPI_BYTE, w->target, disp, n, MPI_BYTE, w->win, &c->req[k]));
      else
        MCHECK(MPI_Rget(buf, n, MPI_BYTE, w->target, disp, n, MPI_BYTE, w->win, &c->req[k]));
      break;
    default:
      if (put)
        MCHECK(MPI_Put(buf, n, MPI_BYTE, w->target, disp, n, MPI_BYTE, w->win));
      else
        MCHECK(MPI_Get(buf, n, MPI_BYTE, w->target, disp, n, MPI_BYTE, w->win));
      break;
  }
}

static inline __attribute__((always_inline)) void complete(ctx_t *c, dart_gptr_t g, int v, int put, int k) {
  bench_win_t *w = win_of(c, v);
  switch (v) {
    case V_BLOCKING: break;
    case V_HANDLE: DCHECK(dart_waitall(c->h, (size_t)k)); break;
    case V_FLUSH:
      if (put)
        DCHECK(dart_flush(g));
      else
        DCHECK(dart_flush_local(g));
      break;
    case V_MPI_REQ:
    case V_MPI_REQ_C:
      MCHECK(MPI_Waitall(k, c->req, c->st));
      if (put) MCHECK(MPI_Win_flush(w->target, w->win));
      break;
    default:
      if (put)
        MCHECK(MPI_Win_flush(w->target, w->win));
      else
        MCHECK(MPI_Win_flush_local(w->target, w->win));
      break;
  }
}

/* `batches` rounds of k transfers: adds initiation and completion seconds. */
static void run_batches(ctx_t *c, int v, int put, size_t sz, int k, long batches, double *ti, double *tc) {
  *ti = *tc = 0;
  dart_gptr_t g = c->g;
  for (long r = 0; r < batches; r++) {
    double t0 = bench_now();
    for (int i = 0; i < k; i++) initiate(c, g, v, put, sz, i);
    double t1 = bench_now();
    complete(c, g, v, put, k);
    double t2 = bench_now();
    *ti += t1 - t0;
    *tc += t2 - t1;
  }
}

/* One loop per variant, with the variant a constant in it: the initiating
 * call and its completion stand next to each other on a pointer in a local
 * variable, as in a program, and no dispatch between them is timed. */
#define SINGLE_LOOP(V)                \
  case V:                             \
    for (long r = 0; r < reps; r++) { \
      initiate(c, g, V, put, sz, 0);  \
      complete(c, g, V, put, 1);      \
    }                                 \
    break;

static double run_single(ctx_t *c, int v, int put, size_t sz, long reps) {
  dart_gptr_t g = c->g;
  double t0 = bench_now();
  switch (v) {
    SINGLE_LOOP(V_BLOCKING)
    SINGLE_LOOP(V_HANDLE)
    SINGLE_LOOP(V_FLUSH)
    SINGLE_LOOP(V_MPI_REQ)
    SINGLE_LOOP(V_MPI_REQ_C)
    SINGLE_LOOP(V_MPI_FLUSH)
    SINGLE_LOOP(V_MPI_FLUSH_C)
  }
  return bench_now() - t0;
}

int main(int argc, char **argv) {
  bench_t b;
  bench_init(&argc, &argv, &b, 5, 3, 20000);
  static const size_t dflt[] = {8, 512, 4096, 65536, 1 << 20, 0};
  static const size_t dflt_quick[] = {8, 0};
  size_t sizes[BENCH_MAX_SIZES];
  int ns = bench_arg_sizes(argc, argv, "--sizes", b.quick ? dflt_quick : dflt, sizes);
  int kflight = (int)bench_arg_long(argc, argv, "--inflight", b.quick ? 8 : 32);
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
  const char *only = bench_arg(argc, argv, "--variants"); /* a subset, e.g. dart_handle,mpi_req */
  ctx_t c;
  memset(&c, 0, sizeof c);
  DCHECK(dart_team_memalloc_aligned(DART_TEAM_ALL, span, &c.g));
  DCHECK(dart_gptr_setunit(&c.g, target));
  bench_win_init(&c.wa, BENCH_WIN_ALLOCATE, span, target);
  bench_win_init(&c.wc, BENCH_WIN_CREATE, span, target);
  c.buf = bench_alloc(span);

  if (b.me == 0) printf("op,bytes,inflight,variant,init_ns,complete_ns,single_ns\n");
  static double ti[NV][BENCH_MAX_TRIALS], tc[NV][BENCH_MAX_TRIALS], t1[NV][BENCH_MAX_TRIALS];
  long nb[NV], n1[NV];
  int ntr[NV];
  for (int put = 1; put >= 0; put--) {
    for (int i = 0; i < ns; i++) {
      size_t sz = sizes[i];
      int k = sz && SPAN / sz < (size_t)kflight ? (int)(SPAN / sz) : kflight;
      if (k < 1) k = 1;
      if (b.me == 0)
        for (int v = 0; v < NV; v++) {
          double a, z;
          nb[v] = n1[v] = 0;
          ntr[v] = b.trials;
          if (only && !strstr(only, vname[v])) continue;
          run_batches(&c, v, put, sz, k, 1, &a, &z); /* warm-up */
          run_batches(&c, v, put, sz, k, 1, &a, &z);
          nb[v] = bench_calibrate(&b, a + z, 1);
          if (nb[v] * k > b.reps) nb[v] = b.reps / k > 0 ? b.reps / k : 1;
          double per1 = run_single(&c, v, put, sz, 2) / 2;
          n1[v] = bench_calibrate(&b, per1, 1);
          ntr[v] = bench_trials_for(&b, (a + z) * (double)nb[v] + per1 * (double)n1[v]);
        }
      for (int tr = 0; tr < b.trials; tr++)
        for (int vi = 0; vi < NV; vi++) {
          int v = (vi + tr) % NV; /* rotated order, see bench.h */
          MPI_Barrier(MPI_COMM_WORLD);
          if (b.me != 0 || tr >= ntr[v]) continue;
          if (!nb[v]) {
            ti[v][tr] = tc[v][tr] = t1[v][tr] = NAN;
            continue;
          }
          double a, z;
          run_batches(&c, v, put, sz, k, nb[v], &a, &z);
          ti[v][tr] = a / (double)(nb[v] * k);
          tc[v][tr] = z / (double)(nb[v] * k);
          t1[v][tr] = run_single(&c, v, put, sz, n1[v]) / (double)n1[v];
        }
      if (b.me == 0) {
        for (int v = 0; v < NV; v++) {
          printf("%s,%zu,%d,%s", put ? "put" : "get", sz, k, vname[v]);
          bench_print_num(bench_median(ti[v], ntr[v]) * 1e9);
          bench_print_num(bench_median(tc[v], ntr[v]) * 1e9);
          bench_print_num(bench_median(t1[v], ntr[v]) * 1e9);
          printf("\n");
        }
        fflush(stdout);
      }
    }
  }
  bench_win_free(&c.wa);
  bench_win_free(&c.wc);
  free(c.buf);
  DCHECK(dart_team_memfree(c.g));
  DCHECK(dart_exit());
  return 0;
}
