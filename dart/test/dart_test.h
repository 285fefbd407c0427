// Helpers shared by the DART tests.
#ifndef DART_TEST_H
#define DART_TEST_H

#include <dart/dart.h>
#include <gtest/gtest.h>
#include <mpi.h>

// Asserts that a DART call succeeds, showing the runtime's message if not.
#define ASSERT_DART_OK(call) ASSERT_EQ(DART_OK, (call)) << dart_last_error()
#define EXPECT_DART_OK(call) EXPECT_EQ(DART_OK, (call)) << dart_last_error()

inline dart_unit_t test_myid() {
  dart_unit_t id = -1;
  dart_myid(&id);
  return id;
}

inline int test_size() {
  size_t n = 0;
  dart_size(&n);
  return static_cast<int>(n);
}

// Nodes of the run (real, or virtual with DART_UNITS_PER_NODE).
inline int test_nodes() {
  dart_config_t cfg;
  dart_config_get(&cfg);
  return static_cast<int>(cfg.num_nodes);
}

// Iterations for loop-heavy tests: `full` normally; `reduced` when the run
// is oversubscribed (3-4 units on 2 cores: ~8 ms per collective) or built
// with sanitizers (~20x slower), where the full count proves nothing more
// and would dominate CI time.
inline int test_iterations(int full, int reduced) {
#if defined(__SANITIZE_ADDRESS__)
  (void)full;
  return reduced;
#else
  return test_size() <= 2 ? full : reduced;
#endif
}

// Splits `parent` into n teams of consecutive units; returns this unit's.
inline dart_team_t split(dart_team_t parent, size_t n) {
  dart_group_t g, parts[8];
  dart_team_get_group(parent, &g);
  size_t nout;
  dart_group_split(g, n, &nout, parts);
  dart_unit_t me = test_myid();
  dart_group_t mine = nullptr;
  for (size_t i = 0; i < n; i++) {
    int is = 0;
    dart_group_ismember(parts[i], me, &is);
    if (is) mine = parts[i];
  }
  dart_team_t t = DART_TEAM_NULL;
  EXPECT_EQ(DART_OK, dart_team_create(parent, mine, &t)) << dart_last_error();
  for (size_t i = 0; i < n; i++) dart_group_destroy(&parts[i]);
  dart_group_destroy(&g);
  return t;
}

inline int team_me(dart_team_t t) {
  dart_unit_t id = -1;
  dart_team_myid(t, &id);
  return id;
}

inline int team_n(dart_team_t t) {
  size_t n = 0;
  dart_team_size(t, &n);
  return static_cast<int>(n);
}

// gptr moved to team-relative unit rel of team, plus off bytes.
inline dart_gptr_t at_unit(dart_gptr_t g, dart_team_t team, int rel, uint64_t off = 0) {
  dart_unit_t abs = -1;
  dart_team_unit_l2g(team, rel, &abs);
  dart_gptr_setunit(&g, abs);
  g.offset += off;
  return g;
}

// With 3-4 processes on this 2-core machine and every unit on its own
// virtual node, each MPI atomic waits for its target to be scheduled (MPI
// atomics progress at the target): loop counts shrink there, exactness
// checks stay.
inline bool crowded() {
  dart_config_t cfg;
  dart_config_get(&cfg);
  return test_size() > 2 && cfg.units_per_node != 0;
}

#endif
