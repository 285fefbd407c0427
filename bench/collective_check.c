/* Benchmark 17: the cost of DART_CHECK (collective argument checks).
 *
 * Per-call time of an 8-byte dart_allreduce (int64 SUM on DART_TEAM_ALL)
 * with the checks off and on, in the same run: trials alternate between
 * the two (dart__set_check, the switch the tests use; every unit switches
 * alike between trials), with the order rotating. Reported: median ns per
 * call of the slowest unit, each mode, and the ratio on / off. The release
 * build's default is off: there a collective pays one predictable branch
 * for the checks. The check is one more allreduce of a 104-byte signature,
 * so on / off is about 2 for a small allreduce and tends to 1 for large
 * collectives.
 *
 * Options: --sizes 8 (bytes, multiples of 8). */
#include "bench.h"

void dart__set_check(int on); /* libdart's switch (state.h) */

static double trial(int check, const int64_t *in, int64_t *out, size_t n, long reps) {
  dart__set_check(check);
  DCHECK(dart_barrier(DART_TEAM_ALL));
  double t0 = bench_now();
  for (long r = 0; r < reps; r++)
    DCHECK(dart_allreduce(in, out, n, DART_TYPE_INT64, DART_OP_SUM, DART_TEAM_ALL));
  double dt = bench_now() - t0, worst = 0;
  MPI_Allreduce(&dt, &worst, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return worst / (double)reps;
}

int main(int argc, char **argv) {
  bench_t b;
  bench_init(&argc, &argv, &b, 9, 3, 20000);
  static const size_t dflt[] = {8, 0};
  size_t sizes[BENCH_MAX_SIZES];
  int ns = bench_arg_sizes(argc, argv, "--sizes", dflt, sizes);
  size_t max_n = 1;
  for (int s = 0; s < ns; s++) max_n = sizes[s] / 8 > max_n ? sizes[s] / 8 : max_n;
  int64_t *in = bench_alloc(max_n * sizeof *in), *out = bench_alloc(max_n * sizeof *out);
  if (b.me == 0) printf("@table collective_check\nbytes,off_ns,on_ns,on_over_off,check\n");
  for (int s = 0; s < ns; s++) {
    size_t n = sizes[s] / 8 ? sizes[s] / 8 : 1;
    for (size_t i = 0; i < n; i++) in[i] = (int64_t)b.me + (int64_t)i;
    /* Check the sum once in each mode, and time one call to calibrate. */
    int ok = 1;
    double per_call = 0;
    for (int c = 0; c < 2; c++) {
      memset(out, 0, n * sizeof *out);
      double t = trial(c, in, out, n, 1);
      per_call = t > per_call ? t : per_call;
      int64_t units = b.nranks;
      for (size_t i = 0; i < n; i++) ok &= out[i] == units * (units - 1) / 2 + units * (int64_t)i;
    }
    int all_ok = 0;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    long reps = bench_calibrate(&b, per_call, 3);
    MPI_Bcast(&reps, 1, MPI_LONG, 0, MPI_COMM_WORLD); /* every unit the same count */
    double t[2][BENCH_MAX_TRIALS];
    for (int k = 0; k < b.trials; k++)
      for (int j = 0; j < 2; j++) {
        int c = (j + k) % 2; /* rotate which mode runs first */
        t[c][k] = trial(c, in, out, n, reps);
      }
    if (b.me == 0) {
      double off = bench_median(t[0], b.trials), on = bench_median(t[1], b.trials);
      printf("%zu", n * 8);
      bench_print_num(1e9 * off);
      bench_print_num(1e9 * on);
      printf(",%.2f,%s\n", on / off, all_ok ? "ok" : "WRONG");
    }
  }
  dart__set_check(0);
  free(in);
  free(out);
  DCHECK(dart_exit());
  return 0;
}
