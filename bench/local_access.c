/* Benchmark 6: local access. The slides' loop (fill an array with a linear
 * congruential sequence) on memory of different origins, every unit at once
 * on its own memory; seconds are the max over units, median over trials
 * (variants interleaved):
 *   malloc      malloc'd memory (the baseline)
 *   dart_coll   the calling unit's part of a dart_team_memalloc_aligned
 *               segment (dart_gptr_getaddr)
 *   dart_local  memory from dart_memalloc (dart_gptr_getaddr)
 * Each buffer is filled once before timing (first touch). --nelem (1 Mi
 * ints: short trials are rarely preempted on a loaded machine), --trials. */
#include "bench.h"

enum { V_MALLOC, V_DART_COLL, V_DART_LOCAL, NV };
static const char *vname[NV] = {"malloc", "dart_coll", "dart_local"};

/* The slides' do_work, with the multiplication in unsigned arithmetic
 * (the original's signed overflow is undefined behaviour in C). Not
 * inlined: every variant runs the very same machine code. */
__attribute__((noinline)) static double do_work(int *beg, long nelem) {
  const unsigned LCG_A = 1664525u, LCG_C = 1013904223u;
  unsigned seed = 31337u;
  double start = bench_now();
  for (long i = 0; i < nelem; ++i) {
    seed = LCG_A * seed + LCG_C;
    beg[i] = (int)(seed % 100u);
  }
  return bench_now() - start;
}

int main(int argc, char **argv) {
  long nelem = bench_arg_long(argc, argv, "--nelem", 1L << 20); /* 4 MiB: twice the L2 cache */
  size_t bytes = sizeof(int) * (size_t)nelem;
  char pool[64]; /* the local pool must hold the dart_memalloc buffer */
  snprintf(pool, sizeof pool, "%zu", bytes + ((size_t)4 << 20));
  if (bytes + ((size_t)4 << 20) > ((size_t)64 << 20)) setenv("DART_LOCAL_POOL", pool, 0);
  bench_t b;
  bench_init(&argc, &argv, &b, 21, 5, 1);
  int *mem[NV];
  mem[V_MALLOC] = malloc(bytes);
  dart_gptr_t gc, gl;
  DCHECK(dart_team_memalloc_aligned(DART_TEAM_ALL, bytes, &gc));
  DCHECK(dart_gptr_setunit(&gc, b.me));
  DCHECK(dart_gptr_getaddr(gc, (void **)&mem[V_DART_COLL]));
  dart_ret_t lr = dart_memalloc(bytes, &gl);
  mem[V_DART_LOCAL] = NULL;
  if (lr == DART_OK)
    DCHECK(dart_gptr_getaddr(gl, (void **)&mem[V_DART_LOCAL]));
  else if (b.me == 0)
    printf("# n/a: dart_memalloc(%zu) returned %d (DART_LOCAL_POOL too small?)\n", bytes, (int)lr);
  if (!mem[V_MALLOC]) abort();
  for (int v = 0; v < NV; v++)
    if (mem[v]) do_work(mem[v], nelem); /* first touch + warm-up */

  static double ts[NV][BENCH_MAX_TRIALS];
  for (int tr = 0; tr < b.trials; tr++)
    for (int vi = 0; vi < NV; vi++) {
      int v = (vi + tr) % NV; /* rotated order, see bench.h */
      MPI_Barrier(MPI_COMM_WORLD);
      double t = mem[v] ? do_work(mem[v], nelem) : NAN, tmax;
      MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
      ts[v][tr] = tmax;
    }
  /* The same contents everywhere: the loops really ran. */
  long bad = 0;
  for (int v = 1; v < NV; v++)
    if (mem[v] && memcmp(mem[v], mem[V_MALLOC], bytes) != 0) bad++;
  if (b.me == 0) {
    printf("nelem");
    for (int v = 0; v < NV; v++) printf(",%s_s", vname[v]);
    printf(",check\n%ld", nelem);
    for (int v = 0; v < NV; v++) bench_print_num(bench_median(ts[v], b.trials));
    printf(",%s\n", bad ? "FAIL" : "ok");
  }
  if (lr == DART_OK) DCHECK(dart_memfree(gl));
  DCHECK(dart_team_memfree(gc));
  free(mem[V_MALLOC]);
  DCHECK(dart_exit());
  return bad ? 1 : 0;
}
