/*
 * armci_init.c -- start-up and shut-down as Global Arrays drives them:
 * ARMCI_Initialized before and after, ARMCI_Init_args, nested ARMCI_Init /
 * ARMCI_Finalize pairs (reference counted: only the last Finalize ends
 * ARMCI), an extra ARMCI_Finalize after the last one (GA calls it more than
 * once; accepted with 0 as ARMCI-MPI does), ARMCI_Cleanup, and
 * armci_msg_me / armci_msg_nproc. Then a second ARMCI session in the same
 * run, with data moved in it.
 */
#include "armci_test.h"

static void session(int round) {
  CHECK(armci_msg_me() == test_me && armci_msg_nproc() == test_np, "round %d: msg_me %d msg_nproc %d", round,
        armci_msg_me(), armci_msg_nproc());
  void **p = at_malloc(sizeof(int));
  int next = (test_me + 1) % test_np, prev = (test_me + test_np - 1) % test_np;
  int v = 1000 * round + test_me;
  ARMCI_Put(&v, p[next], sizeof v, next);
  ARMCI_Barrier();
  CHECK(*(int *)p[test_me] == 1000 * round + prev, "round %d: got %d", round, *(int *)p[test_me]);
  ARMCI_Barrier();
  at_free(p);
}

int main(int argc, char **argv) {
  test_init(&argc, &argv);
  CHECK(!ARMCI_Initialized(), "ARMCI_Initialized before ARMCI_Init");
  CHECK(ARMCI_Init_args(&argc, &argv) == 0, "ARMCI_Init_args failed");
  CHECK(ARMCI_Initialized(), "not initialized after ARMCI_Init_args");
  CHECK(ARMCI_Init() == 0, "nested ARMCI_Init failed");
  session(1);
  CHECK(ARMCI_Finalize() == 0, "inner ARMCI_Finalize failed");
  CHECK(ARMCI_Initialized(), "the inner ARMCI_Finalize ended ARMCI");
  session(2);
  ARMCI_Cleanup(); /* GA's abnormal-exit hook: must not end anything by itself */
  CHECK(ARMCI_Finalize() == 0, "last ARMCI_Finalize failed");
  CHECK(!ARMCI_Initialized(), "still initialized after the last ARMCI_Finalize");
  CHECK(ARMCI_Finalize() == 0, "an extra ARMCI_Finalize is not accepted");

  /* a second session */
  CHECK(ARMCI_Init() == 0, "second ARMCI_Init failed");
  session(3);
  CHECK(ARMCI_Finalize() == 0, "second ARMCI_Finalize failed");
  return test_finish("armci_init");
}
