/*
 * test_harness.h -- the harness of the ARMCI and Global Arrays test programs.
 *
 *   test_init(&argc, &argv);       starts MPI
 *   ... start the library under test (ARMCI_Init, GA_Initialize) ...
 *   CHECK(cond, fmt, ...);         anywhere: counts a failure on this rank
 *   ... stop the library under test (ARMCI_Finalize, GA_Terminate) ...
 *   return test_finish("name");    the verdict of all ranks
 *
 * CHECK prints this rank's first failures with rank, file and line.
 * test_finish prints the failure count of every failing rank, sums them
 * over all ranks, prints one "PASS name (np=N)" or "FAIL name (np=N):
 * K errors" line on rank 0, finalizes MPI and returns nonzero on every rank
 * if any rank failed. Only MPI is used, so that the verdict does not depend
 * on the library under test.
 */
#ifndef TEST_HARNESS_H
#define TEST_HARNESS_H

#include <mpi.h>
#include <stdio.h>

static long test_errors = 0;
static int test_me = 0, test_np = 1;

#define TEST_MAX_REPORTS 10

#define CHECK(cond, ...)                                                                       \
  do {                                                                                         \
    if (!(cond)) {                                                                             \
      if (test_errors++ < TEST_MAX_REPORTS) {                                                  \
        fprintf(stderr, "[%d] %s:%d: check failed: %s: ", test_me, __FILE__, __LINE__, #cond); \
        fprintf(stderr, __VA_ARGS__);                                                          \
        fputc('\n', stderr);                                                                   \
      }                                                                                        \
    }                                                                                          \
  } while (0)

static void test_init(int *argc, char ***argv) {
  MPI_Init(argc, argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &test_me);
  MPI_Comm_size(MPI_COMM_WORLD, &test_np);
}

static int test_finish(const char *name) {
  if (test_errors > 0) {
    fprintf(stderr, "[%d] %s: %ld checks failed\n", test_me, name, test_errors);
    fflush(stderr);
  }
  long total = 0;
  MPI_Allreduce(&test_errors, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (test_me == 0) {
    if (total == 0)
      printf("PASS %s (np=%d)\n", name, test_np);
    else
      printf("FAIL %s (np=%d): %ld errors\n", name, test_np, total);
    fflush(stdout);
  }
  MPI_Finalize();
  return total == 0 ? 0 : 1;
}

#endif /* TEST_HARNESS_H */
