/* Groups: local, sorted sets of absolute unit ids. Plain sorted arrays, so
 * that ordering by absolute id holds by construction (MPI groups keep the
 * order they are built in, which DART does not want). */
#include <stdlib.h>
#include <string.h>
#include "group.h"

struct dart_group_struct {
  size_t n, cap;
  dart_unit_t *units;
};

static dart_ret_t group_reserve(dart_group_t g, size_t cap) {
  if (cap <= g->cap) return DART_OK;
  dart_unit_t *u = realloc(g->units, cap * sizeof *u);
  if (!u) return dart__error(DART_ERR_NOMEM, "dart_group: out of memory");
  g->units = u;
  g->cap = cap;
  return DART_OK;
}

/* Index of the first member >= unit. */
static size_t lower_bound(const dart_group_t g, dart_unit_t unit) {
  size_t lo = 0, hi = g->n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (g->units[mid] < unit)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

dart_ret_t dart_group_create(dart_group_t *group) {
  if (!group) return dart__error(DART_ERR_INVAL, "dart_group_create: group is NULL");
  *group = calloc(1, sizeof **group);
  return *group ? DART_OK : dart__error(DART_ERR_NOMEM, "dart_group_create: out of memory");
}

dart_ret_t dart_group_clone(const dart_group_t g, dart_group_t *gout) {
  if (!g || !gout) return dart__error(DART_ERR_INVAL, "dart_group_clone: NULL argument");
  dart_ret_t r = dart_group_create(gout);
  if (r != DART_OK) return r;
  if ((r = group_reserve(*gout, g->n)) != DART_OK) {
    dart_group_destroy(gout);
    return r;
  }
  if (g->n) memcpy((*gout)->units, g->units, g->n * sizeof *g->units);
  (*gout)->n = g->n;
  return DART_OK;
}

dart_ret_t dart_group_destroy(dart_group_t *group) {
  if (!group || !*group) return dart__error(DART_ERR_INVAL, "dart_group_destroy: NULL group");
  free((*group)->units);
  free(*group);
  *group = NULL;
  return DART_OK;
}

dart_ret_t dart_group_addmember(dart_group_t g, dart_unit_t unit) {
  DART_CHECK_INIT("dart_group_addmember");
  if (!g) return dart__error(DART_ERR_INVAL, "dart_group_addmember: NULL group");
  if (unit < 0 || unit >= dart__state.size)
    return dart__error(DART_ERR_INVAL, "dart_group_addmember: unit %d out of range [0, %d)", (int)unit,
                       dart__state.size);
  size_t i = lower_bound(g, unit);
  if (i < g->n && g->units[i] == unit) return DART_OK;
  if (g->n == g->cap) {
    dart_ret_t r = group_reserve(g, g->cap ? g->cap * 2 : 8);
    if (r != DART_OK) return r;
  }
  memmove(g->units + i + 1, g->units + i, (g->n - i) * sizeof *g->units);
  g->units[i] = unit;
  g->n++;
  return DART_OK;
}

dart_ret_t dart_group_delmember(dart_group_t g, dart_unit_t unit) {
  if (!g) return dart__error(DART_ERR_INVAL, "dart_group_delmember: NULL group");
  size_t i = lower_bound(g, unit);
  if (i == g->n || g->units[i] != unit)
    return dart__error(DART_ERR_NOTFOUND, "dart_group_delmember: unit %d is not a member", (int)unit);
  memmove(g->units + i, g->units + i + 1, (g->n - i - 1) * sizeof *g->units);
  g->n--;
  return DART_OK;
}

/* Merges two sorted member lists; keep_both selects intersection. */
static dart_ret_t merge(const dart_group_t a, const dart_group_t b, int intersect, dart_group_t *out) {
  if (!a || !b || !out) return dart__error(DART_ERR_INVAL, "dart_group_union/intersect: NULL argument");
  dart_ret_t r = dart_group_create(out);
  if (r != DART_OK) return r;
  if ((r = group_reserve(*out, a->n + b->n)) != DART_OK) {
    dart_group_destroy(out);
    return r;
  }
  size_t i = 0, j = 0, n = 0;
  dart_unit_t *u = (*out)->units;
  while (i < a->n || j < b->n) {
    if (j == b->n || (i < a->n && a->units[i] < b->units[j])) {
      if (!intersect) u[n++] = a->units[i];
      i++;
    } else if (i == a->n || b->units[j] < a->units[i]) {
      if (!intersect) u[n++] = b->units[j];
      j++;
    } else {
      u[n++] = a->units[i];
      i++;
      j++;
    }
  }
  (*out)->n = n;
  return DART_OK;
}

dart_ret_t dart_group_union(const dart_group_t g1, const dart_group_t g2, dart_group_t *gout) {
  return merge(g1, g2, 0, gout);
}

dart_ret_t dart_group_intersect(const dart_group_t g1, const dart_group_t g2, dart_group_t *gout) {
  return merge(g1, g2, 1, gout);
}

dart_ret_t dart_group_ismember(const dart_group_t g, dart_unit_t unit, int *ismember) {
  if (!g || !ismember) return dart__error(DART_ERR_INVAL, "dart_group_ismember: NULL argument");
  size_t i = lower_bound(g, unit);
  *ismember = i < g->n && g->units[i] == unit;
  return DART_OK;
}

dart_ret_t dart_group_size(const dart_group_t g, size_t *size) {
  if (!g || !size) return dart__error(DART_ERR_INVAL, "dart_group_size: NULL argument");
  *size = g->n;
  return DART_OK;
}

dart_ret_t dart_group_getmembers(const dart_group_t g, dart_unit_t *units) {
  if (!g || (!units && g->n)) return dart__error(DART_ERR_INVAL, "dart_group_getmembers: NULL argument");
  if (g->n) memcpy(units, g->units, g->n * sizeof *units);
  return DART_OK;
}

dart_ret_t dart_group_split(const dart_group_t g, size_t n, size_t *nout, dart_group_t *gout) {
  if (!g || !nout || !gout || n == 0)
    return dart__error(DART_ERR_INVAL, "dart_group_split: NULL argument or n == 0");
  size_t base = g->n / n, extra = g->n % n, pos = 0;
  for (size_t i = 0; i < n; i++) {
    size_t len = base + (i < extra);
    dart_ret_t r = dart_group_create(&gout[i]);
    if (r == DART_OK) r = group_reserve(gout[i], len);
    if (r != DART_OK) {
      for (size_t j = 0; j <= i; j++)
        if (gout[j]) dart_group_destroy(&gout[j]);
      return r;
    }
    if (len) memcpy(gout[i]->units, g->units + pos, len * sizeof *g->units);
    gout[i]->n = len;
    pos += len;
  }
  *nout = n;
  return DART_OK;
}

const dart_unit_t *dart__group_units(const dart_group_t g, size_t *n) {
  *n = g->n;
  return g->units;
}
