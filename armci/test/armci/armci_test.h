/*
 * armci_test.h -- helpers of the ARMCI-level test programs (the harness,
 * CHECK and the verdict, is test_harness.h). Only the ARMCI API (armci.h,
 * message.h) and MPI start-up are used.
 */
#ifndef ARMCI_TEST_H
#define ARMCI_TEST_H

#include <stdlib.h>
#include <string.h>

#include <armci.h>
#include <message.h>

#include "test_harness.h"

/* Every ARMCI accumulate type. */
static const int at_acc_types[] = {ARMCI_ACC_INT, ARMCI_ACC_LNG, ARMCI_ACC_FLT,
                                   ARMCI_ACC_DBL, ARMCI_ACC_CPL, ARMCI_ACC_DCP};
#define AT_NACC_TYPES ((int)(sizeof at_acc_types / sizeof at_acc_types[0]))

/* Collectively allocate `bytes` per process; returns the pointer vector
 * (np entries, caller frees with at_free). */
static inline void **at_malloc(armci_size_t bytes) {
  void **ptrs = malloc(sizeof(void *) * test_np);
  if (ARMCI_Malloc(ptrs, bytes) != 0) ARMCI_Error("ARMCI_Malloc failed", 1);
  return ptrs;
}

static inline void at_free(void **ptrs) {
  ARMCI_Free(ptrs[test_me]);
  free(ptrs);
}

/* Starts MPI and ARMCI; a failed ARMCI_Init aborts the job at once (later
 * checks would only hang in collectives of a library that never started). */
static inline void at_start(int *argc, char ***argv) {
  test_init(argc, argv);
  if (ARMCI_Init() != 0) {
    fprintf(stderr, "[%d] ARMCI_Init failed\n", test_me);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
}

/* Stops ARMCI; the verdict of all ranks (test_finish). */
static inline int at_finish(const char *name) {
  ARMCI_Finalize();
  return test_finish(name);
}

#endif /* ARMCI_TEST_H */
