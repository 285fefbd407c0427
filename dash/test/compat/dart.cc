// DART called directly in DASH's form from a DASH program: typed unit ids,
// allocation sizes in elements of a type. Our own C forms stay usable.
#include <libdash.h>

#include "check.h"

int main(int argc, char *argv[]) {
  dash::init(&argc, &argv);
  {
    const std::size_t size = dash::size();
    dart_global_unit_t me;
    CHECK(dart_myid(&me) == DART_OK && me == dash::myid());
    dart_team_unit_t tme;
    CHECK(dart_team_myid(DART_TEAM_ALL, &tme) == DART_OK && tme.id == me.id);
    dart_unit_t raw = -1;
    CHECK(dart_myid(&raw) == DART_OK && raw == me.id);  // our C form

    // 10 doubles per unit, in DASH's form; written by the next unit.
    dart_gptr_t g;
    CHECK(dart_team_memalloc_aligned(DART_TEAM_ALL, 10, DART_TYPE_DOUBLE, &g) == DART_OK);
    size_t nbytes = 0;
    dart_team_t team;
    CHECK(dart_gptr_segment_info(g, &team, &nbytes) == DART_OK && nbytes >= 10 * sizeof(double));
    dart_gptr_t target = g;
    dart_gptr_setunit(&target, dart_unit_t((std::size_t(me.id) + 1) % size));
    double values[10];
    for (int i = 0; i < 10; ++i) values[i] = me.id + 0.25 * i;
    CHECK(dart_put_blocking(target, values, 10, DART_TYPE_DOUBLE, DART_TYPE_DOUBLE) == DART_OK);
    dart_barrier(DART_TEAM_ALL);
    double *mine = nullptr;
    dart_gptr_t here = g;
    dart_gptr_setunit(&here, me.id);
    CHECK(dart_gptr_getaddr(here, reinterpret_cast<void **>(&mine)) == DART_OK);
    const int prev = int((std::size_t(me.id) + size - 1) % size);
    for (int i = 0; i < 10; ++i) CHECK(mine[i] == prev + 0.25 * i);
    dart_barrier(DART_TEAM_ALL);
    CHECK(dart_team_memfree(g) == DART_OK);

    // Non-collective, 3 longs; bad type is an error, not a crash.
    dart_gptr_t l;
    CHECK(dart_memalloc(3, DART_TYPE_LONG, &l) == DART_OK);
    CHECK(dart_memfree(l) == DART_OK);
    CHECK(dart_memalloc(3, dart_datatype_t(9999), &l) != DART_OK);
    CHECK(dart_myid(static_cast<dart_global_unit_t *>(nullptr)) == DART_ERR_INVAL);
  }
  dash::finalize();
  return compat::result();
}
