/*
 * armci_bad_args.c -- calls that ARMCI must report as errors (message and
 * an aborted job), run under cmake/expect_failure.sh. argv[1] picks one
 * case of the table below (contiguous, strided and vector calls with a NULL
 * buffer or pointer array, or a negative size), and armci_msg_abort.
 * Every process targets the next one: the same-node path on a real node,
 * the MPI path between virtual nodes. A call that returns instead of
 * aborting makes the job exit 0, which fails the test.
 */
#include <stdio.h>
#include <string.h>

#include "armci_test.h"

static void **ptrs;
static int next;
static char buf[64];
static double one = 1.0;
static int cnt8[1] = {8}, cnt_neg[1] = {-8};

static void put_null(void) { ARMCI_Put(NULL, ptrs[next], 8, next); }
static void get_null(void) { ARMCI_Get(ptrs[next], NULL, 8, next); }
static void get_negative(void) { ARMCI_Get(ptrs[next], buf, -8, next); }
static void puts_null(void) { ARMCI_PutS(NULL, NULL, ptrs[next], NULL, cnt8, 0, next); }
static void gets_null(void) { ARMCI_GetS(ptrs[next], NULL, NULL, NULL, cnt8, 0, next); }
static void accs_null(void) { ARMCI_AccS(ARMCI_ACC_DBL, &one, NULL, NULL, ptrs[next], NULL, cnt8, 0, next); }
static void puts_negative(void) { ARMCI_PutS(buf, NULL, ptrs[next], NULL, cnt_neg, 0, next); }
static void gets_negative_levels(void) { ARMCI_GetS(ptrs[next], NULL, buf, NULL, cnt8, -1, next); }

static void nbputs_null(void) {
  armci_hdl_t h;
  ARMCI_INIT_HANDLE(&h);
  ARMCI_NbPutS(NULL, NULL, ptrs[next], NULL, cnt8, 0, next, &h);
  ARMCI_Wait(&h);
}

static void nbgets_null(void) {
  armci_hdl_t h;
  ARMCI_INIT_HANDLE(&h);
  ARMCI_NbGetS(ptrs[next], NULL, NULL, NULL, cnt8, 0, next, &h);
  ARMCI_Wait(&h);
}

static void nbaccs_null(void) {
  armci_hdl_t h;
  ARMCI_INIT_HANDLE(&h);
  ARMCI_NbAccS(ARMCI_ACC_DBL, &one, NULL, NULL, ptrs[next], NULL, cnt8, 0, next, &h);
  ARMCI_Wait(&h);
}

/* One descriptor of one 8-byte segment: local side NULL (put/acc: source,
 * get: destination), or a NULL pointer array, or a negative size. */
static void *local_null[1] = {NULL}, *remote[1], *local_ok[1] = {buf};

static armci_giov_t iov_put_null(void) { return (armci_giov_t){local_null, remote, 8, 1}; }
static armci_giov_t iov_get_null(void) { return (armci_giov_t){remote, local_null, 8, 1}; }

static void putv_null(void) {
  armci_giov_t v = iov_put_null();
  ARMCI_PutV(&v, 1, next);
}
static void getv_null(void) {
  armci_giov_t v = iov_get_null();
  ARMCI_GetV(&v, 1, next);
}
static void accv_null(void) {
  armci_giov_t v = iov_put_null();
  ARMCI_AccV(ARMCI_ACC_DBL, &one, &v, 1, next);
}
static void nbputv_null(void) {
  armci_giov_t v = iov_put_null();
  armci_hdl_t h;
  ARMCI_INIT_HANDLE(&h);
  ARMCI_NbPutV(&v, 1, next, &h);
  ARMCI_Wait(&h);
}
static void nbgetv_null(void) {
  armci_giov_t v = iov_get_null();
  armci_hdl_t h;
  ARMCI_INIT_HANDLE(&h);
  ARMCI_NbGetV(&v, 1, next, &h);
  ARMCI_Wait(&h);
}
static void nbaccv_null(void) {
  armci_giov_t v = iov_put_null();
  armci_hdl_t h;
  ARMCI_INIT_HANDLE(&h);
  ARMCI_NbAccV(ARMCI_ACC_DBL, &one, &v, 1, next, &h);
  ARMCI_Wait(&h);
}
static void putv_null_array(void) {
  armci_giov_t v = {NULL, remote, 8, 1};
  ARMCI_PutV(&v, 1, next);
}
static void getv_negative(void) {
  armci_giov_t v = {remote, local_ok, -8, 1};
  ARMCI_GetV(&v, 1, next);
}

/* Not bad input, but the same promise: the job ends with a message. */
static void msg_abort(void) {
  if (test_me == test_np - 1) armci_msg_abort(7);
  armci_msg_barrier();
}

static const struct {
  const char *name;
  void (*call)(void);
} cases[] = {
    {"put_null", put_null},
    {"get_null", get_null},
    {"get_negative", get_negative},
    {"puts_null", puts_null},
    {"gets_null", gets_null},
    {"accs_null", accs_null},
    {"nbputs_null", nbputs_null},
    {"nbgets_null", nbgets_null},
    {"nbaccs_null", nbaccs_null},
    {"puts_negative", puts_negative},
    {"gets_negative_levels", gets_negative_levels},
    {"putv_null", putv_null},
    {"getv_null", getv_null},
    {"accv_null", accv_null},
    {"nbputv_null", nbputv_null},
    {"nbgetv_null", nbgetv_null},
    {"nbaccv_null", nbaccv_null},
    {"putv_null_array", putv_null_array},
    {"getv_negative", getv_negative},
    {"msg_abort", msg_abort},
};

int main(int argc, char **argv) {
  at_start(&argc, &argv);
  const char *what = argc > 1 ? argv[1] : "";
  ptrs = at_malloc(64);
  next = (test_me + 1) % test_np;
  remote[0] = ptrs[next];
  armci_msg_barrier();
  int found = 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    if (!strcmp(what, cases[i].name)) {
      found = 1;
      cases[i].call();
    }
  CHECK(found, "unknown case '%s'", what);
  fprintf(stderr, "[%d] armci_bad_args %s: the call returned\n", test_me, what);
  armci_msg_barrier();
  at_free(ptrs);
  return at_finish("armci_bad_args");
}
