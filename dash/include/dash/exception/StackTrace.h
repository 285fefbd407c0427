#ifndef DASH_EXCEPTION_STACK_TRACE_H
#define DASH_EXCEPTION_STACK_TRACE_H

#include <cstdio>

/// DASH's diagnostic: prints the calling unit's call stack (function
/// addresses and, where the binary exports them, names) to `out`.
void dash__print_stacktrace(std::FILE *out = stderr, unsigned int max_frames = 63);

#endif  // DASH_EXCEPTION_STACK_TRACE_H
