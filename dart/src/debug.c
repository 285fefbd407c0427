/* DART_DEBUG event printing (debug.h). */
#include "debug.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "state.h"

unsigned dart__debug;

int dart__debug_parse(const char *s, unsigned *mask) {
  static const struct {
    const char *name;
    unsigned bit;
  } names[] = {{"alloc", DART_DEBUG_ALLOC},
               {"team", DART_DEBUG_TEAM},
               {"path", DART_DEBUG_PATH},
               {"all", DART_DEBUG_ALLOC | DART_DEBUG_TEAM | DART_DEBUG_PATH}};
  unsigned m = 0;
  while (*s) {
    size_t len = strcspn(s, ",");
    int found = len == 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !found; i++)
      if (strlen(names[i].name) == len && strncmp(s, names[i].name, len) == 0) {
        m |= names[i].bit;
        found = 1;
      }
    if (!found) return -1;
    s += len + (s[len] == ',');
  }
  *mask = m;
  return 0;
}

void dart__debug_print(const char *category, const char *fmt, ...) {
  /* One fprintf per line, so that lines of different units do not mix. */
  char line[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  fprintf(stderr, "[dart %d %s] %s\n", (int)dart__state.myid, category, line);
}
