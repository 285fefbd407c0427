/* Per-thread records of the header's inline same-node path (fast.h). */
#include "fast.h"
#include <pthread.h>
#include <stdlib.h>

__thread dart__fast_t dart__fast
    __attribute__((tls_model("initial-exec"))) = {DART__NO_KEY, NULL, 0, DART__NO_KEY};
int dart__initialized;
extern int dart__initialized_lib __attribute__((alias("dart__initialized")));

/* The records of the threads that ever recorded a target, so that a free
 * in one thread can reach all of them. A thread leaves at its exit (its
 * record is gone then), through the destructor of a pthread key; the main
 * thread's entry lives until the process ends. */
typedef struct fast_thread {
  dart__fast_t *rec;
  struct fast_thread *next;
} fast_thread_t;
static fast_thread_t *threads;
static pthread_mutex_t threads_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_key_t exit_key;
static int exit_key_made;
__thread int dart__fast_joined;

/* At thread exit: the record is about to go. Entries stay on the list
 * across dart_exit and a later dart_init, until their thread ends. */
static void leave(void *entry) {
  pthread_mutex_lock(&threads_mutex);
  for (fast_thread_t **p = &threads; *p; p = &(*p)->next)
    if (*p == entry) {
      *p = ((fast_thread_t *)entry)->next;
      break;
    }
  pthread_mutex_unlock(&threads_mutex);
  free(entry);
}

int dart__fast_join(void) {
  fast_thread_t *e = malloc(sizeof *e);
  if (!e) return 0;
  e->rec = &dart__fast;
  pthread_mutex_lock(&threads_mutex);
  e->next = threads;
  threads = e;
  pthread_mutex_unlock(&threads_mutex);
  pthread_setspecific(exit_key, e);
  dart__fast_joined = 1;
  return 1;
}

/* `key` is written only at DART_THREAD_SINGLE (here only where it is
 * set, which it never is at DART_THREAD_MULTIPLE): other threads read it as
 * a plain field while this runs. */
static void forget(dart__fast_t *r) {
  if (__atomic_load_n(&r->key_addr, __ATOMIC_RELAXED) == DART__NO_KEY) return;
  if (r->key != DART__NO_KEY) r->key = DART__NO_KEY;
  __atomic_store_n(&r->key_addr, DART__NO_KEY, __ATOMIC_RELAXED);
}

void dart__fast_forget_all(void) {
  pthread_mutex_lock(&threads_mutex);
  for (fast_thread_t *e = threads; e; e = e->next) forget(e->rec);
  pthread_mutex_unlock(&threads_mutex);
}

dart_ret_t dart__fast_init(void) {
  if (!exit_key_made) { /* once per process: keys are a scarce resource */
    if (pthread_key_create(&exit_key, leave) != 0)
      return dart__error(DART_ERR_OTHER, "dart_init: pthread_key_create failed");
    exit_key_made = 1;
  }
  return DART_OK;
}
