/* Chunks: team memory reserved once and carved into many allocations. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>
#include "debug.h"
#include "mpibugs.h"
#include "pool.h"
#include "progress.h"
#include "team.h"

static size_t node_memory_override; /* dart__set_node_memory; 0: the machine's */

void dart__set_node_memory(size_t bytes) { node_memory_override = bytes; }

unsigned long long dart__node_memory_available(void) {
  if (node_memory_override) return node_memory_override;
  unsigned long long avail = ULLONG_MAX;
  struct statvfs sv;
  if (statvfs("/dev/shm", &sv) == 0) avail = (unsigned long long)sv.f_bavail * sv.f_frsize;
  /* tmpfs may be sized above what the machine has: bound by MemAvailable. */
  FILE *f = fopen("/proc/meminfo", "r");
  if (f) {
    char line[128];
    unsigned long long kb;
    while (fgets(line, sizeof line, f))
      if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1) {
        if (kb * 1024 < avail) avail = kb * 1024;
        break;
      }
    fclose(f);
  }
  return avail;
}

static char *align_up(void *p) {
  uintptr_t a = (uintptr_t)p;
  return (char *)((a + DART_ALLOC_ALIGN - 1) / DART_ALLOC_ALIGN * DART_ALLOC_ALIGN);
}

/* Collective: every member learns whether all members can go ahead. */
static int all_agree(MPI_Comm comm, int ok) {
  int all = 0;
  if (dart__allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, comm) != MPI_SUCCESS) return 0;
  return all;
}

static dart_ret_t chunk_windows_done(dart_team_data_t *team, dart_chunk_t *c) {
  /* RMA window over the same memory, for members on other nodes. One
   * passive-target epoch for the window's whole life (lock_all). */
  MPI_Info info;
  MPI_Info_create(&info);
  MPI_Info_set(info, "same_disp_unit", "true");
  int held;
  dart_ret_t r = dart__win_create_guard_enter(team->comm, &held);
  if (r != DART_OK) {
    MPI_Info_free(&info);
    return r;
  }
  int ret = MPI_Win_create(c->mine, (MPI_Aint)(c->sizes ? c->sizes[team->myid] : c->size), 1, info,
                           team->comm, &c->win);
  dart__win_create_guard_exit(team->comm, held);
  MPI_Info_free(&info);
  if (ret != MPI_SUCCESS) {
    c->win = MPI_WIN_NULL;
    return dart__mpi_error(ret, "MPI_Win_create");
  }
  MPI_Win_set_errhandler(c->win, MPI_ERRORS_RETURN);
  DART_MPI(MPI_Win_lock_all(MPI_MODE_NOCHECK, c->win), "MPI_Win_lock_all");
  return DART_OK;
}

/* Members of the team on my machine (several virtual nodes share its
 * memory). O(team), at chunk creation only. */
static int units_on_my_machine(const dart_team_data_t *team) {
  const int32_t *node_of = dart__state.node_of, *host_of_node = dart__state.host_of_node;
  int32_t my_host = host_of_node[node_of[dart__state.myid]], n = 0;
  for (int i = 0; i < team->size; i++) n += host_of_node[node_of[dart__team_abs(team, i)]] == my_host;
  return n;
}

static dart_ret_t chunk_create(dart_team_data_t *team, MPI_Comm node_comm, size_t size,
                               dart_chunk_t **chunk) {
  int node_n;
  MPI_Comm_size(node_comm, &node_n);

  /* Shared-memory windows live in /dev/shm: an oversized one would SIGBUS
   * on first touch instead of failing, so check the space first, against
   * the whole machine: with virtual nodes several nodes share its memory,
   * so count the team's units on the machine, not on the node. */
  int host_n = dart__state.config.units_per_node ? units_on_my_machine(team) : node_n;
  unsigned long long avail = dart__node_memory_available();
  unsigned long long need = (unsigned long long)size * (unsigned long long)host_n;
  int ok = size <= (SIZE_MAX / 2) / (size_t)host_n && need <= avail;
  dart_chunk_t *c = calloc(1, sizeof *c);
  char **base = calloc((size_t)team->node_count, sizeof *base);
  if (!c || !base) ok = 0;
  if (!all_agree(team->comm, ok)) {
    free(c);
    free(base);
    if (need > avail)
      return dart__error(DART_ERR_NOMEM,
                         "team memory: %zu bytes on each of %d units of this machine need %llu "
                         "bytes of /dev/shm, %llu available (free /dev/shm and MemAvailable)",
                         size, host_n, need, avail);
    return dart__error(DART_ERR_NOMEM, "team memory: another unit cannot reserve %zu bytes", size);
  }
  c->base = base;
  c->node_first = team->node_first;
  c->node_count = team->node_count;
  c->size = size;
  c->win = MPI_WIN_NULL;
  MPI_Info info;
  MPI_Info_create(&info);
  MPI_Info_set(info, "alloc_shared_noncontig", "true"); /* own pages per unit: NUMA-local */
  /* Some MPIs (Open MPI 4.1) return parts aligned to 8 bytes only: reserve
   * one extra line and align every part to it. Pages map at the same offset
   * in every process, so each unit computes the same shift for a part. */
  int ret =
      MPI_Win_allocate_shared((MPI_Aint)(size + DART_ALLOC_ALIGN), 1, info, node_comm, &c->mine, &c->shm_win);
  MPI_Info_free(&info);
  if (!all_agree(team->comm, ret == MPI_SUCCESS)) {
    if (ret == MPI_SUCCESS) MPI_Win_free(&c->shm_win);
    free(base);
    free(c);
    return dart__error(DART_ERR_NOMEM, "team memory: MPI_Win_allocate_shared of %zu bytes failed", size);
  }
  c->mine = align_up(c->mine);

  /* The node communicator orders my node's members by team rank (its split
   * key), so the run's members are its ranks from my rank - (myid -
   * node_first) on. */
  int node_me;
  MPI_Comm_rank(node_comm, &node_me);
  for (int l = 0; l < team->node_count; l++) {
    MPI_Aint sz;
    int du;
    void *p;
    MPI_Win_shared_query(c->shm_win, node_me - (team->myid - team->node_first) + l, &sz, &du, &p);
    base[l] = align_up(p);
  }
  dart_ret_t r;
  dart__alloc_init(&c->alloc, size);
  if (!team->all_on_node && (r = chunk_windows_done(team, c)) != DART_OK) {
    dart__chunk_destroy(c);
    return r;
  }
  DART_DEBUG(ALLOC, "team %lld reserves a chunk of %zu bytes per unit", (long long)team->id, size);
  DART_DEBUG(PATH, "team %lld chunk: shared-memory path to the %d units of my node%s; atomics on %s",
             (long long)team->id, team->node_count,
             team->all_on_node ? " (all of the team)" : ", MPI window for the others",
             team->all_on_node ? "the CPU" : "MPI");
  *chunk = c;
  return DART_OK;
}

dart_ret_t dart__chunk_create(dart_team_data_t *team, size_t size, dart_chunk_t **chunk) {
  MPI_Comm node_comm;
  dart_ret_t r = dart__team_node_comm(team, &node_comm);
  if (r != DART_OK) return r;
  return chunk_create(team, node_comm, size, chunk);
}

void dart__chunk_touch(dart_chunk_t *c, uint64_t off, size_t n) {
  if (c->shm_win == MPI_WIN_NULL || off + n <= c->touched) return;
  size_t page = (size_t)sysconf(_SC_PAGESIZE), end = off + n;
  /* One byte in each page from the first untouched byte on, never outside
   * the part (the part need not start on a page): an atomic add of 0 faults
   * the page in as a write and cannot undo a peer's store to it. */
  for (uintptr_t p = (uintptr_t)c->mine + c->touched; p < (uintptr_t)c->mine + end; p = (p / page + 1) * page)
    __atomic_fetch_add((char *)p, 0, __ATOMIC_RELAXED);
  c->touched = end;
}

dart_ret_t dart__chunk_register(dart_team_data_t *team, void *addr, size_t size, dart_chunk_t **chunk) {
  dart_chunk_t *c = calloc(1, sizeof *c);
  size_t *sizes = malloc(sizeof *sizes * (size_t)team->size);
  char **base = calloc(1, sizeof *base);
  /* A failure on one unit travels as SIZE_MAX, so that all fail together. */
  uint64_t mine = (!c || !sizes || !base || (!addr && size)) ? UINT64_MAX : (uint64_t)size;
  uint64_t *all = malloc(sizeof *all * (size_t)team->size);
  int ret = all ? dart__allgather(&mine, 1, MPI_UINT64_T, all, team->comm) : MPI_ERR_NO_MEM;
  int bad = ret != MPI_SUCCESS;
  for (int i = 0; i < team->size && !bad; i++) bad = all[i] == UINT64_MAX;
  if (bad) {
    free(all);
    free(c);
    free(sizes);
    free(base);
    return dart__error(DART_ERR_INVAL,
                       "dart_team_memregister: NULL address or allocation failure on some unit");
  }
  for (int i = 0; i < team->size; i++) sizes[i] = (size_t)all[i];
  free(all);
  c->sizes = sizes;
  c->base = base;
  c->mine = addr;
  c->size = size;
  c->shm_win = MPI_WIN_NULL;
  c->win = MPI_WIN_NULL;
  base[0] = addr; /* only mine: others' registered memory is reached through MPI */
  c->node_first = team->myid;
  c->node_count = 1;
  dart_ret_t r = team->size > 1 ? chunk_windows_done(team, c) : DART_OK;
  if (r != DART_OK) {
    dart__chunk_destroy(c);
    return r;
  }
  *chunk = c;
  return DART_OK;
}

dart_ret_t dart__chunk_destroy(dart_chunk_t *c) {
  if (c->win != MPI_WIN_NULL) {
    MPI_Win_unlock_all(c->win);
    MPI_Win_free(&c->win);
  }
  if (c->shm_win != MPI_WIN_NULL) MPI_Win_free(&c->shm_win);
  dart__alloc_fini(&c->alloc);
  free(c->base);
  free(c->sizes);
  free(c);
  return DART_OK;
}
