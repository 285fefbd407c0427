/* Initialization, shutdown and environment queries. The modules start and
 * stop in the order of setup.c's table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stats.h"
#include "team.h"
#include "watchdog.h"

dart_state_t dart__state;

/* A program that leaves without dart_exit: finalized here if every unit
 * does, else reported (crash.c). */
static void at_exit(void) {
  if (dart__crash_exit_check()) dart_exit();
}

dart_ret_t dart_init(int *argc, char ***argv) {
  dart_thread_support_level_t provided;
  return dart_init_thread(argc, argv, DART_THREAD_SINGLE, &provided);
}

dart_ret_t dart_init_thread(int *argc, char ***argv, dart_thread_support_level_t level,
                            dart_thread_support_level_t *provided) {
  if (dart__initialized) return dart__error(DART_ERR_INVAL, "dart_init: already initialized");
  if ((level != DART_THREAD_SINGLE && level != DART_THREAD_MULTIPLE) || !provided)
    return dart__error(DART_ERR_INVAL,
                       "dart_init_thread: level is not DART_THREAD_SINGLE or DART_THREAD_MULTIPLE, or "
                       "provided is NULL");
  /* Before any MPI call that takes a handle: another MPI's crash there. In
   * return mode the message is printed too: the program cannot go on. */
  dart_ret_t ret = dart__check_mpi_library();
  if (ret != DART_OK) {
    fprintf(stderr, "%s\n", dart_last_error());
    return ret;
  }
  int mpi_init = 0, mpi_fini = 0;
  MPI_Initialized(&mpi_init);
  MPI_Finalized(&mpi_fini);
  if (mpi_fini)
    return dart__error(DART_ERR_INVAL, "dart_init: MPI is already finalized (dart_exit ended it)");
  /* The configuration is read once, here; DART_THREADS=multiple asks for
   * threads whatever the program asked (a program written for a build with
   * thread support, e.g. DASH's ENABLE_THREADSUPPORT). A bad variable fails
   * init on every unit, once MPI can make the units agree (below). */
  dart_config_t config;
  dart__errors_defer(1); /* until the units agree (below) */
  ret = dart__config_read(&config);
  if (config.threads) level = DART_THREAD_MULTIPLE;
  /* The progress thread calls MPI beside the program's threads. */
  const int progress_thread = config.progress_thread;
  int owned = 0, mpi_level = MPI_THREAD_SINGLE;
  if (!mpi_init) {
    int want = level == DART_THREAD_MULTIPLE || progress_thread ? MPI_THREAD_MULTIPLE : MPI_THREAD_SINGLE;
    if (MPI_Init_thread(argc, argv, want, &mpi_level) != MPI_SUCCESS) {
      dart__errors_defer(0);
      return dart__error(DART_ERR_OTHER, "dart_init: MPI_Init_thread failed");
    }
    owned = 1;
  } else {
    MPI_Query_thread(&mpi_level);
  }
  memset(&dart__state, 0, sizeof dart__state);
  dart__state.mpi_owned = owned;
  dart__state.threads = level == DART_THREAD_MULTIPLE && mpi_level == MPI_THREAD_MULTIPLE;
  *provided = dart__state.threads ? DART_THREAD_MULTIPLE : DART_THREAD_SINGLE;

  dart__state.config = config;
  /* Every unit must agree on failure, so a bad setting on one fails all. */
  if (ret == DART_OK && config.progress_thread && mpi_level != MPI_THREAD_MULTIPLE)
    ret = dart__error(DART_ERR_INVAL,
                      "dart_init: DART_PROGRESS=thread needs MPI_THREAD_MULTIPLE (MPI was initialized with "
                      "less)");
  int bad = ret != DART_OK, anybad = 0;
  MPI_Allreduce(&bad, &anybad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (anybad) {
    if (!bad) dart__set_error("dart_init: a DART_* variable is bad on another unit");
    goto fail;
  }
  MPI_Comm world;
  MPI_Comm_dup(MPI_COMM_WORLD, &world);
  MPI_Comm_set_errhandler(world, MPI_ERRORS_RETURN);
  int rank, size;
  MPI_Comm_rank(world, &rank);
  MPI_Comm_size(world, &size);
  dart__state.myid = rank;
  dart__state.size = size;
  if ((ret = dart__check_launcher(size)) != DART_OK) {
    dart_error_mode_t mode; /* abort mode prints it at fail */
    if (dart_get_error_mode(&mode) == DART_OK && mode == DART_ERRORS_RETURN)
      fprintf(stderr, "%s\n", dart_last_error());
    goto fail;
  }
  if ((ret = dart__setup_init(world)) != DART_OK) goto fail;
  dart__errors_defer(0);
  static int exit_registered;
  if (!exit_registered) exit_registered = atexit(at_exit) == 0;
  return DART_OK;
fail:
  dart__errors_defer(0);
  dart__errors_raise(); /* abort mode: ends the job with the message */
  if (owned) MPI_Finalize();
  return ret != DART_OK ? ret : DART_ERR_INVAL;
}

dart_ret_t dart_exit(void) {
  DART_CHECK_INIT("dart_exit");
  dart__stats_report(dart__state.all->comm);
  dart_ret_t ret = dart__setup_fini(); /* every module, in the reverse of dart_init's order */
  dart__state.exited = 1;
  if (dart__state.mpi_owned) {
    DART_WATCH("MPI_Finalize", MPI_Finalize());
    dart__watchdog_stop();
  } else {
    dart__watchdog_exit();
  }
  return ret;
}

dart_ret_t dart_thread_support(dart_thread_support_level_t *provided) {
  DART_CHECK_INIT("dart_thread_support");
  if (!provided) return dart__error(DART_ERR_INVAL, "dart_thread_support: provided is NULL");
  *provided = dart__state.threads ? DART_THREAD_MULTIPLE : DART_THREAD_SINGLE;
  return DART_OK;
}

dart_ret_t dart_initialized(int *flag) {
  if (!flag) return dart__error(DART_ERR_INVAL, "dart_initialized: flag is NULL");
  *flag = dart__initialized;
  return DART_OK;
}

dart_ret_t dart_abort(int errorcode) { dart__abort_job(errorcode); }

dart_ret_t dart_myid(dart_unit_t *myid) {
  DART_CHECK_INIT("dart_myid");
  if (!myid) return dart__error(DART_ERR_INVAL, "dart_myid: myid is NULL");
  *myid = dart__state.myid;
  return DART_OK;
}

dart_ret_t dart_size(size_t *size) {
  DART_CHECK_INIT("dart_size");
  if (!size) return dart__error(DART_ERR_INVAL, "dart_size: size is NULL");
  *size = (size_t)dart__state.size;
  return DART_OK;
}
