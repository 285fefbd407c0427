/* The DART rows (dart_rows.c) with OpenSHMEM, built against OSHMPI
 * (pmodels/oshmpi ee5cf11, bench/peers/build.sh): shmem_putmem + shmem_quiet
 * (complete at the target, as dart_put_blocking), shmem_getmem,
 * shmem_atomic_fetch_add (int64), shmem_malloc + shmem_free (1 KiB),
 * shmem_barrier_all. */
#include <shmem.h>
#include <stdint.h>

#include "peer_timing.h"

static int64_t *sym;
static int64_t word = 1, result;
static int target;

static void put(void *c) {
  (void)c;
  shmem_putmem(sym, &word, sizeof word, target);
  shmem_quiet();
}
static void get(void *c) {
  (void)c;
  shmem_getmem(&result, sym, sizeof result, target);
}
static void fetch_add(void *c) {
  (void)c;
  result = shmem_int64_atomic_fetch_add(sym, 1, target);
}
static void alloc_free(void *c) {
  (void)c;
  void *p = shmem_malloc(1024);
  if (!p) MPI_Abort(MPI_COMM_WORLD, 1);
  shmem_free(p);
}
static void barrier(void *c) {
  (void)c;
  shmem_barrier_all();
}
static void wait_all(void) { shmem_barrier_all(); }

int main(int argc, char **argv) {
  shmem_init();
  peer_options(argc, argv);
  target = shmem_n_pes() > 1 ? 1 : 0;
  sym = shmem_malloc(64);
  shmem_barrier_all();
  peer_row("put 8 B", peer_time(put, NULL, 0, wait_all));
  peer_row("get 8 B", peer_time(get, NULL, 0, wait_all));
  peer_row("fetch-add 8 B", peer_time(fetch_add, NULL, 0, wait_all));
  peer_row("alloc+free 1 KiB", peer_time(alloc_free, NULL, 1, wait_all));
  peer_row("barrier", peer_time(barrier, NULL, 1, wait_all));
  shmem_free(sym);
  shmem_finalize();
  return 0;
}
