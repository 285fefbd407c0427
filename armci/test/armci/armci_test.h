/*
 * armci_test.h -- tiny harness shared by the ARMCI-level test programs.
 *
 * at_init() starts MPI and ARMCI; CHECK(...) counts local errors (printing
 * the first few); `return at_finish("name");` sums the errors over all
 * processes, prints "PASS name (np=N)" or "FAIL name (np=N): K errors" on
 * rank 0, shuts down and returns nonzero on every rank if anything failed.
 * Only the ARMCI API (armci.h, message.h) and MPI start-up are used.
 */
#ifndef ARMCI_TEST_H
#define ARMCI_TEST_H

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <armci.h>
#include <message.h>

static long at_errors = 0;
static int at_me = 0, at_np = 1;

#define AT_MAX_REPORTS 10

#define CHECK(cond, ...)                                                  \
  do {                                                                    \
    if (!(cond)) {                                                        \
      if (at_errors++ < AT_MAX_REPORTS) {                                 \
        fprintf(stderr, "[%d] %s:%d: check failed: %s: ", at_me,          \
                __FILE__, __LINE__, #cond);                               \
        fprintf(stderr, __VA_ARGS__);                                     \
        fputc('\n', stderr);                                              \
      }                                                                   \
    }                                                                     \
  } while (0)

static void at_init(int *argc, char ***argv) {
  MPI_Init(argc, argv);
  if (ARMCI_Init() != 0) {
    fprintf(stderr, "ARMCI_Init failed\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  at_me = armci_msg_me();
  at_np = armci_msg_nproc();
}

static int at_finish(const char *name) {
  long total = at_errors;
  armci_msg_lgop(&total, 1, "+");
  if (at_me == 0) {
    if (total == 0)
      printf("PASS %s (np=%d)\n", name, at_np);
    else
      printf("FAIL %s (np=%d): %ld errors\n", name, at_np, total);
    fflush(stdout);
  }
  ARMCI_Finalize();
  MPI_Finalize();
  return total == 0 ? 0 : 1;
}

/* Collectively allocate `bytes` per process; returns the pointer vector
 * (np entries, caller frees with at_free). */
static inline void **at_malloc(armci_size_t bytes) {
  void **ptrs = malloc(sizeof(void *) * at_np);
  if (ARMCI_Malloc(ptrs, bytes) != 0) ARMCI_Error("ARMCI_Malloc failed", 1);
  return ptrs;
}

static inline void at_free(void **ptrs) {
  ARMCI_Free(ptrs[at_me]);
  free(ptrs);
}

#endif /* ARMCI_TEST_H */
