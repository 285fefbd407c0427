/*
 * ga_ops.c -- whole-array operations: GA_Fill, GA_Zero, GA_Duplicate,
 * GA_Copy (same and different distributions), GA_Scale and GA_Add, on
 * double, int and long 2-d arrays. All results are checked exactly with
 * NGA_Get of the whole array on every process.
 */
#include <string.h>

#include "ga_test.h"

#define N0 20
#define N1 23

static int dims[2] = {N0, N1};
static int all_lo[2] = {0, 0}, all_hi[2] = {N0 - 1, N1 - 1}, all_ld[1] = {N1};

/* value of the pattern at (i,j) */
static double pat(int i, int j) { return (double)(i * N1 + j) - 100.0; }

static void check_dbl(int g, double scale, double shift, const char *what) {
  static double buf[N0 * N1];
  NGA_Get(g, all_lo, all_hi, buf, all_ld);
  for (int i = 0; i < N0; i++)
    for (int j = 0; j < N1; j++) {
      double want = scale * pat(i, j) + shift;
      CHECK(buf[i * N1 + j] == want, "%s: (%d,%d) = %g want %g", what, i, j, buf[i * N1 + j], want);
    }
}

static void check_const_long(int g, int type, long want, const char *what) {
  static long lbuf[N0 * N1];
  static int ibuf[N0 * N1];
  if (type == C_INT)
    NGA_Get(g, all_lo, all_hi, ibuf, all_ld);
  else
    NGA_Get(g, all_lo, all_hi, lbuf, all_ld);
  for (int k = 0; k < N0 * N1; k++) {
    long got = type == C_INT ? ibuf[k] : lbuf[k];
    CHECK(got == want, "%s: elem %d = %ld want %ld", what, k, got, want);
  }
}

/* Each process puts the pattern into its own block. */
static void put_pattern(int g) {
  int lo[2], hi[2];
  NGA_Distribution(g, test_me, lo, hi);
  if (hi[0] < lo[0] || hi[1] < lo[1]) return;
  int rows = hi[0] - lo[0] + 1, cols = hi[1] - lo[1] + 1, ld[1] = {cols};
  double *b = malloc((size_t)rows * cols * sizeof(double));
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++) b[i * cols + j] = pat(lo[0] + i, lo[1] + j);
  NGA_Put(g, lo, hi, b, ld);
  free(b);
}

int main(int argc, char **argv) {
  test_init(&argc, &argv);
  gt_start();
  int chunk[2] = {-1, -1};

  /* double: fill, duplicate, zero, copy, scale, add */
  int ga = NGA_Create(C_DBL, 2, dims, "a", chunk);
  double v = 2.5;
  GA_Fill(ga, &v);
  GA_Sync();
  check_dbl(ga, 0.0, 2.5, "fill");

  int gb = GA_Duplicate(ga, "b");
  CHECK(gb != 0, "GA_Duplicate failed");
  CHECK(GA_Compare_distr(ga, gb) == 0, "duplicate has a different distribution");
  GA_Zero(gb);
  GA_Sync();
  check_dbl(gb, 0.0, 0.0, "zero");

  put_pattern(ga);
  GA_Sync();
  check_dbl(ga, 1.0, 0.0, "pattern");
  GA_Copy(ga, gb);
  GA_Sync();
  check_dbl(gb, 1.0, 0.0, "copy");

  double three = 3.0;
  GA_Scale(gb, &three);
  GA_Sync();
  check_dbl(gb, 3.0, 0.0, "scale");

  int gc = GA_Duplicate(ga, "c");
  double alpha = 2.0, beta = -1.0;
  GA_Add(&alpha, ga, &beta, gb, gc); /* 2a - 3a = -a */
  GA_Sync();
  check_dbl(gc, -1.0, 0.0, "add");
  GA_Add(&alpha, gc, &beta, gc, gc); /* in place: 2c - c = c */
  GA_Sync();
  check_dbl(gc, -1.0, 0.0, "add in place");

  /* copy into an array with a different (irregular) distribution and back */
  int block[2] = {test_np > 1 ? 2 : 1, test_np > 2 ? (test_np / 2) : 1};
  int map[2 + 8], m = 0;
  for (int k = 0; k < block[0]; k++) map[m++] = k * 7; /* rows 0,7 */
  for (int k = 0; k < block[1]; k++) map[m++] = k * 5; /* cols 0,5,.. */
  int gd = NGA_Create_irreg(C_DBL, 2, dims, "d", block, map);
  CHECK(gd != 0, "NGA_Create_irreg failed");
  GA_Zero(gd);
  GA_Copy(gc, gd);
  GA_Sync();
  check_dbl(gd, -1.0, 0.0, "copy to irregular");
  GA_Scale(gd, &alpha);
  GA_Copy(gd, ga);
  GA_Sync();
  check_dbl(ga, -2.0, 0.0, "copy from irregular");

  GA_Destroy(gd);
  GA_Destroy(gc);
  GA_Destroy(gb);
  GA_Destroy(ga);

  /* integer types: fill, scale, add */
  int types[2] = {C_INT, C_LONG};
  for (int t = 0; t < 2; t++) {
    int gi = NGA_Create(types[t], 2, dims, "i", chunk);
    int gj = GA_Duplicate(gi, "j");
    int i7 = 7, i3 = 3, i2 = 2, im1 = -1;
    long l7 = 7L << 33, l3 = 3, l2 = 2, lm1 = -1;
    int isint = types[t] == C_INT;
    GA_Fill(gi, isint ? (void *)&i7 : (void *)&l7);
    GA_Sync();
    long seven = isint ? 7 : (7L << 33);
    check_const_long(gi, types[t], seven, "int fill");
    GA_Copy(gi, gj);
    GA_Scale(gj, isint ? (void *)&i3 : (void *)&l3);
    GA_Sync();
    check_const_long(gj, types[t], 3 * seven, "int scale");
    GA_Add(isint ? (void *)&i2 : (void *)&l2, gi, isint ? (void *)&im1 : (void *)&lm1, gj, gj);
    GA_Sync();
    check_const_long(gj, types[t], -seven, "int add");
    GA_Zero(gi);
    GA_Sync();
    check_const_long(gi, types[t], 0, "int zero");
    GA_Destroy(gj);
    GA_Destroy(gi);
  }
  GA_Terminate();
  return test_finish("ga_ops");
}
