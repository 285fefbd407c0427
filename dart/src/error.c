/* Status messages, the per-unit detail of the last error, and what a
 * failing call does (DART_ERRORS): return its status, or, as MPI's default
 * error handler, print the message with the unit and end the job. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "state.h"

static _Thread_local char last_error[512];

/* The mode: -1 until the environment (dart_init, or the first error before
 * it) or a dart_set_error_mode call sets it; a call wins over the
 * environment, also one made before dart_init. */
static int mode = -1;
static int mode_by_call;
static int deferred; /* dart_init: its errors end the job once the units agree */

static int current_mode(void) {
  int m = __atomic_load_n(&mode, __ATOMIC_RELAXED);
  if (m < 0) {
    const char *env = getenv("DART_ERRORS");
    m = env && strcmp(env, "return") == 0 ? DART_ERRORS_RETURN : DART_ERRORS_ABORT;
  }
  return m;
}

static void __attribute__((noreturn)) abort_with(const char *func, const char *msg) {
  /* The unit: DART's id, or MPI's rank while dart_init fails. */
  char unit[16] = "-";
  int init = 0, fini = 0, rank = -1;
  MPI_Initialized(&init);
  MPI_Finalized(&fini);
  if (dart__initialized_lib)
    rank = dart__state.myid;
  else if (init && !fini && !dart__mpi_foreign)
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank >= 0) snprintf(unit, sizeof unit, "%d", rank);
  /* The message names the DART call ("dart_put: ..."); otherwise the
   * function that failed does. One write, so that other units' lines do
   * not cut into it. */
  char line[700];
  if (strncmp(msg, "dart_", 5) == 0)
    snprintf(line, sizeof line, "[dart unit %s] %s (DART_ERRORS=abort)\n", unit, msg);
  else
    snprintf(line, sizeof line, "[dart unit %s] %s: %s (DART_ERRORS=abort)\n", unit, func, msg);
  fputs(line, stderr);
  dart__abort_job(1);
}

void dart__report_error(const char *func, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(last_error, sizeof last_error, fmt, ap);
  va_end(ap);
  if (!deferred && current_mode() == DART_ERRORS_ABORT) abort_with(func, last_error);
}

void dart__report_mpi_error(const char *func, int mpi_ret, const char *call) {
  char msg[MPI_MAX_ERROR_STRING] = "";
  int len = 0;
  if (!dart__state.exited) MPI_Error_string(mpi_ret, msg, &len);
  dart__report_error(func, "%s failed: %s", call, msg);
}

void dart__errors_defer(int on) { deferred = on; }

void dart__errors_raise(void) {
  if (current_mode() == DART_ERRORS_ABORT) abort_with("dart_init", last_error);
}

void dart__errors_from_config(dart_config_t *cfg) {
  if (__atomic_load_n(&mode_by_call, __ATOMIC_RELAXED))
    cfg->errors = __atomic_load_n(&mode, __ATOMIC_RELAXED);
  else
    __atomic_store_n(&mode, cfg->errors, __ATOMIC_RELAXED);
}

dart_ret_t dart_set_error_mode(dart_error_mode_t m) {
  if (m != DART_ERRORS_ABORT && m != DART_ERRORS_RETURN)
    return dart__error(DART_ERR_INVAL,
                       "dart_set_error_mode: %d is not DART_ERRORS_ABORT or DART_ERRORS_RETURN", (int)m);
  __atomic_store_n(&mode, (int)m, __ATOMIC_RELAXED);
  __atomic_store_n(&mode_by_call, 1, __ATOMIC_RELAXED);
  if (dart__initialized_lib) dart__state.config.errors = (int)m;
  return DART_OK;
}

dart_ret_t dart_get_error_mode(dart_error_mode_t *m) {
  if (!m) return dart__error(DART_ERR_INVAL, "dart_get_error_mode: mode is NULL");
  *m = (dart_error_mode_t)current_mode();
  return DART_OK;
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
