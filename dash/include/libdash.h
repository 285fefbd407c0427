#ifndef LIBDASH_H
#define LIBDASH_H

// DASH's name for the whole library: <dash/dash.h>, DART in the form DASH
// programs call it (<dash/dart/if/dart.h>), plus
// standard headers that DASH programs get through <libdash.h> (and use
// without including them).

#include <cassert>
#include <iomanip>

#include <dash/dart/if/dart.h>
#include <dash/dash.h>

#endif  // LIBDASH_H
