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
#include "shm.h"
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

/* Unmaps the parts of my node run that are mapped. */
static void unmap_parts(dart_chunk_t *c) {
  for (int l = 0; c->base && l < c->node_count; l++) dart__shm_unmap(c->base[l], c->mapped);
}

/* My part as a shared-memory object, and the parts of my node run mapped
 * from theirs (shm.h): create, agree, attach, agree, unlink. */
static dart_ret_t map_parts(dart_team_data_t *team, dart_chunk_t *c) {
  uint32_t serial = team->chunk_serial++;
  int me = team->myid - team->node_first;
  char name[DART_SHM_NAME_MAX];
  dart__shm_name(name, team->id, serial, dart__state.myid);
  void *mine = NULL;
  dart_ret_t r = dart__shm_create(name, c->mapped, &mine);
  int created = r == DART_OK;
  if (!all_agree(team->comm, created)) {
    if (created) {
      dart__shm_unmap(mine, c->mapped);
      dart__shm_unlink(name);
    }
    return r != DART_OK ? r
                        : dart__error(DART_ERR_NOMEM, "team memory: another unit could not make its part");
  }
  c->base[me] = c->mine = mine;
  for (int l = 0; l < c->node_count && r == DART_OK; l++) {
    if (l == me) continue;
    char peer[DART_SHM_NAME_MAX];
    dart__shm_name(peer, team->id, serial, dart__team_abs(team, team->node_first + l));
    void *p = NULL;
    r = dart__shm_attach(peer, c->mapped, &p);
    c->base[l] = p;
  }
  int ok = all_agree(team->comm, r == DART_OK); /* every peer has mapped mine: its name can go */
  dart__shm_unlink(name);
  if (!ok) {
    unmap_parts(c);
    return r != DART_OK
               ? r
               : dart__error(DART_ERR_OTHER, "team memory: another unit could not map its peers' parts");
  }
  return DART_OK;
}

dart_ret_t dart__chunk_create(dart_team_data_t *team, size_t size, dart_chunk_t **chunk) {
  /* Node memory lives in /dev/shm: an oversized part would SIGBUS on
   * first touch instead of failing, so check the space first, against the
   * whole machine: with virtual nodes several nodes share its memory, so
   * count the team's units on the machine, not on the node. */
  int host_n = dart__state.config.units_per_node ? units_on_my_machine(team) : team->node_count;
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
  c->mapped = dart__shm_bytes(size);
  c->win = MPI_WIN_NULL;
  dart_ret_t r = map_parts(team, c);
  if (r != DART_OK) {
    free(base);
    free(c);
    return r;
  }
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

void dart__chunk_touch(dart_chunk_t *c, uint64_t off, size_t n) {
  if (!c->mapped || off + n <= c->touched) return;
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
  if (c->mapped) unmap_parts(c);
  dart__alloc_fini(&c->alloc);
  free(c->base);
  free(c->sizes);
  free(c);
  return DART_OK;
}
