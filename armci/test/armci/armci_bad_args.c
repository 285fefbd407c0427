/*
 * armci_bad_args.c -- calls that ARMCI must report as errors (message and
 * an aborted job), run under cmake/expect_failure.sh. argv[1] picks one:
 *   put_null      ARMCI_Put from a NULL source
 *   get_null      ARMCI_Get into a NULL destination
 *   get_negative  ARMCI_Get of a negative size
 * Every process targets the next one: the same-node path on a real node,
 * the MPI path between virtual nodes. A call that returns instead of
 * aborting makes the job exit 0, which fails the test.
 */
#include <stdio.h>
#include <string.h>

#include "armci_test.h"

int main(int argc, char **argv) {
  at_start(&argc, &argv);
  const char *what = argc > 1 ? argv[1] : "";
  void **ptrs = at_malloc(64);
  int next = (test_me + 1) % test_np;
  char buf[64] = {0};
  armci_msg_barrier();
  if (!strcmp(what, "put_null"))
    ARMCI_Put(NULL, ptrs[next], 8, next);
  else if (!strcmp(what, "get_null"))
    ARMCI_Get(ptrs[next], NULL, 8, next);
  else if (!strcmp(what, "get_negative"))
    ARMCI_Get(ptrs[next], buf, -8, next);
  else
    CHECK(0, "unknown case '%s'", what);
  fprintf(stderr, "[%d] armci_bad_args %s: the call returned\n", test_me, what);
  armci_msg_barrier();
  at_free(ptrs);
  return at_finish("armci_bad_args");
}
