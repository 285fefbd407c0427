/* Benchmark 16: node-aware allreduce.
 *
 * A sum of int64 vectors (8 B and 64 KiB by default, --sizes) over all
 * units, three ways, in the same run:
 *
 *   flat:       dart_allreduce on DART_TEAM_ALL;
 *   two_level:  inside each node team (dart_team_split_locality at NODE
 *               scope) every unit copies its vector into a slot of the node
 *               leader's shared-memory segment, the leader sums them, the
 *               leaders (a team of the first unit of each node) combine
 *               their sums with dart_allreduce, and the leader's result is
 *               copied out by the others: two node barriers, no data through MPI
 *               inside a node;
 *   two_level_coll: the same levels with DART's collectives (dart_reduce
 *               on the node team, dart_allreduce among leaders, dart_bcast
 *               on the node team).
 *
 * Meant for several units per node: bench/run runs it at 4 units with
 * DART_UNITS_PER_NODE=2 (two virtual nodes of two units). Every result is
 * checked against the exact sum. Reported: median ns per allreduce of the
 * slowest unit, trials interleaved with the order rotating.
 *
 * Options: --sizes 8,64K (bytes, multiples of 8). */
#include "bench.h"

enum { FLAT, TWO_LEVEL, TWO_LEVEL_COLL, NVARIANTS };

typedef struct {
  dart_team_t node, leaders; /* leaders: DART_TEAM_NULL on the others */
  int node_rank, node_size;
  int64_t *slots; /* the leader's segment: node_size slots of n, then the result */
} levels_t;

static void setup_levels(const bench_t *b, levels_t *lv, size_t max_n) {
  dart_config_t cfg;
  DCHECK(dart_config_get(&cfg));
  DCHECK(dart_team_split_locality(DART_TEAM_ALL, DART_LOCALITY_SCOPE_NODE, cfg.num_nodes, &lv->node));
  dart_unit_t r;
  size_t s;
  DCHECK(dart_team_myid(lv->node, &r));
  DCHECK(dart_team_size(lv->node, &s));
  lv->node_rank = (int)r;
  lv->node_size = (int)s;
  /* Leaders and the others, each a group of its own: one call makes both teams. */
  dart_group_t mine;
  DCHECK(dart_group_create(&mine));
  for (int u = 0; u < b->nranks; u++) {
    size_t unode = 0, node = 0;
    DCHECK(dart_unit_node(DART_TEAM_ALL, u, &unode));
    int leader = 1; /* the lowest unit of its node */
    for (int w = 0; w < u && leader; w++) {
      DCHECK(dart_unit_node(DART_TEAM_ALL, w, &node));
      leader = node != unode;
    }
    if (leader == (lv->node_rank == 0)) DCHECK(dart_group_addmember(mine, u));
  }
  dart_team_t other = DART_TEAM_NULL;
  DCHECK(dart_team_create(DART_TEAM_ALL, mine, &other));
  DCHECK(dart_group_destroy(&mine));
  lv->leaders = lv->node_rank == 0 ? other : DART_TEAM_NULL;
  if (lv->node_rank != 0) DCHECK(dart_team_destroy(&other));
  /* Only the leader's part is used: every unit of the node reaches it by address. */
  dart_gptr_t g;
  DCHECK(dart_team_memalloc_aligned(lv->node, (size_t)(lv->node_size + 1) * max_n * sizeof(int64_t), &g));
  DCHECK(dart_gptr_getaddr(g, (void **)&lv->slots));
}

static void node_barrier(const levels_t *lv) {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  DCHECK(dart_barrier(lv->node));
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

static void two_level(const levels_t *lv, const int64_t *in, int64_t *out, size_t n) {
  int64_t *result = lv->slots + (size_t)lv->node_size * n;
  if (lv->node_rank != 0) memcpy(lv->slots + (size_t)lv->node_rank * n, in, n * sizeof *in);
  node_barrier(lv);
  if (lv->node_rank == 0) {
    for (size_t i = 0; i < n; i++) {
      int64_t sum = in[i];
      for (int s = 1; s < lv->node_size; s++) sum += lv->slots[(size_t)s * n + i];
      out[i] = sum;
    }
    DCHECK(dart_allreduce(out, result, n, DART_TYPE_INT64, DART_OP_SUM, lv->leaders));
    memcpy(out, result, n * sizeof *out);
  }
  node_barrier(lv);
  if (lv->node_rank != 0) memcpy(out, result, n * sizeof *out);
}

static void two_level_coll(const levels_t *lv, const int64_t *in, int64_t *out, size_t n) {
  DCHECK(dart_reduce(in, out, n, DART_TYPE_INT64, DART_OP_SUM, 0, lv->node));
  if (lv->node_rank == 0) DCHECK(dart_allreduce(out, out, n, DART_TYPE_INT64, DART_OP_SUM, lv->leaders));
  DCHECK(dart_bcast(out, n, DART_TYPE_INT64, 0, lv->node));
}

static void run(int v, const levels_t *lv, const int64_t *in, int64_t *out, size_t n) {
  if (v == FLAT)
    DCHECK(dart_allreduce(in, out, n, DART_TYPE_INT64, DART_OP_SUM, DART_TEAM_ALL));
  else if (v == TWO_LEVEL)
    two_level(lv, in, out, n);
  else
    two_level_coll(lv, in, out, n);
}

/* Seconds per call of the slowest unit over reps calls. */
static double trial(int v, const levels_t *lv, const int64_t *in, int64_t *out, size_t n, long reps) {
  DCHECK(dart_barrier(DART_TEAM_ALL));
  double t0 = bench_now();
  for (long r = 0; r < reps; r++) run(v, lv, in, out, n);
  double dt = bench_now() - t0, worst = 0;
  MPI_Allreduce(&dt, &worst, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return worst / (double)reps;
}

int main(int argc, char **argv) {
  bench_t b;
  bench_init(&argc, &argv, &b, 9, 3, 20000);
  static const size_t dflt[] = {8, 64 << 10, 0};
  size_t sizes[BENCH_MAX_SIZES];
  int ns = bench_arg_sizes(argc, argv, "--sizes", dflt, sizes);
  size_t max_n = 1;
  for (int s = 0; s < ns; s++) max_n = sizes[s] / 8 > max_n ? sizes[s] / 8 : max_n;
  levels_t lv;
  setup_levels(&b, &lv, max_n);
  int64_t *in = bench_alloc(max_n * sizeof *in), *out = bench_alloc(max_n * sizeof *out);
  if (b.me == 0) printf("@table allreduce_locality\nbytes,flat_ns,two_level_ns,two_level_coll_ns,check\n");
  for (int s = 0; s < ns; s++) {
    size_t n = sizes[s] / 8 ? sizes[s] / 8 : 1;
    for (size_t i = 0; i < n; i++) in[i] = (int64_t)b.me * 1000003 + (int64_t)i;
    /* Check every variant once (the exact sum), and time one call of each to calibrate. */
    int ok = 1;
    double per_call = 0;
    for (int v = 0; v < NVARIANTS; v++) {
      memset(out, 0, n * sizeof *out);
      double t = trial(v, &lv, in, out, n, 1);
      per_call = t > per_call ? t : per_call;
      int64_t units = b.nranks, base = 1000003 * units * (units - 1) / 2;
      for (size_t i = 0; i < n; i++) ok &= out[i] == base + units * (int64_t)i;
    }
    int all_ok = 0;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    long reps = bench_calibrate(&b, per_call, 3);
    MPI_Bcast(&reps, 1, MPI_LONG, 0, MPI_COMM_WORLD); /* every unit the same count */
    double t[NVARIANTS][BENCH_MAX_TRIALS];
    for (int k = 0; k < b.trials; k++)
      for (int j = 0; j < NVARIANTS; j++) {
        int v = (j + k) % NVARIANTS; /* rotate which variant runs first after the barrier */
        t[v][k] = trial(v, &lv, in, out, n, reps);
      }
    if (b.me == 0) {
      printf("%zu", n * 8);
      for (int v = 0; v < NVARIANTS; v++) bench_print_num(1e9 * bench_median(t[v], b.trials));
      printf(",%s\n", all_ok ? "ok" : "WRONG");
    }
  }
  free(in);
  free(out);
  if (lv.leaders != DART_TEAM_NULL) DCHECK(dart_team_destroy(&lv.leaders));
  DCHECK(dart_team_destroy(&lv.node));
  DCHECK(dart_exit());
  return 0;
}
