/*
 * armci_access_fence.c -- direct local access and remote completion:
 *
 *  - ARMCI_Access_begin/end: local stores become visible to remote gets
 *    (after a barrier), and remote puts become visible to local loads;
 *  - ARMCI_Fence: producer puts to its right neighbour, fences, then bumps
 *    the neighbour's flag (ARMCI_Rmw); the consumer waits for the flag
 *    (bounded polling, no barrier) and must then see the data;
 *  - ARMCI_AllFence: the same towards every process at once;
 *  - ARMCI_Put_flag and ARMCI_PutS_flag: data then flag, consumer polls.
 */
#include "armci_test.h"

#define N 48

typedef struct {
  int flag_fence;
  int flag_all;
  int flag_put;
  int flag_puts;
  double data[N];
  double all[16][4];
  double pf[N];
  double psf[4][6];
} area_t;

static double val(int w, int i) { return w * 100 + i + 0.5; }

/* Wait (bounded) until my flag at `flag` reaches `want`; returns the value.
 * MPI_Iprobe drives MPI's progress engine: without it ARMCI-MPI on MPICH
 * 4.0.2 (ch4:ucx) starves remote operations targeting a process that only
 * polls its own memory (no asynchronous progress), and the test deadlocks
 * at 3+ processes. */
static int wait_flag(int *flag, int want) {
  int v = 0, dummy;
  double t0 = MPI_Wtime();
  for (;;) {
    v = ARMCI_GetValueInt(flag, test_me);
    if (v >= want || MPI_Wtime() - t0 > 60.0) break;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &dummy, MPI_STATUS_IGNORE);
  }
  return v;
}

int main(int argc, char **argv) {
  at_start(&argc, &argv);
  if (test_np > 16) ARMCI_Error("armci_access_fence: too many processes", test_np);
  void **seg = at_malloc(sizeof(area_t));
  area_t *me = seg[test_me];

  /* ---- local stores under Access_begin/end, read remotely ---- */
  ARMCI_Access_begin(me);
  memset(me, 0, sizeof(area_t));
  for (int i = 0; i < N; i++) me->data[i] = val(test_me, i);
  ARMCI_Access_end(me);
  ARMCI_Barrier();
  int right = (test_me + 1) % test_np, left = (test_me + test_np - 1) % test_np;
  double buf[N];
  ARMCI_Get(((area_t *)seg[right])->data, buf, sizeof(buf), right);
  for (int i = 0; i < N; i++) CHECK(buf[i] == val(right, i), "local store seen remotely [%d]", i);
  ARMCI_Barrier();

  /* ---- Fence: put to the right, fence, bump its flag ---- */
  area_t *r = seg[right];
  for (int i = 0; i < N; i++) buf[i] = -val(test_me, i);
  ARMCI_Put(buf, r->data, sizeof(buf), right);
  ARMCI_Fence(right);
  int old;
  ARMCI_Rmw(ARMCI_FETCH_AND_ADD, &old, &r->flag_fence, 1, right);
  CHECK(wait_flag(&me->flag_fence, 1) == 1, "fence flag never set");
  ARMCI_Access_begin(me);
  for (int i = 0; i < N; i++)
    CHECK(me->data[i] == -val(left, i), "after fence data[%d] = %g", i, me->data[i]);
  ARMCI_Access_end(me);

  /* ---- AllFence: a row to everybody, fence all, bump all flags ---- */
  for (int t = 0; t < test_np; t++) {
    double row[4] = {val(test_me, t), 1, 2, 3};
    ARMCI_Put(row, ((area_t *)seg[t])->all[test_me], sizeof(row), t);
  }
  ARMCI_AllFence();
  for (int t = 0; t < test_np; t++) ARMCI_Rmw(ARMCI_FETCH_AND_ADD, &old, &((area_t *)seg[t])->flag_all, 1, t);
  CHECK(wait_flag(&me->flag_all, test_np) == test_np, "allfence flag incomplete");
  ARMCI_Access_begin(me);
  for (int w = 0; w < test_np; w++)
    CHECK(me->all[w][0] == val(w, test_me) && me->all[w][3] == 3, "after allfence row %d", w);
  ARMCI_Access_end(me);

  /* ---- Put_flag / PutS_flag to the right ---- */
  for (int i = 0; i < N; i++) buf[i] = val(test_me, i) * 2;
  ARMCI_Put_flag(buf, r->pf, sizeof(buf), &r->flag_put, 7, right);
  double box[4][6];
  for (int a = 0; a < 4; a++)
    for (int b = 0; b < 6; b++) box[a][b] = test_me * 10 + a + b * 0.125;
  int st[1] = {6 * sizeof(double)}, cnt[2] = {6 * sizeof(double), 4};
  ARMCI_PutS_flag(box, st, r->psf, st, cnt, 1, &r->flag_puts, 9, right);
  CHECK(wait_flag(&me->flag_put, 7) == 7, "put_flag flag never set");
  CHECK(wait_flag(&me->flag_puts, 9) == 9, "puts_flag flag never set");
  ARMCI_Access_begin(me);
  for (int i = 0; i < N; i++) CHECK(me->pf[i] == val(left, i) * 2, "put_flag data[%d]", i);
  for (int a = 0; a < 4; a++)
    for (int b = 0; b < 6; b++)
      CHECK(me->psf[a][b] == left * 10 + a + b * 0.125, "puts_flag data (%d,%d)", a, b);
  ARMCI_Access_end(me);

  ARMCI_Barrier();
  at_free(seg);
  return at_finish("armci_access_fence");
}
