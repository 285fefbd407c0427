/* DART_DEBUG: runtime events printed to stderr by category (internal).
 * DART_DEBUG=alloc,team,path (or "all") selects the categories: alloc
 * (chunks reserved, segments allocated and freed), team (teams created
 * and destroyed), path (per segment: which units the shared-memory path
 * reaches, whether others go through an MPI window, where atomics run).
 * Off by default; a disabled category costs one test of a global word. */
#ifndef DART_SRC_DEBUG_H
#define DART_SRC_DEBUG_H

enum { DART_DEBUG_ALLOC = 1u, DART_DEBUG_TEAM = 2u, DART_DEBUG_PATH = 4u };

extern unsigned dart__debug;

/* Parses a DART_DEBUG value into a category mask; -1 if a name is unknown. */
int dart__debug_parse(const char *s, unsigned *mask);

void dart__debug_print(const char *category, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#define DART_DEBUG(category, ...)                                                                            \
  do {                                                                                                       \
    if (__builtin_expect(dart__debug & DART_DEBUG_##category, 0)) dart__debug_print(#category, __VA_ARGS__); \
  } while (0)

#endif
