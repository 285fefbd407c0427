#ifndef LIBDASH_H
#define LIBDASH_H

// DASH's name for the whole library: the same as <dash/dash.h>, plus
// standard headers that DASH programs get through <libdash.h> (and use
// without including them).

#include <cassert>
#include <iomanip>

#include <dash/dash.h>

#endif  // LIBDASH_H
