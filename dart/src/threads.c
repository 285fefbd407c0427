/* Which threads take the library's common cases (dart__lib_fast, state.h),
 * and the DART_CHECK of a second thread without thread support: at
 * DART_THREAD_SINGLE, MPI calls from several threads at once break MPI
 * itself (UCX: "Assertion worker->inprogress++ == 0"), far from the cause. */
#include <pthread.h>
#include "state.h"

__thread int dart__lib_fast __attribute__((tls_model("initial-exec")));
static pthread_t init_thread;

void dart__threads_init(void) {
  init_thread = pthread_self();
  dart__lib_fast = !dart__state.config.stats;
}

/* Only the calling thread's flag: other threads' stay set after dart_exit,
 * where their common cases find no segment (dart__target_of) and the
 * general path reports DART_ERR_NOTINIT. */
void dart__threads_fini(void) { dart__lib_fast = 0; }

dart_ret_t dart__thread_admit(const char *fn) {
  if (!dart__initialized_lib) return DART_OK; /* the general path reports it */
  /* A thread of a program that calls DART from one thread at a time may
   * differ from the one that started it (init.h): checked only on request. */
  if (dart__check && !dart__state.threads && !pthread_equal(pthread_self(), init_thread))
    return dart__error(DART_ERR_INVAL,
                       "%s: called from a thread other than the one that called dart_init, but DART runs "
                       "without thread support (DART_THREAD_SINGLE: MPI is not safe from several threads); "
                       "set DART_THREADS=multiple, or start with dart_init_thread(DART_THREAD_MULTIPLE)",
                       fn);
  dart__lib_fast = !dart__state.config.stats;
  return DART_OK;
}
