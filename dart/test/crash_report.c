/* A unit that ends abnormally while the others still run (dart/src/crash.c):
 * unit 1 (or unit argv[2]) does what argv[1] says, the other units wait in
 * a barrier for it.
 *   no_exit  returns from main without dart_exit
 *   segv     writes through a NULL pointer
 *   fpe      divides an integer by zero
 *   abort    calls abort() (as a failed assert or an uncaught C++ exception)
 *   stall    never reaches the barrier (sleeps 60 s): with DART_TIMEOUT=S
 *            the waiting units end after S s, naming the call they waited in
 *   kill     is killed (SIGKILL: no report of its own; the launcher's names
 *            it, e.g. across hosts, where it is the only word from its host)
 *   all_return  every unit returns from main without dart_exit: the runtime
 *            is finalized at exit, unit 0 prints one warning, exit status 0
 * Run under cmake/expect_failure.sh: the job must fail and unit 1's line
 * must name it and what happened. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <dart/dart.h>

int main(int argc, char **argv) {
  if (dart_init(&argc, &argv) != DART_OK) return 2;
  dart_unit_t me;
  dart_myid(&me);
  const char *what = argc > 1 ? argv[1] : "";
  if (!strcmp(what, "all_return")) {
    dart_barrier(DART_TEAM_ALL);
    printf("unit %d returns from main\n", (int)me);
    return 0;
  }
  if (me == (argc > 2 ? atoi(argv[2]) : 1)) {
    if (!strcmp(what, "no_exit")) return 0;
    if (!strcmp(what, "kill")) raise(SIGKILL);
    if (!strcmp(what, "stall")) {
      sleep(60);
      return 0;
    }
    if (!strcmp(what, "segv")) {
      volatile int *nowhere = NULL;
      *nowhere = 1;
    } else if (!strcmp(what, "fpe")) {
      volatile int zero = 0, one = 1; /* GCC turns 1 / x into a comparison */
      volatile int x = one / zero;
      (void)x;
    } else if (!strcmp(what, "abort")) {
      abort();
    }
    fprintf(stderr, "crash_report: unknown case '%s'\n", what);
  }
  dart_barrier(DART_TEAM_ALL);
  dart_exit();
  return 0;
}
