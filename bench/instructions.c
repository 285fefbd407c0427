/* Benchmark 10: instructions DART executes per operation on its MPI path,
 * on top of the MPI calls it makes. Counted, not timed: bench/run runs unit
 * 0 of this program under valgrind's callgrind, collecting only inside
 * dart_loop and mpi_loop (--collect-atstart=no --toggle-collect=...), with
 * DART_UNITS_PER_NODE=1 and unit 1 outside valgrind; it then reads the
 * self cost of libdart's functions (DART's own instructions, exact and
 * repeatable: no polling in them) and the inclusive cost of each loop.
 *
 * Operations, 8 bytes, unit 0 on unit 1 while unit 1 waits in a barrier
 * (which drives MPI progress for it); each in turn, and callgrind dumps the
 * counts after each op's mpi_loop (--dump-after=mpi_loop), one file each:
 *   put         dart_put_blocking       MPI_Put + MPI_Win_flush
 *   get         dart_get_blocking       MPI_Get + MPI_Win_flush_local
 *   put_handle  dart_put_handle +       MPI_Rput + MPI_Waitall +
 *               dart_wait               MPI_Win_flush
 *   get_handle  dart_get_handle +       MPI_Rget + MPI_Waitall
 *               dart_wait
 *   flush       dart_flush              MPI_Win_flush
 *   fetch_add   dart_fetch_and_op(SUM)  MPI_Fetch_and_op + MPI_Win_flush
 *   put_flush   dart_put + dart_flush   as put
 *   get_flush   dart_get +              as get
 *               dart_flush_local
 *   cas         dart_compare_and_swap   MPI_Compare_and_swap + MPI_Win_flush
 * The MPI calls go to an MPI_Win_create window, the kind DART's MPI path
 * uses. Options: --ops put,get,... (default all, in the order above),
 * --iters N (default 10000, quick 200), --target self (unit 0 on itself).
 *
 * The same source builds instructions_inline, with the header's inline
 * same-node path (communication.h) left on: bench/run runs it intra-node
 * and compares whole dart_loop counts, a non-blocking transfer plus its
 * completion against the blocking call; and with --target self between
 * virtual nodes, where unit 0's own part is a same-node target on a
 * segment with an MPI window (blocking put and get). A warm-up of the same calls runs
 * outside the counted functions first (it fills the handle free list and
 * MPI's lazily built state). */
#include "bench.h"

enum {
  OP_PUT,
  OP_GET,
  OP_PUT_HANDLE,
  OP_GET_HANDLE,
  OP_FLUSH,
  OP_FETCH_ADD,
  OP_PUT_FLUSH,
  OP_GET_FLUSH,
  OP_CAS,
  NOPS
};
static const char *opname[NOPS] = {"put",       "get",       "put_handle", "get_handle", "flush",
                                   "fetch_add", "put_flush", "get_flush",  "cas"};
#define BYTES 8

/* name is an item of the comma-separated list. */
static int in_list(const char *list, const char *name) {
  size_t n = strlen(name);
  for (const char *p = list; (p = strstr(p, name)) != NULL; p += n)
    if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == '\0')) return 1;
  return 0;
}

typedef struct {
  int op;
  dart_gptr_t g;
  bench_win_t w;
  char buf[BYTES];
  int64_t one, res, cmp;
} ctx_t;

/* The pointer and buffer in locals, as a program holds them: *c is
 * written by every get, which would make the compiler load c->g again. */
static inline __attribute__((always_inline)) void dart_op(ctx_t *c) {
  dart_handle_t h;
  dart_gptr_t g = c->g;
  char *buf = c->buf;
  switch (c->op) {
    case OP_PUT: DCHECK(dart_put_blocking(g, buf, BYTES, DART_TYPE_BYTE, DART_TYPE_BYTE)); break;
    case OP_GET: DCHECK(dart_get_blocking(buf, g, BYTES, DART_TYPE_BYTE, DART_TYPE_BYTE)); break;
    case OP_PUT_HANDLE:
      DCHECK(dart_put_handle(g, buf, BYTES, DART_TYPE_BYTE, DART_TYPE_BYTE, &h));
      DCHECK(dart_wait(&h));
      break;
    case OP_GET_HANDLE:
      DCHECK(dart_get_handle(buf, g, BYTES, DART_TYPE_BYTE, DART_TYPE_BYTE, &h));
      DCHECK(dart_wait(&h));
      break;
    case OP_FLUSH: DCHECK(dart_flush(g)); break;
    case OP_PUT_FLUSH:
      DCHECK(dart_put(g, buf, BYTES, DART_TYPE_BYTE, DART_TYPE_BYTE));
      DCHECK(dart_flush(g));
      break;
    case OP_GET_FLUSH:
      DCHECK(dart_get(buf, g, BYTES, DART_TYPE_BYTE, DART_TYPE_BYTE));
      DCHECK(dart_flush_local(g));
      break;
    case OP_CAS: DCHECK(dart_compare_and_swap(g, &c->one, &c->cmp, &c->res, DART_TYPE_INT64)); break;
    default: DCHECK(dart_fetch_and_op(g, &c->one, &c->res, DART_TYPE_INT64, DART_OP_SUM)); break;
  }
}

static inline __attribute__((always_inline)) void mpi_op(ctx_t *c) {
  MPI_Request req;
  MPI_Status st[1]; /* not MPI_STATUSES_IGNORE: GCC 12 warns about it */
  int t = c->w.target;
  MPI_Win win = c->w.win;
  switch (c->op) {
    case OP_PUT:
    case OP_PUT_FLUSH:
      MCHECK(MPI_Put(c->buf, BYTES, MPI_BYTE, t, 0, BYTES, MPI_BYTE, win));
      MCHECK(MPI_Win_flush(t, win));
      break;
    case OP_GET:
    case OP_GET_FLUSH:
      MCHECK(MPI_Get(c->buf, BYTES, MPI_BYTE, t, 0, BYTES, MPI_BYTE, win));
      MCHECK(MPI_Win_flush_local(t, win));
      break;
    case OP_PUT_HANDLE:
      MCHECK(MPI_Rput(c->buf, BYTES, MPI_BYTE, t, 0, BYTES, MPI_BYTE, win, &req));
      MCHECK(MPI_Waitall(1, &req, st));
      MCHECK(MPI_Win_flush(t, win));
      break;
    case OP_GET_HANDLE:
      MCHECK(MPI_Rget(c->buf, BYTES, MPI_BYTE, t, 0, BYTES, MPI_BYTE, win, &req));
      MCHECK(MPI_Waitall(1, &req, st));
      break;
    case OP_FLUSH: MCHECK(MPI_Win_flush(t, win)); break;
    case OP_CAS:
      MCHECK(MPI_Compare_and_swap(&c->one, &c->cmp, &c->res, MPI_INT64_T, t, 0, win));
      MCHECK(MPI_Win_flush(t, win));
      break;
    default:
      MCHECK(MPI_Fetch_and_op(&c->one, &c->res, MPI_INT64_T, t, 0, MPI_SUM, win));
      MCHECK(MPI_Win_flush(t, win));
      break;
  }
}

/* The counted loops: named in callgrind's --toggle-collect, so neither
 * inlined nor cloned under another name (noipa). */
__attribute__((noipa)) void dart_loop(ctx_t *c, long n);
__attribute__((noipa)) void mpi_loop(ctx_t *c, long n);

void dart_loop(ctx_t *c, long n) {
  for (long i = 0; i < n; i++) dart_op(c);
}

void mpi_loop(ctx_t *c, long n) {
  for (long i = 0; i < n; i++) mpi_op(c);
}

/* The same calls, not counted. */
__attribute__((noipa)) static void warm_up(ctx_t *c, long n) {
  for (long i = 0; i < n; i++) {
    dart_op(c);
    mpi_op(c);
  }
}

int main(int argc, char **argv) {
  bench_t b;
  bench_init(&argc, &argv, &b, 1, 1, 10000);
  const char *ops = bench_arg(argc, argv, "--ops");
  long iters = bench_arg_long(argc, argv, "--iters", b.quick ? 200 : 10000);
  if (iters < 1) iters = 1;
  const char *tsel = bench_arg(argc, argv, "--target");
  int target = b.nranks > 1 && !(tsel && !strcmp(tsel, "self")) ? 1 : 0;
  ctx_t c;
  memset(&c, 0, sizeof c);
  c.one = 1;
  DCHECK(dart_team_memalloc_aligned(DART_TEAM_ALL, 64, &c.g));
  DCHECK(dart_gptr_setunit(&c.g, target));
  bench_win_init(&c.w, BENCH_WIN_CREATE, 64, target);
  if (b.me == 0) {
    printf("op,bytes,iters,internode\n");
    for (c.op = 0; c.op < NOPS; c.op++) {
      if (ops && !in_list(ops, opname[c.op])) continue;
      warm_up(&c, 100);
      dart_loop(&c, iters);
      mpi_loop(&c, iters); /* bench/run dumps the counts of each op after this */
      printf("%s,%d,%ld,%d\n", opname[c.op], BYTES, iters, b.internode);
    }
  }
  bench_win_free(&c.w); /* its barrier: unit 1 progresses MPI there meanwhile */
  DCHECK(dart_team_memfree(c.g));
  DCHECK(dart_exit());
  return 0;
}
