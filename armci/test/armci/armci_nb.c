/*
 * armci_nb.c -- non-blocking ARMCI operations and their completion:
 * ARMCI_NbPut/NbGet/NbAcc, the strided (NbPutS/NbGetS/NbAccS) and vector
 * (NbPutV/NbGetV/NbAccV) forms, NbPutValue*, with explicit handles
 * (ARMCI_INIT_HANDLE + ARMCI_Wait / ARMCI_Test, aggregate handles) and with
 * implicit handles (NULL + ARMCI_WaitProc / ARMCI_WaitAll). Several
 * operations are outstanding at once; source buffers are overwritten right
 * after completion (local completion must mean "reusable").
 */
#include "armci_test.h"

#define SLOT 32 /* doubles per writer slot */

typedef struct {
  double contig[SLOT];  /* NbPut target */
  double strided[4][8]; /* NbPutS target: writer writes a 3x4 box */
  double vec[SLOT];     /* NbPutV target */
  double acc[SLOT];     /* NbAcc/NbAccS/NbAccV target (shared by all) */
  long value[4];        /* NbPutValue targets: int, long, float, double */
} slot_t;

static double v(int w, int t, int i) { return w * 1000 + t * 100 + i + 0.25; }

int main(int argc, char **argv) {
  at_start(&argc, &argv);
  void **seg = at_malloc((armci_size_t)sizeof(slot_t) * test_np);
  ARMCI_Access_begin(seg[test_me]);
  memset(seg[test_me], 0, sizeof(slot_t) * test_np);
  ARMCI_Access_end(seg[test_me]);
  ARMCI_Barrier();

  /* ---- puts, explicit handles, all outstanding; then wait ---- */
  double *src = malloc(sizeof(double) * SLOT * 3 * test_np);
  armci_hdl_t *h = malloc(sizeof(armci_hdl_t) * 4 * test_np);
  for (int t = 0; t < test_np; t++) {
    slot_t *mine = (slot_t *)seg[t] + test_me;
    double *s = src + (size_t)t * SLOT * 3;
    for (int i = 0; i < SLOT * 3; i++) s[i] = v(test_me, t, i);
    for (int k = 0; k < 4; k++) ARMCI_INIT_HANDLE(&h[4 * t + k]);
    ARMCI_NbPut(s, mine->contig, SLOT * sizeof(double), t, &h[4 * t]);
    int sst[1] = {4 * sizeof(double)}, dst[1] = {8 * sizeof(double)};
    int cnt[2] = {4 * sizeof(double), 3};
    ARMCI_NbPutS(s + SLOT, sst, &mine->strided[1][2], dst, cnt, 1, t, &h[4 * t + 1]);
    ARMCI_NbPutValueLong(7000000000L + test_me, &mine->value[1], t, &h[4 * t + 2]);
    ARMCI_NbPutValueDouble(0.5 + test_me, &mine->value[3], t, &h[4 * t + 3]);
  }
  for (int k = 0; k < 4 * test_np; k++) ARMCI_Wait(&h[k]);
  for (int i = 0; i < SLOT * 3 * test_np; i++) src[i] = -1; /* reuse */

  /* vector puts and int/float values with implicit handles */
  for (int t = 0; t < test_np; t++) {
    slot_t *mine = (slot_t *)seg[t] + test_me;
    static double vs[8];
    void *ss[4], *dd[4];
    for (int k = 0; k < 4; k++) {
      vs[2 * k] = v(test_me, t, 2 * k);
      vs[2 * k + 1] = v(test_me, t, 2 * k + 1);
      ss[k] = &vs[2 * k];
      dd[k] = &mine->vec[SLOT - 2 - 4 * k];
    }
    armci_giov_t iov = {ss, dd, 2 * sizeof(double), 4};
    ARMCI_NbPutV(&iov, 1, t, NULL);
    ARMCI_WaitProc(t); /* vs is reused for the next target */
    ARMCI_NbPutValueInt(-test_me, &mine->value[0], t, NULL);
    ARMCI_NbPutValueFloat(0.25f * test_me, &mine->value[2], t, NULL);
  }
  ARMCI_WaitAll();
  ARMCI_Barrier();

  /* ---- gets: outstanding NbGet / NbGetS / NbGetV, checked after Wait ---- */
  slot_t *back = malloc(sizeof(slot_t) * test_np);
  for (int t = 0; t < test_np; t++) {
    memset(back, 0, sizeof(slot_t) * test_np);
    armci_hdl_t hg[3];
    for (int k = 0; k < 3; k++) ARMCI_INIT_HANDLE(&hg[k]);
    slot_t *rem = seg[t];
    ARMCI_NbGet(rem, back, (int)(sizeof(slot_t) * test_np), t, &hg[0]);
    double box[3][4];
    int sst[1] = {8 * sizeof(double)}, dst[1] = {4 * sizeof(double)};
    int cnt[2] = {4 * sizeof(double), 3};
    ARMCI_NbGetS(&rem[test_np - 1].strided[1][2], sst, box, dst, cnt, 1, t, &hg[1]);
    double two[2];
    void *gs[1] = {&rem[0].vec[SLOT - 2]}, *gd[1] = {two};
    armci_giov_t giov = {gs, gd, 2 * sizeof(double), 1};
    ARMCI_NbGetV(&giov, 1, t, &hg[2]);
    /* wait for the big one by polling ARMCI_Test (0 = complete), bounded */
    long polls = 0;
    while (ARMCI_Test(&hg[0]) != 0 && polls < 100000000L) polls++;
    CHECK(polls < 100000000L, "ARMCI_Test never reported completion");
    ARMCI_Wait(&hg[1]);
    ARMCI_Wait(&hg[2]);
    for (int w = 0; w < test_np; w++) {
      slot_t *b = &back[w];
      for (int i = 0; i < SLOT; i++)
        CHECK(b->contig[i] == v(w, t, i), "nbput contig %d<-%d [%d] = %g", t, w, i, b->contig[i]);
      for (int r = 0; r < 4; r++)
        for (int c = 0; c < 8; c++) {
          int in = r >= 1 && c >= 2 && c < 6;
          double want = in ? v(w, t, SLOT + (r - 1) * 4 + (c - 2)) : 0.0;
          CHECK(b->strided[r][c] == want, "nbputs %d<-%d (%d,%d)", t, w, r, c);
        }
      for (int k = 0; k < 4; k++)
        for (int e = 0; e < 2; e++)
          CHECK(b->vec[SLOT - 2 - 4 * k + e] == v(w, t, 2 * k + e), "nbputv %d<-%d seg %d", t, w, k);
      int iv;
      float fv;
      long lv;
      double dv;
      memcpy(&iv, &b->value[0], sizeof iv);
      memcpy(&lv, &b->value[1], sizeof lv);
      memcpy(&fv, &b->value[2], sizeof fv);
      memcpy(&dv, &b->value[3], sizeof dv);
      CHECK(iv == -w && lv == 7000000000L + w && fv == 0.25f * w && dv == 0.5 + w,
            "nbputvalue %d<-%d: %d %ld %g %g", t, w, iv, lv, fv, dv);
    }
    for (int r = 0; r < 3; r++)
      for (int c = 0; c < 4; c++)
        CHECK(box[r][c] == v(test_np - 1, t, SLOT + r * 4 + c), "nbgets %d (%d,%d)", t, r, c);
    CHECK(two[0] == v(0, t, 0) && two[1] == v(0, t, 1), "nbgetv %d", t);
  }
  ARMCI_Barrier();

  /* ---- accumulates into slot 0's acc area of everyone: contiguous with an
   * explicit handle, strided with an aggregate handle, vector implicit ---- */
  double ones[SLOT];
  for (int i = 0; i < SLOT; i++) ones[i] = i + 1;
  armci_hdl_t agg;
  ARMCI_INIT_HANDLE(&agg);
  ARMCI_SET_AGGREGATE_HANDLE(&agg);
  for (int t = 0; t < test_np; t++) {
    slot_t *s0 = seg[t];
    double scale = test_me + 1;
    armci_hdl_t ha;
    ARMCI_INIT_HANDLE(&ha);
    ARMCI_NbAcc(ARMCI_ACC_DBL, &scale, ones, s0->acc, SLOT * sizeof(double), t, &ha);
    int st[1] = {2 * sizeof(double)}, cnt[2] = {sizeof(double), SLOT / 2};
    ARMCI_NbAccS(ARMCI_ACC_DBL, &scale, ones, st, s0->acc, st, cnt, 1, t, &agg);
    void *as[1] = {ones}, *ad[1] = {&s0->acc[SLOT - 1]};
    armci_giov_t aiov = {as, ad, sizeof(double), 1};
    ARMCI_NbAccV(ARMCI_ACC_DBL, &scale, &aiov, 1, t, NULL);
    ARMCI_Wait(&ha);
  }
  ARMCI_Wait(&agg);
  ARMCI_UNSET_AGGREGATE_HANDLE(&agg);
  ARMCI_WaitAll();
  ARMCI_Barrier();
  double s1 = test_np * (test_np + 1) / 2.0;
  for (int t = 0; t < test_np; t++) {
    double acc[SLOT];
    ARMCI_Get(((slot_t *)seg[t])->acc, acc, sizeof(acc), t);
    for (int i = 0; i < SLOT; i++) {
      double want = s1 * (i + 1);           /* NbAcc */
      if (i % 2 == 0) want += s1 * (i + 1); /* NbAccS: every other element */
      if (i == SLOT - 1) want += s1 * 1;    /* NbAccV: last element += 1 */
      CHECK(acc[i] == want, "nbacc target %d [%d] = %g want %g", t, i, acc[i], want);
    }
  }
  ARMCI_Barrier();
  free(back);
  free(h);
  free(src);
  at_free(seg);
  return at_finish("armci_nb");
}
