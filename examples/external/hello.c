/* Every unit writes its id into the next unit's memory and checks what the
 * previous one wrote: a minimal DART program. */
#include <dart/dart.h>
#include <stdio.h>

int main(int argc, char **argv) {
  if (dart_init(&argc, &argv) != DART_OK) return 1;
  dart_unit_t me;
  size_t n;
  dart_myid(&me);
  dart_size(&n);
  dart_gptr_t g, next, mine;
  dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int), &g);
  next = mine = g;
  dart_gptr_setunit(&next, (dart_unit_t)((me + 1) % n));
  dart_gptr_setunit(&mine, me);
  int v = me;
  dart_put_blocking(next, &v, 1, DART_TYPE_INT, DART_TYPE_INT);
  dart_barrier(DART_TEAM_ALL);
  int *p;
  dart_gptr_getaddr(mine, (void **)&p);
  int ok = *p == (int)((me + n - 1) % n);
  printf("unit %d: got %d from the previous unit: %s\n", (int)me, *p, ok ? "ok" : "WRONG");
  dart_barrier(DART_TEAM_ALL);
  dart_team_memfree(g);
  dart_exit();
  return ok ? 0 : 1;
}
