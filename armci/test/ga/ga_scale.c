/*
 * ga_scale.c -- Global Arrays at many processes (label scale): one array,
 * few collectives, and few transfers per process, since at 64 processes on
 * 2 cores each transfer to another (virtual) node waits for its target to
 * be scheduled.
 *
 *  put/get:  every process puts its band of rows (the bands do not align
 *            with the owners' blocks) and, after GA_Sync, reads back its
 *            own band and the next process's: a patch of several owners;
 *  acc:      every process adds (r+1) x 1 into one small patch of several
 *            owners: each element must gain the exact sum np (np+1)/2;
 *  read_inc: every process draws K tickets from one counter: the final
 *            value is exact and no ticket is drawn twice;
 *  whole:    process 0 reads the whole array and checks every element.
 */
#include "ga_test.h"

#define COLS 5
#define K 2

/* The row band [lo, hi] of process p among np for `rows` rows. */
static void band(int rows, int p, int *lo, int *hi) {
  *lo = (int)((long)rows * p / test_np);
  *hi = (int)((long)rows * (p + 1) / test_np) - 1;
}

static long value(int i, int j) { return 1000L * i + j; }

int main(int argc, char **argv) {
  test_init(&argc, &argv);
  gt_start();
  /* rows: not a multiple of np, so that bands and blocks do not align; one
   * extra row holds the counter */
  int rows = 3 * test_np + 2, dims[2] = {rows + 1, COLS}, chunk[2] = {-1, -1};
  int g = NGA_Create(C_LONG, 2, dims, "scale", chunk);
  CHECK(g != 0, "NGA_Create failed");
  GA_Zero(g);

  /* put my band, read back mine and the next process's */
  long *buf = malloc(sizeof(long) * (size_t)(rows + 1) * COLS);
  int lo[2] = {0, 0}, hi[2] = {0, COLS - 1}, ld[1] = {COLS};
  band(rows, test_me, &lo[0], &hi[0]);
  long n = 0;
  for (int i = lo[0]; i <= hi[0]; i++)
    for (int j = 0; j < COLS; j++) buf[n++] = value(i, j);
  if (n) NGA_Put(g, lo, hi, buf, ld);
  GA_Sync();
  int next_lo;
  band(rows, (test_me + 1) % test_np, &next_lo, &hi[0]);
  if (test_me == test_np - 1) lo[0] = next_lo; /* the last process reads the first band */
  if (hi[0] >= lo[0]) {
    NGA_Get(g, lo, hi, buf, ld);
    for (int i = lo[0]; i <= hi[0]; i++)
      for (int j = 0; j < COLS; j++)
        CHECK(buf[(i - lo[0]) * COLS + j] == value(i, j), "put/get (%d,%d) = %ld", i, j,
              buf[(i - lo[0]) * COLS + j]);
  }
  GA_Sync(); /* all have read before anyone accumulates */

  /* accumulate (r+1) into rows rows/2-2 .. rows/2+1, columns 1..3 */
  int plo[2] = {rows / 2 - 2, 1}, phi[2] = {rows / 2 + 1, 3}, pld[1] = {3};
  long ones[4 * 3];
  for (int e = 0; e < 4 * 3; e++) ones[e] = 1;
  long alpha = test_me + 1;
  NGA_Acc(g, plo, phi, ones, pld, &alpha);
  /* tickets from the counter row */
  int ticket[2] = {rows, 0};
  long mine[K];
  for (int k = 0; k < K; k++) mine[k] = NGA_Read_inc(g, ticket, 1);
  GA_Sync();

  /* every ticket once: mine increase, and the counts of all processes'
   * tickets, summed, are 1 each */
  for (int k = 1; k < K; k++) CHECK(mine[k] > mine[k - 1], "own tickets not increasing at %d", k);
  int nt = K * test_np;
  long *seen = calloc((size_t)nt, sizeof *seen);
  for (int k = 0; k < K; k++)
    if (mine[k] >= 0 && mine[k] < nt) seen[mine[k]]++;
  GA_Lgop(seen, nt, "+");
  for (int t = 0; t < nt; t++) CHECK(seen[t] == 1, "ticket %d drawn %ld times", t, seen[t]);
  free(seen);

  if (test_me == 0) {
    long sum = (long)test_np * (test_np + 1) / 2;
    int alo[2] = {0, 0}, ahi[2] = {rows, COLS - 1};
    NGA_Get(g, alo, ahi, buf, ld);
    for (int i = 0; i < rows; i++)
      for (int j = 0; j < COLS; j++) {
        int in = i >= plo[0] && i <= phi[0] && j >= plo[1] && j <= phi[1];
        long want = value(i, j) + (in ? sum : 0);
        CHECK(buf[i * COLS + j] == want, "acc (%d,%d) = %ld, want %ld", i, j, buf[i * COLS + j], want);
      }
    CHECK(buf[rows * COLS] == (long)K * test_np, "read_inc counter %ld, want %ld", buf[rows * COLS],
          (long)K * test_np);
  }
  free(buf);
  GA_Destroy(g);
  GA_Terminate();
  return test_finish("ga_scale");
}
