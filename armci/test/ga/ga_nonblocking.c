/*
 * ga_nonblocking.c -- NGA_NbPut, NGA_NbGet, NGA_NbAcc with NGA_NbWait and
 * NGA_NbTest, several handles outstanding at once, on a 2-d double array
 * whose patches span several owners.
 *
 *  - each process NbPuts its band as NP sub-patches (all outstanding), waits,
 *    then scribbles over its source buffers (they must be free to reuse);
 *  - after GA_Sync, each process NbGets NG patches into separate buffers
 *    (all outstanding) and checks them after waiting;
 *  - everybody NbAccs into the whole array, NbWait, GA_Sync, check;
 *  - an NbGet polled with NGA_NbTest until complete (bounded), then checked.
 */
#include <string.h>

#include "ga_test.h"

#define N0 16
#define N1 18
#define NP 3 /* sub-patches per put band */
#define NG 4 /* outstanding gets */

static double val(int i, int j) { return i * 100.0 + j; }

int main(int argc, char **argv) {
  test_init(&argc, &argv);
  gt_start();
  int dims[2] = {N0, N1}, chunk[2] = {-1, -1};
  int g = NGA_Create(C_DBL, 2, dims, "nb", chunk);
  GA_Zero(g);

  /* ---- NbPut: my band of rows, split column-wise into NP pieces ---- */
  int r0 = N0 * test_me / test_np, r1 = N0 * (test_me + 1) / test_np - 1;
  static double src[NP][N0 * N1];
  ga_nbhdl_t h[NG > NP ? NG : NP];
  int npieces = 0;
  if (r1 >= r0) {
    for (int k = 0; k < NP; k++) {
      int lo[2] = {r0, N1 * k / NP}, hi[2] = {r1, N1 * (k + 1) / NP - 1};
      int ld[1] = {hi[1] - lo[1] + 1};
      for (int i = lo[0]; i <= hi[0]; i++)
        for (int j = lo[1]; j <= hi[1]; j++) src[k][(i - lo[0]) * ld[0] + (j - lo[1])] = val(i, j);
      NGA_NbPut(g, lo, hi, src[k], ld, &h[k]);
      npieces++;
    }
    for (int k = npieces - 1; k >= 0; k--) NGA_NbWait(&h[k]);
    for (int k = 0; k < NP; k++) memset(src[k], 0xff, sizeof(src[k])); /* reuse */
  }
  GA_Sync();

  /* ---- NbGet: NG overlapping patches, all outstanding ---- */
  static double dst[NG][N0 * N1];
  int glo[NG][2], ghi[NG][2], gld[NG][1];
  for (int k = 0; k < NG; k++) {
    int a = (test_me + k) % NG;
    glo[k][0] = a;
    ghi[k][0] = N0 - 1 - a;
    glo[k][1] = 2 * a;
    ghi[k][1] = N1 - 1 - a;
    gld[k][0] = ghi[k][1] - glo[k][1] + 1;
    NGA_NbGet(g, glo[k], ghi[k], dst[k], gld[k], &h[k]);
  }
  for (int k = 0; k < NG; k++) NGA_NbWait(&h[k]);
  for (int k = 0; k < NG; k++)
    for (int i = glo[k][0]; i <= ghi[k][0]; i++)
      for (int j = glo[k][1]; j <= ghi[k][1]; j++) {
        double got = dst[k][(i - glo[k][0]) * gld[k][0] + (j - glo[k][1])];
        CHECK(got == val(i, j), "nbget %d (%d,%d) = %g", k, i, j, got);
      }
  GA_Sync();

  /* ---- NbAcc: everybody adds alpha_r * 1 to the whole array ---- */
  static double ones[N0 * N1];
  for (int k = 0; k < N0 * N1; k++) ones[k] = 1.0;
  int lo[2] = {0, 0}, hi[2] = {N0 - 1, N1 - 1}, ld[1] = {N1};
  double alpha = test_me + 1.0;
  NGA_NbAcc(g, lo, hi, ones, ld, &alpha, &h[0]);
  NGA_NbWait(&h[0]);
  GA_Sync();
  double asum = test_np * (test_np + 1) / 2.0;
  NGA_NbGet(g, lo, hi, dst[0], ld, &h[0]);
  /* poll with NGA_NbTest (nonzero = complete), bounded */
  long polls = 0;
  while (!NGA_NbTest(&h[0]) && polls < 100000000L) polls++;
  CHECK(polls < 100000000L, "NGA_NbTest never reported completion");
  for (int i = 0; i < N0; i++)
    for (int j = 0; j < N1; j++)
      CHECK(dst[0][i * N1 + j] == val(i, j) + asum, "nbacc (%d,%d) = %g", i, j, dst[0][i * N1 + j]);
  GA_Sync();
  GA_Destroy(g);
  GA_Terminate();
  return test_finish("ga_nonblocking");
}
