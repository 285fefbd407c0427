/*
 * armci_parmci.c -- the profiling interface (parmci.h), used as a tool
 * uses it: this program defines its own ARMCI_Put, ARMCI_Get, ARMCI_Wait,
 * ARMCI_Barrier, ARMCI_Malloc, ARMCI_Free and armci_msg_barrier, which
 * count the calls and forward to the PARMCI_* names. The library's weak
 * ARMCI_* names must give way to these at link time, data must still
 * move, and the library must not call the tool's names itself (a value
 * put is not an ARMCI_Put, ARMCI_Test is not an ARMCI_Wait, ...).
 */
#include "armci_test.h"
#ifdef ARMCI_TEST_DART
#include <parmci.h> /* (ARMCI-MPI declares the PARMCI_ names in armci.h) */
#endif

enum { C_PUT, C_GET, C_WAIT, C_BARRIER, C_MALLOC, C_FREE, C_MSG_BARRIER, C_COUNT };
static long calls[C_COUNT];

/* ---- the "tool": strong definitions that count and forward ---- */

int ARMCI_Put(void *src, void *dst, int size, int target) {
  calls[C_PUT]++;
  return PARMCI_Put(src, dst, size, target);
}

int ARMCI_Get(void *src, void *dst, int size, int target) {
  calls[C_GET]++;
  return PARMCI_Get(src, dst, size, target);
}

int ARMCI_Wait(armci_hdl_t *hdl) {
  calls[C_WAIT]++;
  return PARMCI_Wait(hdl);
}

void ARMCI_Barrier(void) {
  calls[C_BARRIER]++;
  PARMCI_Barrier();
}

int ARMCI_Malloc(void **base_ptrs, armci_size_t size) {
  calls[C_MALLOC]++;
  return PARMCI_Malloc(base_ptrs, size);
}

int ARMCI_Free(void *ptr) {
  calls[C_FREE]++;
  return PARMCI_Free(ptr);
}

void armci_msg_barrier(void) {
  calls[C_MSG_BARRIER]++;
  parmci_msg_barrier();
}

/* ---- the application ---- */

enum { N = 64 };

static void expect_calls(const long *want, const char *when) {
  static const char *names[C_COUNT] = {"ARMCI_Put",    "ARMCI_Get",  "ARMCI_Wait",       "ARMCI_Barrier",
                                       "ARMCI_Malloc", "ARMCI_Free", "armci_msg_barrier"};
  for (int c = 0; c < C_COUNT; c++)
    CHECK(calls[c] == want[c], "%s: %s counted %ld times, expected %ld", when, names[c], calls[c], want[c]);
}

int main(int argc, char **argv) {
  at_start(&argc, &argv);
  const int right = (test_me + 1) % test_np, left = (test_me + test_np - 1) % test_np;

  void **seg = at_malloc((armci_size_t)(2 * N * sizeof(int)));
  ARMCI_Barrier();
  expect_calls((const long[C_COUNT]){0, 0, 0, 1, 1, 0, 0}, "after ARMCI_Malloc");

  /* Put my pattern into the first half of my right neighbour's part. */
  int out[N], in[N];
  for (int i = 0; i < N; i++) out[i] = 1000 * test_me + i;
  CHECK(ARMCI_Put(out, seg[right], (int)sizeof out, right) == 0, "ARMCI_Put failed");
  ARMCI_Barrier();
  const int *mine = seg[test_me];
  for (int i = 0; i < N; i++) CHECK(mine[i] == 1000 * left + i, "put: element %d = %d", i, mine[i]);

  /* Get the right neighbour's first half (which holds my pattern). */
  memset(in, 0, sizeof in);
  CHECK(ARMCI_Get(seg[right], in, (int)sizeof in, right) == 0, "ARMCI_Get failed");
  for (int i = 0; i < N; i++) CHECK(in[i] == out[i], "get: element %d = %d", i, in[i]);
  expect_calls((const long[C_COUNT]){1, 1, 0, 2, 1, 0, 0}, "after ARMCI_Put/ARMCI_Get");

  /* Calls the library implements with its own transfers or completions:
   * none of them may reach the tool's ARMCI_Put, ARMCI_Get or ARMCI_Wait. */
  int *second = (int *)seg[right] + N;
  CHECK(ARMCI_PutValueInt(-7 - test_me, second, right) == 0, "ARMCI_PutValueInt failed");
  CHECK(ARMCI_GetValueInt(second, right) == -7 - test_me, "ARMCI_GetValueInt read a wrong value");
  armci_hdl_t h;
  ARMCI_INIT_HANDLE(&h);
  CHECK(ARMCI_NbPut(out, second + 1, (int)sizeof(int), right, &h) == 0, "ARMCI_NbPut failed");
  CHECK(ARMCI_Test(&h) == 0, "ARMCI_Test: the operation is not complete");
  ARMCI_AllFence();
  expect_calls((const long[C_COUNT]){1, 1, 0, 2, 1, 0, 0}, "after value calls and ARMCI_Test");

  ARMCI_INIT_HANDLE(&h);
  CHECK(ARMCI_NbGet(second + 1, in, (int)sizeof(int), right, &h) == 0, "ARMCI_NbGet failed");
  CHECK(ARMCI_Wait(&h) == 0, "ARMCI_Wait failed");
  CHECK(in[0] == out[0], "non-blocking put/get moved %d, expected %d", in[0], out[0]);
  armci_msg_barrier();
  expect_calls((const long[C_COUNT]){1, 1, 1, 2, 1, 0, 1}, "after ARMCI_Wait and armci_msg_barrier");

  /* The PARMCI_ names are the library itself: not counted. */
  CHECK(PARMCI_Put(out, seg[right], (int)sizeof(int), right) == 0, "PARMCI_Put failed");
  PARMCI_Barrier();
  at_free(seg);
  expect_calls((const long[C_COUNT]){1, 1, 1, 2, 1, 1, 1}, "after ARMCI_Free");
  return at_finish("armci_parmci");
}
