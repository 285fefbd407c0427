/*
 * ga_read_inc.c -- NGA_Read_inc (atomic fetch-and-add) under contention.
 *
 * All processes increment shared counters (an int array and a long array,
 * counters owned by different processes) K times each. The final values
 * must be exact, and the fetched values must be exactly the sequence of
 * partial sums (every ticket handed out once: checked by collecting all
 * fetched values on every process and sorting them).
 */
#include <string.h>

#include "ga_test.h"

#define K 40

static int cmp_long(const void *a, const void *b) {
  long x = *(const long *)a, y = *(const long *)b;
  return (x > y) - (x < y);
}

/* Collect the K values of every process into all[np*K] (via a GA). */
static void collect(const long mine[K], long *all) {
  int dims[2] = {test_np, K}, chunk[2] = {-1, -1};
  int g = NGA_Create(C_LONG, 2, dims, "tickets", chunk);
  int lo[2] = {test_me, 0}, hi[2] = {test_me, K - 1}, ld[1] = {K};
  NGA_Put(g, lo, hi, (void *)mine, ld);
  GA_Sync();
  lo[0] = 0;
  hi[0] = test_np - 1;
  NGA_Get(g, lo, hi, all, ld);
  GA_Sync();
  GA_Destroy(g);
}

/* K increments of `inc` by each process on element `sub` of 1-d array g. */
static void contend(int g, int type, int sub, long init, long (*inc)(int)) {
  int s[1] = {sub};
  long mine[K];
  long *all = malloc((size_t)test_np * K * sizeof(long));
  for (int k = 0; k < K; k++) mine[k] = NGA_Read_inc(g, s, inc(test_me));
  GA_Sync();

  long total = 0;
  for (int p = 0; p < test_np; p++) total += K * inc(p);
  long final;
  if (type == C_INT) {
    int v;
    NGA_Get(g, s, s, &v, NULL);
    final = v;
  } else {
    NGA_Get(g, s, s, &final, NULL);
  }
  CHECK(final == init + total, "type %d counter %d: final %ld, want %ld", type, sub, final, init + total);

  /* tickets: sorted, they must be init, init+inc(p1), ... with each step
   * being the increment of the process that drew that ticket */
  collect(mine, all);
  long n = (long)test_np * K;
  long *owner_inc = malloc(n * sizeof(long) * 2);
  for (long i = 0; i < n; i++) {
    owner_inc[2 * i] = all[i];
    owner_inc[2 * i + 1] = inc((int)(i / K));
  }
  qsort(owner_inc, n, 2 * sizeof(long), cmp_long);
  long expect = init;
  for (long i = 0; i < n; i++) {
    CHECK(owner_inc[2 * i] == expect, "type %d counter %d: ticket %ld is %ld, want %ld", type, sub, i,
          owner_inc[2 * i], expect);
    expect = owner_inc[2 * i] + owner_inc[2 * i + 1];
  }
  /* each process's own tickets increase */
  for (int k = 1; k < K; k++) CHECK(mine[k] > mine[k - 1], "own tickets not increasing at %d", k);
  free(owner_inc);
  free(all);
}

static long inc_one(int p) {
  (void)p;
  return 1;
}
static long inc_rank(int p) { return p + 1; }

int main(int argc, char **argv) {
  test_init(&argc, &argv);
  gt_start();

  /* int counters: element 0 (first owner) and last element (last owner) */
  int n = 4 * test_np, chunk[1] = {-1};
  int gi = NGA_Create(C_INT, 1, &n, "icount", chunk);
  GA_Zero(gi);
  contend(gi, C_INT, 0, 0, inc_one);
  contend(gi, C_INT, n - 1, 0, inc_rank);
  GA_Destroy(gi);

  /* long counters starting above 2^32 */
  int gl = NGA_Create(C_LONG, 1, &n, "lcount", chunk);
  long big = 5000000000L;
  GA_Fill(gl, &big);
  contend(gl, C_LONG, n / 2, big, inc_rank);
  GA_Destroy(gl);

  /* a counter in a 2-d array: element (1,2) */
  int dims[2] = {3, 5}, chunk2[2] = {-1, -1};
  int g2 = NGA_Create(C_LONG, 2, dims, "count2", chunk2);
  GA_Zero(g2);
  int s2[2] = {1, 2};
  for (int k = 0; k < K; k++) NGA_Read_inc(g2, s2, 2);
  GA_Sync();
  long v;
  int ld1[1] = {1};
  NGA_Get(g2, s2, s2, &v, ld1);
  CHECK(v == 2L * K * test_np, "2-d counter %ld, want %ld", v, 2L * K * test_np);
  GA_Destroy(g2);

  GA_Terminate();
  return test_finish("ga_read_inc");
}
