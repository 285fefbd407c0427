/* Units that keep talking across hosts while a host's network goes down
 * (dart/test/net_fault.sh cuts it): every unit puts 8 bytes to the next
 * unit, completes it and meets the others in a barrier, for at most
 * argv[1] seconds (default 60). Unit 0 says "net_fault: running" after the
 * first round, when every pair of units has talked; the cut comes after
 * that. The job must end with a clear message well before argv[1] s. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <dart/dart.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
  if (dart_init(&argc, &argv) != DART_OK) return 2;
  const double limit = argc > 1 ? atof(argv[1]) : 60;
  dart_unit_t me;
  size_t n;
  dart_myid(&me);
  dart_size(&n);
  dart_gptr_t box;
  if (dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(long), &box) != DART_OK) return 2;
  dart_gptr_t next = box;
  dart_gptr_setunit(&next, (dart_unit_t)((me + 1) % n));
  const double t0 = now();
  for (long round = 0; now() - t0 < limit; round++) {
    if (dart_put_blocking(next, &round, 1, DART_TYPE_LONG, DART_TYPE_LONG) != DART_OK ||
        dart_barrier(DART_TEAM_ALL) != DART_OK) {
      fprintf(stderr, "net_fault: unit %d: a call failed in round %ld\n", (int)me, round);
      return 1;
    }
    if (round == 0 && me == 0) {
      printf("net_fault: running\n");
      fflush(stdout);
    }
  }
  /* Still here: the job outlived the cut. */
  fprintf(stderr, "net_fault: unit %d still running after %.0f s\n", (int)me, limit);
  dart_team_memfree(box);
  dart_exit();
  return 3;
}
