/*
 * armci_groups.c -- ARMCI process groups: ARMCI_Group_get_world,
 * ARMCI_Group_create (even and odd ranks), _rank, _size, ARMCI_Absolute_id,
 * ARMCI_Malloc_group / ARMCI_Free_group with one-sided traffic addressed by
 * absolute ids, the armci_msg_group_* collectives, ARMCI_Group_set_default /
 * _get_default, ARMCI_Group_create_child and ARMCI_Group_free.
 */
#include "armci_test.h"

int main(int argc, char **argv) {
  at_start(&argc, &argv);
  ARMCI_Group world;
  ARMCI_Group_get_world(&world);
  int r = -1, s = -1;
  ARMCI_Group_rank(&world, &r);
  ARMCI_Group_size(&world, &s);
  CHECK(r == test_me && s == test_np, "world rank/size %d/%d", r, s);

  int evens[16], odds[16], ne = 0, no = 0;
  for (int p = 0; p < test_np; p++) {
    if (p % 2)
      odds[no++] = p;
    else
      evens[ne++] = p;
  }
  /* creation is collective over the (default = world) group */
  ARMCI_Group geven, godd;
  ARMCI_Group_create(ne, evens, &geven);
  if (no > 0) ARMCI_Group_create(no, odds, &godd);
  ARMCI_Group *g = (test_me % 2) ? &godd : &geven;
  int *list = (test_me % 2) ? odds : evens, size = (test_me % 2) ? no : ne;

  ARMCI_Group_rank(g, &r);
  ARMCI_Group_size(g, &s);
  CHECK(r == test_me / 2 && s == size, "group rank/size %d/%d want %d/%d", r, s, test_me / 2, size);
  for (int i = 0; i < size; i++)
    CHECK(ARMCI_Absolute_id(g, i) == list[i], "absolute id of %d = %d", i, ARMCI_Absolute_id(g, i));

  /* group collectives */
  int isum = test_me;
  armci_msg_group_igop(&isum, 1, "+", g);
  int want = 0;
  for (int i = 0; i < size; i++) want += list[i];
  CHECK(isum == want, "group igop %d want %d", isum, want);
  double dmax = -test_me;
  armci_msg_group_dgop(&dmax, 1, "min", g);
  CHECK(dmax == -list[size - 1], "group dgop min %g", dmax);
  long lsum = 3000000000L + test_me; /* beyond int */
  armci_msg_group_lgop(&lsum, 1, "+", g);
  CHECK(lsum == 3000000000L * size + want, "group lgop + %ld", lsum);
  long long llmax = (1LL << 40) * (test_me + 1);
  armci_msg_group_llgop(&llmax, 1, "max", g);
  CHECK(llmax == (1LL << 40) * (list[size - 1] + 1), "group llgop max %lld", llmax);
  float fv[2] = {0.5f * test_me, -1.0f - test_me};
  armci_msg_group_fgop(fv, 2, "absmax", g); /* element-wise, absolute values */
  CHECK(fv[0] == 0.5f * list[size - 1] && fv[1] == 1.0f + list[size - 1], "group fgop absmax %g %g", fv[0],
        fv[1]);
  double gs[2] = {1.0, test_me};
  armci_msg_group_gop_scope(SCOPE_ALL, gs, 2, "*", ARMCI_DOUBLE, g);
  double prod = 1.0;
  for (int i = 0; i < size; i++) prod *= list[i];
  CHECK(gs[0] == 1.0 && gs[1] == prod, "group gop_scope * %g %g", gs[0], gs[1]);
  int gmin = 100 - test_me;
  armci_msg_group_gop_scope(SCOPE_ALL, &gmin, 1, "min", ARMCI_INT, g);
  CHECK(gmin == 100 - list[size - 1], "group gop_scope int min %d", gmin);
  long bc = (r == 0) ? 4242424242L : 0;
  armci_msg_group_bcast_scope(SCOPE_ALL, &bc, sizeof(bc), list[0], g); /* root: absolute id */
  CHECK(bc == 4242424242L, "group bcast got %ld", bc);
  armci_msg_group_barrier(g);

  /* group allocation: ptrs indexed by group rank, traffic by absolute id */
  void **ptrs = malloc(sizeof(void *) * size);
  CHECK(ARMCI_Malloc_group(ptrs, sizeof(int) * 16, g) == 0, "ARMCI_Malloc_group failed");
  for (int i = 0; i < size; i++) {
    int v = 1000 * test_me + i;
    ARMCI_Put(&v, (int *)ptrs[i] + r, sizeof(int), ARMCI_Absolute_id(g, i));
  }
  armci_msg_group_barrier(g);
  ARMCI_AllFence();
  armci_msg_group_barrier(g);
  for (int i = 0; i < size; i++)
    for (int j = 0; j < size; j++) {
      int v = -1;
      ARMCI_Get((int *)ptrs[i] + j, &v, sizeof(int), ARMCI_Absolute_id(g, i));
      CHECK(v == 1000 * list[j] + i, "group mem of %d slot %d = %d", i, j, v);
    }
  armci_msg_group_barrier(g);
  CHECK(ARMCI_Free_group(ptrs[r], g) == 0, "ARMCI_Free_group failed");

  /* my group as the default group. (Whether ARMCI_Malloc then allocates
   * over the default group differs between ARMCI implementations --
   * ARMCI-MPI always uses the world group -- so it is not tested.) */
  ARMCI_Group_set_default(g);
  ARMCI_Group dflt;
  ARMCI_Group_get_default(&dflt);
  int dr = -1, ds = -1;
  ARMCI_Group_rank(&dflt, &dr);
  ARMCI_Group_size(&dflt, &ds);
  CHECK(dr == r && ds == size, "default group rank/size %d/%d", dr, ds);
  CHECK(ARMCI_Absolute_id(&dflt, size - 1) == list[size - 1], "default group absolute id");
  ARMCI_Group_set_default(&world);

  /* child group: the first member of my group only (collective over g) */
  int first = 0;
  ARMCI_Group child;
  ARMCI_Group_create_child(1, &first, &child, g);
  if (r == 0) {
    int cr = -1, cs = -1;
    ARMCI_Group_rank(&child, &cr);
    ARMCI_Group_size(&child, &cs);
    CHECK(cr == 0 && cs == 1, "child rank/size %d/%d", cr, cs);
    CHECK(ARMCI_Absolute_id(&child, 0) == test_me, "child absolute id %d", ARMCI_Absolute_id(&child, 0));
    ARMCI_Group_free(&child);
  }

  free(ptrs);
  ARMCI_Barrier();
  ARMCI_Group_free(g);
  return at_finish("armci_groups");
}
