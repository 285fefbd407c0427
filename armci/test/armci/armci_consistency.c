/*
 * armci_consistency.c -- location consistency and atomicity.
 *
 *  - one process's operations to one target location take effect in issue
 *    order, with no fence in between: Put then Get; NbPut then Get (no
 *    wait); Put, Acc, Get; NbAcc then Put then Get; two NbPuts to the same
 *    place (the second wins); Put then Rmw on the same word;
 *  - accumulates by all processes on the same elements at the same time
 *    are atomic (exact totals, many rounds), contiguous and strided (with
 *    segments that straddle 4 KiB blocks);
 *  - blocking Put, then ARMCI_Fence, then a flag: the reader sees the data.
 */
#include "armci_test.h"

#define M 32
#define ROUNDS 10

int main(int argc, char **argv) {
  at_start(&argc, &argv);
  void **seg = at_malloc((M * 4 + 8) * sizeof(double));
  int t = (test_me + 1) % test_np;
  double *mine = seg[test_me];
  ARMCI_Access_begin(mine);
  memset(mine, 0, (M * 4 + 8) * sizeof(double));
  ARMCI_Access_end(mine);
  ARMCI_Barrier();

  /* my private region on t: region 0 slot, M doubles, at offset 0 of t
   * (t receives only from me: t = me + 1) */
  double *rt = seg[t];
  double v[M], w[M];
  for (int round = 0; round < ROUNDS; round++) {
    for (int i = 0; i < M; i++) v[i] = round * 100 + i + test_me;
    ARMCI_Put(v, rt, sizeof v, t);
    ARMCI_Get(rt, w, sizeof w, t);
    CHECK(memcmp(v, w, sizeof v) == 0, "round %d: get after put saw old data", round);

    armci_hdl_t h;
    ARMCI_INIT_HANDLE(&h);
    for (int i = 0; i < M; i++) v[i] = -v[i];
    ARMCI_NbPut(v, rt, sizeof v, t, &h);
    ARMCI_Get(rt, w, sizeof w, t);
    CHECK(memcmp(v, w, sizeof v) == 0, "round %d: get after nbput saw old data", round);
    ARMCI_Wait(&h);

    double one = 1;
    ARMCI_Acc(ARMCI_ACC_DBL, &one, v, rt, sizeof v, t); /* rt = 2 v */
    ARMCI_Get(rt, w, sizeof w, t);
    int ok = 1;
    for (int i = 0; i < M; i++) ok &= w[i] == 2 * v[i];
    CHECK(ok, "round %d: get after acc saw old data", round);

    ARMCI_INIT_HANDLE(&h);
    ARMCI_NbAcc(ARMCI_ACC_DBL, &one, v, rt, sizeof v, t, &h); /* rt = 3 v */
    double z[M];
    for (int i = 0; i < M; i++) z[i] = round + 0.25;
    ARMCI_Put(z, rt, sizeof z, t); /* must land after the acc */
    ARMCI_Wait(&h);
    ARMCI_Get(rt, w, sizeof w, t);
    CHECK(memcmp(z, w, sizeof z) == 0, "round %d: put after nbacc overtaken (w[0] = %g)", round, w[0]);

    double p1[M], p2[M];
    for (int i = 0; i < M; i++) {
      p1[i] = 1e6 + round;
      p2[i] = 2e6 + round;
    }
    armci_hdl_t h1, h2;
    ARMCI_INIT_HANDLE(&h1);
    ARMCI_INIT_HANDLE(&h2);
    ARMCI_NbPut(p1, rt, sizeof p1, t, &h1);
    ARMCI_NbPut(p2, rt, sizeof p2, t, &h2);
    ARMCI_Wait(&h2);
    ARMCI_Wait(&h1);
    ARMCI_Get(rt, w, sizeof w, t);
    CHECK(memcmp(p2, w, sizeof p2) == 0, "round %d: second nbput did not win (w[0] = %g)", round, w[0]);

    int iv = round * 7;
    ARMCI_PutValueInt(iv, (int *)(rt + 3 * M), t);
    int old = -1;
    ARMCI_Rmw(ARMCI_FETCH_AND_ADD, &old, (int *)(rt + 3 * M), 1, t);
    CHECK(old == iv, "round %d: rmw after put saw %d want %d", round, old, iv);
    CHECK(ARMCI_GetValueInt((int *)(rt + 3 * M), t) == iv + 1, "round %d: get after rmw", round);
  }
  ARMCI_Barrier();

  /* atomic accumulates: everybody adds into region 1 of everybody */
  for (int round = 0; round < ROUNDS; round++)
    for (int k = 0; k < test_np; k++) {
      int q = (test_me + k) % test_np;
      long one[M];
      for (int i = 0; i < M; i++) one[i] = i + 1;
      long scale = test_me + 1;
      ARMCI_Acc(ARMCI_ACC_LNG, &scale, one, (long *)((double *)seg[q] + M), sizeof one, q);
    }
  ARMCI_Barrier();
  long s1 = (long)test_np * (test_np + 1) / 2;
  ARMCI_Access_begin(mine);
  for (int i = 0; i < M; i++)
    CHECK(((long *)(mine + M))[i] == ROUNDS * s1 * (i + 1), "atomic acc [%d] = %ld want %ld", i,
          ((long *)(mine + M))[i], ROUNDS * s1 * (i + 1));
  ARMCI_Access_end(mine);
  ARMCI_Barrier();

  /* atomic strided accumulates over several 4 KiB blocks: 40 segments of 24
   * doubles, 100 doubles apart (segments straddle block boundaries), by all
   * processes into process 0, with scale; exact totals */
  {
    enum { SEGS = 40, LEN = 24, STRIDE = 100 };
    void **big = at_malloc(SEGS * STRIDE * sizeof(double));
    ARMCI_Access_begin(big[test_me]);
    memset(big[test_me], 0, SEGS * STRIDE * sizeof(double));
    ARMCI_Access_end(big[test_me]);
    ARMCI_Barrier();
    double src[SEGS * LEN];
    for (int i = 0; i < SEGS * LEN; i++) src[i] = i % 7 + 1;
    int sst[1] = {LEN * sizeof(double)}, dstt[1] = {STRIDE * sizeof(double)},
        cnt[2] = {LEN * sizeof(double), SEGS};
    for (int round = 0; round < ROUNDS; round++) {
      double scale = test_me + 1;
      ARMCI_AccS(ARMCI_ACC_DBL, &scale, src, sst, (double *)big[0] + 3, dstt, cnt, 1, 0);
    }
    ARMCI_Barrier();
    if (test_me == 0) {
      const double *b = big[0];
      long bad = 0;
      for (int k = 0; k < SEGS; k++)
        for (int i = 0; i < LEN; i++)
          bad += b[3 + k * STRIDE + i] != (double)ROUNDS * s1 * ((k * LEN + i) % 7 + 1);
      bad += b[0] != 0 || b[3 + LEN] != 0;
      CHECK(bad == 0, "strided atomic acc: %ld wrong elements", bad);
    }
    ARMCI_Barrier();
    at_free(big);
  }

  /* put, fence, flag (Rmw): the reader polls the flag, then reads */
  double d[M];
  for (int i = 0; i < M; i++) d[i] = test_me + i * 0.5;
  ARMCI_Put(d, (double *)seg[t] + 2 * M, sizeof d, t);
  ARMCI_Fence(t);
  int old;
  ARMCI_Rmw(ARMCI_FETCH_AND_ADD, &old, (int *)((double *)seg[t] + 4 * M), 1, t);
  int from = (test_me + test_np - 1) % test_np, dummy;
  double t0 = MPI_Wtime();
  while (ARMCI_GetValueInt((int *)(mine + 4 * M), test_me) < 1 && MPI_Wtime() - t0 < 60)
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &dummy, MPI_STATUS_IGNORE);
  ARMCI_Access_begin(mine);
  for (int i = 0; i < M; i++)
    CHECK(mine[2 * M + i] == from + i * 0.5, "data after flag [%d] = %g", i, mine[2 * M + i]);
  ARMCI_Access_end(mine);
  ARMCI_Barrier();
  at_free(seg);
  return at_finish("armci_consistency");
}
