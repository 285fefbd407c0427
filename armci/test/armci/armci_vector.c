/*
 * armci_vector.c -- I/O-vector transfers ARMCI_PutV / ARMCI_GetV /
 * ARMCI_AccV with several descriptors of different segment sizes, segments
 * scattered in reverse order on the remote side.
 *
 * Writer w fills its own region of every process's segment; GetV brings the
 * segments back to other local places; AccV (double and int, scale factors)
 * by every process into common places must produce exact sums.
 */
#include "armci_test.h"

#define REG 64 /* doubles per writer region */
#define NA 5   /* descriptor 0: NA segments of 2 doubles */
#define NB 3   /* descriptor 1: NB segments of 5 doubles */

/* remote offset (in doubles, within a region) of segment s of descriptor d */
static int roff(int d, int s) { return d == 0 ? 60 - 9 * s : 1 + 7 * s; }
/* local offset of the same segment in the source buffer */
static int loff(int d, int s) { return d == 0 ? 2 * s : 20 + 5 * s; }

static double val(int w, int t, int k) { return w * 1000 + t * 100 + k + 0.5; }

static void build(armci_giov_t iov[2], void *src[NA + NB], void *dst[NA + NB], double *local,
                  double *remote) {
  for (int s = 0; s < NA; s++) {
    src[s] = local + loff(0, s);
    dst[s] = remote + roff(0, s);
  }
  for (int s = 0; s < NB; s++) {
    src[NA + s] = local + loff(1, s);
    dst[NA + s] = remote + roff(1, s);
  }
  iov[0].src_ptr_array = src;
  iov[0].dst_ptr_array = dst;
  iov[0].bytes = 2 * sizeof(double);
  iov[0].ptr_array_len = NA;
  iov[1].src_ptr_array = src + NA;
  iov[1].dst_ptr_array = dst + NA;
  iov[1].bytes = 5 * sizeof(double);
  iov[1].ptr_array_len = NB;
}

int main(int argc, char **argv) {
  at_start(&argc, &argv);
  void **seg = at_malloc((armci_size_t)(REG * test_np * sizeof(double)));
  ARMCI_Access_begin(seg[test_me]);
  memset(seg[test_me], 0, REG * test_np * sizeof(double));
  ARMCI_Access_end(seg[test_me]);
  ARMCI_Barrier();

  armci_giov_t iov[2];
  void *src[NA + NB], *dst[NA + NB];
  double local[REG];

  /* PutV: local[k] = val(me, t, k) for the used k */
  for (int k = 0; k < test_np; k++) {
    int t = (test_me + k) % test_np;
    for (int i = 0; i < REG; i++) local[i] = val(test_me, t, i);
    build(iov, src, dst, local, (double *)seg[t] + test_me * REG);
    ARMCI_PutV(iov, 2, t);
  }
  ARMCI_Barrier();

  /* check whole regions with contiguous gets */
  double whole[REG];
  for (int t = 0; t < test_np; t++)
    for (int w = 0; w < test_np; w++) {
      ARMCI_Get((double *)seg[t] + w * REG, whole, sizeof(whole), t);
      double want[REG] = {0};
      for (int s = 0; s < NA; s++)
        for (int e = 0; e < 2; e++) want[roff(0, s) + e] = val(w, t, loff(0, s) + e);
      for (int s = 0; s < NB; s++)
        for (int e = 0; e < 5; e++) want[roff(1, s) + e] = val(w, t, loff(1, s) + e);
      for (int i = 0; i < REG; i++)
        CHECK(whole[i] == want[i], "putv target %d region %d [%d] = %g want %g", t, w, i, whole[i], want[i]);
    }

  /* GetV: the same segments back into a zeroed local buffer (roles swap:
   * remote is the source, local the destination) */
  for (int t = 0; t < test_np; t++)
    for (int w = 0; w < test_np; w++) {
      for (int i = 0; i < REG; i++) local[i] = -1;
      build(iov, src, dst, local, (double *)seg[t] + w * REG);
      for (int d = 0; d < 2; d++) { /* remote is the source now */
        void **tmp = iov[d].src_ptr_array;
        iov[d].src_ptr_array = iov[d].dst_ptr_array;
        iov[d].dst_ptr_array = tmp;
      }
      ARMCI_GetV(iov, 2, t);
      for (int s = 0; s < NA; s++)
        for (int e = 0; e < 2; e++)
          CHECK(local[loff(0, s) + e] == val(w, t, loff(0, s) + e), "getv a %d/%d", t, w);
      for (int s = 0; s < NB; s++)
        for (int e = 0; e < 5; e++)
          CHECK(local[loff(1, s) + e] == val(w, t, loff(1, s) + e), "getv b %d/%d", t, w);
      CHECK(local[REG - 1] == -1 && local[12] == -1, "getv wrote outside its segments");
    }
  ARMCI_Barrier();

  /* AccV (double): everybody adds scale_p * (k+1) into region 0 of everyone */
  for (int k = 0; k < test_np; k++) {
    int t = (test_me + k) % test_np;
    for (int i = 0; i < REG; i++) local[i] = i + 1;
    build(iov, src, dst, local, (double *)seg[t]);
    double scale = test_me + 1;
    ARMCI_AccV(ARMCI_ACC_DBL, &scale, iov, 2, t);
  }
  ARMCI_Barrier();
  long s1 = (long)test_np * (test_np + 1) / 2;
  for (int t = 0; t < test_np; t++) {
    ARMCI_Get(seg[t], whole, sizeof(whole), t);
    for (int s = 0; s < NA + NB; s++) {
      int d = s < NA ? 0 : 1, ss = s < NA ? s : s - NA, len = d ? 5 : 2;
      for (int e = 0; e < len; e++) {
        double want = val(0, t, loff(d, ss) + e) + (double)(s1 * (loff(d, ss) + e + 1));
        CHECK(whole[roff(d, ss) + e] == want, "accv dbl target %d seg %d", t, s);
      }
    }
  }
  ARMCI_Barrier();
  at_free(seg);

  /* AccV (int) into a fresh int segment, one descriptor of 1-int segments
   * hitting every other element */
  enum { NI = 16 };
  void **iseg = at_malloc(NI * sizeof(int));
  ARMCI_Access_begin(iseg[test_me]);
  memset(iseg[test_me], 0, NI * sizeof(int));
  ARMCI_Access_end(iseg[test_me]);
  ARMCI_Barrier();
  int ival[NI / 2];
  void *isrc[NI / 2], *idst[NI / 2];
  for (int k = 0; k < test_np; k++) {
    int t = (test_me + k) % test_np;
    for (int i = 0; i < NI / 2; i++) {
      ival[i] = i + 1;
      isrc[i] = &ival[i];
      idst[i] = (int *)iseg[t] + 2 * i;
    }
    armci_giov_t one = {isrc, idst, sizeof(int), NI / 2};
    int scale = -(test_me + 1);
    ARMCI_AccV(ARMCI_ACC_INT, &scale, &one, 1, t);
  }
  ARMCI_Barrier();
  int ibuf[NI];
  for (int t = 0; t < test_np; t++) {
    ARMCI_Get(iseg[t], ibuf, sizeof(ibuf), t);
    for (int i = 0; i < NI; i++) {
      long want = (i % 2) ? 0 : -s1 * (i / 2 + 1);
      CHECK(ibuf[i] == want, "accv int target %d [%d] = %d want %ld", t, i, ibuf[i], want);
    }
  }
  ARMCI_Barrier();
  at_free(iseg);
  return at_finish("armci_vector");
}
