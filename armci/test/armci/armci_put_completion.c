/*
 * armci_put_completion.c -- remote completion of blocking puts and
 * accumulates, which return locally complete only (ARMCI's semantics):
 * after ARMCI_Fence(t), ARMCI_AllFence, ARMCI_Unlock (of a mutex on t) and
 * ARMCI_Barrier the data must be at the target. Each process puts (or
 * accumulates) into its right neighbour t, completes, then tells t with a
 * two-sided MPI message, which completes no RMA; t reads its own memory and
 * must see the data. Rounds repeat with new values.
 * Small puts and accumulates (up to 256 B) are issued from a staging ring
 * of 64 KiB: test_small makes more of them than the ring holds, each from a
 * source overwritten right after the call.
 */
#include "armci_test.h"

#define M 64
#define ROUNDS 20

enum { FENCE, ALLFENCE, UNLOCK, BARRIER, NMODES };
static const char *mode_name[NMODES] = {"ARMCI_Fence", "ARMCI_AllFence", "ARMCI_Unlock", "ARMCI_Barrier"};

static double val(int writer, int mode, int round, int i) {
  return writer * 1e6 + mode * 1e4 + round * 100 + i;
}

/* 8 B each: at 1-2 processes more than the 4,096 slots of the ring; at 3-4
 * (more processes than cores) fewer, since ARMCI-MPI, which this test also
 * runs against, waits for the target at every one of them. */
#define NSMALL_RING 4500
#define NSMALL_CROWDED 300

static void test_small(void) {
  const int n = test_np <= 2 ? NSMALL_RING : NSMALL_CROWDED;
  void **seg = at_malloc(2 * n * sizeof(double));
  double *mine = seg[test_me];
  ARMCI_Access_begin(mine);
  memset(mine, 0, 2 * n * sizeof(double));
  ARMCI_Access_end(mine);
  ARMCI_Barrier();
  int t = (test_me + 1) % test_np, from = (test_me + test_np - 1) % test_np;
  double *put_at = seg[t], *acc_at = put_at + n, v;
  /* all puts, then all accumulates: a put after an accumulate (or the
   * other way round) to the same target completes the first at once */
  for (int i = 0; i < n; i++) {
    v = test_me * 1e5 + i;
    ARMCI_Put(&v, put_at + i, sizeof v, t);
    v = -1; /* the source may be reused at once */
  }
  for (int i = 0; i < n; i++) {
    double scale = i % 2 ? 2.0 : 1.0; /* scaled (a temporary) and not */
    v = i;
    ARMCI_Acc(ARMCI_ACC_DBL, &scale, &v, acc_at + i, sizeof v, t);
    v = -1;
  }
  ARMCI_Fence(t);
  int go = 1, got = 0;
  MPI_Sendrecv(&go, 1, MPI_INT, t, 9, &got, 1, MPI_INT, from, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  ARMCI_Access_begin(mine);
  int bad_put = 0, bad_acc = 0;
  for (int i = 0; i < n; i++) {
    bad_put += mine[i] != from * 1e5 + i;
    bad_acc += mine[n + i] != (i % 2 ? 2.0 : 1.0) * i;
  }
  ARMCI_Access_end(mine);
  CHECK(bad_put == 0 && bad_acc == 0, "%d small puts, %d small accumulates of %d wrong after ARMCI_Fence",
        bad_put, bad_acc, n);
  ARMCI_Barrier();
  at_free(seg);
}

int main(int argc, char **argv) {
  at_start(&argc, &argv);
  /* per mode: M doubles put into, M doubles accumulated into */
  const size_t per_mode = 2 * M;
  void **seg = at_malloc(NMODES * per_mode * sizeof(double));
  double *mine = seg[test_me];
  ARMCI_Access_begin(mine);
  memset(mine, 0, NMODES * per_mode * sizeof(double));
  ARMCI_Access_end(mine);
  ARMCI_Create_mutexes(1);
  ARMCI_Barrier();

  int t = (test_me + 1) % test_np, from = (test_me + test_np - 1) % test_np;
  double v[M], one = 1.0;
  for (int mode = 0; mode < NMODES; mode++) {
    double *put_at = (double *)seg[t] + mode * per_mode, *acc_at = put_at + M;
    double *my_put = mine + mode * per_mode, *my_acc = my_put + M;
    for (int round = 0; round < ROUNDS; round++) {
      int acc = round % 2;
      for (int i = 0; i < M; i++) v[i] = val(test_me, mode, round, i);
      if (mode == UNLOCK) ARMCI_Lock(0, t);
      if (acc)
        ARMCI_Acc(ARMCI_ACC_DBL, &one, v, acc_at, sizeof v, t);
      else
        ARMCI_Put(v, put_at, sizeof v, t);
      memset(v, 0, sizeof v); /* the source may be reused at once */
      switch (mode) {
        case FENCE: ARMCI_Fence(t); break;
        case ALLFENCE: ARMCI_AllFence(); break;
        case UNLOCK: ARMCI_Unlock(0, t); break;
        default: ARMCI_Barrier(); break;
      }
      if (mode != BARRIER) { /* a signal that completes no RMA */
        int got = -1;
        MPI_Sendrecv(&round, 1, MPI_INT, t, mode, &got, 1, MPI_INT, from, mode, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        CHECK(got == round, "%s: message of round %d in round %d", mode_name[mode], got, round);
      }
      ARMCI_Access_begin(mine);
      int bad = 0;
      for (int i = 0; i < M; i++) {
        double want = acc ? 0 : val(from, mode, round, i);
        if (acc) /* the sum of the odd rounds so far */
          for (int r = 1; r <= round; r += 2) want += val(from, mode, r, i);
        double have = acc ? my_acc[i] : my_put[i];
        bad += have != want;
      }
      ARMCI_Access_end(mine);
      CHECK(bad == 0, "%s after %s, round %d: %d of %d elements not there", mode_name[mode],
            acc ? "ARMCI_Acc" : "ARMCI_Put", round, bad, M);
      ARMCI_Barrier(); /* the next round overwrites */
    }
  }
  ARMCI_Destroy_mutexes();
  at_free(seg);
  test_small();
  return at_finish("armci_put_completion");
}
