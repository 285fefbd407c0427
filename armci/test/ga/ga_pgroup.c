/*
 * ga_pgroup.c -- processor groups: GA_Pgroup_create, _nnodes, _nodeid,
 * _absolute_id, _sync, _igop, _dgop, _brdcst, _set_default/_get_default,
 * GA_Pgroup_split_irreg, arrays created on a group (NGA_Create_config and
 * through the default group) and GA_Pgroup_destroy.
 *
 * The world is split into the even and the odd ranks (the odd group exists
 * only when np > 1). Each group works on its own arrays concurrently.
 */
#include <string.h>

#include "ga_test.h"

#define N 23

/* Put/Get/Acc round trip on a 1-d array living on the calling group;
 * gsize/grank are the group size and the caller's rank in it. */
static void group_array_test(int g, int gsize, int grank, int pgroup, const char *what) {
  int n = N, lo, hi;
  /* each member writes a strip (strips cross block boundaries) */
  lo = (int)((long)n * grank / gsize);
  hi = (int)((long)n * (grank + 1) / gsize) - 1;
  int buf[N];
  for (int i = lo; i <= hi; i++) buf[i - lo] = 10 * i + 1;
  if (hi >= lo) NGA_Put(g, &lo, &hi, buf, NULL);
  GA_Pgroup_sync(pgroup);
  lo = 0;
  hi = n - 1;
  NGA_Get(g, &lo, &hi, buf, NULL);
  for (int i = 0; i < n; i++) CHECK(buf[i] == 10 * i + 1, "%s: elem %d = %d", what, i, buf[i]);
  GA_Pgroup_sync(pgroup);

  /* everybody in the group accumulates 1 into all elements */
  int ones[N], one = 1;
  for (int i = 0; i < n; i++) ones[i] = 1;
  NGA_Acc(g, &lo, &hi, ones, NULL, &one);
  GA_Pgroup_sync(pgroup);
  NGA_Get(g, &lo, &hi, buf, NULL);
  for (int i = 0; i < n; i++) CHECK(buf[i] == 10 * i + 1 + gsize, "%s acc: elem %d = %d", what, i, buf[i]);

  /* the distribution only involves group ranks 0..gsize-1 */
  long covered = 0;
  for (int p = 0; p < gsize; p++) {
    int dlo, dhi;
    NGA_Distribution(g, p, &dlo, &dhi);
    if (dhi >= dlo) covered += dhi - dlo + 1;
  }
  CHECK(covered == n, "%s: distribution covers %ld of %d", what, covered, n);
  GA_Pgroup_sync(pgroup);
}

int main(int argc, char **argv) {
  test_init(&argc, &argv);
  gt_start();
  int world = GA_Pgroup_get_world();
  CHECK(GA_Pgroup_get_default() == world, "default group is not world");

  int evens[8], odds[8], ne = 0, no = 0;
  for (int p = 0; p < test_np; p++) {
    if (p % 2)
      odds[no++] = p;
    else
      evens[ne++] = p;
  }
  int geven = GA_Pgroup_create(evens, ne); /* collective over the world */
  int godd = no > 0 ? GA_Pgroup_create(odds, no) : -1;
  int mine = test_me % 2 ? godd : geven;
  int *list = test_me % 2 ? odds : evens, size = test_me % 2 ? no : ne;

  CHECK(GA_Pgroup_nnodes(mine) == size, "nnodes %d want %d", GA_Pgroup_nnodes(mine), size);
  CHECK(GA_Pgroup_nodeid(mine) == test_me / 2, "nodeid %d want %d", GA_Pgroup_nodeid(mine), test_me / 2);
  for (int i = 0; i < size; i++)
    CHECK(GA_Pgroup_absolute_id(mine, i) == list[i], "absolute_id(%d) = %d", i,
          GA_Pgroup_absolute_id(mine, i));

  /* group collectives */
  int isum[2] = {test_me, 1};
  GA_Pgroup_igop(mine, isum, 2, "+");
  int want = 0;
  for (int i = 0; i < size; i++) want += list[i];
  CHECK(isum[0] == want && isum[1] == size, "igop %d %d want %d %d", isum[0], isum[1], want, size);
  double dmax = test_me * 1.5;
  GA_Pgroup_dgop(mine, &dmax, 1, "max");
  CHECK(dmax == list[size - 1] * 1.5, "dgop max %g", dmax);
  long bc[2] = {0, 0};
  if (GA_Pgroup_nodeid(mine) == 0) {
    bc[0] = 1234567890123L;
    bc[1] = test_me;
  }
  GA_Pgroup_brdcst(mine, bc, sizeof(bc), 0);
  CHECK(bc[0] == 1234567890123L && bc[1] == list[0], "brdcst got %ld %ld", bc[0], bc[1]);

  /* an array created explicitly on my group */
  int n = N, chunk[1] = {-1};
  int g = NGA_Create_config(C_INT, 1, &n, "grp", chunk, mine);
  CHECK(g != 0, "NGA_Create_config failed");
  GA_Zero(g);
  group_array_test(g, size, test_me / 2, mine, "config");
  GA_Destroy(g);

  /* an array created while my group is the default group */
  GA_Pgroup_set_default(mine);
  CHECK(GA_Pgroup_get_default() == mine, "set_default did not stick");
  CHECK(GA_Nnodes() == size && GA_Nodeid() == test_me / 2, "GA_Nnodes/GA_Nodeid in group: %d %d", GA_Nnodes(),
        GA_Nodeid());
  g = NGA_Create(C_INT, 1, &n, "dflt", chunk);
  GA_Zero(g);
  group_array_test(g, size, test_me / 2, mine, "default");
  GA_Destroy(g);
  GA_Sync(); /* on the default group */
  GA_Pgroup_set_default(world);
  GA_Sync();

  /* the same split by GA_Pgroup_split_irreg (collective over the world) */
  int gsplit = GA_Pgroup_split_irreg(world, test_me % 2);
  CHECK(GA_Pgroup_nnodes(gsplit) == size, "split nnodes %d", GA_Pgroup_nnodes(gsplit));
  CHECK(GA_Pgroup_nodeid(gsplit) == test_me / 2, "split nodeid %d", GA_Pgroup_nodeid(gsplit));
  int one = 1;
  GA_Pgroup_igop(gsplit, &one, 1, "+");
  CHECK(one == size, "split igop %d", one);
  GA_Pgroup_sync(gsplit);

  /* world arrays still work across the groups */
  g = NGA_Create(C_INT, 1, &n, "world", chunk);
  GA_Zero(g);
  group_array_test(g, test_np, test_me, world, "world");
  GA_Destroy(g);

  CHECK(GA_Pgroup_destroy(gsplit), "destroy split group failed");
  CHECK(GA_Pgroup_destroy(mine), "destroy group failed");
  GA_Sync();
  GA_Terminate();
  return test_finish("ga_pgroup");
}
