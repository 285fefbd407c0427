#ifndef DASH_GLOBREF_H
#define DASH_GLOBREF_H

// DASH's header name for dash::GlobRef (in glob_ref.h).

#include <dash/glob_ref.h>

#endif  // DASH_GLOBREF_H
