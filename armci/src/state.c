/* ARMCI on DART: the global state, the fatal error, waiting for a request
 * and the group lookup (state.h). */
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "state.h"

armci_state_t armci__s;

void armci__fatal(const char *fmt, ...) {
  /* One write for the whole line: stderr is unbuffered, and the other
   * processes' messages must not cut into it. */
  char line[1024];
  int n = snprintf(line, sizeof line, "[%d] ARMCI error: ", armci__s.me);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
  va_end(ap);
  strcat(line, "\n");
  armci__abort_job(line, 1);
}

void armci__abort_job(const char *line, int code) {
  fflush(stdout);
  fputs(line, stderr);
  fflush(stderr);
  /* dart_abort lets the launcher forward the line before MPI_Abort, and
   * keeps DART's exit check quiet (MPICH's MPI_Abort of a 1-process job
   * calls exit). */
  dart_abort(code);
  abort();
}

void armci__wait_req(MPI_Request *req) {
  for (unsigned i = 0;; i++) {
    int done = 0;
    if (MPI_Test(req, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS) armci__fatal("MPI_Test failed");
    if (done) return;
    if (i >= 64) sched_yield();
  }
}

armci_grp_info_t *armci__grp(const ARMCI_Group *grp, const char *fn) {
  ARMCI_CHECK_INIT(fn);
  if (!grp) return armci__s.world;
  if (!grp->grp_to_abs) armci__fatal("%s: not a group made by ARMCI", fn);
  armci_grp_info_t *g =
      (armci_grp_info_t *)(void *)((char *)grp->grp_to_abs - offsetof(armci_grp_info_t, g2a));
  if (g->magic != ARMCI_GRP_MAGIC) armci__fatal("%s: not a live group (freed?)", fn);
  return g;
}
