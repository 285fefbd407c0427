/* Configuration from DART_* environment variables. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "debug.h"
#include "state.h"

size_t dart__max_count = DART_MAX_COUNT_DEFAULT;

void dart__set_max_count(size_t n) { dart__max_count = n ? n : DART_MAX_COUNT_DEFAULT; }

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

static dart_ret_t read_size(const char *name, size_t min, size_t *out) {
  const char *s = getenv(name);
  if (!s) return DART_OK;
  size_t v;
  if (parse_size(s, &v) || v < min) {
    fprintf(stderr, "dart_init: bad value '%s' for %s (expected a size >= %zu, e.g. 64M)\n", s, name, min);
    return dart__error(DART_ERR_INVAL, "dart_init: bad value '%s' for %s", s, name);
  }
  *out = v;
  return DART_OK;
}

dart_ret_t dart__config_read(dart_config_t *cfg) {
  memset(cfg, 0, sizeof *cfg);
  cfg->local_pool_bytes = (size_t)64 << 20;
  cfg->team_pool_bytes = (size_t)16 << 20;
  dart_ret_t r;
  if ((r = read_size("DART_UNITS_PER_NODE", 0, &cfg->units_per_node)) != DART_OK) return r;
  if ((r = read_size("DART_LOCAL_POOL", 4096, &cfg->local_pool_bytes)) != DART_OK) return r;
  if ((r = read_size("DART_TEAM_POOL", 4096, &cfg->team_pool_bytes)) != DART_OK) return r;
  size_t print = 0;
  if ((r = read_size("DART_PRINT_CONFIG", 0, &print)) != DART_OK) return r;
  if (print > 1) {
    fprintf(stderr, "dart_init: bad value for DART_PRINT_CONFIG (expected 0 or 1)\n");
    return dart__error(DART_ERR_INVAL, "dart_init: bad value for DART_PRINT_CONFIG");
  }
  cfg->print_config = (int)print;
  size_t check = DART_CHECK_DEFAULT;
  if ((r = read_size("DART_CHECK", 0, &check)) != DART_OK) return r;
  if (check > 1) {
    fprintf(stderr, "dart_init: bad value for DART_CHECK (expected 0 or 1)\n");
    return dart__error(DART_ERR_INVAL, "dart_init: bad value for DART_CHECK");
  }
  cfg->check = (int)check;
  size_t crash_report = 1;
  if ((r = read_size("DART_CRASH_REPORT", 0, &crash_report)) != DART_OK) return r;
  if (crash_report > 1) {
    fprintf(stderr, "dart_init: bad value for DART_CRASH_REPORT (expected 0 or 1)\n");
    return dart__error(DART_ERR_INVAL, "dart_init: bad value for DART_CRASH_REPORT");
  }
  cfg->crash_report = (int)crash_report;
  const char *threads = getenv("DART_THREADS");
  if (threads && strcmp(threads, "multiple") != 0 && strcmp(threads, "single") != 0) {
    fprintf(stderr, "dart_init: bad value '%s' for DART_THREADS (expected single or multiple)\n", threads);
    return dart__error(DART_ERR_INVAL, "dart_init: bad value '%s' for DART_THREADS", threads);
  }
  const char *progress = getenv("DART_PROGRESS");
  if (progress && strcmp(progress, "thread") != 0 && strcmp(progress, "none") != 0) {
    fprintf(stderr, "dart_init: bad value '%s' for DART_PROGRESS (expected none or thread)\n", progress);
    return dart__error(DART_ERR_INVAL, "dart_init: bad value '%s' for DART_PROGRESS", progress);
  }
  cfg->progress_thread = progress && strcmp(progress, "thread") == 0;
  const char *debug = getenv("DART_DEBUG");
  if (debug && dart__debug_parse(debug, &cfg->debug) != 0) {
    fprintf(stderr,
            "dart_init: bad value '%s' for DART_DEBUG (expected a comma-separated list of "
            "alloc, team, path, all)\n",
            debug);
    return dart__error(DART_ERR_INVAL, "dart_init: bad value '%s' for DART_DEBUG", debug);
  }
  dart__debug = cfg->debug;
  dart__check = cfg->check;
  return DART_OK;
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
  fprintf(out, "DART_UNITS_PER_NODE=%zu%s\n", c->units_per_node, c->units_per_node ? "" : " (real nodes)");
  fprintf(out, "DART_LOCAL_POOL=%zu\n", c->local_pool_bytes);
  fprintf(out, "DART_TEAM_POOL=%zu\n", c->team_pool_bytes);
  fprintf(out, "DART_PRINT_CONFIG=%d\n", c->print_config);
  fprintf(out, "DART_CHECK=%d\n", c->check);
  fprintf(out, "DART_CRASH_REPORT=%d\n", c->crash_report);
  fprintf(out, "DART_THREADS=%s\n", dart__state.threads ? "multiple" : "single");
  fprintf(out, "DART_PROGRESS=%s\n", c->progress_thread ? "thread" : "none");
  fprintf(out, "DART_DEBUG=%s%s%s\n", c->debug & DART_DEBUG_ALLOC ? "alloc," : "",
          c->debug & DART_DEBUG_TEAM ? "team," : "", c->debug & DART_DEBUG_PATH ? "path," : "");
  fprintf(out, "units=%d nodes=%zu units_on_my_node=%zu\n", dart__state.size, c->num_nodes, c->node_size);
  return DART_OK;
}
