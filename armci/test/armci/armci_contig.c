/*
 * armci_contig.c -- contiguous ARMCI_Put / ARMCI_Get / ARMCI_Acc.
 *
 *  put/get: every process puts a distinct pattern into its own slot of
 *           every process's segment (self included); after ARMCI_Barrier
 *           each process checks its segment locally (Access_begin/end) and
 *           every slot of every other segment with ARMCI_Get.
 *  acc:     for each accumulate type (INT, LNG, FLT, DBL, CPL, DCP) every
 *           process accumulates scale_p * v into the same region of every
 *           process; results must be exact sums (small integers).
 */
#include "armci_test.h"

#define SLOT 40 /* doubles per slot */
#define NACC 24 /* elements per acc region */

static double pattern(int writer, int target, int i) { return writer * 1e4 + target * 100 + i; }

static void test_put_get(void) {
  size_t slot_bytes = SLOT * sizeof(double);
  void **seg = at_malloc((armci_size_t)slot_bytes * test_np);
  double src[SLOT], dst[SLOT];

  for (int k = 0; k < test_np; k++) {
    int t = (test_me + k) % test_np;
    for (int i = 0; i < SLOT; i++) src[i] = pattern(test_me, t, i);
    ARMCI_Put(src, (char *)seg[t] + test_me * slot_bytes, (int)slot_bytes, t);
  }
  ARMCI_Barrier();

  /* my own segment, locally */
  ARMCI_Access_begin(seg[test_me]);
  const double *mine = seg[test_me];
  for (int w = 0; w < test_np; w++)
    for (int i = 0; i < SLOT; i++)
      CHECK(mine[w * SLOT + i] == pattern(w, test_me, i), "local slot %d[%d] = %g", w, i, mine[w * SLOT + i]);
  ARMCI_Access_end(seg[test_me]);

  /* every slot everywhere, remotely (partial and odd-sized gets too) */
  for (int t = 0; t < test_np; t++)
    for (int w = 0; w < test_np; w++) {
      memset(dst, 0, sizeof(dst));
      ARMCI_Get((char *)seg[t] + w * slot_bytes, dst, (int)slot_bytes, t);
      for (int i = 0; i < SLOT; i++)
        CHECK(dst[i] == pattern(w, t, i), "get %d slot %d[%d] = %g", t, w, i, dst[i]);
      char bytes[7];
      ARMCI_Get((char *)seg[t] + w * slot_bytes + 3, bytes, 7, t);
      double ref[SLOT];
      for (int i = 0; i < SLOT; i++) ref[i] = pattern(w, t, i);
      CHECK(memcmp(bytes, (char *)ref + 3, 7) == 0, "7-byte get from %d slot %d", t, w);
    }
  ARMCI_Barrier();
  at_free(seg);
}

/* Accumulate into region of every process; check exact sums. */
static void test_acc(int acc_type) {
  size_t esz = 0;
  switch (acc_type) {
    case ARMCI_ACC_INT: esz = sizeof(int); break;
    case ARMCI_ACC_LNG: esz = sizeof(long); break;
    case ARMCI_ACC_FLT: esz = sizeof(float); break;
    case ARMCI_ACC_DBL: esz = sizeof(double); break;
    case ARMCI_ACC_CPL: esz = 2 * sizeof(float); break;
    case ARMCI_ACC_DCP: esz = 2 * sizeof(double); break;
  }
  void **seg = at_malloc((armci_size_t)(esz * NACC));
  /* initial value: element i = 3 (real part) */
  ARMCI_Access_begin(seg[test_me]);
  for (int i = 0; i < NACC; i++) {
    switch (acc_type) {
      case ARMCI_ACC_INT: ((int *)seg[test_me])[i] = 3; break;
      case ARMCI_ACC_LNG: ((long *)seg[test_me])[i] = 3; break;
      case ARMCI_ACC_FLT: ((float *)seg[test_me])[i] = 3; break;
      case ARMCI_ACC_DBL: ((double *)seg[test_me])[i] = 3; break;
      case ARMCI_ACC_CPL:
        ((float *)seg[test_me])[2 * i] = 3;
        ((float *)seg[test_me])[2 * i + 1] = 0;
        break;
      case ARMCI_ACC_DCP:
        ((double *)seg[test_me])[2 * i] = 3;
        ((double *)seg[test_me])[2 * i + 1] = 0;
        break;
    }
  }
  ARMCI_Access_end(seg[test_me]);
  ARMCI_Barrier();

  /* source v_i = i + 1 (complex: (i+1, -(i+1))), scale = p + 1 (complex:
   * (p+1) + 1i); long values are shifted above 2^32 */
  union {
    int i;
    long l;
    float f;
    double d;
    float cf[2];
    double cd[2];
  } scale;
  char src[NACC * 2 * sizeof(double)];
  for (int i = 0; i < NACC; i++) {
    switch (acc_type) {
      case ARMCI_ACC_INT: ((int *)src)[i] = i + 1; break;
      case ARMCI_ACC_LNG: ((long *)src)[i] = (i + 1) * (1L << 33); break;
      case ARMCI_ACC_FLT: ((float *)src)[i] = i + 1; break;
      case ARMCI_ACC_DBL: ((double *)src)[i] = i + 1; break;
      case ARMCI_ACC_CPL:
        ((float *)src)[2 * i] = i + 1;
        ((float *)src)[2 * i + 1] = -(i + 1);
        break;
      case ARMCI_ACC_DCP:
        ((double *)src)[2 * i] = i + 1;
        ((double *)src)[2 * i + 1] = -(i + 1);
        break;
    }
  }
  switch (acc_type) {
    case ARMCI_ACC_INT: scale.i = test_me + 1; break;
    case ARMCI_ACC_LNG: scale.l = test_me + 1; break;
    case ARMCI_ACC_FLT: scale.f = test_me + 1; break;
    case ARMCI_ACC_DBL: scale.d = test_me + 1; break;
    case ARMCI_ACC_CPL:
      scale.cf[0] = test_me + 1;
      scale.cf[1] = 1;
      break;
    case ARMCI_ACC_DCP:
      scale.cd[0] = test_me + 1;
      scale.cd[1] = 1;
      break;
  }
  for (int k = 0; k < test_np; k++) {
    int t = (test_me + k) % test_np;
    ARMCI_Acc(acc_type, &scale, src, seg[t], (int)(esz * NACC), t);
  }
  ARMCI_Barrier();

  /* expected: 3 + sum_p (p+1) * v   (complex: re 3 + sum (p+2) k, im -sum p k) */
  long s1 = (long)test_np * (test_np + 1) / 2; /* sum (p+1) */
  long s2 = s1 + test_np;                      /* sum (p+2) */
  long s0 = (long)test_np * (test_np - 1) / 2; /* sum p */
  char got[NACC * 2 * sizeof(double)];
  for (int t = 0; t < test_np; t++) {
    ARMCI_Get(seg[t], got, (int)(esz * NACC), t);
    for (int i = 0; i < NACC; i++) {
      long k = i + 1;
      int ok = 0;
      switch (acc_type) {
        case ARMCI_ACC_INT: ok = ((int *)got)[i] == 3 + s1 * k; break;
        case ARMCI_ACC_LNG: ok = ((long *)got)[i] == 3 + s1 * k * (1L << 33); break;
        case ARMCI_ACC_FLT: ok = ((float *)got)[i] == (float)(3 + s1 * k); break;
        case ARMCI_ACC_DBL: ok = ((double *)got)[i] == (double)(3 + s1 * k); break;
        case ARMCI_ACC_CPL:
          ok = ((float *)got)[2 * i] == (float)(3 + s2 * k) && ((float *)got)[2 * i + 1] == (float)(-s0 * k);
          break;
        case ARMCI_ACC_DCP:
          ok = ((double *)got)[2 * i] == (double)(3 + s2 * k) &&
               ((double *)got)[2 * i + 1] == (double)(-s0 * k);
          break;
      }
      CHECK(ok, "acc type %d target %d elem %d wrong", acc_type, t, i);
    }
  }
  ARMCI_Barrier();
  at_free(seg);
}

int main(int argc, char **argv) {
  at_start(&argc, &argv);
  test_put_get();
  for (int k = 0; k < AT_NACC_TYPES; k++) test_acc(at_acc_types[k]);
  return at_finish("armci_contig");
}
