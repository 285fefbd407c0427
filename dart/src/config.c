/* Configuration from DART_* environment variables. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "debug.h"
#include "state.h"

size_t dart__max_count = DART_MAX_COUNT_DEFAULT;

/* At most the default: the callers' fast paths take nelem <= dart__max_count
 * as proof that nelem times an element size (<= 16) does not overflow. */
void dart__set_max_count(size_t n) {
  dart__max_count = n && n < DART_MAX_COUNT_DEFAULT ? n : DART_MAX_COUNT_DEFAULT;
}

/* Collective argument checks: on in debug builds, off in release builds
 * (NDEBUG), where a collective pays one predictable branch for them. */
#ifdef NDEBUG
#define DART_CHECK_DEFAULT 0
#else
#define DART_CHECK_DEFAULT 1
#endif
int dart__check = DART_CHECK_DEFAULT;

void dart__set_check(int on) {
  dart__check = on != 0;
  dart__state.config.check = dart__check;
}

/* Parses "<n>[K|M|G]" (binary units). Returns 0 on success. */
static int parse_size(const char *s, size_t *out) {
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno || end == s || s[0] == '-') return -1;
  unsigned shift = 0;
  switch (*end) {
    case 'k':
    case 'K':
      shift = 10;
      end++;
      break;
    case 'm':
    case 'M':
      shift = 20;
      end++;
      break;
    case 'g':
    case 'G':
      shift = 30;
      end++;
      break;
    default: break;
  }
  if ((*end == 'i' || *end == 'B') && shift) end += (*end == 'i' && end[1] == 'B') ? 2 : 1;
  if (*end != '\0' || v > (SIZE_MAX >> shift)) return -1;
  *out = (size_t)v << shift;
  return 0;
}

/* The record of every DART_* variable: its name, its default as
 * docs/environment.md gives it (parsed like a value from the environment,
 * so there is one source for each default) and the field it sets. The
 * test dash.settings_test checks the documentation's table against it.
 * VAR_CHOICE: one of two words, stored as 0 or 1. */
typedef enum { VAR_SIZE, VAR_CHOICE, VAR_DEBUG } var_kind_t;

static const struct var {
  const char *name;
  const char *default_text;
  var_kind_t kind;
  size_t field;        /* offsetof(dart_config_t, ...) */
  size_t min;          /* VAR_SIZE: smallest value accepted */
  const char *word[2]; /* VAR_CHOICE: the words for 0 and 1 */
} vars[] = {
    {"DART_UNITS_PER_NODE", "0", VAR_SIZE, offsetof(dart_config_t, units_per_node), 0, {NULL, NULL}},
    {"DART_LOCAL_POOL", "64M", VAR_SIZE, offsetof(dart_config_t, local_pool_bytes), 4096, {NULL, NULL}},
    {"DART_TEAM_POOL", "16M", VAR_SIZE, offsetof(dart_config_t, team_pool_bytes), 4096, {NULL, NULL}},
    {"DART_PRINT_CONFIG", "0", VAR_CHOICE, offsetof(dart_config_t, print_config), 0, {"0", "1"}},
    {"DART_DEBUG", "none", VAR_DEBUG, offsetof(dart_config_t, debug), 0, {NULL, NULL}},
    {"DART_CHECK", DART_CHECK_DEFAULT ? "1" : "0", VAR_CHOICE, offsetof(dart_config_t, check), 0, {"0", "1"}},
    {"DART_ERRORS", "abort", VAR_CHOICE, offsetof(dart_config_t, errors), 0, {"abort", "return"}},
    {"DART_CRASH_REPORT", "1", VAR_CHOICE, offsetof(dart_config_t, crash_report), 0, {"0", "1"}},
    {"DART_STATS", "0", VAR_CHOICE, offsetof(dart_config_t, stats), 0, {"0", "1"}},
    {"DART_THREADS", "single", VAR_CHOICE, offsetof(dart_config_t, threads), 0, {"single", "multiple"}},
    {"DART_PROGRESS", "none", VAR_CHOICE, offsetof(dart_config_t, progress_thread), 0, {"none", "thread"}},
    {"DART_TIMEOUT", "0", VAR_SIZE, offsetof(dart_config_t, timeout_s), 0, {NULL, NULL}},
};
enum { NVARS = sizeof vars / sizeof vars[0] };

int dart__config_var(size_t i, const char **name, const char **default_text) {
  if (i >= NVARS) return 0;
  *name = vars[i].name;
  *default_text = vars[i].default_text;
  return 1;
}

/* Printed here in return mode (every bad variable); in abort mode dart_init
 * ends the job with the message (error.c). */
static dart_ret_t bad_value(const struct var *v, const char *text, const char *expected) {
  dart_error_mode_t mode;
  if (dart_get_error_mode(&mode) == DART_OK && mode == DART_ERRORS_RETURN)
    fprintf(stderr, "dart_init: bad value '%s' for %s (expected %s)\n", text, v->name, expected);
  return dart__error(DART_ERR_INVAL, "dart_init: bad value '%s' for %s (expected %s)", text, v->name,
                     expected);
}

static dart_ret_t read_var(const struct var *v, const char *text, dart_config_t *cfg) {
  char *field = (char *)cfg + v->field;
  size_t n;
  switch (v->kind) {
    case VAR_SIZE:
      if (parse_size(text, &n) || n < v->min) {
        char expected[64];
        snprintf(expected, sizeof expected, "a size >= %zu, e.g. 64M", v->min);
        return bad_value(v, text, expected);
      }
      memcpy(field, &n, sizeof n);
      return DART_OK;
    case VAR_CHOICE: {
      int which = strcmp(text, v->word[1]) == 0;
      if (!which && strcmp(text, v->word[0]) != 0) {
        char expected[64];
        snprintf(expected, sizeof expected, "%s or %s", v->word[0], v->word[1]);
        return bad_value(v, text, expected);
      }
      memcpy(field, &which, sizeof which);
      return DART_OK;
    }
    case VAR_DEBUG: {
      unsigned mask = 0;
      if (strcmp(text, "none") != 0 && dart__debug_parse(text, &mask) != 0)
        return bad_value(v, text, "none or a comma-separated list of alloc, team, path, all");
      memcpy(field, &mask, sizeof mask);
      return DART_OK;
    }
  }
  return DART_ERR_OTHER;
}

dart_ret_t dart__config_read(dart_config_t *cfg) {
  memset(cfg, 0, sizeof *cfg);
  dart_ret_t ret = DART_OK;
  for (size_t i = 0; i < NVARS; i++) {
    const char *env = getenv(vars[i].name);
    dart_ret_t r = read_var(&vars[i], vars[i].default_text, cfg);
    if (r == DART_OK && env) r = read_var(&vars[i], env, cfg);
    if (r != DART_OK && ret == DART_OK) ret = r; /* report every bad variable, fail with the first */
  }
  dart__debug = cfg->debug;
  dart__check = cfg->check;
  dart__errors_from_config(cfg);
  return ret;
}

dart_ret_t dart_config_get(dart_config_t *cfg) {
  DART_CHECK_INIT("dart_config_get");
  if (!cfg) return dart__error(DART_ERR_INVAL, "dart_config_get: cfg is NULL");
  *cfg = dart__state.config;
  return DART_OK;
}

dart_ret_t dart_config_print(FILE *out) {
  DART_CHECK_INIT("dart_config_print");
  if (!out) return dart__error(DART_ERR_INVAL, "dart_config_print: out is NULL");
  const dart_config_t *c = &dart__state.config;
  dart__print_versions(out);
  for (size_t i = 0; i < NVARS; i++) {
    const char *field = (const char *)c + vars[i].field;
    size_t n;
    int on;
    unsigned mask;
    fprintf(out, "%s=", vars[i].name);
    switch (vars[i].kind) {
      case VAR_SIZE:
        memcpy(&n, field, sizeof n);
        fprintf(out, "%zu", n);
        break;
      case VAR_CHOICE:
        memcpy(&on, field, sizeof on);
        fprintf(out, "%s", vars[i].word[on != 0]);
        break;
      case VAR_DEBUG:
        memcpy(&mask, field, sizeof mask);
        fprintf(out, "%s%s%s%s", mask ? "" : "none", mask & DART_DEBUG_ALLOC ? "alloc," : "",
                mask & DART_DEBUG_TEAM ? "team," : "", mask & DART_DEBUG_PATH ? "path," : "");
        break;
    }
    fputc('\n', out);
  }
  fprintf(out, "units=%d nodes=%zu units_on_my_node=%zu threads=%s\n", dart__state.size, c->num_nodes,
          c->node_size, dart__state.threads ? "on" : "off");
  return DART_OK;
}
