/*
 * armci_strided.c -- ARMCI_PutS / ARMCI_GetS / ARMCI_AccS with 0, 1 and 2
 * stride levels, source and destination laid out differently.
 *
 * Each process owns a D0 x D1 x D2 array of doubles (D0 = 2 * np planes).
 * Writer w puts a sub-box of planes {2w, 2w+1} into every process from a
 * padded local buffer; the rest of each array must stay zero. Boxes are read
 * back with GetS into another layout. Then everybody accumulates into a
 * common box (all six ARMCI_ACC_* types, with scale factors) and the sums
 * must be exact. Also the local armci_write_strided / armci_read_strided.
 */
#include "armci_test.h"

#define D1 5
#define D2 7
/* the box written inside each 2-plane slab */
#define R0 1 /* first row */
#define NR 3 /* rows */
#define C0 2 /* first column */
#define NC 4 /* columns */

static double val(int w, int t, int p, int r, int c) {
  return 1 + w * 1000 + t * 100 + p * 10 + r + c * 0.125;
}

static void test_put_get(void) {
  int D0 = 2 * test_np;
  size_t bytes = (size_t)D0 * D1 * D2 * sizeof(double);
  void **seg = at_malloc((armci_size_t)bytes);
  ARMCI_Access_begin(seg[test_me]);
  memset(seg[test_me], 0, bytes);
  ARMCI_Access_end(seg[test_me]);
  ARMCI_Barrier();

  /* padded source: [2][D1+1][D2+2] */
  static double src[2][D1 + 1][D2 + 2];
  int src_stride[2] = {(D2 + 2) * sizeof(double), (D1 + 1) * (D2 + 2) * sizeof(double)};
  int dst_stride[2] = {D2 * sizeof(double), D1 * D2 * sizeof(double)};
  int count[3] = {NC * sizeof(double), NR, 2};
  for (int k = 0; k < test_np; k++) {
    int t = (test_me + k) % test_np;
    for (int p = 0; p < 2; p++)
      for (int r = 0; r < NR; r++)
        for (int c = 0; c < NC; c++) src[p][r][c] = val(test_me, t, p, r, c);
    double *dst = (double *)seg[t] + ((2 * test_me) * D1 + R0) * D2 + C0;
    ARMCI_PutS(src, src_stride, dst, dst_stride, count, 2, t);
  }
  ARMCI_Barrier();

  /* whole arrays back contiguously: the boxes and zeros elsewhere */
  double *whole = malloc(bytes);
  for (int t = 0; t < test_np; t++) {
    ARMCI_Get(seg[t], whole, (int)bytes, t);
    for (int p = 0; p < D0; p++)
      for (int r = 0; r < D1; r++)
        for (int c = 0; c < D2; c++) {
          int in = r >= R0 && r < R0 + NR && c >= C0 && c < C0 + NC;
          double want = in ? val(p / 2, t, p % 2, r - R0, c - C0) : 0.0;
          double got = whole[(p * D1 + r) * D2 + c];
          CHECK(got == want, "target %d (%d,%d,%d) = %g want %g", t, p, r, c, got, want);
        }
  }

  /* GetS of each writer's box (2 levels) into a differently padded buffer;
   * also a 1-level GetS of one plane and a 0-level GetS of one row */
  static double back[2][NR + 2][NC + 3];
  int back_stride[2] = {(NC + 3) * sizeof(double), (NR + 2) * (NC + 3) * sizeof(double)};
  for (int t = 0; t < test_np; t++)
    for (int w = 0; w < test_np; w++) {
      memset(back, 0, sizeof(back));
      double *from = (double *)seg[t] + ((2 * w) * D1 + R0) * D2 + C0;
      ARMCI_GetS(from, dst_stride, back, back_stride, count, 2, t);
      for (int p = 0; p < 2; p++)
        for (int r = 0; r < NR; r++)
          for (int c = 0; c < NC; c++)
            CHECK(back[p][r][c] == val(w, t, p, r, c), "gets %d/%d (%d,%d,%d) = %g", t, w, p, r, c,
                  back[p][r][c]);
      double plane[NR][NC];
      int cnt1[2] = {NC * sizeof(double), NR}, pst[1] = {NC * sizeof(double)};
      ARMCI_GetS(from + D1 * D2, dst_stride, plane, pst, cnt1, 1, t);
      for (int r = 0; r < NR; r++)
        for (int c = 0; c < NC; c++)
          CHECK(plane[r][c] == val(w, t, 1, r, c), "gets-1 %d/%d (%d,%d)", t, w, r, c);
      double row[NC];
      int cnt0[1] = {NC * sizeof(double)};
      ARMCI_GetS(from, NULL, row, NULL, cnt0, 0, t);
      for (int c = 0; c < NC; c++) CHECK(row[c] == val(w, t, 0, 0, c), "gets-0 %d/%d %d", t, w, c);
    }
  free(whole);
  ARMCI_Barrier();
  at_free(seg);
}

/* AccS, 1 stride level, of an NR x NC box of type `type` into a D1 x D2
 * array on every process; element (r,c) of the source = r*NC + c + 1. */
static void test_accs(int type) {
  int cplx = type == ARMCI_ACC_CPL || type == ARMCI_ACC_DCP;
  size_t base = (type == ARMCI_ACC_INT)                            ? sizeof(int)
                : (type == ARMCI_ACC_LNG)                          ? sizeof(long)
                : (type == ARMCI_ACC_FLT || type == ARMCI_ACC_CPL) ? sizeof(float)
                                                                   : sizeof(double);
  size_t esz = base * (cplx ? 2 : 1);
  void **seg = at_malloc((armci_size_t)(esz * D1 * D2));
  ARMCI_Access_begin(seg[test_me]);
  memset(seg[test_me], 0, esz * D1 * D2);
  ARMCI_Access_end(seg[test_me]);
  ARMCI_Barrier();

  /* source as doubles converted per type; scale = me+1 (complex: (me+1, 0)
   * applied to (v, v): exact in every type) */
  char src[NR * NC * 2 * sizeof(double)];
  for (int i = 0; i < NR * NC; i++) {
    double v = i + 1;
    for (int part = 0; part < (cplx ? 2 : 1); part++) {
      int k = cplx ? 2 * i + part : i;
      if (type == ARMCI_ACC_INT)
        ((int *)src)[k] = (int)v;
      else if (type == ARMCI_ACC_LNG)
        ((long *)src)[k] = (long)v;
      else if (base == sizeof(float))
        ((float *)src)[k] = (float)v;
      else
        ((double *)src)[k] = v;
    }
  }
  char scale[2 * sizeof(double)];
  memset(scale, 0, sizeof(scale));
  if (type == ARMCI_ACC_INT)
    *(int *)scale = test_me + 1;
  else if (type == ARMCI_ACC_LNG)
    *(long *)scale = test_me + 1;
  else if (base == sizeof(float))
    *(float *)scale = test_me + 1;
  else
    *(double *)scale = test_me + 1;

  int src_stride[1] = {(int)(NC * esz)}, dst_stride[1] = {(int)(D2 * esz)};
  int count[2] = {(int)(NC * esz), NR};
  for (int k = 0; k < test_np; k++) {
    int t = (test_me + k) % test_np;
    char *dst = (char *)seg[t] + (R0 * D2 + C0) * esz;
    ARMCI_AccS(type, scale, src, src_stride, dst, dst_stride, count, 1, t);
  }
  /* again with scale one from a padded (non-dense) copy of the source:
   * every process adds the source once more */
  char padded[NR * (NC + 2) * 2 * sizeof(double)], one[2 * sizeof(double)];
  for (int r = 0; r < NR; r++) memcpy(padded + r * (NC + 2) * esz, src + r * NC * esz, NC * esz);
  memset(one, 0, sizeof(one));
  if (type == ARMCI_ACC_INT)
    *(int *)one = 1;
  else if (type == ARMCI_ACC_LNG)
    *(long *)one = 1;
  else if (base == sizeof(float))
    *(float *)one = 1;
  else
    *(double *)one = 1;
  int padded_stride[1] = {(int)((NC + 2) * esz)};
  for (int k = 0; k < test_np; k++) {
    int t = (test_me + k) % test_np;
    char *dst = (char *)seg[t] + (R0 * D2 + C0) * esz;
    ARMCI_AccS(type, one, padded, padded_stride, dst, dst_stride, count, 1, t);
  }
  ARMCI_Barrier();

  long s1 = (long)test_np * (test_np + 1) / 2 + test_np;
  char got[D1 * D2 * 2 * sizeof(double)];
  for (int t = 0; t < test_np; t++) {
    ARMCI_Get(seg[t], got, (int)(esz * D1 * D2), t);
    for (int r = 0; r < D1; r++)
      for (int c = 0; c < D2; c++) {
        int in = r >= R0 && r < R0 + NR && c >= C0 && c < C0 + NC;
        double want = in ? (double)(s1 * ((r - R0) * NC + (c - C0) + 1)) : 0.0;
        for (int part = 0; part < (cplx ? 2 : 1); part++) {
          int k = cplx ? 2 * (r * D2 + c) + part : r * D2 + c;
          double g = type == ARMCI_ACC_INT   ? ((int *)got)[k]
                     : type == ARMCI_ACC_LNG ? (double)((long *)got)[k]
                     : base == sizeof(float) ? ((float *)got)[k]
                                             : ((double *)got)[k];
          /* complex scale (s,0) * (v,v) = (s v, s v) */
          CHECK(g == want, "accs type %d target %d (%d,%d) part %d = %g want %g", type, t, r, c, part, g,
                want);
        }
      }
  }
  ARMCI_Barrier();
  at_free(seg);
}

/* armci_write_strided packs a strided box into a buffer, armci_read_strided
 * unpacks a buffer into a strided box (local copies: GA's ghost-cell
 * update). A 3 x 4 x 2 box of ints: rows of 3 ints 8 ints apart, planes of
 * 4 rows 40 ints apart; and 0 levels (one contiguous run). */
static void test_local_strided(void) {
  enum { NB = 2 * 40 };
  int box[NB], box2[NB], packed[24];
  int stride[2] = {8 * sizeof(int), 40 * sizeof(int)}, count[3] = {3 * sizeof(int), 4, 2};
  for (int i = 0; i < NB; i++) box[i] = 1000 * test_me + i;
  memset(packed, 0, sizeof packed);
  armci_write_strided(box, 2, stride, count, (char *)packed);
  int k = 0;
  for (int pl = 0; pl < 2; pl++)
    for (int r = 0; r < 4; r++)
      for (int c = 0; c < 3; c++, k++)
        CHECK(packed[k] == 1000 * test_me + pl * 40 + r * 8 + c, "write_strided packed[%d] = %d", k,
              packed[k]);
  for (int i = 0; i < NB; i++) box2[i] = -1;
  armci_read_strided(box2, 2, stride, count, (char *)packed);
  for (int i = 0; i < NB; i++) {
    int pl = i / 40, r = (i % 40) / 8, c = i % 8;
    int in_box = pl < 2 && r < 4 && c < 3;
    CHECK(box2[i] == (in_box ? box[i] : -1), "read_strided box[%d] = %d", i, box2[i]);
  }
  int one[1] = {5 * sizeof(int)}, run[5] = {0};
  armci_write_strided(box + 2, 0, NULL, one, (char *)run);
  for (int i = 0; i < 5; i++) CHECK(run[i] == box[2 + i], "write_strided 0 levels [%d] = %d", i, run[i]);
}

int main(int argc, char **argv) {
  at_start(&argc, &argv);
  test_local_strided();
  test_put_get();
  for (int k = 0; k < AT_NACC_TYPES; k++) test_accs(at_acc_types[k]);
  return at_finish("armci_strided");
}
