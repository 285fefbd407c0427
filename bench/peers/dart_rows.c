/* DART rows against DASH's own DART-MPI: one source, built against DASH's
 * install (dash-project/dash 99f2995, bench/peers/build.sh) and against
 * ours; the DART API is the same. Rows (rank 0 against rank 1, 8 B):
 * dart_put_blocking, dart_get_blocking, dart_fetch_and_op (int64 SUM, with
 * the result: DASH's needs a dart_flush for it);
 * collective: dart_team_memalloc_aligned + dart_team_memfree (1 KiB per
 * unit), dart_barrier. */
#ifdef PEER_DASH /* DASH installs its DART headers here */
#include <dash/dart/if/dart.h>
#else
#include <dart/dart.h>
#endif

#include "peer_timing.h"

/* DASH's DART sizes allocations in elements of a type, ours in bytes. */
static dart_ret_t team_alloc(size_t bytes, dart_gptr_t *g) {
#ifdef PEER_DASH
  return dart_team_memalloc_aligned(DART_TEAM_ALL, bytes, DART_TYPE_BYTE, g);
#else
  return dart_team_memalloc_aligned(DART_TEAM_ALL, bytes, g);
#endif
}

static dart_gptr_t remote;
static int64_t word = 1, result;

static void put(void *c) {
  (void)c;
  dart_put_blocking(remote, &word, 1, DART_TYPE_LONGLONG, DART_TYPE_LONGLONG);
}
static void get(void *c) {
  (void)c;
  dart_get_blocking(&result, remote, 1, DART_TYPE_LONGLONG, DART_TYPE_LONGLONG);
}
/* A completed fetch-and-add on both sides: DASH's dart_fetch_and_op only
 * starts the MPI_Fetch_and_op (its result is valid after a flush), ours
 * returns with the result. */
static void fetch_add(void *c) {
  (void)c;
  dart_fetch_and_op(remote, &word, &result, DART_TYPE_LONGLONG, DART_OP_SUM);
#ifdef PEER_DASH
  dart_flush(remote);
#endif
}
static void alloc_free(void *c) {
  (void)c;
  dart_gptr_t g;
  if (team_alloc(1024, &g) != DART_OK) MPI_Abort(MPI_COMM_WORLD, 1);
  dart_team_memfree(g);
}
static void barrier(void *c) {
  (void)c;
  dart_barrier(DART_TEAM_ALL);
}
static void wait_all(void) { dart_barrier(DART_TEAM_ALL); }

int main(int argc, char **argv) {
  if (dart_init(&argc, &argv) != DART_OK) return 1;
  peer_options(argc, argv);
  size_t n;
  dart_size(&n);
  dart_gptr_t g;
  if (team_alloc(64, &g) != DART_OK) return 1;
  remote = g;
#ifdef PEER_DASH /* DASH's unit ids are typed */
  dart_team_unit_t target = {n > 1 ? 1 : 0};
#else
  dart_unit_t target = n > 1 ? 1 : 0;
#endif
  dart_gptr_setunit(&remote, target);
  dart_barrier(DART_TEAM_ALL);
  peer_row("put 8 B", peer_time(put, NULL, 0, wait_all));
  peer_row("get 8 B", peer_time(get, NULL, 0, wait_all));
  peer_row("fetch-add 8 B", peer_time(fetch_add, NULL, 0, wait_all));
  peer_row("alloc+free 1 KiB", peer_time(alloc_free, NULL, 1, wait_all));
  peer_row("barrier", peer_time(barrier, NULL, 1, wait_all));
  dart_team_memfree(g);
  dart_exit();
  return 0;
}
