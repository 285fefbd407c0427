/* Helpers shared by the benchmark programs (C and C++): clock, median,
 * options, CSV, MPI baseline windows.
 *
 * Output convention (read by bench/run): unit 0 prints CSV on stdout, one
 * header line and then rows; lines starting with '#' are notes. Every
 * program measures its baselines itself, in the same run, with trials of
 * the variants interleaved (variant A, B, C, A, B, C, ...) so that slow
 * drift of a shared machine hits all of them alike; the reported figure is
 * the median over trials. The order of the variants rotates from trial to
 * trial: the variant that runs first after a barrier is measurably slower
 * on a loaded machine (seen: 7x for a memory-bound loop), and must not
 * always be the same one. */
#ifndef BENCH_BENCH_H
#define BENCH_BENCH_H

#include <math.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <dart/dart.h>

#define BENCH_MAX_TRIALS 64
#define BENCH_MAX_SIZES 64

static inline double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline int bench_cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Median of v[0..n-1] (v is not modified); NAN if n == 0. */
static inline double bench_median(const double *v, int n) {
  if (n <= 0) return NAN;
  double tmp[BENCH_MAX_TRIALS * 4];
  double *w = n <= (int)(sizeof tmp / sizeof *tmp) ? tmp : (double *)malloc(sizeof *w * (size_t)n);
  if (!w) abort();
  memcpy(w, v, sizeof *w * (size_t)n);
  qsort(w, (size_t)n, sizeof *w, bench_cmp_double);
  double m = n % 2 ? w[n / 2] : 0.5 * (w[n / 2 - 1] + w[n / 2]);
  if (w != tmp) free(w);
  return m;
}

/* Median absolute deviation from the median: the spread of trials. */
static inline double bench_mad(const double *v, int n) {
  if (n <= 0 || n > BENCH_MAX_TRIALS) return NAN;
  double m = bench_median(v, n), d[BENCH_MAX_TRIALS];
  for (int i = 0; i < n; i++) d[i] = fabs(v[i] - m);
  return bench_median(d, n);
}

/* ---- command line ---- */

/* Value of "--name VALUE" or "--name=VALUE", or NULL. */
static inline const char *bench_arg(int argc, char **argv, const char *name) {
  size_t len = strlen(name);
  for (int i = 1; i < argc; i++) {
    if (strncmp(argv[i], name, len) != 0) continue;
    if (argv[i][len] == '=') return argv[i] + len + 1;
    if (argv[i][len] == '\0' && i + 1 < argc) return argv[i + 1];
  }
  return NULL;
}

static inline int bench_flag(int argc, char **argv, const char *name) {
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], name) == 0) return 1;
  return 0;
}

/* Parses "<n>[K|M|G]" (binary units). */
static inline size_t bench_parse_size(const char *s) {
  char *end;
  double v = strtod(s, &end);
  switch (*end) {
    case 'k':
    case 'K': v *= 1024.0; break;
    case 'm':
    case 'M': v *= 1024.0 * 1024.0; break;
    case 'g':
    case 'G': v *= 1024.0 * 1024.0 * 1024.0; break;
    default: break;
  }
  return (size_t)v;
}

static inline long bench_arg_long(int argc, char **argv, const char *name, long dflt) {
  const char *s = bench_arg(argc, argv, name);
  return s ? (long)bench_parse_size(s) : dflt;
}

/* Parses a comma-separated size list (e.g. "8,4K,1M") from --name into
 * sizes[]; returns the count, or uses dflt (terminated by 0) if absent. */
static inline int bench_arg_sizes(int argc, char **argv, const char *name, const size_t *dflt,
                                  size_t *sizes) {
  const char *s = bench_arg(argc, argv, name);
  int n = 0;
  if (!s) {
    while (dflt[n] && n < BENCH_MAX_SIZES) {
      sizes[n] = dflt[n];
      n++;
    }
    return n;
  }
  char buf[1024];
  snprintf(buf, sizeof buf, "%s", s);
  for (char *tok = strtok(buf, ","); tok && n < BENCH_MAX_SIZES; tok = strtok(NULL, ","))
    sizes[n++] = bench_parse_size(tok);
  return n;
}

/* ---- common state ---- */

typedef struct {
  int me, nranks;
  int quick;
  int trials;
  long reps;      /* calls per trial for the smallest operations */
  int internode;  /* DART takes its MPI path between units (virtual nodes) */
  double trial_s; /* target duration of one trial (--trial-ms) */
  int argc;       /* the command line, for program-specific options */
  char **argv;
} bench_t;

static inline void bench_fail(const char *what, int code) {
  fprintf(stderr, "bench: %s failed (%d: %s)\n", what, code, dart_last_error());
  MPI_Abort(MPI_COMM_WORLD, 3);
}

#define DCHECK(call)                                                 \
  do {                                                               \
    dart_ret_t rc_ = (call);                                         \
    if (__builtin_expect(rc_ != DART_OK, 0)) bench_fail(#call, rc_); \
  } while (0)

#define MCHECK(call)                                                     \
  do {                                                                   \
    int rc_ = (call);                                                    \
    if (__builtin_expect(rc_ != MPI_SUCCESS, 0)) bench_fail(#call, rc_); \
  } while (0)

/* The options every program takes (DART must be initialized):
 * --quick, --trials N, --reps N (maximum calls per trial), --trial-ms T.
 * The defaults are the program's (full and --quick). */
static inline void bench_setup(int *argc, char ***argv, bench_t *b, int dflt_trials, int dflt_trials_quick,
                               long dflt_reps) {
  dart_unit_t me;
  size_t n;
  DCHECK(dart_myid(&me));
  DCHECK(dart_size(&n));
  b->me = me;
  b->nranks = (int)n;
  b->argc = *argc;
  b->argv = *argv;
  b->quick = bench_flag(*argc, *argv, "--quick");
  b->trials = (int)bench_arg_long(*argc, *argv, "--trials", b->quick ? dflt_trials_quick : dflt_trials);
  if (b->trials < 1) b->trials = 1;
  if (b->trials > BENCH_MAX_TRIALS) b->trials = BENCH_MAX_TRIALS;
  b->reps = bench_arg_long(*argc, *argv, "--reps", b->quick ? dflt_reps / 10 : dflt_reps);
  if (b->reps < 1) b->reps = 1;
  b->trial_s = 1e-3 * (double)bench_arg_long(*argc, *argv, "--trial-ms", b->quick ? 2 : 10);
  dart_config_t cfg;
  DCHECK(dart_config_get(&cfg));
  b->internode = cfg.num_nodes > 1;
  if (b->me == 0) {
    char ver[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    MPI_Get_library_version(ver, &len);
    ver[strcspn(ver, "\n")] = '\0';
    printf("# mpi: %s\n", ver);
    printf("# ranks=%d nodes=%zu units_on_node=%zu trials=%d max_reps=%ld trial_ms=%g%s\n", b->nranks,
           cfg.num_nodes, cfg.node_size, b->trials, b->reps, b->trial_s * 1e3, b->quick ? " quick" : "");
  }
}

/* dart_init, then bench_setup (C++ programs on dash call dash::init and
 * bench_setup instead). */
static inline void bench_init(int *argc, char ***argv, bench_t *b, int dflt_trials, int dflt_trials_quick,
                              long dflt_reps) {
  DCHECK(dart_init(argc, argv));
  bench_setup(argc, argv, b, dflt_trials, dflt_trials_quick, dflt_reps);
}

/* Calls per trial so that one trial takes about b->trial_s given a
 * measured `per_call` seconds, within [min, b->reps]. Keeps the run time
 * bounded on a loaded machine whatever the speed of a variant. */
static inline long bench_calibrate(const bench_t *b, double per_call, long min) {
  double want = per_call > 0 ? b->trial_s / per_call : (double)b->reps;
  long r = want > (double)b->reps ? b->reps : (long)want;
  return r < min ? min : r;
}

/* Trials for a measurement whose trial takes `per_trial` seconds: all of
 * them normally, 3 when one trial is much longer than planned (a call that
 * waits for a descheduled peer on a loaded machine), so that the slowest
 * MPI baselines cannot stretch the run without bound. */
static inline int bench_trials_for(const bench_t *b, double per_trial) {
  return per_trial > 5 * b->trial_s && b->trials > 3 ? 3 : b->trials;
}

/* 64-byte aligned, zeroed, touched. */
static inline void *bench_alloc(size_t bytes) {
  void *p = NULL;
  if (posix_memalign(&p, 64, bytes ? bytes : 64)) {
    fprintf(stderr, "bench: out of memory (%zu bytes)\n", bytes);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  memset(p, 0, bytes);
  return p;
}

/* Prints a number or n/a for NAN. */
static inline void bench_print_num(double v) {
  if (isnan(v))
    printf(",n/a");
  else
    printf(",%.6g", v);
}

/* MPI rank (in comm) of the world rank `world_rank`, or MPI_UNDEFINED. */
static inline int bench_rank_in(MPI_Comm comm, int world_rank) {
  MPI_Group wg, g;
  int r;
  MPI_Comm_group(MPI_COMM_WORLD, &wg);
  MPI_Comm_group(comm, &g);
  MPI_Group_translate_ranks(wg, 1, &world_rank, g, &r);
  MPI_Group_free(&wg);
  MPI_Group_free(&g);
  return r;
}

/* ---- MPI baseline windows (created collectively on MPI_COMM_WORLD) ---- */

typedef enum {
  BENCH_WIN_ALLOCATE, /* MPI_Win_allocate */
  BENCH_WIN_SHARED,   /* MPI_Win_allocate_shared on the node communicator */
  BENCH_WIN_CREATE    /* MPI_Win_create over MPI_Win_allocate_shared(MPI_COMM_SELF) memory:
                         the same kind of window DART's MPI path uses */
} bench_win_kind_t;

typedef struct {
  bench_win_kind_t kind;
  MPI_Win win;
  MPI_Win self_win; /* BENCH_WIN_CREATE: the window owning the memory */
  MPI_Comm comm;    /* communicator of win */
  char *base;       /* my part */
  int target;       /* rank of the target in comm, MPI_UNDEFINED if not reachable */
  char *peer;       /* BENCH_WIN_SHARED: load/store address of the target's part */
} bench_win_t;

/* Creates a window of `bytes` per rank in one passive-target epoch
 * (MPI_Win_lock_all) and resolves the world rank `target_world`. */
static inline void bench_win_init(bench_win_t *w, bench_win_kind_t kind, size_t bytes, int target_world) {
  memset(w, 0, sizeof *w);
  w->kind = kind;
  w->self_win = MPI_WIN_NULL;
  w->comm = MPI_COMM_WORLD;
  MPI_Aint sz = (MPI_Aint)(bytes ? bytes : 64);
  if (kind == BENCH_WIN_ALLOCATE) {
    MCHECK(MPI_Win_allocate(sz, 1, MPI_INFO_NULL, MPI_COMM_WORLD, (void *)&w->base, &w->win));
  } else if (kind == BENCH_WIN_SHARED) {
    MCHECK(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &w->comm));
    MCHECK(MPI_Win_allocate_shared(sz, 1, MPI_INFO_NULL, w->comm, (void *)&w->base, &w->win));
  } else {
    MCHECK(MPI_Win_allocate_shared(sz, 1, MPI_INFO_NULL, MPI_COMM_SELF, (void *)&w->base, &w->self_win));
    MCHECK(MPI_Win_create(w->base, sz, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &w->win));
  }
  memset(w->base, 0, (size_t)sz);
  w->target = bench_rank_in(w->comm, target_world);
  if (kind == BENCH_WIN_SHARED && w->target != MPI_UNDEFINED) {
    MPI_Aint qsz;
    int du;
    MCHECK(MPI_Win_shared_query(w->win, w->target, &qsz, &du, (void *)&w->peer));
  }
  MCHECK(MPI_Win_lock_all(MPI_MODE_NOCHECK, w->win));
  MPI_Barrier(MPI_COMM_WORLD);
}

static inline void bench_win_free(bench_win_t *w) {
  MPI_Barrier(MPI_COMM_WORLD);
  MCHECK(MPI_Win_unlock_all(w->win));
  MCHECK(MPI_Win_free(&w->win));
  if (w->self_win != MPI_WIN_NULL) MCHECK(MPI_Win_free(&w->self_win));
  if (w->comm != MPI_COMM_WORLD) MPI_Comm_free(&w->comm);
}

#endif
