/*
 * ga_putgetacc.c -- NGA_Put, NGA_Get and NGA_Acc on patches that span
 * several owners, in 1, 2 and 3 dimensions, for int, long, float, double
 * and double complex.
 *
 *  put/get: every process puts a band of the array (disjoint bands, each
 *           crossing block boundaries); after GA_Sync every process gets
 *           several patches (including the whole array) and checks them.
 *           Then process 0 alone overwrites a centred patch touching every
 *           owner, and all check again.
 *  acc:     every process accumulates alpha_r * v into the same patch
 *           (alpha_r = r+1, and a complex alpha for DCPL); the result must
 *           equal the exact sum.
 */
#include <string.h>

#include "ga_test.h"

#define MAXD 3

static long elems(int ndim, int lo[], int hi[]) { return gt_box_size(ndim, lo, hi); }

/* Check patch [lo,hi] read by NGA_Get against key(s) = linear index + base,
 * except inside box [xlo,xhi] (if given) where key = linear index + xbase. */
static void check_patch(int g, int type, int ndim, int dims[], int lo[], int hi[], long base, int *xlo,
                        int *xhi, long xbase, const char *what) {
  long n = elems(ndim, lo, hi);
  if (n == 0) return;
  char *buf = malloc(n * gt_size(type));
  int ld[MAXD], s[MAXD];
  gt_ld(ndim, lo, hi, ld);
  NGA_Get(g, lo, hi, buf, ld);
  memcpy(s, lo, sizeof(int) * ndim);
  long i = 0;
  do {
    long key = gt_linear(ndim, dims, s);
    int inx = xlo != NULL;
    for (int d = 0; inx && d < ndim; d++) inx = s[d] >= xlo[d] && s[d] <= xhi[d];
    key += inx ? xbase : base;
    CHECK(gt_is(type, buf, i, key), "%s: type %d ndim %d elem %ld: %g, key %ld", what, type, ndim, key,
          gt_show(type, buf, i), key);
    i++;
  } while (gt_next(ndim, lo, hi, s));
  free(buf);
}

static void put_patch(int g, int type, int ndim, int dims[], int lo[], int hi[], long base) {
  long n = elems(ndim, lo, hi);
  if (n == 0) return;
  char *buf = malloc(n * gt_size(type));
  int ld[MAXD], s[MAXD];
  gt_ld(ndim, lo, hi, ld);
  memcpy(s, lo, sizeof(int) * ndim);
  long i = 0;
  do gt_set(type, buf, i++, gt_linear(ndim, dims, s) + base);
  while (gt_next(ndim, lo, hi, s));
  NGA_Put(g, lo, hi, buf, ld);
  free(buf);
}

static void test_put_get(int g, int type, int ndim, int dims[]) {
  int lo[MAXD], hi[MAXD];

  /* disjoint bands along dimension 0, one per process (some may be empty) */
  for (int d = 0; d < ndim; d++) {
    lo[d] = 0;
    hi[d] = dims[d] - 1;
  }
  lo[0] = (int)((long)dims[0] * test_me / test_np);
  hi[0] = (int)((long)dims[0] * (test_me + 1) / test_np) - 1;
  put_patch(g, type, ndim, dims, lo, hi, 1000);
  GA_Sync();

  int all_lo[MAXD] = {0, 0, 0}, all_hi[MAXD];
  for (int d = 0; d < ndim; d++) all_hi[d] = dims[d] - 1;
  check_patch(g, type, ndim, dims, all_lo, all_hi, 1000, NULL, NULL, 0, "whole");
  /* a few odd patches: single element, interior box, last corner */
  for (int k = 0; k < 3; k++) {
    for (int d = 0; d < ndim; d++) {
      if (k == 0) lo[d] = hi[d] = dims[d] / 2;
      if (k == 1) {
        lo[d] = 1;
        hi[d] = dims[d] - 2;
      }
      if (k == 2) {
        lo[d] = dims[d] / 3;
        hi[d] = dims[d] - 1;
      }
    }
    check_patch(g, type, ndim, dims, lo, hi, 1000, NULL, NULL, 0, "patch");
  }
  GA_Sync();

  /* process 0 overwrites a centred patch that touches every owner */
  int clo[MAXD], chi[MAXD];
  for (int d = 0; d < ndim; d++) {
    clo[d] = 1;
    chi[d] = dims[d] - 2;
  }
  if (test_me == 0) put_patch(g, type, ndim, dims, clo, chi, 7);
  GA_Sync();
  check_patch(g, type, ndim, dims, all_lo, all_hi, 1000, clo, chi, 7, "overwrite");
  GA_Sync();
}

/* Accumulate: all processes add alpha_r * (linear index + 1) into one patch
 * of an array that holds (linear index) everywhere. */
#define ACC_TEST(T, GTYPE, ALPHA, EXPECT_ELEM)                          \
  static void test_acc_##T(int g, int ndim, int dims[]) {               \
    long total = 1;                                                     \
    for (int d = 0; d < ndim; d++) total *= dims[d];                    \
    int lo[MAXD] = {0, 0, 0}, hi[MAXD], ld[MAXD];                       \
    for (int d = 0; d < ndim; d++) hi[d] = dims[d] - 1;                 \
    gt_ld(ndim, lo, hi, ld);                                            \
    T *all = malloc(total * sizeof(T));                                 \
    if (test_me == 0) {                                                 \
      for (long i = 0; i < total; i++) all[i] = (T)i;                   \
      NGA_Put(g, lo, hi, all, ld);                                      \
    }                                                                   \
    GA_Sync();                                                          \
    int plo[MAXD], phi[MAXD], pld[MAXD];                                \
    for (int d = 0; d < ndim; d++) {                                    \
      plo[d] = dims[d] > 2 ? 1 : 0;                                     \
      phi[d] = dims[d] - 1;                                             \
    }                                                                   \
    long pn = gt_box_size(ndim, plo, phi);                              \
    gt_ld(ndim, plo, phi, pld);                                         \
    T *src = malloc(pn * sizeof(T));                                    \
    int s[MAXD];                                                        \
    memcpy(s, plo, sizeof(s));                                          \
    long i = 0;                                                         \
    do src[i++] = (T)(gt_linear(ndim, dims, s) + 1);                    \
    while (gt_next(ndim, plo, phi, s));                                 \
    T alpha = ALPHA(test_me);                                           \
    NGA_Acc(g, plo, phi, src, pld, &alpha);                             \
    /* a second, negative accumulate of a single element by everyone */ \
    T neg = -(T)1;                                                      \
    T one = (T)5;                                                       \
    NGA_Acc(g, plo, plo, &one, pld, &neg);                              \
    GA_Sync();                                                          \
    NGA_Get(g, lo, hi, all, ld);                                        \
    for (long e = 0; e < total; e++) {                                  \
      long r = e;                                                       \
      int in = 1;                                                       \
      for (int d = ndim - 1; d >= 0; d--) {                             \
        int c = (int)(r % dims[d]);                                     \
        r /= dims[d];                                                   \
        in = in && c >= plo[d] && c <= phi[d];                          \
      }                                                                 \
      T expect = (T)e;                                                  \
      if (in)                                                           \
        for (int p = 0; p < test_np; p++) expect += EXPECT_ELEM(p, e);  \
      if (e == gt_linear(ndim, dims, plo)) expect -= (T)(5 * test_np);  \
      CHECK(all[e] == expect, #T " acc ndim %d elem %ld", ndim, e);     \
    }                                                                   \
    free(all);                                                          \
    free(src);                                                          \
    GA_Sync();                                                          \
  }

#define ALPHA_R(r) (r + 1)
#define EXPECT_R(p, e) ((p) + 1) * ((e) + 1)
ACC_TEST(int, C_INT, ALPHA_R, EXPECT_R)
ACC_TEST(long, C_LONG, ALPHA_R, EXPECT_R)
ACC_TEST(float, C_FLOAT, ALPHA_R, EXPECT_R)
ACC_TEST(double, C_DBL, ALPHA_R, EXPECT_R)

/* double complex: alpha_r = (r+1) + 2i, src = (k, -k) with k = index + 1 */
static void test_acc_dcpl(int g, int ndim, int dims[]) {
  GA_Zero(g);
  int lo[MAXD] = {0, 0, 0}, hi[MAXD], ld[MAXD];
  for (int d = 0; d < ndim; d++) hi[d] = dims[d] - 1;
  gt_ld(ndim, lo, hi, ld);
  long total = gt_box_size(ndim, lo, hi);
  double *src = malloc(2 * total * sizeof(double));
  for (long k = 0; k < total; k++) {
    src[2 * k] = k + 1;
    src[2 * k + 1] = -(k + 1.0);
  }
  double alpha[2] = {test_me + 1.0, 2.0};
  NGA_Acc(g, lo, hi, src, ld, alpha);
  GA_Sync();
  NGA_Get(g, lo, hi, src, ld);
  for (long k = 0; k < total; k++) {
    /* sum_p ((p+1) + 2i) * (k+1)(1 - i) = (k+1) * sum_p ((p+3) + (1-p) i) */
    double re = 0, im = 0;
    for (int p = 0; p < test_np; p++) {
      re += (k + 1.0) * (p + 3);
      im += (k + 1.0) * (1 - p);
    }
    CHECK(src[2 * k] == re && src[2 * k + 1] == im, "dcpl acc elem %ld: (%g,%g) want (%g,%g)", k, src[2 * k],
          src[2 * k + 1], re, im);
  }
  free(src);
  GA_Sync();
}

int main(int argc, char **argv) {
  test_init(&argc, &argv);
  gt_start();
  static const int shapes[MAXD][MAXD] = {{41, 0, 0}, {17, 19, 0}, {6, 7, 5}};
  /* all types in 2-d, a rotating subset in 1-d and 3-d (array creation is
   * slow when processes are oversubscribed) */
  static const int types[MAXD][6] = {
      {C_INT, C_DBL, C_DCPL, 0}, {C_INT, C_LONG, C_FLOAT, C_DBL, C_DCPL, 0}, {C_LONG, C_FLOAT, C_DBL, 0}};
  for (int ndim = 1; ndim <= MAXD; ndim++) {
    int dims[MAXD], chunk[MAXD] = {-1, -1, -1};
    for (int d = 0; d < ndim; d++) dims[d] = shapes[ndim - 1][d];
    for (int t = 0; types[ndim - 1][t]; t++) {
      int type = types[ndim - 1][t];
      int g = NGA_Create(type, ndim, dims, "pga", chunk);
      CHECK(g != 0, "NGA_Create failed");
      test_put_get(g, type, ndim, dims);
      switch (type) {
        case C_INT: test_acc_int(g, ndim, dims); break;
        case C_LONG: test_acc_long(g, ndim, dims); break;
        case C_FLOAT: test_acc_float(g, ndim, dims); break;
        case C_DBL: test_acc_double(g, ndim, dims); break;
        case C_DCPL: test_acc_dcpl(g, ndim, dims); break;
      }
      GA_Destroy(g);
    }
  }
  GA_Terminate();
  return test_finish("ga_putgetacc");
}
