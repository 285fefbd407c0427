/*
 * armci_malloc.c -- collective allocation: ARMCI_Malloc with different sizes
 * per process including 0 on some (base pointer NULL there), 0 everywhere,
 * a 1 MiB allocation, several live allocations freed in a different order
 * than allocated, ARMCI_Malloc_local / ARMCI_Free_local, the memory-device
 * variants (ARMCI_Malloc_memdev, _group_memdev, ARMCI_Free_memdev),
 * ARMCI_Set_shm_limit and ARMCI_Uses_shm / _grp.
 */
#include "armci_test.h"

static armci_size_t size_of(int p) { return (p % 2) ? 0 : (armci_size_t)(p + 1) * 24; }

int main(int argc, char **argv) {
  at_start(&argc, &argv);

  /* odd ranks contribute 0 bytes */
  void **a = at_malloc(size_of(test_me));
  for (int p = 0; p < test_np; p++)
    CHECK((a[p] == NULL) == (size_of(p) == 0), "base of %d is %p for size %ld", p, a[p], (long)size_of(p));

  /* three more live allocations */
  void **b = at_malloc(64);
  void **c = at_malloc(0); /* zero everywhere */
  for (int p = 0; p < test_np; p++) CHECK(c[p] == NULL, "zero-size base of %d is %p", p, c[p]);
  void **big = at_malloc(1 << 20);

  /* write every nonzero segment: my id into my slot of each */
  for (int p = 0; p < test_np; p++) {
    if (size_of(p) >= (armci_size_t)((test_me + 1) * sizeof(int))) {
      int v = 100 + test_me;
      ARMCI_Put(&v, (int *)a[p] + test_me, sizeof(int), p);
    }
    long w = 7000000000L + test_me;
    ARMCI_Put(&w, (long *)b[p] + test_me % 8, sizeof(long), p);
    ARMCI_Put(&w, (char *)big[p] + (1 << 20) - sizeof(long) * (test_me + 1), sizeof(long), p);
  }
  ARMCI_Barrier();
  for (int p = 0; p < test_np; p++) {
    if (size_of(p) > 0) {
      int v[64];
      int n = (int)(size_of(p) / sizeof(int));
      ARMCI_Get(a[p], v, (int)size_of(p), p);
      for (int q = 0; q < test_np && q < n; q++) CHECK(v[q] == 100 + q, "a on %d slot %d = %d", p, q, v[q]);
    }
    long w;
    if (test_np <= 8) {
      for (int q = 0; q < test_np; q++) {
        ARMCI_Get((long *)b[p] + q, &w, sizeof(long), p);
        CHECK(w == 7000000000L + q, "b on %d slot %d = %ld", p, q, w);
      }
    }
    for (int q = 0; q < test_np; q++) {
      ARMCI_Get((char *)big[p] + (1 << 20) - sizeof(long) * (q + 1), &w, sizeof(long), p);
      CHECK(w == 7000000000L + q, "big on %d slot %d = %ld", p, q, w);
    }
  }
  ARMCI_Barrier();

  /* free in a different order; then allocate again and use it */
  at_free(b);
  at_free(a); /* NULL on odd ranks */
  at_free(big);
  at_free(c);
  void **d = at_malloc(sizeof(int) * test_np);
  for (int p = 0; p < test_np; p++) ARMCI_PutValueInt(test_me * 3, (int *)d[p] + test_me, p);
  ARMCI_Barrier();
  for (int p = 0; p < test_np; p++)
    for (int q = 0; q < test_np; q++)
      CHECK(ARMCI_GetValueInt((int *)d[p] + q, p) == q * 3, "d on %d slot %d", p, q);
  ARMCI_Barrier();
  at_free(d);

  /* local communication buffers */
  double *loc = ARMCI_Malloc_local(1000 * sizeof(double));
  CHECK(loc != NULL, "ARMCI_Malloc_local returned NULL");
  void **e = at_malloc(1000 * sizeof(double));
  int t = (test_me + 1) % test_np;
  for (int i = 0; i < 1000; i++) loc[i] = test_me + i * 0.5;
  ARMCI_Put(loc, e[t], 1000 * sizeof(double), t);
  ARMCI_Barrier();
  int from = (test_me + test_np - 1) % test_np;
  memset(loc, 0, 1000 * sizeof(double));
  ARMCI_Get(e[test_me], loc, 1000 * sizeof(double), test_me);
  for (int i = 0; i < 1000; i++) CHECK(loc[i] == from + i * 0.5, "local buffer elem %d", i);
  CHECK(ARMCI_Free_local(loc) == 0, "ARMCI_Free_local failed");
  ARMCI_Barrier();
  at_free(e);

  /* memory-device variants (GA's GA_Set_memory_dev path): the device name
   * is a hint; the memory behaves as ARMCI_Malloc's */
  ARMCI_Set_shm_limit(1UL << 30);
  void **m = malloc(sizeof(void *) * test_np);
  CHECK(ARMCI_Malloc_memdev(m, sizeof(long) * test_np, "") == 0, "ARMCI_Malloc_memdev failed");
  ARMCI_Group world;
  ARMCI_Group_get_world(&world);
  void **mg = malloc(sizeof(void *) * test_np);
  CHECK(ARMCI_Malloc_group_memdev(mg, sizeof(long), &world, "") == 0, "ARMCI_Malloc_group_memdev failed");
  for (int p = 0; p < test_np; p++) {
    long v = 7000000000L + test_me;
    ARMCI_Put(&v, (long *)m[p] + test_me, sizeof v, p);
  }
  long mine = -5 - test_me;
  ARMCI_Put(&mine, mg[t], sizeof mine, t);
  ARMCI_Barrier();
  for (int q = 0; q < test_np; q++)
    CHECK(((long *)m[test_me])[q] == 7000000000L + q, "memdev slot %d = %ld", q, ((long *)m[test_me])[q]);
  CHECK(*(long *)mg[test_me] == -5 - from, "group memdev got %ld", *(long *)mg[test_me]);
  ARMCI_Barrier();
  CHECK(ARMCI_Free_memdev(mg[test_me]) == 0, "ARMCI_Free_memdev (group) failed");
  CHECK(ARMCI_Free_memdev(m[test_me]) == 0, "ARMCI_Free_memdev failed");
  free(m);
  free(mg);

  /* shared memory: whether another process of mine shares my node */
  int peers = 0;
  for (int p = 0; p < test_np; p++) peers += p != test_me && ARMCI_Same_node(p);
#ifdef ARMCI_TEST_DART
  CHECK(ARMCI_Uses_shm() == (peers > 0), "ARMCI_Uses_shm %d with %d node peers", ARMCI_Uses_shm(), peers);
  CHECK(ARMCI_Uses_shm_grp(&world) == (peers > 0), "ARMCI_Uses_shm_grp %d", ARMCI_Uses_shm_grp(&world));
#else /* ARMCI-MPI: RMA only */
  CHECK(!ARMCI_Uses_shm() && !ARMCI_Uses_shm_grp(&world), "ARMCI-MPI reports shared memory");
#endif
  return at_finish("armci_malloc");
}
