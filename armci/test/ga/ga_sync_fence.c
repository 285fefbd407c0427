/*
 * ga_sync_fence.c -- GA_Sync and GA_Init_fence/GA_Fence.
 *
 * Sync: in several rounds, every process writes a round-specific value into
 * a slot of every other process's block; after GA_Sync everybody must see
 * all values of that round.
 *
 * Fence: every process writes into its slot of every process's block, calls
 * GA_Fence (all those puts are then complete at their targets) and only then
 * increments each target's arrival counter with NGA_Read_inc. Each process
 * waits (bounded) for its counter to reach np and must then find all slots
 * written -- without any barrier in between.
 */
#include "ga_test.h"

#define B 8 /* slots per process (>= max processes) */
#define ROUNDS 4

int main(int argc, char **argv) {
  test_init(&argc, &argv);
  gt_start();
  if (test_np > B) GA_Error("ga_sync_fence: too many processes", test_np);

  /* one block of B ints per process */
  int n = test_np * B, map[B], one_block[1] = {test_np};
  for (int p = 0; p < test_np; p++) map[p] = p * B;
  int g = NGA_Create_irreg(C_INT, 1, &n, "slots", one_block, map);
  for (int p = 0; p < test_np; p++) map[p] = p; /* counters: one per process */
  int gc = NGA_Create_irreg(C_INT, 1, &test_np, "arrivals", one_block, map);
  GA_Zero(g);
  GA_Zero(gc);

  /* ---- GA_Sync rounds ---- */
  for (int r = 0; r < ROUNDS; r++) {
    for (int p = 0; p < test_np; p++) {
      int s = p * B + test_me, v = 1000 * (r + 1) + 10 * test_me + p;
      NGA_Put(g, &s, &s, &v, NULL);
    }
    GA_Sync();
    int lo = 0, hi = n - 1, buf[B * B];
    NGA_Get(g, &lo, &hi, buf, NULL);
    for (int p = 0; p < test_np; p++)
      for (int q = 0; q < test_np; q++)
        CHECK(buf[p * B + q] == 1000 * (r + 1) + 10 * q + p, "round %d slot %d of %d = %d", r, q, p,
              buf[p * B + q]);
    GA_Sync();
  }

  /* ---- GA_Fence: puts complete before the arrival counter moves ---- */
  GA_Init_fence();
  for (int k = 0; k < test_np; k++) {
    int p = (test_me + k) % test_np;
    int s = p * B + test_me, v = -(100 * test_me + p + 1);
    NGA_Put(g, &s, &s, &v, NULL);
  }
  GA_Fence();
  for (int k = 0; k < test_np; k++) {
    int p = (test_me + k) % test_np;
    NGA_Read_inc(gc, &p, 1);
  }
  /* wait for all arrivals at my counter (bounded: 60 s). MPI_Iprobe drives
   * MPI progress: ARMCI-MPI on MPICH 4.0.2 has no asynchronous progress, and
   * a process polling only its own memory can starve RMA aimed at it. */
  int arrived = 0, dummy;
  double t0 = MPI_Wtime();
  for (;;) {
    NGA_Get(gc, &test_me, &test_me, &arrived, NULL);
    if (arrived >= test_np || MPI_Wtime() - t0 > 60.0) break;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &dummy, MPI_STATUS_IGNORE);
  }
  CHECK(arrived == test_np, "only %d of %d arrivals", arrived, test_np);
  int lo = test_me * B, hi = lo + test_np - 1, mine[B];
  NGA_Get(g, &lo, &hi, mine, NULL);
  for (int q = 0; q < test_np; q++)
    CHECK(mine[q] == -(100 * q + test_me + 1), "after fence: slot %d = %d", q, mine[q]);
  GA_Sync();

  GA_Destroy(gc);
  GA_Destroy(g);
  GA_Terminate();
  return test_finish("ga_sync_fence");
}
