/*
 * armci_overlap.c -- overlapping segments and global-memory local buffers.
 *
 *  - ARMCI_PutV whose destination segments overlap: the result must be as
 *    if the segments were put one after another (later segments win);
 *  - ARMCI_GetV whose local destinations overlap: later segments win;
 *  - ARMCI_AccV with repeated destinations: every contribution counts;
 *  - local source/destination buffers that are themselves ARMCI memory
 *    (the caller's own segment): Put, Get, Acc, PutS, GetS between
 *    segments, including to and from the caller itself;
 *  - ARMCI_PutS/GetS with three stride levels and a non-trivial layout.
 */
#include "armci_test.h"

#define N 64

int main(int argc, char **argv) {
  at_start(&argc, &argv);
  void **seg = at_malloc(N * sizeof(double) * 4);
  int t = (test_me + 1) % test_np, from = (test_me + test_np - 1) % test_np;
  double *mine = seg[test_me];
  ARMCI_Access_begin(mine);
  for (int i = 0; i < 4 * N; i++) mine[i] = -1;
  ARMCI_Access_end(mine);
  ARMCI_Barrier();

  /* ---- PutV with overlapping destinations (into region 0 of t) ---- */
  double a[8], b[8];
  for (int i = 0; i < 8; i++) {
    a[i] = 100 * test_me + i;
    b[i] = 1000 * test_me + i;
  }
  double *r0 = (double *)seg[t];
  /* seg 0: a[0..7] -> r0[0..7]; seg 1: b[0..7] -> r0[4..11]; seg 2: a -> r0[10..17] */
  void *src1[3] = {a, b, a}, *dst1[3] = {r0, r0 + 4, r0 + 10};
  armci_giov_t iov = {src1, dst1, 8 * sizeof(double), 3};
  ARMCI_PutV(&iov, 1, t);
  ARMCI_Barrier();
  ARMCI_Access_begin(mine);
  for (int i = 0; i < 18; i++) {
    double want = i < 4 ? 100 * from + i : i < 10 ? 1000 * from + (i - 4) : 100 * from + (i - 10);
    CHECK(mine[i] == want, "putv overlap [%d] = %g want %g", i, mine[i], want);
  }
  CHECK(mine[18] == -1, "putv wrote past its segments");
  ARMCI_Access_end(mine);
  ARMCI_Barrier();

  /* ---- GetV with overlapping local destinations ---- */
  double loc[16];
  for (int i = 0; i < 16; i++) loc[i] = -5;
  void *src2[2] = {r0, r0 + 8}, *dst2[2] = {loc, loc + 2}; /* second overwrites loc[2..7] */
  armci_giov_t iov2 = {src2, dst2, 8 * sizeof(double), 2};
  ARMCI_GetV(&iov2, 1, t);
  double ref[18];
  for (int i = 0; i < 18; i++)
    ref[i] = i < 4 ? 100 * test_me + i : i < 10 ? 1000 * test_me + (i - 4) : 100 * test_me + (i - 10);
  for (int i = 0; i < 10; i++) {
    double want = i < 2 ? ref[i] : ref[8 + i - 2];
    CHECK(loc[i] == want, "getv overlap [%d] = %g want %g", i, loc[i], want);
  }
  CHECK(loc[10] == -5, "getv wrote past its segments");
  ARMCI_Barrier();

  /* ---- AccV with repeated destinations (region 1 of everybody) ---- */
  ARMCI_Access_begin(mine);
  for (int i = 0; i < N; i++) mine[N + i] = 0;
  ARMCI_Access_end(mine);
  ARMCI_Barrier();
  double one[4] = {1, 2, 3, 4};
  for (int k = 0; k < test_np; k++) {
    int q = (test_me + k) % test_np;
    double *r1 = (double *)seg[q] + N;
    void *s3[4] = {one, one, one, one}, *d3[4] = {r1, r1 + 2, r1, r1 + 1};
    armci_giov_t iov3 = {s3, d3, 4 * sizeof(double), 4};
    double scale = 2;
    ARMCI_AccV(ARMCI_ACC_DBL, &scale, &iov3, 1, q);
  }
  ARMCI_Barrier();
  ARMCI_Access_begin(mine);
  {
    double want[6] = {0};
    int offs[4] = {0, 2, 0, 1};
    for (int s = 0; s < 4; s++)
      for (int e = 0; e < 4; e++) want[offs[s] + e] += 2 * one[e];
    for (int i = 0; i < 6; i++)
      CHECK(mine[N + i] == test_np * want[i], "accv repeated [%d] = %g want %g", i, mine[N + i],
            test_np * want[i]);
  }
  ARMCI_Access_end(mine);
  ARMCI_Barrier();

  /* ---- local buffers in ARMCI memory ---- */
  /* region 2 of mine holds a pattern; put it into region 3 of t, get t's
   * region 3 back into my region 0, accumulate my region 2 into t's 3 */
  ARMCI_Access_begin(mine);
  for (int i = 0; i < N; i++) mine[2 * N + i] = test_me * 10 + i;
  ARMCI_Access_end(mine);
  ARMCI_Barrier();
  ARMCI_Put(mine + 2 * N, (double *)seg[t] + 3 * N, N * sizeof(double), t);
  ARMCI_Barrier();
  ARMCI_Get((double *)seg[t] + 3 * N, mine, N * sizeof(double), t);
  for (int i = 0; i < N; i++)
    CHECK(mine[i] == test_me * 10 + i, "get into global buffer [%d] = %g", i, mine[i]);
  ARMCI_Barrier();
  double sc = 1;
  ARMCI_Acc(ARMCI_ACC_DBL, &sc, mine + 2 * N, (double *)seg[t] + 3 * N, N * sizeof(double), t);
  ARMCI_Barrier();
  for (int i = 0; i < N; i++)
    CHECK(mine[3 * N + i] == 2 * (from * 10 + i), "acc from global buffer [%d] = %g", i, mine[3 * N + i]);
  ARMCI_Barrier();
  /* to and from myself, overlapping: shift region 2 up by 3 elements */
  ARMCI_Put(mine + 2 * N, mine + 2 * N + 3, 8 * sizeof(double), test_me);
  for (int i = 0; i < 8; i++)
    CHECK(mine[2 * N + 3 + i] == test_me * 10 + i, "self overlapping put [%d] = %g", i, mine[2 * N + 3 + i]);
  ARMCI_Barrier();
  /* strided between global buffers: a 4x3 box of t's region 3 into my region 0 */
  {
    int sst[1] = {8 * sizeof(double)}, dstt[1] = {3 * sizeof(double)}, cnt[2] = {3 * sizeof(double), 4};
    ARMCI_GetS((double *)seg[t] + 3 * N, sst, mine, dstt, cnt, 1, t);
    for (int r = 0; r < 4; r++)
      for (int c = 0; c < 3; c++)
        CHECK(mine[r * 3 + c] == 2 * (test_me * 10 + r * 8 + c), "gets into global buffer (%d,%d) = %g", r, c,
              mine[r * 3 + c]);
    ARMCI_Barrier();
    ARMCI_PutS(mine, dstt, (double *)seg[t] + N, sst, cnt, 1, t);
    ARMCI_Barrier();
    for (int r = 0; r < 4; r++)
      for (int c = 0; c < 3; c++)
        CHECK(mine[N + r * 8 + c] == 2 * (from * 10 + r * 8 + c), "puts from global buffer (%d,%d) = %g", r,
              c, mine[N + r * 8 + c]);
  }
  ARMCI_Barrier();

  /* ---- three stride levels: a 2x3x4 box of doubles, remote layout 4x5x6 ---- */
  {
    double box[24], back[24];
    for (int i = 0; i < 24; i++) box[i] = test_me * 1000 + i + 0.5;
    int sst[3] = {2 * sizeof(double), 8 * sizeof(double), 24 * sizeof(double)};
    int dstt[3] = {6 * sizeof(double), 30 * sizeof(double), 120 * sizeof(double)};
    int cnt[4] = {2 * sizeof(double), 4, 3, 1}; /* innermost 2 doubles, 4 rows, 3 planes, 1 */
    /* source: dense 3x4x2 box = 24 doubles, strides 2, 8, 24 */
    void **big = at_malloc(120 * sizeof(double));
    ARMCI_Access_begin(big[test_me]);
    for (int i = 0; i < 120; i++) ((double *)big[test_me])[i] = -2;
    ARMCI_Access_end(big[test_me]);
    ARMCI_Barrier();
    ARMCI_PutS(box, sst, big[t], dstt, cnt, 3, t);
    ARMCI_Barrier();
    for (int i = 0; i < 24; i++) back[i] = 0;
    ARMCI_GetS(big[t], dstt, back, sst, cnt, 3, t);
    for (int i = 0; i < 24; i++) CHECK(back[i] == box[i], "3-level strided round trip [%d] = %g", i, back[i]);
    double *bm = big[test_me];
    int inside = 0;
    for (int p = 0; p < 3; p++)
      for (int r = 0; r < 4; r++)
        for (int c = 0; c < 2; c++) {
          CHECK(bm[p * 30 + r * 6 + c] == from * 1000 + p * 8 + r * 2 + c + 0.5, "3-level put (%d,%d,%d)", p,
                r, c);
          inside++;
        }
    int untouched = 0;
    for (int i = 0; i < 120; i++) untouched += bm[i] == -2;
    CHECK(untouched == 120 - inside, "3-level put touched %d extra elements", 120 - inside - untouched);
    ARMCI_Barrier();
    at_free(big);
  }
  at_free(seg);
  return at_finish("armci_overlap");
}
