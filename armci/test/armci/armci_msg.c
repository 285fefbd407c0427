/*
 * armci_msg.c -- the ARMCI message layer and topology queries as Global
 * Arrays uses them: armci_msg_me/nproc, barrier, bcast/brdcst/bcast_scope,
 * snd/rcv, the *gop reductions with "+", "*", "max", "min", "absmax",
 * "absmin", "&&", "||", "&", "|", gop_scope, sel_scope, bintree, armci_timer, and the
 * armci_domain_* / ARMCI_Same_node queries.
 */
#include <math.h>

#include "armci_test.h"

int main(int argc, char **argv) {
  at_start(&argc, &argv);
  int me = test_me, np = test_np;
  CHECK(me >= 0 && me < np, "me %d np %d", me, np);
  armci_msg_barrier();

  /* broadcasts from every root */
  for (int root = 0; root < np; root++) {
    long buf[3] = {0, 0, 0};
    if (me == root) {
      buf[0] = root;
      buf[1] = 99999999999L;
      buf[2] = -root;
    }
    armci_msg_bcast(buf, sizeof(buf), root);
    CHECK(buf[0] == root && buf[1] == 99999999999L && buf[2] == -root, "bcast root %d", root);
    int x = me == root ? 17 + root : 0;
    armci_msg_brdcst(&x, sizeof(x), root);
    CHECK(x == 17 + root, "brdcst root %d got %d", root, x);
    double d = me == root ? 0.5 * root : -1;
    armci_msg_bcast_scope(SCOPE_ALL, &d, sizeof(d), root);
    CHECK(d == 0.5 * root, "bcast_scope root %d got %g", root, d);
  }

  /* point to point around a ring */
  int right = (me + 1) % np, left = (me + np - 1) % np;
  if (np > 1) {
    double out[5], in[5] = {0};
    for (int i = 0; i < 5; i++) out[i] = me * 10 + i;
    int len = -1;
    if (me % 2 == 0) {
      armci_msg_snd(33, out, sizeof(out), right);
      armci_msg_rcv(33, in, sizeof(in), &len, left);
    } else {
      armci_msg_rcv(33, in, sizeof(in), &len, left);
      armci_msg_snd(33, out, sizeof(out), right);
    }
    CHECK(len == (int)sizeof(in), "rcv length %d", len);
    for (int i = 0; i < 5; i++) CHECK(in[i] == left * 10 + i, "ring rcv [%d] = %g", i, in[i]);
  }

  /* reductions; values chosen so every result is exact */
  int iv[4] = {me + 1, me % 2 ? 2 : 1, me, -me};
  armci_msg_igop(iv, 1, "+");
  armci_msg_igop(iv + 1, 1, "*");
  armci_msg_igop(iv + 2, 1, "max");
  armci_msg_igop(iv + 3, 1, "min");
  CHECK(iv[0] == np * (np + 1) / 2, "igop + %d", iv[0]);
  CHECK(iv[1] == 1 << (np / 2), "igop * %d", iv[1]);
  CHECK(iv[2] == np - 1 && iv[3] == -(np - 1), "igop max/min %d %d", iv[2], iv[3]);

  long lv[2] = {(long)(me + 1) << 33, -(long)me};
  armci_msg_lgop(lv, 1, "+");
  armci_msg_lgop(lv + 1, 1, "absmax");
  CHECK(lv[0] == ((long)np * (np + 1) / 2) << 33, "lgop + %ld", lv[0]);
  CHECK(lv[1] == np - 1, "lgop absmax %ld", lv[1]);

  long long llv = 1LL << (40 + me % 4);
  armci_msg_llgop(&llv, 1, "max");
  CHECK(llv == 1LL << (40 + (np - 1 < 3 ? np - 1 : 3)), "llgop max %lld", llv);

  float fv[2] = {0.5f * me, (float)(me - 1)};
  armci_msg_fgop(fv, 1, "+");
  armci_msg_fgop(fv + 1, 1, "absmin");
  CHECK(fv[0] == 0.25f * np * (np - 1), "fgop + %g", fv[0]);
  CHECK(fv[1] == (np > 1 ? 0.0f : 1.0f), "fgop absmin %g", fv[1]);

  double dv[3] = {me * 0.25, me + 1.0, -1.0 - me};
  armci_msg_dgop(dv, 3, "+"); /* n = 3: element-wise */
  CHECK(dv[0] == 0.125 * np * (np - 1), "dgop + [0] %g", dv[0]);
  CHECK(dv[1] == np * (np + 1) / 2.0 && dv[2] == -np * (np + 1) / 2.0, "dgop + %g %g", dv[1], dv[2]);
  double dm = me - 1.5;
  armci_msg_dgop(&dm, 1, "absmax");
  CHECK(dm == fmax(1.5, fabs(np - 2.5)), "dgop absmax %g", dm);

  /* logical and bitwise operators in ARMCI-MPI's spellings ("&&" and "||"
   * as GA's ga_lgop / GA_Lgop pass them) */
  int lg[4] = {1, me == np - 1, me != 0, 1 << (me % 16)};
  armci_msg_igop(lg, 1, "&&");
  armci_msg_igop(lg + 1, 1, "||");
  armci_msg_igop(lg + 2, 1, "&&");
  armci_msg_igop(lg + 3, 1, "|");
  CHECK(lg[0] == 1 && lg[1] == 1 && lg[2] == 0, "igop && || && %d %d %d", lg[0], lg[1], lg[2]);
  CHECK(lg[3] == (1 << (np < 16 ? np : 16)) - 1, "igop | %d", lg[3]);
  long ll[2] = {0, ~(1L << me)};
  armci_msg_lgop(ll, 1, "||");
  armci_msg_lgop(ll + 1, 1, "&");
  CHECK(ll[0] == 0, "lgop || %ld", ll[0]);
  CHECK(ll[1] == ~((1L << np) - 1), "lgop & %lx", ll[1]);

  /* gop_scope over all (the form GA uses with explicit types) */
  int gi[2] = {1, me};
  armci_msg_gop_scope(SCOPE_ALL, gi, 2, "+", ARMCI_INT);
  CHECK(gi[0] == np && gi[1] == np * (np - 1) / 2, "gop_scope int %d %d", gi[0], gi[1]);
  double gd = me;
  armci_msg_gop_scope(SCOPE_ALL, &gd, 1, "max", ARMCI_DOUBLE);
  CHECK(gd == np - 1, "gop_scope double max %g", gd);
  long gl = 2;
  armci_msg_gop_scope(SCOPE_ALL, &gl, 1, "*", ARMCI_LONG);
  CHECK(gl == 1L << np, "gop_scope long * %ld", gl);

  /* selection: value followed by payload; winner's record everywhere */
  struct {
    double v;
    int who;
    int pad;
  } rec = {(double)((me * 7) % np), me, 0};
  armci_msg_sel_scope(SCOPE_ALL, &rec, sizeof(rec), "max", ARMCI_DOUBLE, 1);
  int best = 0;
  for (int p = 0; p < np; p++)
    if ((p * 7) % np > (best * 7) % np) best = p;
  CHECK(rec.v == (double)((best * 7) % np) && rec.who == best, "sel max %g by %d", rec.v, rec.who);
  struct {
    int v;
    int who;
  } irec = {100 - me, me};
  armci_msg_sel_scope(SCOPE_ALL, &irec, sizeof(irec), "min", ARMCI_INT, me != 0 || np == 1);
  int wmin = np == 1 ? 0 : np - 1;
  CHECK(irec.v == 100 - wmin && irec.who == wmin, "sel min %d by %d", irec.v, irec.who);

  /* binary tree: same root everywhere; children point back to parents */
  int root, up, l, r;
  armci_msg_bintree(SCOPE_ALL, &root, &up, &l, &r);
  int tree[4] = {root, up, l, r}, all[4 * 16] = {0};
  if (np <= 16) {
    for (int k = 0; k < 4; k++) all[4 * me + k] = tree[k];
    armci_msg_igop(all, 4 * np, "+");
    int roots = 0;
    for (int p = 0; p < np; p++) {
      CHECK(all[4 * p] == root, "bintree root differs on %d", p);
      roots += all[4 * p + 1] == -1;
      int pu = all[4 * p + 1];
      if (pu >= 0) CHECK(all[4 * pu + 2] == p || all[4 * pu + 3] == p, "bintree: %d not child of %d", p, pu);
    }
    CHECK(roots == 1, "bintree has %d roots", roots);
  }

  /* timer and topology */
  double t0 = armci_timer(), t1 = armci_timer();
  CHECK(t1 >= t0, "armci_timer went backwards");
  int nd = armci_domain_count(ARMCI_DOMAIN_SMP), my = armci_domain_my_id(ARMCI_DOMAIN_SMP);
  CHECK(nd >= 1 && my >= 0 && my < nd, "domain count %d my %d", nd, my);
  CHECK(armci_domain_id(ARMCI_DOMAIN_SMP, me) == my, "domain_id(me) != my_id");
  CHECK(armci_domain_same_id(ARMCI_DOMAIN_SMP, me), "domain_same_id(me) false");
  CHECK(ARMCI_Same_node(me), "ARMCI_Same_node(me) false");
  int total = 0;
  for (int d = 0; d < nd; d++) total += armci_domain_nprocs(ARMCI_DOMAIN_SMP, d);
  CHECK(total == np, "domain nprocs sum %d", total);
  int n_mine = armci_domain_nprocs(ARMCI_DOMAIN_SMP, my), found = 0;
  for (int k = 0; k < n_mine; k++) found |= armci_domain_glob_proc_id(ARMCI_DOMAIN_SMP, my, k) == me;
  CHECK(found, "not listed in my own domain");
  /* domain -1: the caller's own (native ARMCI's convention, used by GA) */
  CHECK(armci_domain_nprocs(ARMCI_DOMAIN_SMP, -1) == n_mine, "domain_nprocs(-1) %d, mine %d",
        armci_domain_nprocs(ARMCI_DOMAIN_SMP, -1), n_mine);
#ifdef ARMCI_TEST_DART /* ARMCI-MPI returns the domain id itself, -1 */
  for (int k = 0; k < n_mine; k++)
    CHECK(armci_domain_glob_proc_id(ARMCI_DOMAIN_SMP, -1, k) ==
              armci_domain_glob_proc_id(ARMCI_DOMAIN_SMP, my, k),
          "domain_glob_proc_id(-1, %d)", k);
#endif

  armci_msg_barrier();
  return at_finish("armci_msg");
}
