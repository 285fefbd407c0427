// The one main() of the GoogleTest programs that run under mpiexec (DART,
// DASH and lifetime tests). It initializes MPI, runs the tests on every
// unit, prints the full report on unit 0 and every failure of the other
// units (tagged with the unit), and exits non-zero on every unit if any unit
// failed. MPI outlives the runtime, so the final vote works even after the
// runtime has exited.
//
// Each test program links one runtime hook pair: dart_runtime_hooks.cc,
// dash_runtime_hooks.cc, or its own (e.g. a test that runs init/exit itself).
#ifndef DART_TEST_MPI_GTEST_MAIN_H
#define DART_TEST_MPI_GTEST_MAIN_H

// The thread level main asks MPI_Init_thread for: MPI_THREAD_SINGLE unless
// the program's hooks define it (a weak default in mpi_gtest_main.cc; the
// threaded tests' hooks, dart_thread_hooks.cc, ask for MPI_THREAD_MULTIPLE).
int test_mpi_thread_level();
// Starts the runtime after MPI_Init, before the tests. Returns 0, or prints
// why it failed and returns non-zero (main then aborts the job).
int test_runtime_init(int *argc, char ***argv);
// Ends the runtime after the tests, if it is still running.
void test_runtime_finalize();

#endif
