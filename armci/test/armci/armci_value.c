/*
 * armci_value.c -- single-value transfers: ARMCI_PutValueInt/Long/Float/
 * Double and ARMCI_GetValueInt/Long/Float/Double, to every process
 * (self included), with values that need the full width of each type.
 */
#include <float.h>
#include <limits.h>

#include "armci_test.h"

typedef struct {
  int i;
  float f;
  long l;
  double d;
} cell_t;

int main(int argc, char **argv) {
  at_start(&argc, &argv);
  void **seg = at_malloc((armci_size_t)sizeof(cell_t) * test_np);
  ARMCI_Barrier();

  for (int t = 0; t < test_np; t++) {
    cell_t *c = (cell_t *)seg[t] + test_me;
    CHECK(ARMCI_PutValueInt(INT_MIN + test_me, &c->i, t) == 0, "PutValueInt failed");
    CHECK(ARMCI_PutValueLong(LONG_MAX - test_me, &c->l, t) == 0, "PutValueLong failed");
    CHECK(ARMCI_PutValueFloat(FLT_MIN * (test_me + 1), &c->f, t) == 0, "PutValueFloat failed");
    CHECK(ARMCI_PutValueDouble(DBL_MAX / (test_me + 1), &c->d, t) == 0, "PutValueDouble failed");
  }
  ARMCI_Barrier();

  for (int t = 0; t < test_np; t++)
    for (int w = 0; w < test_np; w++) {
      cell_t *c = (cell_t *)seg[t] + w;
      int i = ARMCI_GetValueInt(&c->i, t);
      long l = ARMCI_GetValueLong(&c->l, t);
      float f = ARMCI_GetValueFloat(&c->f, t);
      double d = ARMCI_GetValueDouble(&c->d, t);
      CHECK(i == INT_MIN + w, "int %d<-%d = %d", t, w, i);
      CHECK(l == LONG_MAX - w, "long %d<-%d = %ld", t, w, l);
      CHECK(f == FLT_MIN * (w + 1), "float %d<-%d = %g", t, w, f);
      CHECK(d == DBL_MAX / (w + 1), "double %d<-%d = %g", t, w, d);
    }
  ARMCI_Barrier();
  at_free(seg);
  return at_finish("armci_value");
}
