/* Status messages and the per-unit detail of the last error. */
#include <stdarg.h>
#include <stdio.h>
#include "state.h"

static _Thread_local char last_error[512];

void dart__set_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(last_error, sizeof last_error, fmt, ap);
  va_end(ap);
}

void dart__set_mpi_error(int mpi_ret, const char *call) {
  char msg[MPI_MAX_ERROR_STRING] = "";
  int len = 0;
  if (!dart__state.exited) MPI_Error_string(mpi_ret, msg, &len);
  dart__set_error("%s failed: %s", call, msg);
}

const char *dart_last_error(void) { return last_error; }

const char *dart_strerror(dart_ret_t status) {
  switch (status) {
    case DART_OK: return "success";
    case DART_PENDING: return "operation not yet complete";
    case DART_ERR_INVAL: return "invalid argument";
    case DART_ERR_NOTFOUND: return "object not found (freed or destroyed)";
    case DART_ERR_NOTINIT: return "DART is not initialized";
    case DART_ERR_NOMEM: return "out of memory";
    case DART_ERR_OTHER: return "MPI error";
    case DART_ERR_NOTSUP: return "operation not supported";
    case DART_ERR_BUSY: return "resource busy";
  }
  return "unknown status";
}
