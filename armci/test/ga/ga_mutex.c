/*
 * ga_mutex.c -- GA_Create_mutexes / GA_Lock / GA_Unlock / GA_Destroy_mutexes.
 *
 * Shared counters in a global array are updated non-atomically (NGA_Get,
 * +1, NGA_Put) inside a critical section guarded by one mutex per counter;
 * a second array holds an "occupied" mark per mutex that must read 0 on
 * entry. Final counts must be exact. Done twice with different numbers of
 * mutexes (destroy + re-create).
 */
#include "ga_test.h"

#define K 12

static void round_of(int nmutex) {
  CHECK(GA_Create_mutexes(nmutex), "GA_Create_mutexes(%d) failed", nmutex);
  int chunk[1] = {-1};
  int gcount = NGA_Create(C_INT, 1, &nmutex, "counters", chunk);
  int gbusy = NGA_Create(C_INT, 1, &nmutex, "busy", chunk);
  GA_Zero(gcount);
  GA_Zero(gbusy);

  for (int k = 0; k < K; k++) {
    int m = (test_me + k) % nmutex, v, busy, mark = test_me + 1, zero = 0;
    GA_Lock(m);
    NGA_Get(gbusy, &m, &m, &busy, NULL);
    CHECK(busy == 0, "mutex %d held by %d while I (%d) hold it", m, busy - 1, test_me);
    NGA_Put(gbusy, &m, &m, &mark, NULL);
    NGA_Get(gcount, &m, &m, &v, NULL);
    v++;
    NGA_Put(gcount, &m, &m, &v, NULL);
    NGA_Put(gbusy, &m, &m, &zero, NULL);
    GA_Unlock(m);
  }
  GA_Sync();

  int lo = 0, hi = nmutex - 1, counts[64];
  NGA_Get(gcount, &lo, &hi, counts, NULL);
  for (int m = 0; m < nmutex; m++) {
    int want = 0;
    for (int p = 0; p < test_np; p++)
      for (int k = 0; k < K; k++) want += (p + k) % nmutex == m;
    CHECK(counts[m] == want, "counter %d = %d, want %d", m, counts[m], want);
  }
  GA_Sync();
  GA_Destroy(gbusy);
  GA_Destroy(gcount);
  CHECK(GA_Destroy_mutexes(), "GA_Destroy_mutexes failed");
}

int main(int argc, char **argv) {
  test_init(&argc, &argv);
  gt_start();
  round_of(1);           /* everybody contends for one mutex */
  round_of(test_np + 1); /* mutexes spread over all processes */
  GA_Terminate();
  return test_finish("ga_mutex");
}
