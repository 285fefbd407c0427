/*
 * ga_scatter_gather.c -- NGA_Scatter, NGA_Gather and NGA_Scatter_acc on
 * 1-, 2- and 3-dimensional arrays (int and double).
 *
 * Every process scatters to the elements whose linear index is congruent to
 * its rank (so every call hits every owner), then gathers all elements in a
 * scrambled order and checks them. Then all processes scatter-accumulate
 * alpha_r * w into a common subset of elements; the sums must be exact.
 */
#include <string.h>

#include "ga_test.h"

#define MAXD 3

static void to_subscript(int ndim, const int dims[], long li, int *s) {
  for (int d = ndim - 1; d >= 0; d--) {
    s[d] = (int)(li % dims[d]);
    li /= dims[d];
  }
}

static void run(int type, int ndim, int dims[]) {
  int chunk[MAXD] = {-1, -1, -1};
  int g = NGA_Create(type, ndim, dims, "sg", chunk);
  GA_Zero(g);
  long total = 1;
  for (int d = 0; d < ndim; d++) total *= dims[d];
  size_t es = gt_size(type);

  /* scatter: elements li with li % np == me get key li + 1 */
  long n = 0;
  int *subs = malloc(total * MAXD * sizeof(int));
  int **sp = malloc(total * sizeof(int *));
  char *vals = malloc(total * es);
  for (long li = test_me; li < total; li += test_np) {
    sp[n] = subs + n * MAXD;
    to_subscript(ndim, dims, li, sp[n]);
    gt_set(type, vals, n, li + 1);
    n++;
  }
  if (n > 0) NGA_Scatter(g, vals, sp, (int)n);
  GA_Sync();

  /* gather everything in a scrambled order: li = (k * 7 + me) mod total */
  int stride = 7;
  while (total % stride == 0) stride++;
  for (long k = 0; k < total; k++) {
    sp[k] = subs + k * MAXD;
    to_subscript(ndim, dims, (k * stride + test_me) % total, sp[k]);
  }
  memset(vals, 0xff, total * es);
  NGA_Gather(g, vals, sp, (int)total);
  for (long k = 0; k < total; k++) {
    long li = (k * stride + test_me) % total;
    CHECK(gt_is(type, vals, k, li + 1), "gather type %d ndim %d elem %ld = %g", type, ndim, li,
          gt_show(type, vals, k));
  }
  GA_Sync();

  /* scatter-accumulate: all processes add alpha_r * (li % 5 + 1) to the
   * elements with li % 3 == 0, listed in a rank-dependent order */
  n = 0;
  for (long k = 0; k < total; k++) {
    long li = (test_me % 2) ? total - 1 - k : k;
    if (li % 3) continue;
    sp[n] = subs + n * MAXD;
    to_subscript(ndim, dims, li, sp[n]);
    if (type == C_INT)
      ((int *)vals)[n] = (int)(li % 5 + 1);
    else
      ((double *)vals)[n] = (double)(li % 5 + 1);
    n++;
  }
  int ialpha = test_me + 1;
  double dalpha = test_me + 1;
  NGA_Scatter_acc(g, vals, sp, (int)n, type == C_INT ? (void *)&ialpha : (void *)&dalpha);
  GA_Sync();

  int lo[MAXD] = {0, 0, 0}, hi[MAXD], ld[MAXD];
  for (int d = 0; d < ndim; d++) hi[d] = dims[d] - 1;
  gt_ld(ndim, lo, hi, ld);
  NGA_Get(g, lo, hi, vals, ld);
  long asum = (long)test_np * (test_np + 1) / 2; /* sum of alpha_r */
  for (long li = 0; li < total; li++) {
    /* base value as scattered above (gt_set: int key, double key/4) */
    double base = type == C_INT ? (double)(li + 1) : (li + 1) * 0.25;
    double expect = base + (li % 3 == 0 ? (double)(asum * (li % 5 + 1)) : 0.0);
    double got = type == C_INT ? ((int *)vals)[li] : ((double *)vals)[li];
    CHECK(got == expect, "scatter_acc type %d ndim %d elem %ld = %g want %g", type, ndim, li, got, expect);
  }
  free(subs);
  free(sp);
  free(vals);
  GA_Sync();
  GA_Destroy(g);
}

int main(int argc, char **argv) {
  test_init(&argc, &argv);
  gt_start();
  int d1[1] = {53}, d2[2] = {15, 13}, d3[3] = {5, 6, 7};
  run(C_INT, 1, d1);
  run(C_DBL, 2, d2);
  run(C_INT, 2, d2);
  run(C_DBL, 3, d3);
  GA_Terminate();
  return test_finish("ga_scatter_gather");
}
