/*
 * armci_rmw.c -- ARMCI_Rmw under contention: ARMCI_FETCH_AND_ADD (int),
 * ARMCI_FETCH_AND_ADD_LONG, ARMCI_SWAP (int) and ARMCI_SWAP_LONG.
 *
 *  fetch-and-add: all processes add to counters on process 0 and on the
 *    last process, K times each; final values are exact and the fetched
 *    values, gathered from everybody and sorted, are exactly the sequence
 *    of partial sums (every ticket handed out once).
 *  swap: all processes swap K unique tokens into one slot; the values that
 *    came back plus the slot's final value are exactly the initial value
 *    plus all tokens (nothing lost, nothing duplicated).
 */
#include "armci_test.h"

#define K 40

typedef struct {
  int ci;
  int si;
  long cl;
  long sl;
} cells_t;

static int cmp_long(const void *a, const void *b) {
  long x = *(const long *)a, y = *(const long *)b;
  return (x > y) - (x < y);
}

/* Gather K longs from every process into all[np*K] (rank-major). */
static void gather(const long mine[K], long *all) {
  memset(all, 0, sizeof(long) * test_np * K);
  memcpy(all + (long)test_me * K, mine, sizeof(long) * K);
  armci_msg_lgop(all, test_np * K, "+");
}

static void test_fetch_add(void **seg, int target, int is_long, long init) {
  cells_t *remote = seg[target];
  long mine[K], *all = malloc(sizeof(long) * test_np * K);
  int inc = is_long ? test_me + 1 : 1;
  for (int k = 0; k < K; k++) {
    if (is_long) {
      long old = -1;
      ARMCI_Rmw(ARMCI_FETCH_AND_ADD_LONG, &old, &remote->cl, inc, target);
      mine[k] = old;
    } else {
      int old = -1;
      ARMCI_Rmw(ARMCI_FETCH_AND_ADD, &old, &remote->ci, inc, target);
      mine[k] = old;
    }
  }
  ARMCI_Barrier();

  long total = 0;
  for (int p = 0; p < test_np; p++) total += (long)K * (is_long ? p + 1 : 1);
  long final = is_long ? ARMCI_GetValueLong(&remote->cl, target) : ARMCI_GetValueInt(&remote->ci, target);
  CHECK(final == init + total, "%s counter on %d: %ld want %ld", is_long ? "long" : "int", target, final,
        init + total);

  /* tickets sorted with the increment of whoever drew them */
  gather(mine, all);
  long n = (long)test_np * K;
  long *pairs = malloc(sizeof(long) * 2 * n);
  for (long i = 0; i < n; i++) {
    pairs[2 * i] = all[i];
    pairs[2 * i + 1] = is_long ? i / K + 1 : 1;
  }
  qsort(pairs, n, 2 * sizeof(long), cmp_long);
  long expect = init;
  for (long i = 0; i < n; i++) {
    CHECK(pairs[2 * i] == expect, "%s ticket %ld = %ld want %ld", is_long ? "long" : "int", i, pairs[2 * i],
          expect);
    expect = pairs[2 * i] + pairs[2 * i + 1];
  }
  free(pairs);
  free(all);
  ARMCI_Barrier();
}

static void test_swap(void **seg, int target, int is_long, long init) {
  cells_t *remote = seg[target];
  long mine[K], *all = malloc(sizeof(long) * test_np * K);
  for (int k = 0; k < K; k++) {
    long token = (is_long ? (1L << 36) : 0) + (long)(test_me + 1) * 1000 + k;
    if (is_long) {
      long v = token;
      ARMCI_Rmw(ARMCI_SWAP_LONG, &v, &remote->sl, 0, target);
      mine[k] = v;
    } else {
      int v = (int)token;
      ARMCI_Rmw(ARMCI_SWAP, &v, &remote->si, 0, target);
      mine[k] = v;
    }
  }
  ARMCI_Barrier();
  gather(mine, all);
  long n = (long)test_np * K;
  long *got = malloc(sizeof(long) * (n + 1)), *want = malloc(sizeof(long) * (n + 1));
  memcpy(got, all, sizeof(long) * n);
  got[n] = is_long ? ARMCI_GetValueLong(&remote->sl, target) : ARMCI_GetValueInt(&remote->si, target);
  want[0] = init;
  for (int p = 0; p < test_np; p++)
    for (int k = 0; k < K; k++) want[1 + p * K + k] = (is_long ? (1L << 36) : 0) + (long)(p + 1) * 1000 + k;
  qsort(got, n + 1, sizeof(long), cmp_long);
  qsort(want, n + 1, sizeof(long), cmp_long);
  long bad = 0;
  for (long i = 0; i <= n; i++) bad += got[i] != want[i];
  CHECK(bad == 0, "%s swap on %d: %ld values lost or duplicated", is_long ? "long" : "int", target, bad);
  free(got);
  free(want);
  free(all);
  ARMCI_Barrier();
}

int main(int argc, char **argv) {
  at_start(&argc, &argv);
  void **seg = at_malloc(sizeof(cells_t));
  const long big = 1L << 40;
  cells_t *mine = seg[test_me];
  ARMCI_Access_begin(mine);
  mine->ci = 0;
  mine->si = -7;
  mine->cl = big;
  mine->sl = -big;
  ARMCI_Access_end(mine);
  ARMCI_Barrier();

  int last = test_np - 1;
  test_fetch_add(seg, 0, 0, 0);
  test_fetch_add(seg, last, 1, big);
  if (last != 0) {
    test_fetch_add(seg, last, 0, 0);
    test_fetch_add(seg, 0, 1, big);
  }
  test_swap(seg, 0, 0, -7);
  test_swap(seg, last, 1, -big);

  ARMCI_Barrier();
  at_free(seg);
  return at_finish("armci_rmw");
}
