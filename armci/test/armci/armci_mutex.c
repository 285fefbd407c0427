/*
 * armci_mutex.c -- ARMCI_Create_mutexes / ARMCI_Lock / ARMCI_Unlock /
 * ARMCI_Destroy_mutexes protecting non-atomic read-modify-write updates.
 *
 * Process p hosts p+1 mutexes (the count differs per process) and p+1
 * counters. Every process repeatedly picks (mutex m, host p), locks it,
 * checks that the critical section is empty (a "busy" word on the host),
 * increments counter m on p with ARMCI_Get + ARMCI_Put, fences and
 * unlocks. The final counters must be exact. Then all processes hammer a
 * single mutex, after destroying and re-creating the set.
 */
#include "armci_test.h"

#define K 8
#define MAXM 8

typedef struct {
  int busy[MAXM];
  int count[MAXM];
} host_t;

static void critical(void **seg, int m, int p) {
  host_t *h = seg[p];
  ARMCI_Lock(m, p);
  int busy = -1, mark = test_me + 1, zero = 0, v = -1;
  ARMCI_Get(&h->busy[m], &busy, sizeof(int), p);
  CHECK(busy == 0, "mutex %d on %d held by %d while I hold it", m, p, busy - 1);
  ARMCI_Put(&mark, &h->busy[m], sizeof(int), p);
  ARMCI_Get(&h->count[m], &v, sizeof(int), p);
  v++;
  ARMCI_Put(&v, &h->count[m], sizeof(int), p);
  ARMCI_Put(&zero, &h->busy[m], sizeof(int), p);
  ARMCI_Fence(p);
  ARMCI_Unlock(m, p);
}

static void zero_host(void **seg) {
  ARMCI_Access_begin(seg[test_me]);
  memset(seg[test_me], 0, sizeof(host_t));
  ARMCI_Access_end(seg[test_me]);
  ARMCI_Barrier();
}

int main(int argc, char **argv) {
  at_start(&argc, &argv);
  if (test_np > MAXM) ARMCI_Error("armci_mutex: too many processes", test_np);
  void **seg = at_malloc(sizeof(host_t));
  zero_host(seg);

  /* round 1: process p hosts p+1 mutexes */
  CHECK(ARMCI_Create_mutexes(test_me + 1) == 0, "ARMCI_Create_mutexes failed");
  for (int k = 0; k < K; k++) {
    int p = (test_me + k) % test_np;
    int m = k % (p + 1);
    critical(seg, m, p);
  }
  ARMCI_Barrier();
  for (int p = 0; p < test_np; p++) {
    host_t h;
    ARMCI_Get(seg[p], &h, sizeof(h), p);
    for (int m = 0; m <= p; m++) {
      int want = 0;
      for (int q = 0; q < test_np; q++)
        for (int k = 0; k < K; k++) want += (q + k) % test_np == p && k % (p + 1) == m;
      CHECK(h.count[m] == want, "round 1: counter %d on %d = %d want %d", m, p, h.count[m], want);
      CHECK(h.busy[m] == 0, "round 1: busy %d on %d = %d", m, p, h.busy[m]);
    }
  }
  CHECK(ARMCI_Destroy_mutexes() == 0, "ARMCI_Destroy_mutexes failed");

  /* round 2: one mutex per process, everybody on the last process's one */
  zero_host(seg);
  CHECK(ARMCI_Create_mutexes(1) == 0, "ARMCI_Create_mutexes(1) failed");
  int last = test_np - 1;
  for (int k = 0; k < K; k++) critical(seg, 0, last);
  ARMCI_Barrier();
  host_t h;
  ARMCI_Get(seg[last], &h, sizeof(h), last);
  CHECK(h.count[0] == K * test_np, "round 2: counter = %d want %d", h.count[0], K * test_np);
  CHECK(ARMCI_Destroy_mutexes() == 0, "ARMCI_Destroy_mutexes failed");

  ARMCI_Barrier();
  at_free(seg);
  return at_finish("armci_mutex");
}
