#ifndef DASH_DART_IF_DART_UTIL_H
#define DASH_DART_IF_DART_UTIL_H

// DASH's attribute macros of its DART headers (DASH's header name).

#ifdef __cplusplus
#define DART_NOTHROW __attribute__((nothrow))
#else
#define DART_NOTHROW
#endif
#define DART_MAYBE_UNUSED __attribute__((unused))
#define DART_INLINE static inline DART_MAYBE_UNUSED

#endif  // DASH_DART_IF_DART_UTIL_H
