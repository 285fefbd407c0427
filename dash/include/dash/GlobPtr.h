#ifndef DASH_GLOBPTR_H
#define DASH_GLOBPTR_H

// DASH's header name for dash::GlobPtr (in glob_ptr.h).

#include <dash/glob_ptr.h>

#endif  // DASH_GLOBPTR_H
