/*
 * ga_jacobi.c -- application kernel: Jacobi iteration for the 2-d Laplace
 * equation on an N x N grid with fixed boundary values, distributed with
 * Global Arrays, compared bit for bit with the same computation done
 * serially on every process.
 *
 * Per sweep each process fetches its block plus a one-cell halo (NGA_Get
 * spanning the neighbours' blocks), updates its interior points, writes
 * its block of the new array (NGA_Put) and GA_Sync's; the arrays swap.
 * The update uses the same expression order as the serial code, so the
 * results must be identical, not just close.
 */
#include <string.h>

#include "ga_test.h"

#define N 26
#define SWEEPS 30

static double boundary(int i, int j) {
  if (i == 0) return 1.0 + j * 0.125;
  if (j == 0) return 2.0 - i * 0.0625;
  if (i == N - 1) return (double)(j % 3);
  if (j == N - 1) return 0.5;
  return 0.0;
}

static double update(double n, double s, double w, double e) { return 0.25 * ((n + s) + (w + e)); }

int main(int argc, char **argv) {
  test_init(&argc, &argv);
  gt_start();
  int dims[2] = {N, N}, chunk[2] = {-1, -1};
  int gu = NGA_Create(C_DBL, 2, dims, "u", chunk);
  int gv = GA_Duplicate(gu, "v");

  /* serial reference */
  static double su[N][N], sv[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) su[i][j] = boundary(i, j);
  memcpy(sv, su, sizeof(su));
  for (int it = 0; it < SWEEPS; it++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        sv[i][j] = update(su[i - 1][j], su[i + 1][j], su[i][j - 1], su[i][j + 1]);
    memcpy(su, sv, sizeof(su));
  }

  /* distributed: initialize both arrays (own blocks) */
  int lo[2], hi[2];
  NGA_Distribution(gu, test_me, lo, hi);
  int have = hi[0] >= lo[0] && hi[1] >= lo[1];
  int rows = have ? hi[0] - lo[0] + 1 : 0, cols = have ? hi[1] - lo[1] + 1 : 0;
  double *blk = malloc((size_t)(rows + 2) * (cols + 2) * sizeof(double) + 1);
  double *halo = malloc((size_t)(rows + 2) * (cols + 2) * sizeof(double) + 1);
  if (have) {
    int ld[1] = {cols};
    for (int i = 0; i < rows; i++)
      for (int j = 0; j < cols; j++) blk[i * cols + j] = boundary(lo[0] + i, lo[1] + j);
    NGA_Put(gu, lo, hi, blk, ld);
    NGA_Put(gv, lo, hi, blk, ld);
  }
  GA_Sync();

  for (int it = 0; it < SWEEPS; it++) {
    if (have) {
      /* block plus halo, clipped to the grid */
      int hlo[2], hhi[2], hld[1];
      for (int d = 0; d < 2; d++) {
        hlo[d] = lo[d] > 0 ? lo[d] - 1 : 0;
        hhi[d] = hi[d] < N - 1 ? hi[d] + 1 : N - 1;
      }
      hld[0] = hhi[1] - hlo[1] + 1;
      NGA_Get(gu, hlo, hhi, halo, hld);
#define H(i, j) halo[((i)-hlo[0]) * hld[0] + ((j)-hlo[1])]
      for (int i = lo[0]; i <= hi[0]; i++)
        for (int j = lo[1]; j <= hi[1]; j++) {
          double x = H(i, j);
          if (i > 0 && i < N - 1 && j > 0 && j < N - 1)
            x = update(H(i - 1, j), H(i + 1, j), H(i, j - 1), H(i, j + 1));
          blk[(i - lo[0]) * cols + (j - lo[1])] = x;
        }
#undef H
      int ld[1] = {cols};
      NGA_Put(gv, lo, hi, blk, ld);
    }
    GA_Sync();
    int t = gu;
    gu = gv;
    gv = t;
  }

  /* compare the whole result with the serial one, bit for bit */
  static double res[N][N];
  int alo[2] = {0, 0}, ahi[2] = {N - 1, N - 1}, ald[1] = {N};
  NGA_Get(gu, alo, ahi, res, ald);
  long bad = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (memcmp(&res[i][j], &su[i][j], sizeof(double)) != 0) {
        CHECK(bad > 0, "(%d,%d) = %.17g, serial %.17g", i, j, res[i][j], su[i][j]);
        bad++;
      }
  CHECK(bad == 0, "%ld of %d points differ from the serial result", bad, N * N);
  /* sanity: the iteration did something */
  CHECK(su[N / 2][1] != 0.0, "serial result untouched");

  free(blk);
  free(halo);
  GA_Sync();
  GA_Destroy(gv);
  GA_Destroy(gu);
  GA_Terminate();
  return test_finish("ga_jacobi");
}
