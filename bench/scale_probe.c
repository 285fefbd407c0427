/* What a DART process costs as the job grows (bench/run --section scale runs
 * it at 1 .. 64 units, on one node and on virtual nodes of 4 units).
 *
 * Heap: DART's own live heap bytes (heapcount.h: blocks allocated from
 * DART's code, apart from MPI's and other libraries') and the rest of the
 * process's heap, after each phase, all state of the earlier phases kept:
 *   init       dart_init
 *   teams      10 teams, splits of DART_TEAM_ALL into halves and quarters
 *              (dart_group_split + dart_team_create), the unit's part each
 *   segments   100 collective segments of 64 B, spread over DART_TEAM_ALL
 *              and the 10 teams
 *   locks      a lock on each of the 11 teams (dart_team_lock_init, then
 *              every unit acquires and releases it once)
 *   locality   DART_TEAM_ALL's locality tree (dart_domain_team_locality)
 * Before the phases the accounting is checked: a malloc of the probe's own
 * code counted exactly, a dart_group_create counted and its destroy
 * subtracted, an MPI call that allocates not counted as DART's.
 *
 * Times (each unit's, the slowest unit's reported; median over the
 * samples): dart_init (once), and per trial (--trials, at most 8), each
 * part after an MPI_Barrier, in an order rotating from trial to trial: a
 * team of all units created and destroyed, and between the two its first
 * lock (dart_team_lock_init, then an acquire + release by the team's last
 * unit, whose lock lives on unit 0, and a dart_barrier: the calls' cost)
 * and then the lock through every unit (each acquires and releases it
 * once, all at once: n hand-offs in a row, each waiting for one unit to
 * run; the lock's destroy not timed); dart_team_memalloc_aligned + dart_team_memfree of
 * 1 KiB on DART_TEAM_ALL; dart_team_split_locality at NODE scope into one
 * team per node, and its destroy; DART_TEAM_ALL's locality tree built anew
 * (dart_team_locality_finalize, then dart_domain_team_locality), three
 * times; MPI_Barrier (the baseline).
 *
 * Output (unit 0): tables scale_heap (units, nodes, phase, bytes: max and
 * mean over units, check) and scale_time (units, nodes, op, ns, samples).
 * The whole job reduces its figures in two collectives at the end: above 2
 * units on 2 cores every collective costs scheduler time slices. */
#include "bench.h"
#include "heapcount.h"

enum { PH_INIT, PH_TEAMS, PH_SEGMENTS, PH_LOCKS, PH_LOCALITY, NPHASES };
static const char *const phase_name[NPHASES] = {"init", "teams", "segments", "locks", "locality"};

enum { OP_INIT, OP_LOCALITY, OP_TEAM, OP_LOCK, OP_LOCK_ROUND, OP_ALLOC, OP_SPLIT, OP_BARRIER, NOPS };
static const char *const op_name[NOPS] = {"dart_init",           "locality_tree", "team_create_destroy",
                                          "first_lock",          "lock_round",    "alloc_free",
                                          "split_locality_node", "mpi_barrier"};

#define NTEAMS 10 /* teams made by splits, DART_TEAM_ALL not counted */
#define NSEGMENTS 100
#define MAX_TRIALS 8
/* Tree builds per trial: a build takes microseconds on one node, and one
 * preemption of one unit makes it 100 times longer. */
#define TREE_BUILDS 3
#define MAX_SAMPLES (MAX_TRIALS * TREE_BUILDS)

/* Per unit, reduced at the end: heap bytes (DART's, others') per phase,
 * then seconds per op and trial, then the accounting check's failure. */
enum { V_DART = 0, V_OTHER = NPHASES, V_TIME = 2 * NPHASES, V_CHECK = V_TIME + NOPS * MAX_SAMPLES, NV };
static double v[NV];
#define SAMPLE(op, i) v[V_TIME + (op)*MAX_SAMPLES + (i)]

static void *volatile sink; /* keeps the check's malloc from being optimised away */

static void read_heap(int phase) {
  size_t dart = heapcount_dart(), all = heapcount_all();
  v[V_DART + phase] = (double)dart;
  v[V_OTHER + phase] = (double)all - (double)dart;
}

/* 0 if the accounting holds, else which check failed (1-3). */
static int heap_check(void) {
  size_t d0 = heapcount_dart();
  sink = malloc(12345);
  size_t d1 = heapcount_dart();
  free(sink);
  sink = NULL;
  if (d1 - d0 != 12345 || heapcount_dart() != d0) return 1;
  dart_group_t g;
  DCHECK(dart_group_create(&g));
  size_t d2 = heapcount_dart();
  DCHECK(dart_group_destroy(&g));
  if (d2 <= d0 || heapcount_dart() != d0) return 2;
  /* MPICH keeps an indexed type's arguments (MPI_Type_get_contents): 8 KB of MPI's heap. */
  enum { N = 1000 };
  static int lens[N], displs[N];
  for (int i = 0; i < N; i++) lens[i] = 1, displs[i] = 2 * i;
  size_t a0 = heapcount_all();
  MPI_Datatype t;
  MCHECK(MPI_Type_indexed(N, lens, displs, MPI_INT, &t));
  size_t a1 = heapcount_all(), d3 = heapcount_dart();
  MPI_Type_free(&t);
  if (a1 < a0 + 2 * N * sizeof(int) || d3 != d0) return 3;
  return 0;
}

/* 10 teams, all alive: DART_TEAM_ALL split into halves, quarters, halves, ...; the unit's part of each. */
static void make_teams(int me, dart_team_t *teams) {
  dart_group_t all;
  DCHECK(dart_team_get_group(DART_TEAM_ALL, &all));
  for (int k = 0; k < NTEAMS; k++) {
    dart_group_t part[4];
    size_t n = k % 2 ? 4 : 2, nout, mine = 0;
    DCHECK(dart_group_split(all, n, &nout, part));
    for (size_t i = 0; i < nout; i++) {
      int is = 0;
      DCHECK(dart_group_ismember(part[i], me, &is));
      if (is) mine = i;
    }
    DCHECK(dart_team_create(DART_TEAM_ALL, part[mine], &teams[k]));
    for (size_t i = 0; i < nout; i++) DCHECK(dart_group_destroy(&part[i]));
  }
  DCHECK(dart_group_destroy(&all));
}

static double timed_barrier(void) {
  MCHECK(MPI_Barrier(MPI_COMM_WORLD));
  return bench_now();
}

/* A team of all units created, its first lock (lock_init, the last unit's
 * acquire and release, a barrier), the lock through every unit, and the
 * team destroyed: seconds of create + destroy into *team_s, of the first
 * lock into *lock_s, of the round into *round_s. */
static void team_and_lock(dart_group_t all, int me, int size, double *team_s, double *lock_s,
                          double *round_s) {
  dart_team_t team;
  dart_lock_t lock;
  double t0 = timed_barrier();
  DCHECK(dart_team_create(DART_TEAM_ALL, all, &team));
  double created = bench_now() - t0;
  t0 = timed_barrier();
  DCHECK(dart_team_lock_init(team, &lock));
  if (me == size - 1) {
    DCHECK(dart_lock_acquire(lock));
    DCHECK(dart_lock_release(lock));
  }
  DCHECK(dart_barrier(team));
  *lock_s = bench_now() - t0;
  t0 = timed_barrier();
  DCHECK(dart_lock_acquire(lock));
  DCHECK(dart_lock_release(lock));
  *round_s = bench_now() - t0;
  DCHECK(dart_team_lock_destroy(&lock));
  t0 = timed_barrier();
  DCHECK(dart_team_destroy(&team));
  *team_s = created + bench_now() - t0;
}

/* Samples of op: dart_init's one, the tree's TREE_BUILDS per trial, the others' one per trial. */
static int samples(int op, int trials) {
  return op == OP_INIT ? 1 : op == OP_LOCALITY ? TREE_BUILDS * trials : trials;
}

/* One trial of the repeated ops, in an order starting at step `first`; seconds into v. */
static void trial(int t, int first, size_t nodes, dart_group_t all, int me, int size) {
  enum { STEPS = 5 };
  for (int i = 0; i < STEPS; i++) {
    double t0;
    dart_team_t team;
    dart_gptr_t g;
    dart_domain_locality_t *tree;
    switch ((first + i) % STEPS) {
      case 0:
        team_and_lock(all, me, size, &SAMPLE(OP_TEAM, t), &SAMPLE(OP_LOCK, t), &SAMPLE(OP_LOCK_ROUND, t));
        break;
      case 1:
        t0 = timed_barrier();
        DCHECK(dart_team_memalloc_aligned(DART_TEAM_ALL, 1024, &g));
        DCHECK(dart_team_memfree(g));
        SAMPLE(OP_ALLOC, t) = bench_now() - t0;
        break;
      case 2:
        t0 = timed_barrier();
        DCHECK(dart_team_split_locality(DART_TEAM_ALL, DART_LOCALITY_SCOPE_NODE, nodes, &team));
        DCHECK(dart_team_destroy(&team));
        SAMPLE(OP_SPLIT, t) = bench_now() - t0;
        break;
      case 3: /* built anew: the team's tree freed first (local) */
        for (int k = 0; k < TREE_BUILDS; k++) {
          DCHECK(dart_team_locality_finalize(DART_TEAM_ALL));
          t0 = timed_barrier();
          DCHECK(dart_domain_team_locality(DART_TEAM_ALL, ".", &tree));
          SAMPLE(OP_LOCALITY, t * TREE_BUILDS + k) = bench_now() - t0;
        }
        break;
      default:
        t0 = timed_barrier();
        MCHECK(MPI_Barrier(MPI_COMM_WORLD));
        SAMPLE(OP_BARRIER, t) = bench_now() - t0;
    }
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  if (heapcount_setup((const void *)(uintptr_t)&dart_init) != 0) {
    fprintf(stderr, "scale_probe: DART's code not found\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  double t0 = timed_barrier();
  DCHECK(dart_init(&argc, &argv));
  SAMPLE(OP_INIT, 0) = bench_now() - t0;
  read_heap(PH_INIT);

  bench_t b;
  bench_setup(&argc, &argv, &b, 3, 1, 1);
  int trials = b.trials < MAX_TRIALS ? b.trials : MAX_TRIALS;
  v[V_CHECK] = heap_check();

  dart_team_t teams[NTEAMS + 1];
  teams[NTEAMS] = DART_TEAM_ALL;
  make_teams(b.me, teams);
  read_heap(PH_TEAMS);

  static dart_gptr_t seg[NSEGMENTS];
  for (int s = 0; s < NSEGMENTS; s++)
    DCHECK(dart_team_memalloc_aligned(teams[s % (NTEAMS + 1)], 64, &seg[s]));
  read_heap(PH_SEGMENTS);

  dart_lock_t locks[NTEAMS + 1];
  for (int k = 0; k <= NTEAMS; k++) {
    DCHECK(dart_team_lock_init(teams[k], &locks[k]));
    DCHECK(dart_lock_acquire(locks[k]));
    DCHECK(dart_lock_release(locks[k]));
  }
  read_heap(PH_LOCKS);

  dart_domain_locality_t *tree;
  DCHECK(dart_domain_team_locality(DART_TEAM_ALL, ".", &tree));
  read_heap(PH_LOCALITY);

  dart_config_t cfg;
  DCHECK(dart_config_get(&cfg));
  dart_group_t all;
  DCHECK(dart_team_get_group(DART_TEAM_ALL, &all));
  for (int t = 0; t < trials; t++) trial(t, t, cfg.num_nodes, all, b.me, b.nranks);
  DCHECK(dart_group_destroy(&all));

  static double vmax[NV], vsum[NV];
  MCHECK(MPI_Reduce(v, vmax, NV, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD));
  MCHECK(MPI_Reduce(v, vsum, 2 * NPHASES, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD));
  if (b.me == 0) {
    static const char *const check[] = {"ok", "FAILED: the probe's malloc not counted exactly",
                                        "FAILED: dart_group_create/destroy not counted",
                                        "FAILED: MPI's allocation counted as DART's (or not seen)"};
    printf("@table scale_heap\nunits,nodes,phase,dart_max,dart_mean,other_max,other_mean,check\n");
    for (int p = 0; p < NPHASES; p++)
      printf("%d,%zu,%s,%.0f,%.1f,%.0f,%.1f,%s\n", b.nranks, cfg.num_nodes, phase_name[p], vmax[V_DART + p],
             vsum[V_DART + p] / b.nranks, vmax[V_OTHER + p], vsum[V_OTHER + p] / b.nranks,
             check[(int)vmax[V_CHECK]]);
    printf("@table scale_time\nunits,nodes,op,ns,samples\n");
    for (int op = 0; op < NOPS; op++) {
      int n = samples(op, trials);
      printf("%d,%zu,%s,%.0f,%d\n", b.nranks, cfg.num_nodes, op_name[op],
             bench_median(&vmax[V_TIME + op * MAX_SAMPLES], n) * 1e9, n);
    }
  }
  fflush(stdout);
  DCHECK(dart_exit());
  MPI_Finalize();
  return 0;
}
