/* Global Arrays application kernel, end to end: Jacobi sweeps on an N x N
 * grid (the kernel of armci/test/ga/ga_jacobi.c, larger). Per sweep every
 * process gets its block plus a one-cell halo (NGA_Get over its neighbours'
 * blocks), updates it, puts its block into the other array (NGA_Put) and
 * calls GA_Sync. Built twice (GA on our ARMCI, GA on ARMCI-MPI).
 * Output (process 0): CSV "kind,op,bytes,segments,usec" with the time per
 * sweep in microseconds, and a '#' checksum line (equal for both builds).
 * Options: --n N (default 512), --sweeps S (default 20). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ga.h"
#include "macdecls.h"

static double boundary(int n, int i, int j) {
  if (i == 0) return 1.0 + j * 0.125;
  if (j == 0) return 2.0 - i * 0.0625;
  if (i == n - 1) return (double)(j % 3);
  if (j == n - 1) return 0.5;
  return 0.0;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  GA_Initialize();
  MA_init(C_DBL, 100000, 100000);
  int n = 512, sweeps = 20;
  for (int i = 1; i + 1 < argc; i++) {
    if (!strcmp(argv[i], "--n")) n = atoi(argv[i + 1]);
    if (!strcmp(argv[i], "--sweeps")) sweeps = atoi(argv[i + 1]);
  }
  int me = GA_Nodeid();
  int dims[2] = {n, n}, chunk[2] = {-1, -1};
  int gu = NGA_Create(C_DBL, 2, dims, "u", chunk);
  int gv = GA_Duplicate(gu, "v");
  int lo[2], hi[2];
  NGA_Distribution(gu, me, lo, hi);
  int have = hi[0] >= lo[0] && hi[1] >= lo[1];
  int rows = have ? hi[0] - lo[0] + 1 : 0, cols = have ? hi[1] - lo[1] + 1 : 0;
  double *blk = malloc((size_t)(rows + 2) * (cols + 2) * sizeof(double) + 8);
  double *halo = malloc((size_t)(rows + 2) * (cols + 2) * sizeof(double) + 8);
  if (have) {
    int ld[1] = {cols};
    for (int i = 0; i < rows; i++)
      for (int j = 0; j < cols; j++) blk[i * cols + j] = boundary(n, lo[0] + i, lo[1] + j);
    NGA_Put(gu, lo, hi, blk, ld);
    NGA_Put(gv, lo, hi, blk, ld);
  }
  GA_Sync();
  double t0 = MPI_Wtime();
  for (int it = 0; it < sweeps; it++) {
    if (have) {
      int hlo[2], hhi[2], hld[1];
      for (int d = 0; d < 2; d++) {
        hlo[d] = lo[d] > 0 ? lo[d] - 1 : 0;
        hhi[d] = hi[d] < n - 1 ? hi[d] + 1 : n - 1;
      }
      hld[0] = hhi[1] - hlo[1] + 1;
      NGA_Get(gu, hlo, hhi, halo, hld);
#define H(i, j) halo[((i)-hlo[0]) * hld[0] + ((j)-hlo[1])]
      for (int i = lo[0]; i <= hi[0]; i++)
        for (int j = lo[1]; j <= hi[1]; j++) {
          double x = H(i, j);
          if (i > 0 && i < n - 1 && j > 0 && j < n - 1)
            x = 0.25 * ((H(i - 1, j) + H(i + 1, j)) + (H(i, j - 1) + H(i, j + 1)));
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
  double t = MPI_Wtime() - t0;
  MPI_Bcast(&t, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  double sum = GA_Ddot(gu, gu);
  if (me == 0) {
    printf("# ga_jacobi n=%d sweeps=%d processes=%d checksum %.17g\n", n, sweeps, GA_Nnodes(), sum);
    printf("kind,op,bytes,segments,usec\n");
    printf("ga,jacobi_sweep,%ld,%d,%.2f\n", (long)n * n * 8, sweeps, t / sweeps * 1e6);
  }
  free(blk);
  free(halo);
  GA_Destroy(gv);
  GA_Destroy(gu);
  GA_Terminate();
  MPI_Finalize();
  return 0;
}
