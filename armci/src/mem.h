/* ARMCI on DART: allocations and address translation (mem.c) (internal). */
#ifndef ARMCI_DART_MEM_H
#define ARMCI_DART_MEM_H

#include "state.h"

typedef struct armci_alloc {
  dart_gptr_t gptr; /* segment; unitid/offset are set per access */
  uint32_t key;     /* (team flags << 16 | segid): the same on every member */
  armci_grp_info_t *grp;
  int spans_nodes; /* the team spans nodes: accumulates take the MPI path */
  int nmemb;
  int *members; /* [nmemb] absolute ids, group order */
  char **ptr;   /* [nmemb] address handed out for each member */
  size_t *size; /* [nmemb] bytes each member asked for */
  char **local; /* [nmemb] caller's mapping of each member's part, or NULL */
} armci_alloc_t;

/* Result of translating (addr, proc). */
typedef struct {
  armci_alloc_t *a;
  dart_gptr_t g; /* unit = proc, offset of addr */
  char *local;   /* caller's address of the byte, NULL if not on my node */
} armci_target_t;

/* Translates (addr, proc) for an access of len bytes; aborts if addr is
 * not in an allocation of proc or the access passes its end. */
void armci__translate(const void *addr, int proc, size_t len, armci_target_t *t, const char *fn);

void armci__mem_init(void);
void armci__mem_fini(void);
/* Drops the allocations of a group whose team is being destroyed. */
void armci__mem_drop_group(armci_grp_info_t *g);

#endif
