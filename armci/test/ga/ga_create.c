/*
 * ga_create.c -- regular and irregular global arrays in 1, 2 and 3
 * dimensions, several element types.
 *
 * For each array: NGA_Inquire reports what was created; the blocks of
 * NGA_Distribution tile the index space exactly once (and match the map of
 * an irregular array); NGA_Locate agrees with them; every process writes its
 * own block through NGA_Access, and after GA_Sync every process reads the
 * whole array with NGA_Get and finds every element exact.
 */
#include <string.h>

#include "ga_test.h"

#define MAXD 3

/* Split np into ndim block counts (product <= np, each <= dims[d]). */
static void split_blocks(int np, int ndim, const int dims[], int block[]) {
  for (int d = 0; d < ndim; d++) block[d] = 1;
  int left = np;
  for (int f = 2; f <= left; f++) {
    while (left % f == 0) {
      /* give factor f to the dimension with the fewest blocks per element */
      int best = -1;
      for (int d = 0; d < ndim; d++)
        if (block[d] * f <= dims[d] && (best < 0 || block[d] < block[best])) best = d;
      if (best < 0) {
        left = 1;
        break;
      }
      block[best] *= f;
      left /= f;
    }
  }
}

/* Uneven, strictly increasing block starts 0 = s_0 < ... < s_{b-1} < n. */
static void block_starts(int n, int b, int *starts) {
  for (int k = 0; k < b; k++) starts[k] = k + (int)(((long)(n - b) * k * k) / ((long)b * b));
}

static void check_array(int g, int type, int ndim, const int dims[], const int *block, const int *map) {
  int t, nd, dd[MAXD];
  NGA_Inquire(g, &t, &nd, dd);
  CHECK(t == type && nd == ndim, "inquire type %d ndim %d", t, nd);
  for (int d = 0; d < ndim; d++) CHECK(dd[d] == dims[d], "dims[%d]=%d", d, dd[d]);

  long total = 1;
  for (int d = 0; d < ndim; d++) total *= dims[d];

  /* owner map built from NGA_Distribution: each element exactly once */
  int *owner = malloc(total * sizeof(int));
  for (long i = 0; i < total; i++) owner[i] = -1;
  long covered = 0;
  for (int p = 0; p < test_np; p++) {
    int lo[MAXD], hi[MAXD], s[MAXD];
    NGA_Distribution(g, p, lo, hi);
    long n = gt_box_size(ndim, lo, hi);
    if (n == 0) continue;
    covered += n;
    memcpy(s, lo, sizeof(s));
    do {
      long li = gt_linear(ndim, dims, s);
      CHECK(owner[li] == -1, "element %ld owned twice", li);
      owner[li] = p;
    } while (gt_next(ndim, lo, hi, s));
  }
  CHECK(covered == total, "distribution covers %ld of %ld", covered, total);

  /* an irregular array's blocks start exactly at the map's entries */
  if (map) {
    int nblocks = 1;
    for (int d = 0; d < ndim; d++) nblocks *= block[d];
    int seen = 0;
    for (int p = 0; p < test_np; p++) {
      int lo[MAXD], hi[MAXD];
      NGA_Distribution(g, p, lo, hi);
      if (gt_box_size(ndim, lo, hi) == 0) continue;
      seen++;
      const int *m = map;
      for (int d = 0; d < ndim; d++) {
        int found = 0;
        for (int k = 0; k < block[d]; k++) found |= (m[k] == lo[d]);
        CHECK(found, "block of %d starts at %d in dim %d, not in map", p, lo[d], d);
        m += block[d];
      }
    }
    CHECK(seen == nblocks, "%d nonempty blocks, expected %d", seen, nblocks);
  }

  /* NGA_Locate agrees with the distribution (sample of elements) */
  for (long li = 0; li < total; li += 1 + total / 17) {
    int s[MAXD];
    long r = li;
    for (int d = ndim - 1; d >= 0; d--) {
      s[d] = (int)(r % dims[d]);
      r /= dims[d];
    }
    int p = NGA_Locate(g, s);
    CHECK(p == owner[li], "NGA_Locate(%ld) = %d, owner %d", li, p, owner[li]);
  }

  /* each process fills its own block by direct access */
  int lo[MAXD], hi[MAXD];
  NGA_Distribution(g, test_me, lo, hi);
  if (gt_box_size(ndim, lo, hi) > 0) {
    char *ptr;
    int ld[MAXD];
    NGA_Access(g, lo, hi, &ptr, ld);
    int s[MAXD];
    memcpy(s, lo, sizeof(s));
    do {
      long off = 0; /* offset within local block using ld */
      for (int d = 0; d < ndim; d++) off = off * (d == 0 ? 1 : ld[d - 1]) + (s[d] - lo[d]);
      gt_set(type, ptr, off, gt_linear(ndim, dims, s) + 1);
    } while (gt_next(ndim, lo, hi, s));
    NGA_Release_update(g, lo, hi);
  }
  GA_Sync();

  /* everybody reads the whole array */
  int alo[MAXD] = {0}, ahi[MAXD], ld[MAXD];
  for (int d = 0; d < ndim; d++) ahi[d] = dims[d] - 1;
  gt_ld(ndim, alo, ahi, ld);
  char *buf = malloc(total * gt_size(type));
  NGA_Get(g, alo, ahi, buf, ld);
  for (long i = 0; i < total; i++)
    CHECK(gt_is(type, buf, i, i + 1), "type %d ndim %d elem %ld = %g", type, ndim, i, gt_show(type, buf, i));
  free(buf);
  free(owner);
  GA_Sync();
}

int main(int argc, char **argv) {
  test_init(&argc, &argv);
  gt_start();
  static const int shapes[MAXD][MAXD] = {{37, 0, 0}, {13, 11, 0}, {7, 5, 6}};
  /* kinds of distribution; each is tried with a few types, rotating over
   * dimensions (array creation is slow when processes are oversubscribed) */
  enum { REGULAR, CHUNKED, IRREG, IRREG_FEWER };
  static const int types[] = {C_INT, C_DBL, C_LONG, C_FLOAT, C_DCPL};
  const int ntypes = sizeof(types) / sizeof(types[0]);
  int rot = 0;

  for (int ndim = 1; ndim <= MAXD; ndim++) {
    int dims[MAXD];
    for (int d = 0; d < ndim; d++) dims[d] = shapes[ndim - 1][d];
    for (int kind = REGULAR; kind <= IRREG_FEWER; kind++) {
      int ntry = (kind == REGULAR || kind == IRREG) ? 2 : 1;
      if (kind == IRREG_FEWER && test_np == 1) continue;
      for (int k = 0; k < ntry; k++) {
        int type = types[rot++ % ntypes];
        int chunk[MAXD] = {-1, -1, -1}, block[MAXD], map[64], *m = map, g;
        switch (kind) {
          case REGULAR: /* GA chooses the distribution */
            g = NGA_Create(type, ndim, dims, "regular", chunk);
            CHECK(g != 0, "NGA_Create failed");
            check_array(g, type, ndim, dims, NULL, NULL);
            break;
          case CHUNKED: /* minimum block size in the first dimension */
            chunk[0] = dims[0] / 2 + 1;
            g = NGA_Create(type, ndim, dims, "chunked", chunk);
            CHECK(g != 0, "NGA_Create (chunk) failed");
            check_array(g, type, ndim, dims, NULL, NULL);
            break;
          default: /* uneven blocks; fewer blocks than processes */
            split_blocks(kind == IRREG_FEWER ? test_np - 1 : test_np, ndim, dims, block);
            for (int d = 0; d < ndim; d++) {
              block_starts(dims[d], block[d], m);
              m += block[d];
            }
            g = NGA_Create_irreg(type, ndim, dims, "irregular", block, map);
            CHECK(g != 0, "NGA_Create_irreg failed");
            check_array(g, type, ndim, dims, block, map);
            break;
        }
        GA_Destroy(g);
      }
    }
  }
  GA_Terminate();
  return test_finish("ga_create");
}
